<?php
// nestprobe parser program: json_decode() with default arguments (assoc=null, depth=512, flags=0) on
// all of stdin, from the script's own code; json_last_error() != JSON_ERROR_NONE goes to protocol\fail
// as JsonError(<code>), a Throwable to protocol\error (exit 1). The value is unset right after the
// parse (reference counting frees it there). The phases (`serialize`: json_encode, defaults, false
// is its error) and the exits are ../protocol.php's (parsers/README.md, "Phases").
require __DIR__ . '/../protocol.php';

function json_failed() {
    if (json_last_error() !== JSON_ERROR_NONE) {
        protocol\fail('JsonError(' . json_last_error() . ')', json_last_error_msg());
    }
}

$text = protocol\input();
try {
    $value = json_decode($text);
    json_failed();
    protocol\parsed();
    if (protocol\serializer('json_encode')($value) === false) {
        json_failed();
    }
    protocol\serialized();
} catch (Throwable $e) {
    protocol\error($e);
}
unset($value);
protocol\finished();
