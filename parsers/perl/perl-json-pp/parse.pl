# One program for the Perl JSON modules that export decode_json and encode_json (JSON::PP, JSON::XS,
# Cpanel::JSON::XS, Mojo::JSON): the module is the first argument, before the optional phase
# (`parse.pl JSON::XS serialize`). Its decode_json (default settings: max_depth 512 where the module
# has one) inside an eval at the top level, called through a reference to the module's own sub (one
# call, as the imported name was); what it dies with is the error line (exit 1). With a phase the same
# call in an eval that keeps the value, then drops it (undef: reference counting frees it); phase
# `serialize` writes it back with the module's encode_json. Input, phases and exit statuses:
# ../Protocol.pm.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/..";
use Protocol;

my $module = shift @ARGV;    # what is left is the phase, if any
(my $file = "$module.pm") =~ s{::}{/}g;
require $file;
my ($decode_json, $encode_json) = do { no strict 'refs'; (\&{"${module}::decode_json"}, \&{"${module}::encode_json"}) };

my $input = Protocol::input();

# Without a phase the value is dropped as soon as it is made (reference counting frees it), as before.
my $ok = Protocol::phased()
    ? eval {
        my $value = $decode_json->($input);
        Protocol::parsed();                             # phase parse: ends, the value never freed
        Protocol::serializer($encode_json)->($value);   # phase serialize: the text made, dropped
        Protocol::serialized();
        undef $value;                                   # frees it
        1;
    }
    : eval { $decode_json->($input); 1 };
Protocol::error($@) unless $ok;
Protocol::finished();
