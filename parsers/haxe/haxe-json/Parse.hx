// nestprobe parser program for Haxe: reads all of stdin, then haxe.Json.parse (the standard library's
// haxe.format.JsonParser, default settings). Compiled to Neko bytecode and run with the neko VM.
// try/catch on Dynamic catches every thrown value -> one line "<type>: <message>" on stderr, exit 1.
class Parse {
    static function main() {
        var text = Sys.stdin().readAll().toString();
        try {
            haxe.Json.parse(text);
        } catch (e:Dynamic) {
            var type = Std.isOfType(e, String) ? "String" : Type.getClassName(Type.getClass(e));
            if (type == null) type = "Dynamic";
            var msg = ~/\s+/g.replace(Std.string(e), " ");
            Sys.stderr().writeString(type + ": " + msg.substr(0, 200) + "\n");
            Sys.exit(1);
        }
        Sys.exit(0);
    }
}
