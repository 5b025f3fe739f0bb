<?php
// nestprobe parser program: Seld\JsonLint\JsonParser::parse (pure-PHP JSON parser with linting
// messages; default flags) on all of stdin, from the script's own code; catch (Throwable) catches
// ParsingException and PHP's own errors -> protocol\error (exit 1). A fatal error PHP cannot catch
// happens as it would. Input and exits are ../protocol.php's.
require '/usr/share/php/Seld/JsonLint/autoload.php';
require __DIR__ . '/../protocol.php';

$text = protocol\input();
try {
    (new Seld\JsonLint\JsonParser())->parse($text);
} catch (Throwable $e) {
    protocol\error($e);
}
protocol\finished();
