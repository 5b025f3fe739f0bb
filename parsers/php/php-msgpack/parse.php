<?php
// nestprobe parser program: msgpack_unpack() (ext/msgpack, default settings) on all of stdin, from the
// script's own code; a Throwable goes to protocol\error, a false return with the warning it raised
// (captured by the error handler, not printed) to protocol\fail (exit 1). The value is bound to $v.
// The phases (`serialize`: msgpack_pack($v); a warning it raises is exit 1) and the exits are
// ../protocol.php's (parsers/README.md, "Phases").
require __DIR__ . '/../protocol.php';

$data = protocol\input();
$warning = null;
set_error_handler(function ($no, $str) use (&$warning) { $warning = $str; return true; });
try {
    $v = msgpack_unpack($data);
} catch (Throwable $e) {
    protocol\error($e);
}
if ($v === false && $warning !== null) {
    protocol\fail('MsgpackWarning', $warning);
}
protocol\parsed();
$warning = null;
try {
    protocol\serializer('msgpack_pack')($v);
} catch (Throwable $e) {
    protocol\error($e);
}
if ($warning !== null) {
    protocol\fail('MsgpackWarning', $warning);
}
protocol\serialized();
if (protocol\phased()) {
    unset($v); // only `free` gets here; without a phase $v stays bound as before
}
protocol\finished();
