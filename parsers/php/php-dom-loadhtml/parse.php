<?php
// nestprobe parser program: read all of stdin, parse it with DOMDocument::loadHTML (libxml2's HTML
// parser, default options: no LIBXML_PARSEHUGE), libxml's messages collected instead of printed,
// print the nesting it built (`built depth: N`), exit 0; loadHTML returning false or a Throwable ->
// one stderr line, exit 1.
require __DIR__ . '/../built_depth.php';

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
report_built(dom_depth($document));
