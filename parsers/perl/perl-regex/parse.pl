# Perl's own regex engine: qr/$source/ (no modifiers) compiles all of stdin as the whole pattern,
# inside an eval at the top level; phase `run` matches the compiled pattern against the subject "a"
# ("a" =~ $re: a match or none is exit 0). What the compile or the match dies with is the error line
# (exit 1). Input, phases and exit statuses: ../Protocol.pm.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/..";
use Protocol;

my $source = Protocol::input(Protocol::LANGUAGE);

my $ok = eval {
    my $re = qr/$source/;
    Protocol::compiled();                            # phase compile: ends, the pattern never freed
    Protocol::runner(sub { "a" =~ $re })->();        # phase run: one match against "a"
    undef $re;
    1;
};
Protocol::error($@) unless $ok;
Protocol::finished();
