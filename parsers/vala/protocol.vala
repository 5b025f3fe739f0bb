// The nestprobe protocol for the Vala programs (parsers/README.md, "The protocol helper"): the phase
// argument, stdin, the error line and exit status. A program's build compiles it beside the program
// (`valac … parse.vala ../protocol.vala`; in Debian 13's root the language folder's files are copied beside
// the program's folder, so ../protocol.vala is there too). The Vala programs take no phase. The program
// calls its library from its own main, inside its own try, so that nothing of the helper sits under the parse.
namespace Protocol {
    // Reads the phase argument (the Vala programs take none: any argument is one stderr line and exit 2,
    // before stdin is read), then all of stdin.
    public StringBuilder input (string[] args) {
        if (args.length > 1) {
            stderr.printf ("unknown phase: %s (the program takes none)\n", args[args.length - 1]);
            Process.exit (2);
        }
        var text = new StringBuilder ();
        var buf = new uint8[65536];
        size_t n;
        while ((n = stdin.read (buf)) > 0) {
            text.append_len ((string) buf, (ssize_t) n);
        }
        return text;
    }

    // Prints "<kind>: <message>" on one line of stderr (newlines folded, the message cut at 200 characters)
    // and exits 1: the library's clean error.
    [NoReturn]
    public void fail (string kind, string message) {
        stderr.printf ("%s: %.200s\n", kind, message.replace ("\n", " ").replace ("\r", " "));
        Process.exit (1);
    }

    // A caught GError: "<error domain>: <message>", exit 1.
    [NoReturn]
    public void error (Error e) {
        fail (e.domain.to_string (), e.message);
    }
}
