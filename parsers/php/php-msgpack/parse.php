<?php
// nestprobe parser program: read all of stdin, msgpack_unpack() it (ext/msgpack, default settings).
// A Throwable, or a false return with its warning (captured, not printed) -> one stderr line, exit 1.
$data = file_get_contents('php://stdin');
$warning = null;
set_error_handler(function ($no, $str) use (&$warning) { $warning = $str; return true; });
try {
    $v = msgpack_unpack($data);
} catch (Throwable $e) {
    fwrite(STDERR, get_class($e) . ': ' . substr(preg_replace('/\s+/', ' ', $e->getMessage()), 0, 200) . "\n");
    exit(1);
}
if ($v === false && $warning !== null) {
    fwrite(STDERR, 'MsgpackWarning: ' . substr(preg_replace('/\s+/', ' ', $warning), 0, 200) . "\n");
    exit(1);
}
exit(0);
