<?php
// nestprobe parser program: DOMDocument::loadXML() (libxml2, options 0 = defaults) on all of stdin,
// from the script's own code, libxml's errors collected (libxml_use_internal_errors) instead of
// printed; a Throwable goes to protocol\error, a false return to protocol\fail with libxml's last
// error (exit 1). The document is bound to $doc, unset right after the parse without a phase. The
// phases (`serialize`: $doc->saveXML(), false is exit 1) and the exits are ../protocol.php's
// (parsers/README.md, "Phases").
require __DIR__ . '/../protocol.php';

function libxml_failed(string $call) {
    $err = libxml_get_last_error();
    if ($err) {
        protocol\fail('LibXMLError(' . $err->code . ')', trim($err->message));
    }
    protocol\fail('LibXMLError', "$call returned false");
}

$text = protocol\input();
libxml_use_internal_errors(true);
try {
    $doc = new DOMDocument();
    $ok = $doc->loadXML($text);
} catch (Throwable $e) {
    protocol\error($e);
}
if ($ok === false) {
    libxml_failed('loadXML');
}
protocol\parsed();
libxml_clear_errors();
try {
    $out = protocol\serializer([$doc, 'saveXML'])();
} catch (Throwable $e) {
    protocol\error($e);
}
if ($out === false) {
    libxml_failed('saveXML');
}
protocol\serialized();
unset($doc);
protocol\finished();
