<?php
// nestprobe parser program: read all of stdin, parse it with masterminds/html5's HTML5::loadHTML
// (default options) into a DOMDocument, print the nesting it built (`built depth: N`), exit 0; a
// Throwable -> one stderr line, exit 1. (Parse errors of HTML are recovered, never thrown.)
// Optional last argument, the phase (parsers/README.md, "Phases"), instead of the built depth:
// `parse` ends with exit(0), the DOMDocument still in $document; `free` does unset($document) and
// gc_collect_cycles() (xmlFreeDoc), then exit(0); `serialize` writes it back with the library's own
// HTML5::saveHTML($document) (default options; a Throwable is exit 1), then exit(0). Unknown: exit 2.
require '/usr/share/php/Masterminds/HTML5/autoload.php';
require __DIR__ . '/../built_depth.php';

$phase = $argc > 1 ? $argv[$argc - 1] : null;
if (!in_array($phase, [null, 'parse', 'free', 'serialize'], true)) {
    fwrite(STDERR, "unknown phase: $phase (parse, free or serialize)\n");
    exit(2);
}

$text = file_get_contents('php://stdin');
try {
    if ($phase === null) {
        $document = (new Masterminds\HTML5())->loadHTML($text);
    } else {
        $html5 = new Masterminds\HTML5();
        $document = $html5->loadHTML($text);
    }
} catch (Throwable $e) {
    report_error($e);
}
if ($phase !== null) {
    try {
        if ($phase === 'free') {
            unset($document);
            gc_collect_cycles();
        } elseif ($phase === 'serialize') {
            $html5->saveHTML($document);
        }
    } catch (Throwable $e) {
        report_error($e);
    }
    exit(0);
}
report_built(dom_depth($document));
