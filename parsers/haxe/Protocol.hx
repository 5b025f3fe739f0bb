// The nestprobe protocol for the Haxe programs (parsers/README.md, "The protocol helper"): the phase
// argument, stdin, the error line and exit statuses. A program's build puts the language folder on the class
// path (`-cp ..`; in Debian 13's root the language folder's files are copied beside the program's folder, so
// ../Protocol.hx is there too). The Haxe programs take no phase. The program calls its library from its own
// main, inside its own try, so that nothing of the helper sits under the parse.
class Protocol {
    // Reads the phase argument (the Haxe programs take none: any argument is one stderr line and exit 2,
    // before stdin is read), then all of stdin.
    public static function input():String {
        var args = Sys.args();
        if (args.length > 0) {
            Sys.stderr().writeString("unknown phase: " + args[args.length - 1] + " (the program takes none)\n");
            Sys.exit(2);
        }
        return Sys.stdin().readAll().toString();
    }

    // Prints "<kind>: <message>" on one line of stderr (whitespace runs folded to one space, the message cut
    // at 200 characters) and exits 1: the library's clean error.
    public static function fail(kind:String, message:String):Void {
        var msg = ~/\s+/g.replace(message, " ");
        Sys.stderr().writeString(kind + ": " + msg.substr(0, 200) + "\n");
        Sys.exit(1);
    }

    // A caught value (anything can be thrown): "<type>: <message>", exit 1.
    public static function error(e:Dynamic):Void {
        var type = Std.isOfType(e, String) ? "String" : Type.getClassName(Type.getClass(e));
        if (type == null) type = "Dynamic";
        fail(type, Std.string(e));
    }

    // The program's end without a phase: exit 0.
    public static function finished():Void {
        Sys.exit(0);
    }
}
