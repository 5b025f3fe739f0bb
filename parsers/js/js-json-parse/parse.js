// nestprobe parser program: the runtime's built-in JSON.parse (default settings) on all of stdin, from
// the script's own code, one program for every runtime that runs a plain script: Node.js (V8), Bun
// (JavaScriptCore), QuickJS (qjs --std), GJS (SpiderMonkey) and Rhino (the JVM); the row's `run`
// names the runtime. Anything thrown (SyntaxError, RangeError, InternalError, ...) goes to
// protocol.error (exit 1). The phases (`free`: what the runtime can force, Bun.gc(true), QuickJS's
// std.gc(); `serialize`: JSON.stringify) and the exits are ../protocol.js's (parsers/README.md,
// "Phases"), loaded the runtime's way (see its header). Deno runs a file as a module and awaits its
// input: its program is js-deno-json-parse.
var protocol =
  typeof require === "function" ? require(require("path").resolve("../protocol.js")) // node, Bun
  : typeof std === "object" ? (std.loadScript("../protocol.js"), protocol) // QuickJS: a global
  : typeof imports === "object" ? (imports.searchPath.unshift(imports.gi.GLib.get_current_dir() + "/.."), imports.protocol.protocol) // GJS
  : (load("../protocol.js"), protocol); // Rhino's shell: a global

var text = protocol.input();
var value;
try {
  value = JSON.parse(text);
  protocol.parsed();
  protocol.serializer(JSON.stringify)(value);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
value = undefined;
protocol.finished();
