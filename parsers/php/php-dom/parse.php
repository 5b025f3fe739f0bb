<?php
// nestprobe parser program: read all of stdin, DOMDocument::loadXML() it (libxml2, options 0 = defaults).
// A Throwable, or a false return with libxml's last error (collected with libxml_use_internal_errors) -> one stderr line, exit 1.
$text = file_get_contents('php://stdin');
// Collect libxml errors instead of printing them as PHP warnings; parsing itself is unchanged.
libxml_use_internal_errors(true);
try {
    $ok = (new DOMDocument())->loadXML($text);
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
exit(0);
