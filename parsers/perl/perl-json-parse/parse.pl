# JSON::Parse's parse_json (defaults) inside an eval at the top level; what it dies with is the
# error line (exit 1). With a phase the same call in an eval that keeps the value, then drops it
# (undef: reference counting frees it); no `serialize` (the library has no encoder). Input, phases
# and exit statuses: ../Protocol.pm.
use strict;
use warnings;
use JSON::Parse qw(parse_json);
use FindBin;
use lib "$FindBin::RealBin/..";
use Protocol;

my $input = Protocol::input(Protocol::NO_SERIALIZE);

# Without a phase the value is dropped as soon as it is made (reference counting frees it), as before.
my $ok = Protocol::phased()
    ? eval {
        my $value = parse_json($input);
        Protocol::parsed();                             # phase parse: ends, the value never freed
        undef $value;                                   # frees it
        1;
    }
    : eval { parse_json($input); 1 };
Protocol::error($@) unless $ok;
Protocol::finished();
