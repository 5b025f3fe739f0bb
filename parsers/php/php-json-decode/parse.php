<?php
// nestprobe parser program: read all of stdin, json_decode() it with default arguments
// (assoc=null, depth=512, flags=0); a failure (json_last_error() != JSON_ERROR_NONE) -> one stderr line, exit 1.
$text = file_get_contents('php://stdin');
try {
    json_decode($text);
} catch (Throwable $e) {
    fwrite(STDERR, get_class($e) . ': ' . substr(preg_replace('/\s+/', ' ', $e->getMessage()), 0, 200) . "\n");
    exit(1);
}
if (json_last_error() !== JSON_ERROR_NONE) {
    fwrite(STDERR, 'JsonError(' . json_last_error() . '): ' . json_last_error_msg() . "\n");
    exit(1);
}
exit(0);
