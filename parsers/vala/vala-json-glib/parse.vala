// nestprobe parser program for Vala: reads all of stdin, then Json.Parser.load_from_data (json-glib through its
// Vala binding, default settings) into a Json.Node tree. Vala's try/catch catches the GError the parser throws
// -> one line "<error domain>: <message>" on stderr, exit 1. Nothing else is catchable in Vala.
int main () {
    var input = new StringBuilder ();
    var buf = new uint8[65536];
    size_t n;
    while ((n = stdin.read (buf)) > 0) {
        input.append_len ((string) buf, (ssize_t) n);
    }
    var parser = new Json.Parser ();
    try {
        parser.load_from_data (input.str, (ssize_t) input.len);
    } catch (Error e) {
        stderr.printf ("%s: %.200s\n", e.domain.to_string (), e.message);
        return 1;
    }
    return 0;
}
