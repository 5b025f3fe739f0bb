# nestprobe parser program: reads all of stdin, parses it with CBOR::XS::decode_cbor (default settings).
# Exit 0 on success; a die caught by eval prints "<type>: <message>" to stderr and exits 1.
use strict;
use warnings;
use CBOR::XS ();

binmode STDIN;
my $input = do { local $/; <STDIN> };
$input = '' unless defined $input;

if (eval { CBOR::XS::decode_cbor($input); 1 }) {
    exit 0;
}
my $err = $@;
my $type = ref($err) || 'Error';
(my $msg = "$err") =~ s/\s+/ /g;
$msg =~ s/^ | $//g;
$msg =~ s/ at \S+ line \d+(, <\w+> (line|chunk) \d+)?\.$//;   # drop perl's "at FILE line N." suffix
print STDERR "$type: ", substr($msg, 0, 200), "\n";
exit 1;
