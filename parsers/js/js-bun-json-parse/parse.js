// nestprobe parser program: read all of stdin, parse it with Bun's built-in JSON.parse (JavaScriptCore),
// default settings. try/catch catches every JS exception (SyntaxError, RangeError, ...) -> one stderr
// line, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
// at once; `free` drops it and forces a collection with Bun.gc(true); `serialize` writes it back
// with JSON.stringify (an exception is exit 1). Without it: the result is discarded, then the
// program exits (as before).
const fs = require("fs");

const args = process.argv.slice(2);
const phase = args.length > 0 ? args[args.length - 1] : null;
if (phase !== null && !["parse", "free", "serialize"].includes(phase)) {
  process.stderr.write(`unknown phase: ${phase} (parse, free or serialize)\n`);
  process.exit(2);
}
const text = fs.readFileSync(0, "utf8");
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
      Bun.gc(true);
    }
  }
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  process.stderr.write(`${name}: ${msg}\n`);
  process.exit(1);
}
process.exit(0);
