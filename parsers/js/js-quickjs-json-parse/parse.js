// nestprobe parser program: read all of stdin, parse it with QuickJS's built-in JSON.parse, default
// settings. Run as `qjs --std parse.js`: --std gives the script the std module (stdin, stderr, exit).
// try/catch catches every JS exception (SyntaxError, InternalError, ...) -> one stderr line, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
// at once; `free` drops it and runs std.gc() (QuickJS counts references: the drop itself frees it);
// `serialize` writes it back with JSON.stringify (an exception is exit 1). Without it: the result
// is discarded, then the program exits (as before).
const args = scriptArgs.slice(1);
const phase = args.length > 0 ? args[args.length - 1] : null;
if (phase !== null && !["parse", "free", "serialize"].includes(phase)) {
  std.err.puts(`unknown phase: ${phase} (parse, free or serialize)\n`);
  std.exit(2);
}
const text = std.in.readAsString();
let value;
try {
  if (phase === null) {
    JSON.parse(text);
  } else {
    value = JSON.parse(text);
    if (phase === "serialize") {
      JSON.stringify(value);
    } else if (phase === "free") {
      value = undefined;
      std.gc();
    }
  }
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  std.err.puts(`${name}: ${msg}\n`);
  std.err.flush();
  std.exit(1);
}
std.exit(0);
