<?php
// nestprobe parser program: read all of stdin, DOMDocument::loadXML() it (libxml2, options 0 = defaults).
// A Throwable, or a false return with libxml's last error (collected with libxml_use_internal_errors) -> one stderr line, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): the document is then kept in $doc;
// `parse` ends with exit(0) (PHP's shutdown still destroys the variables); `free` does unset($doc)
// and gc_collect_cycles() (xmlFreeDoc), then exit(0); `serialize` writes it back with
// $doc->saveXML() (a Throwable or false is exit 1), then exit(0). Without it: as before (the
// DOMDocument is a temporary, released as loadXML returns). Unknown: exit 2.
$phase = $argc > 1 ? $argv[$argc - 1] : null;
if (!in_array($phase, [null, 'parse', 'free', 'serialize'], true)) {
    fwrite(STDERR, "unknown phase: $phase (parse, free or serialize)\n");
    exit(2);
}
$text = file_get_contents('php://stdin');
// Collect libxml errors instead of printing them as PHP warnings; parsing itself is unchanged.
libxml_use_internal_errors(true);
try {
    if ($phase === null) {
        $ok = (new DOMDocument())->loadXML($text);
    } else {
        $doc = new DOMDocument();
        $ok = $doc->loadXML($text);
    }
} catch (Throwable $e) {
    fwrite(STDERR, get_class($e) . ': ' . substr(preg_replace('/\s+/', ' ', $e->getMessage()), 0, 200) . "\n");
    exit(1);
}
if ($ok === false) {
    $err = libxml_get_last_error();
    $msg = $err ? 'LibXMLError(' . $err->code . '): ' . trim($err->message) : 'LibXMLError: loadXML returned false';
    fwrite(STDERR, substr(preg_replace('/\s+/', ' ', $msg), 0, 220) . "\n");
    exit(1);
}
if ($phase === 'free') {
    unset($doc);
    gc_collect_cycles();
} elseif ($phase === 'serialize') {
    libxml_clear_errors();
    try {
        $out = $doc->saveXML();
    } catch (Throwable $e) {
        fwrite(STDERR, get_class($e) . ': ' . substr(preg_replace('/\s+/', ' ', $e->getMessage()), 0, 200) . "\n");
        exit(1);
    }
    if ($out === false) {
        $err = libxml_get_last_error();
        $msg = $err ? 'LibXMLError(' . $err->code . '): ' . trim($err->message) : 'LibXMLError: saveXML returned false';
        fwrite(STDERR, substr(preg_replace('/\s+/', ' ', $msg), 0, 220) . "\n");
        exit(1);
    }
}
exit(0);
