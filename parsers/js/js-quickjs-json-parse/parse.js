// nestprobe parser program: read all of stdin, parse it with QuickJS's built-in JSON.parse, default
// settings. Run as `qjs --std parse.js`: --std gives the script the std module (stdin, stderr, exit).
// try/catch catches every JS exception (SyntaxError, InternalError, ...) -> one stderr line, exit 1.
const text = std.in.readAsString();
try {
  JSON.parse(text);
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  std.err.puts(`${name}: ${msg}\n`);
  std.err.flush();
  std.exit(1);
}
std.exit(0);
