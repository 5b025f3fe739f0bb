# Data::MessagePack->unpack (default settings) inside an eval at the top level; what it dies with is
# the error line (exit 1). With a phase the same call in an eval that keeps the value, then drops it
# (undef: reference counting frees it); phase `serialize` writes it back with
# Data::MessagePack->pack. Input, phases and exit statuses: ../Protocol.pm.
use strict;
use warnings;
use Data::MessagePack ();
use FindBin;
use lib "$FindBin::RealBin/..";
use Protocol;

my $input = Protocol::input();

# Without a phase the value is dropped as soon as it is made (reference counting frees it), as before.
my $ok = Protocol::phased()
    ? eval {
        my $value = Data::MessagePack->unpack($input);
        Protocol::parsed();                             # phase parse: ends, the value never freed
        Protocol::serializer(sub { Data::MessagePack->pack(@_) })->($value);   # phase serialize: the text made, dropped
        Protocol::serialized();
        undef $value;                                   # frees it
        1;
    }
    : eval { Data::MessagePack->unpack($input); 1 };
Protocol::error($@) unless $ok;
Protocol::finished();
