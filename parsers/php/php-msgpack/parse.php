<?php
// nestprobe parser program: read all of stdin, msgpack_unpack() it (ext/msgpack, default settings).
// A Throwable, or a false return with its warning (captured, not printed) -> one stderr line, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
// with exit(0) (as without a phase: the value is bound to $v either way); `free` does unset($v) and
// gc_collect_cycles(), then exit(0); `serialize` writes it back with msgpack_pack($v) (a Throwable or
// a warning it raised is exit 1), then exit(0). Unknown: exit 2.
$phase = $argc > 1 ? $argv[$argc - 1] : null;
if (!in_array($phase, [null, 'parse', 'free', 'serialize'], true)) {
    fwrite(STDERR, "unknown phase: $phase (parse, free or serialize)\n");
    exit(2);
}
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
if ($phase === 'free') {
    unset($v);
    gc_collect_cycles();
} elseif ($phase === 'serialize') {
    $warning = null;
    try {
        $out = msgpack_pack($v);
    } catch (Throwable $e) {
        fwrite(STDERR, get_class($e) . ': ' . substr(preg_replace('/\s+/', ' ', $e->getMessage()), 0, 200) . "\n");
        exit(1);
    }
    if ($warning !== null) {
        fwrite(STDERR, 'MsgpackWarning: ' . substr(preg_replace('/\s+/', ' ', $warning), 0, 200) . "\n");
        exit(1);
    }
}
exit(0);
