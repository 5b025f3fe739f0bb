// nestprobe parser program (format code): the engine compiling the payload as a function body,
// `new Function(source)` (the body is parsed and compiled, not run: `((1))` and `[[1]]` expression
// statements, `{{}}` nested blocks), from the script's own code, one program for GJS (SpiderMonkey)
// and QuickJS (qjs --std; its parser emits bytecode as it parses); the row's `run` names the runtime.
// Anything thrown (SyntaxError, InternalError "too much recursion" / "stack overflow", ...) goes to
// protocol.error (exit 1). Phase `run`: the function called once. Input and exits are
// ../protocol.js's, loaded the runtime's way (see its header).
var protocol =
  typeof std === "object" ? (std.loadScript("../protocol.js"), protocol) // QuickJS: a global
  : (imports.searchPath.unshift(imports.gi.GLib.get_current_dir() + "/.."), imports.protocol.protocol); // GJS

var source = protocol.input({ language: true });
var compiled;
try {
  compiled = new Function(source);
  protocol.compiled();
  protocol.runner(compiled)();
} catch (e) {
  protocol.error(e);
}
compiled = undefined;
protocol.finished();
