<?php
// nestprobe parser program: read all of stdin, decode it with phpseclib 3's generic
// ASN1::decodeBER (no schema: every constructed value is decoded into its parts, recursively),
// exit 0; decodeBER returning false or a Throwable -> one stderr line, exit 1.
require '/usr/share/php/phpseclib3/autoload.php';

$bytes = file_get_contents('php://stdin');
try {
    $decoded = phpseclib3\File\ASN1::decodeBER($bytes);
    if ($decoded === false || $decoded === null) {
        fwrite(STDERR, "ASN1Error: decodeBER returned false\n");
        exit(1);
    }
} catch (Throwable $e) {
    fwrite(STDERR, get_class($e) . ': ' . substr(preg_replace('/\s+/', ' ', $e->getMessage()), 0, 200) . "\n");
    exit(1);
}
