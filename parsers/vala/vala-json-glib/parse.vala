// nestprobe parser program for Vala: Json.Parser.load_from_data (json-glib through its Vala binding, default
// settings) on stdin into a Json.Node tree, from main: Vala's try/catch catches the GError the parser throws
// (exit 1); nothing else is catchable in Vala. The protocol (input, error line, exit statuses) is
// ../protocol.vala's.
int main (string[] args) {
    var input = Protocol.input (args);
    var parser = new Json.Parser ();
    try {
        parser.load_from_data (input.str, (ssize_t) input.len);
    } catch (Error e) {
        Protocol.error (e);
    }
    return 0;
}
