// nestprobe parser program for Haxe: haxe.Json.parse (the standard library's haxe.format.JsonParser,
// default settings) on stdin, compiled to Neko bytecode and run with the neko VM; try/catch on Dynamic in
// main catches every thrown value (exit 1). The protocol (input, error line, exit statuses) is
// ../Protocol.hx's.
class Parse {
    static function main() {
        var text = Protocol.input();
        try {
            haxe.Json.parse(text);
        } catch (e:Dynamic) {
            Protocol.error(e);
        }
        Protocol.finished();
    }
}
