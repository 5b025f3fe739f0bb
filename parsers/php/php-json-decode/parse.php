<?php
// nestprobe parser program: read all of stdin, json_decode() it with default arguments
// (assoc=null, depth=512, flags=0); a failure (json_last_error() != JSON_ERROR_NONE) -> one stderr line, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
// with exit(0) (PHP's shutdown still destroys the variables); `free` does unset($value) and
// gc_collect_cycles(), then exit(0); `serialize` writes it back with json_encode (defaults, depth
// 512; false is the library's error: exit 1), then exit(0). Without it: the value is released as
// soon as json_decode returns (reference counting), then exit(0) (as before).
$phase = $argc > 1 ? $argv[$argc - 1] : null;
if (!in_array($phase, [null, 'parse', 'free', 'serialize'], true)) {
    fwrite(STDERR, "unknown phase: $phase (parse, free or serialize)\n");
    exit(2);
}

function json_failed() {
    if (json_last_error() !== JSON_ERROR_NONE) {
        fwrite(STDERR, 'JsonError(' . json_last_error() . '): ' . json_last_error_msg() . "\n");
        exit(1);
    }
}

$text = file_get_contents('php://stdin');
try {
    if ($phase === null) {
        json_decode($text);
    } else {
        $value = json_decode($text);
        json_failed();
        if ($phase === 'free') {
            unset($value);
            gc_collect_cycles();
        } elseif ($phase === 'serialize') {
            if (json_encode($value) === false) {
                json_failed();
            }
        }
    }
} catch (Throwable $e) {
    fwrite(STDERR, get_class($e) . ': ' . substr(preg_replace('/\s+/', ' ', $e->getMessage()), 0, 200) . "\n");
    exit(1);
}
json_failed();
exit(0);
