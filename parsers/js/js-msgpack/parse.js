// nestprobe parser program: read all of stdin, parse it with @msgpack/msgpack's decode (default settings).
// try/catch catches every JS exception (parse errors, RangeError, ...) -> one stderr line, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
// at once; `serialize` writes it back with @msgpack/msgpack's encode (an exception is exit 1); no
// `free`: node cannot force a collection without --expose-gc, which the catalog does not pass.
// Without it: the result is discarded, then the program exits (as before).
const fs = require("fs");
const { decode, encode } = require("@msgpack/msgpack");

const args = process.argv.slice(2);
const phase = args.length > 0 ? args[args.length - 1] : null;
if (phase !== null && !["parse", "serialize"].includes(phase)) {
  process.stderr.write(`unknown phase: ${phase} (parse or serialize)\n`);
  process.exit(2);
}
const data = fs.readFileSync(0);
let value;
try {
  if (phase === null) {
    decode(data);
  } else {
    value = decode(data);
    if (phase === "serialize") {
      encode(value);
    }
  }
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  process.stderr.write(`${name}: ${msg}\n`);
  process.exit(1);
}
process.exit(0);
