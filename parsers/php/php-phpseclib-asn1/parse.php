<?php
// nestprobe parser program: phpseclib 3's generic ASN1::decodeBER (no schema: every constructed value
// is decoded into its parts, recursively) on all of stdin, from the script's own code; decodeBER
// returning false goes to protocol\fail, a Throwable to protocol\error (exit 1). Input and exits are
// ../protocol.php's.
require '/usr/share/php/phpseclib3/autoload.php';
require __DIR__ . '/../protocol.php';

$bytes = protocol\input();
try {
    $decoded = phpseclib3\File\ASN1::decodeBER($bytes);
    if ($decoded === false || $decoded === null) {
        protocol\fail('ASN1Error', 'decodeBER returned false');
    }
} catch (Throwable $e) {
    protocol\error($e);
}
protocol\finished();
