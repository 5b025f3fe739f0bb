# nestprobe parser program: reads all of stdin, then from-json (JSON::Fast, default options) on Rakudo.
# try/CATCH catches every exception (X::JSON::..., X::AdHoc, ...) -> one line "<type>: <message>" on stderr,
# exit 1.
use JSON::Fast;

my $text = $*IN.slurp(:enc<utf8>);
{
    from-json($text);
    CATCH {
        default {
            my $msg = .message.words.join(' ').substr(0, 200);
            note .^name ~ ': ' ~ $msg;
            exit 1;
        }
    }
}
exit 0;
