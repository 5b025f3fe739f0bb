<?php
// nestprobe parser program (format code): the Zend engine's own compiler through eval, the payload
// wrapped as the body of a closure, `return function () { PAYLOAD; };`: eval compiles the code (the
// parser, then the opcode compiler, the closure's body included) and returns the closure without
// running its body. `((1))` and `[[1]]` are expression statements, `{{}}` nested statement blocks.
// A Throwable (ParseError, Error "Maximum call stack size ... reached during compilation", ...) is
// the error line. Phase `run`: the closure called once. Input, phases and exits: ../protocol.php.
require __DIR__ . '/../protocol.php';

$source = protocol\input(true);
try {
    $closure = eval('return function () { ' . $source . "\n; };");
    protocol\compiled();
    protocol\runner($closure)();
} catch (\Throwable $e) {
    protocol\error($e);
}
unset($closure);
protocol\finished();
