// nestprobe parser program: read all of stdin, parse it with JSON.parse (V8, default settings).
// try/catch catches every JS exception (SyntaxError, RangeError, ...) -> one stderr line, exit 1.
// Phase (optional last argument; parsers/README.md, "Phases"): `parse` exits right after the parse;
// `serialize` writes the value back with JSON.stringify, then exits. No `free`: V8 collects when it
// decides, and a collection cannot be forced without --expose-gc (which would change every run).
const fs = require("fs");

const phase = process.argv.length > 2 ? process.argv[process.argv.length - 1] : undefined;
if (phase !== undefined && phase !== "parse" && phase !== "serialize") {
  process.stderr.write("usage: parse.js [parse|serialize]\n");
  process.exit(2);
}
const text = fs.readFileSync(0, "utf8");
try {
  const value = JSON.parse(text);
  if (phase === "serialize") JSON.stringify(value);
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  process.stderr.write(`${name}: ${msg}\n`);
  process.exit(1);
}
process.exit(0);
