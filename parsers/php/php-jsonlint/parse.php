<?php
// nestprobe parser program: read all of stdin, parse it with Seld\JsonLint\JsonParser::parse (pure-PHP JSON parser
// with linting messages; default flags). catch (Throwable) catches ParsingException and PHP's own errors -> one
// stderr line "<class>: <message>", exit 1. A fatal error PHP cannot catch happens as it would.
require '/usr/share/php/Seld/JsonLint/autoload.php';

$text = file_get_contents('php://stdin');
try {
    (new Seld\JsonLint\JsonParser())->parse($text);
} catch (Throwable $e) {
    fwrite(STDERR, get_class($e) . ': ' . substr(preg_replace('/\s+/', ' ', $e->getMessage()), 0, 200) . "\n");
    exit(1);
}
exit(0);
