// nestprobe parser program for GJS (GNOME's JavaScript, SpiderMonkey) (format code): SpiderMonkey
// compiling the payload as a function body, `new Function(source)` (the body is parsed and compiled,
// not run: `((1))` and `[[1]]` expression statements, `{{}}` nested blocks), from the script's own
// code; anything thrown (SyntaxError, InternalError "too much recursion", ...) goes to protocol.error
// (exit 1). Phase `run`: the function called once. Input and exits are ../protocol.js's, imported from
// the folder the program runs in.
imports.searchPath.unshift(imports.gi.GLib.get_current_dir() + "/..");
const protocol = imports.protocol.protocol;

const source = protocol.input({ language: true });
let compiled;
try {
  compiled = new Function(source);
  protocol.compiled();
  protocol.runner(compiled)();
} catch (e) {
  protocol.error(e);
}
compiled = undefined;
protocol.finished();
