# Reads all of stdin, parses it with Cpanel::JSON::XS's decode_json (default max_depth 512).
# Exit 0 on success; a die caught by eval prints "<type>: <message>" to stderr and exits 1.
use strict;
use warnings;
use Cpanel::JSON::XS qw(decode_json);

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
