// nestprobe parser program: read all of stdin, parse it with @iarna/toml's TOML.parse (default settings).
// try/catch catches every JS exception (parse errors, RangeError, ...) -> one stderr line, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
// at once; `serialize` writes it back with TOML.stringify (an exception is exit 1); no `free`: node
// cannot force a collection without --expose-gc, which the catalog does not pass. Without it: the
// result is discarded, then the program exits (as before).
const fs = require("fs");
const TOML = require("@iarna/toml");

const args = process.argv.slice(2);
const phase = args.length > 0 ? args[args.length - 1] : null;
if (phase !== null && !["parse", "serialize"].includes(phase)) {
  process.stderr.write(`unknown phase: ${phase} (parse or serialize)\n`);
  process.exit(2);
}
const data = fs.readFileSync(0, "utf8");
let value;
try {
  if (phase === null) {
    TOML.parse(data);
  } else {
    value = TOML.parse(data);
    if (phase === "serialize") {
      TOML.stringify(value);
    }
  }
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  process.stderr.write(`${name}: ${msg}\n`);
  process.exit(1);
}
process.exit(0);
