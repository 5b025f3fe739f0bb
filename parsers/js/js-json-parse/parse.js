// nestprobe parser program: read all of stdin, parse it with JSON.parse (V8, default settings).
// try/catch catches every JS exception (SyntaxError, RangeError, ...) -> one stderr line, exit 1.
const fs = require("fs");

const text = fs.readFileSync(0, "utf8");
try {
  JSON.parse(text);
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  process.stderr.write(`${name}: ${msg}\n`);
  process.exit(1);
}
process.exit(0);
