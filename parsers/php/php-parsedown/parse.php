<?php
// nestprobe parser program: read all of stdin, render it with Parsedown's text() (default settings:
// Parsedown recurses through its block and inline parsers and has no nesting option), print the
// nesting it built (`built depth: N`), exit 0; a Throwable -> one stderr line, exit 1.
require '/usr/share/php/Parsedown/Parsedown.php';
require __DIR__ . '/../built_depth.php';

$text = file_get_contents('php://stdin');
try {
    $html = (new Parsedown())->text($text);
} catch (Throwable $e) {
    report_error($e);
}
report_built(html_text_depth($html));
