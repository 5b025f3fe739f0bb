# nestprobe parser program (format code): perl's own compiler through a string eval, the payload
# wrapped as the body of an anonymous sub, `sub { PAYLOAD }`: evaluating that compiles the body (the
# parser, then the op tree's checks and optimisation) and returns a code ref without running it.
# `((1))` and `[[1]]` are expression statements (a list, array refs), `{{}}` nested bare blocks. What
# the eval caught ($@: a syntax error, a die) is the error line. Phase `run`: the sub called once,
# in an eval of its own. Input, phases and exit statuses: ../Protocol.pm.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/..";
use Protocol;

my $source = Protocol::input(Protocol::LANGUAGE);
my $sub = eval "no warnings; sub { $source\n}";
Protocol::error($@) unless defined $sub;
Protocol::compiled();
eval { Protocol::runner($sub)->(); 1 } or Protocol::error($@);
undef $sub;
Protocol::finished();
