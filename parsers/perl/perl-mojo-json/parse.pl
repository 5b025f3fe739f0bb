# Reads all of stdin, parses it with Mojo::JSON's decode_json (defaults). The catalog sets MOJO_NO_JSON_XS=1 so that
# Mojo's own pure-Perl parser runs (otherwise Mojo::JSON hands the text to Cpanel::JSON::XS when it is installed).
# Exit 0 on success; a die caught by eval prints "<type>: <message>" to stderr and exits 1.
use strict;
use warnings;
use Mojo::JSON qw(decode_json);

binmode STDIN;
my $input = do { local $/; <STDIN> };
$input = '' unless defined $input;

if (eval { decode_json($input); 1 }) {
    exit 0;
}
my $err = $@;
my $type = ref($err) || 'Error';
(my $msg = "$err") =~ s/\s+/ /g;
$msg =~ s/^ | $//g;
$msg =~ s/ at \S+ line \d+(, <\w+> line \d+)?\.$//;   # drop perl's "at FILE line N." suffix
print STDERR "$type: ", substr($msg, 0, 200), "\n";
exit 1;
