# nestprobe parser program: reads all of stdin, parses it with YAML::PP->new->load_string (pure Perl) (default settings).
# Exit 0 on success; a die caught by eval prints "<type>: <message>" to stderr and exits 1.
# Optional last argument, the phase: `parse` ends with POSIX::_exit(0), the value never freed; `free`
# undefs it (reference counting frees it), then POSIX::_exit(0); `serialize` writes it back with
# YAML::PP dump_string, then POSIX::_exit(0). An error in any phase is exit 1; an unknown phase, exit 2.
use strict;
use warnings;
use YAML::PP ();

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
        utf8::decode($input);
        my $value = [YAML::PP->new->load_string($input)];
        POSIX::_exit(0) if $phase eq 'parse';           # ends at once: the value is never freed
        YAML::PP->new->dump_string(@$value) if $phase eq 'serialize';   # the text is made, then dropped
        undef $value;                                   # frees it
        1;
    }
    : eval { utf8::decode($input); my @docs = YAML::PP->new->load_string($input); 1 };
if ($ok) {
    POSIX::_exit(0) if defined $phase;
    exit 0;
}
my $err = $@;
my $type = ref($err) || 'Error';
(my $msg = "$err") =~ s/\s+/ /g;
$msg =~ s/^ | $//g;
$msg =~ s/ at \S+ line \d+(, <\w+> (line|chunk) \d+)?\.$//;   # drop perl's "at FILE line N." suffix
print STDERR "$type: ", substr($msg, 0, 200), "\n";
exit 1;
