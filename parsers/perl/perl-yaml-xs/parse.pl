# YAML::XS::Load (libyaml; default settings), every document inside an eval at the top level; what
# it dies with is the error line (exit 1). With a phase the same call in an eval that keeps the
# value, then drops it (undef: reference counting frees it); phase `serialize` writes it back with
# YAML::XS::Dump. Input, phases and exit statuses: ../Protocol.pm.
use strict;
use warnings;
use YAML::XS ();
use FindBin;
use lib "$FindBin::RealBin/..";
use Protocol;

my $input = Protocol::input();

# Without a phase the value is dropped as soon as it is made (reference counting frees it), as before.
my $ok = Protocol::phased()
    ? eval {
        my $value = [YAML::XS::Load($input)];
        Protocol::parsed();                             # phase parse: ends, the value never freed
        Protocol::serializer(\&YAML::XS::Dump)->(@$value);   # phase serialize: the text made, dropped
        Protocol::serialized();
        undef $value;                                   # frees it
        1;
    }
    : eval { my @docs = YAML::XS::Load($input); 1 };
Protocol::error($@) unless $ok;
Protocol::finished();
