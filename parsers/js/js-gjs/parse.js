// nestprobe parser program for GJS (GNOME's JavaScript, SpiderMonkey): JSON.parse (SpiderMonkey's,
// default settings) on all of stdin, from the script's own code; anything thrown (SyntaxError,
// InternalError "too much recursion", ...) goes to protocol.error (exit 1). Input and exits are
// ../protocol.js's, imported from the folder the program runs in.
imports.searchPath.unshift(imports.gi.GLib.get_current_dir() + "/..");
const protocol = imports.protocol.protocol;

const text = protocol.input();
try {
  JSON.parse(text);
} catch (e) {
  protocol.error(e);
}
protocol.finished();
