<?php
// nestprobe parser program: read all of stdin, parse it with masterminds/html5's HTML5::loadHTML
// (default options) into a DOMDocument, print the nesting it built (`built depth: N`), exit 0; a
// Throwable -> one stderr line, exit 1. (Parse errors of HTML are recovered, never thrown.)
require '/usr/share/php/Masterminds/HTML5/autoload.php';
require __DIR__ . '/../built_depth.php';

$text = file_get_contents('php://stdin');
try {
    $document = (new Masterminds\HTML5())->loadHTML($text);
} catch (Throwable $e) {
    report_error($e);
}
report_built(dom_depth($document));
