<?php
// nestprobe parser program: DOMDocument::loadHTML (libxml2's HTML parser, default options: no
// LIBXML_PARSEHUGE) on all of stdin, from the script's own code, libxml's messages collected instead
// of printed, then the nesting it built (protocol\built, dom_depth: an explicit stack); loadHTML
// returning false goes to protocol\fail with libxml's last error, a Throwable to protocol\error
// (exit 1). The phases (`serialize`: $document->saveHTML(), false is exit 1; no built depth in a
// phase) and the exits are ../protocol.php's (parsers/README.md, "Phases").
require __DIR__ . '/../protocol.php';

function libxml_failed(string $call) {
    $error = libxml_get_last_error();
    protocol\fail('LibXMLError', $error ? trim($error->message) : "$call returned false");
}

libxml_use_internal_errors(true);
$text = protocol\input();
try {
    $document = new DOMDocument();
    if (!$document->loadHTML($text)) {
        libxml_failed('loadHTML');
    }
} catch (Throwable $e) {
    protocol\error($e);
}
protocol\parsed();
libxml_clear_errors();
try {
    if (protocol\serializer([$document, 'saveHTML'])() === false) {
        libxml_failed('saveHTML');
    }
} catch (Throwable $e) {
    protocol\error($e);
}
protocol\serialized();
protocol\built(fn() => protocol\dom_depth($document));
if (protocol\phased()) {
    unset($document); // only `free` gets here; without a phase $document stays bound as before
}
protocol\finished();
