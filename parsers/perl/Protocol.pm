# The protocol helper of the Perl programs (parsers/README.md, "The protocol helper"): the phase
# argument, stdin, the error line and the exit statuses. A program loads it from its language folder
# (inside an environment's root the folder's files are copied beside the program's):
#   use FindBin; use lib "$FindBin::RealBin/.."; use Protocol;
# The program keeps its library calls, and the eval around them, at its own top level.
package Protocol;
use strict;
use warnings;
use POSIX ();

my $phase;

# The phase argument (an unknown one: one stderr line, exit 2, before stdin), then all of stdin.
# A program whose library has no serializer passes Protocol::NO_SERIALIZE.
# A language's program (a pattern, a query, code) passes Protocol::LANGUAGE: its phases are compile and run.
use constant NO_SERIALIZE => 'no serializer';
use constant LANGUAGE => 'language';
sub input {
    my ($without) = @_;
    my $serializer = !(defined $without && $without eq NO_SERIALIZE);
    my $language = defined $without && $without eq LANGUAGE;
    $phase = @ARGV ? $ARGV[-1] : undef;
    my $known = $language ? qr/^(?:compile|run)$/ : $serializer ? qr/^(?:parse|free|serialize)$/ : qr/^(?:parse|free)$/;
    if (defined $phase && $phase !~ $known) {
        print STDERR "unknown phase: $phase (",
            ($language ? 'compile or run' : $serializer ? 'parse, free or serialize' : 'parse or free'), ")\n";
        exit 2;
    }
    binmode STDIN;
    my $input = do { local $/; <STDIN> };
    return defined $input ? $input : '';
}

# Whether a phase was given (the program runs its parse in a phase's eval, or the one of old).
sub phased { defined $phase }

# "<kind>: <message>" on stderr (whitespace folded, cut at 200 characters), exit 1.
sub fail {
    my ($kind, $message) = @_;
    (my $msg = "$message") =~ s/\s+/ /g;
    $msg =~ s/^ | $//g;
    print STDERR "$kind: ", substr($msg, 0, 200), "\n";
    exit 1;
}

# What the program's eval caught ($@): its class (or Error), perl's "at FILE line N." dropped.
sub error {
    my ($err) = @_;
    my $type = ref($err) || 'Error';
    (my $msg = "$err") =~ s/\s+/ /g;
    $msg =~ s/^ | $//g;
    $msg =~ s/ at \S+ line \d+(, <\w+> (line|chunk) \d+)?\.$//;
    fail($type, $msg);
}

# In phase `parse`: ends at once, the value never freed.
sub parsed { POSIX::_exit(0) if defined $phase && $phase eq 'parse'; }

# In phase `compile`: ends at once (the pattern, query or code compiled, nothing freed); without a phase
# the program goes on to its end, as a compile alone.
sub compiled { POSIX::_exit(0) if defined $phase && $phase eq 'compile'; }

# What a language's program runs once it compiled (a code ref: match the subject `a`, run the code) in
# phase `run`, a sub doing nothing otherwise; the program calls it itself, inside its own eval.
sub runner {
    my ($run) = @_;
    return (defined $phase && $phase eq 'run') ? $run : sub { };
}

# The serializer (a code ref) in phase `serialize`, a sub doing nothing otherwise.
sub serializer {
    my ($serialize) = @_;
    return (defined $phase && $phase eq 'serialize') ? $serialize : sub { };
}

# In phase `serialize`: ends at once (the text made, then dropped).
sub serialized { POSIX::_exit(0) if defined $phase && $phase eq 'serialize'; }

# The end: with a phase (`free`: the program undef'd its value, reference counting freed it)
# POSIX::_exit(0); without one `exit 0`, as the programs always ended.
sub finished {
    POSIX::_exit(0) if defined $phase;
    exit 0;
}

1;
