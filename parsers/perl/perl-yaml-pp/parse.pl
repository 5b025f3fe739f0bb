# YAML::PP->new->load_string (pure Perl; default settings), every document, inside an eval at the
# top level after utf8::decode; what it dies with is the error line (exit 1). With a phase the same
# call in an eval that keeps the documents, then drops them (undef: reference counting frees them);
# phase `serialize` writes them back with YAML::PP's dump_string. Input, phases and exit statuses:
# ../Protocol.pm.
use strict;
use warnings;
use YAML::PP ();
use FindBin;
use lib "$FindBin::RealBin/..";
use Protocol;

my $input = Protocol::input();

# Without a phase the value is dropped as soon as it is made (reference counting frees it), as before.
my $ok = Protocol::phased()
    ? eval {
        utf8::decode($input);
        my $value = [YAML::PP->new->load_string($input)];
        Protocol::parsed();                             # phase parse: ends, the value never freed
        Protocol::serializer(sub { YAML::PP->new->dump_string(@_) })->(@$value);   # phase serialize
        Protocol::serialized();
        undef $value;                                   # frees it
        1;
    }
    : eval { utf8::decode($input); my @docs = YAML::PP->new->load_string($input); 1 };
Protocol::error($@) unless $ok;
Protocol::finished();
