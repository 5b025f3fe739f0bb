<?php
// nestprobe parser program: yaml_parse() (ext/yaml on libyaml, default arguments: document 0) on all
// of stdin, from the script's own code; a Throwable goes to protocol\error, a false return with the
// warning it raised (captured by the error handler, not printed) to protocol\fail (exit 1). The value
// is bound to $v. The phases (`serialize`: yaml_emit($v), default arguments; a false return is exit 1)
// and the exits are ../protocol.php's (parsers/README.md, "Phases").
require __DIR__ . '/../protocol.php';

$text = protocol\input();
$warning = null;
set_error_handler(function ($no, $str) use (&$warning) { $warning = $str; return true; });
try {
    $v = yaml_parse($text);
} catch (Throwable $e) {
    protocol\error($e);
}
if ($v === false && $warning !== null) {
    protocol\fail('YamlWarning', $warning);
}
protocol\parsed();
$warning = null;
try {
    $out = protocol\serializer('yaml_emit')($v);
} catch (Throwable $e) {
    protocol\error($e);
}
if ($out === false) {
    protocol\fail('YamlWarning', $warning ?? 'yaml_emit returned false');
}
protocol\serialized();
if (protocol\phased()) {
    unset($v); // only `free` gets here; without a phase $v stays bound as before
}
protocol\finished();
