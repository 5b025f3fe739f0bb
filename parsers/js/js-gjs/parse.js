// nestprobe parser program for GJS (GNOME's JavaScript, SpiderMonkey): read all of stdin with
// GLib.file_get_contents, then JSON.parse it (SpiderMonkey's JSON.parse, default settings).
// try/catch catches every JS exception (SyntaxError, InternalError "too much recursion", ...) -> one stderr line,
// exit 1.
const GLib = imports.gi.GLib;
const System = imports.system;

const [, bytes] = GLib.file_get_contents("/dev/stdin");
const text = new TextDecoder("utf-8").decode(bytes);
try {
  JSON.parse(text);
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  printerr(`${name}: ${msg}`);
  System.exit(1);
}
System.exit(0);
