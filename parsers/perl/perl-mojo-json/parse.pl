# Reads all of stdin, parses it with Mojo::JSON's decode_json (defaults). The catalog sets MOJO_NO_JSON_XS=1 so that
# Mojo's own pure-Perl parser runs (otherwise Mojo::JSON hands the text to Cpanel::JSON::XS when it is installed).
# Exit 0 on success; a die caught by eval prints "<type>: <message>" to stderr and exits 1.
# Optional last argument, the phase: `parse` ends with POSIX::_exit(0), the value never freed; `free`
# undefs it (reference counting frees it), then POSIX::_exit(0); `serialize` writes it back with Mojo::JSON's
# encode_json (pure Perl too, under MOJO_NO_JSON_XS=1), then POSIX::_exit(0). An error in any phase is exit 1;
# an unknown phase, exit 2.
use strict;
use warnings;
use Mojo::JSON qw(decode_json encode_json);

use POSIX ();

# The phase, the optional last argument (parsers/README.md, "Phases").
my $phase = @ARGV ? $ARGV[-1] : undef;
if (defined $phase && $phase !~ /^(?:parse|free|serialize)$/) {
    print STDERR "unknown phase: $phase (parse, free or serialize)\n";
    exit 2;
}

binmode STDIN;
my $input = do { local $/; <STDIN> };
$input = '' unless defined $input;

# Without a phase the value is dropped as soon as it is made (reference counting frees it), as before.
my $ok = defined $phase
    ? eval {
        my $value = decode_json($input);
        POSIX::_exit(0) if $phase eq 'parse';           # ends at once: the value is never freed
        encode_json($value) if $phase eq 'serialize';   # the text is made, then dropped
        undef $value;                                   # frees it
        1;
    }
    : eval { decode_json($input); 1 };
if ($ok) {
    POSIX::_exit(0) if defined $phase;
    exit 0;
}
my $err = $@;
my $type = ref($err) || 'Error';
(my $msg = "$err") =~ s/\s+/ /g;
$msg =~ s/^ | $//g;
$msg =~ s/ at \S+ line \d+(, <\w+> line \d+)?\.$//;   # drop perl's "at FILE line N." suffix
print STDERR "$type: ", substr($msg, 0, 200), "\n";
exit 1;
