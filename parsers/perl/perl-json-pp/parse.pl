# JSON::PP's decode_json (core module; default max_depth 512) inside an eval at the top level; what
# it dies with is the error line (exit 1). With a phase the same call in an eval that keeps the
# value, then drops it (undef: reference counting frees it); phase `serialize` writes it back with
# encode_json. Input, phases and exit statuses: ../Protocol.pm.
use strict;
use warnings;
use JSON::PP qw(decode_json encode_json);
use FindBin;
use lib "$FindBin::RealBin/..";
use Protocol;

my $input = Protocol::input();

# Without a phase the value is dropped as soon as it is made (reference counting frees it), as before.
my $ok = Protocol::phased()
    ? eval {
        my $value = decode_json($input);
        Protocol::parsed();                             # phase parse: ends, the value never freed
        Protocol::serializer(\&encode_json)->($value);   # phase serialize: the text made, dropped
        Protocol::serialized();
        undef $value;                                   # frees it
        1;
    }
    : eval { decode_json($input); 1 };
Protocol::error($@) unless $ok;
Protocol::finished();
