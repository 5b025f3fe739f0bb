// nestprobe parser program: read all of stdin, parse it with the json5 package's JSON5.parse (default settings).
// The package is installed under the build folder, given as the first argument.
// try/catch catches every JS exception (SyntaxError, RangeError, ...) -> one stderr line, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
// at once; `serialize` writes it back with JSON5.stringify (an exception is exit 1); no `free`:
// node cannot force a collection without --expose-gc, which the catalog does not pass. Without it:
// the result is discarded, then the program exits (as before).
const fs = require("fs");
const path = require("path");
const lib = require(path.join(process.argv[2], "node_modules", "json5"));

const args = process.argv.slice(3);
const phase = args.length > 0 ? args[args.length - 1] : null;
if (phase !== null && !["parse", "serialize"].includes(phase)) {
  process.stderr.write(`unknown phase: ${phase} (parse or serialize)\n`);
  process.exit(2);
}
const text = fs.readFileSync(0, "utf8");
let value;
try {
  if (phase === null) {
    lib.parse(text);
  } else {
    value = lib.parse(text);
    if (phase === "serialize") {
      lib.stringify(value);
    }
  }
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  process.stderr.write(`${name}: ${msg}\n`);
  process.exit(1);
}
process.exit(0);
