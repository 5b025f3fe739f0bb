<?php
// nestprobe parser program: read all of stdin, parse it with DOMDocument::loadHTML (libxml2's HTML
// parser, default options: no LIBXML_PARSEHUGE), libxml's messages collected instead of printed,
// print the nesting it built (`built depth: N`), exit 0; loadHTML returning false or a Throwable ->
// one stderr line, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"), instead of the built depth:
// `parse` ends with exit(0), the document still in $document; `free` does unset($document) and
// gc_collect_cycles() (xmlFreeDoc), then exit(0); `serialize` writes it back with
// $document->saveHTML() (a Throwable or false is exit 1), then exit(0). Unknown: exit 2.
require __DIR__ . '/../built_depth.php';

$phase = $argc > 1 ? $argv[$argc - 1] : null;
if (!in_array($phase, [null, 'parse', 'free', 'serialize'], true)) {
    fwrite(STDERR, "unknown phase: $phase (parse, free or serialize)\n");
    exit(2);
}

libxml_use_internal_errors(true);
$text = file_get_contents('php://stdin');
try {
    $document = new DOMDocument();
    if (!$document->loadHTML($text)) {
        $error = libxml_get_last_error();
        fwrite(STDERR, 'LibXMLError: ' . ($error ? trim($error->message) : 'loadHTML returned false') . "\n");
        exit(1);
    }
} catch (Throwable $e) {
    report_error($e);
}
if ($phase !== null) {
    if ($phase === 'free') {
        unset($document);
        gc_collect_cycles();
    } elseif ($phase === 'serialize') {
        libxml_clear_errors();
        try {
            if ($document->saveHTML() === false) {
                $error = libxml_get_last_error();
                fwrite(STDERR, 'LibXMLError: ' . ($error ? trim($error->message) : 'saveHTML returned false') . "\n");
                exit(1);
            }
        } catch (Throwable $e) {
            report_error($e);
        }
    }
    exit(0);
}
report_built(dom_depth($document));
