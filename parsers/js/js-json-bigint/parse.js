// nestprobe parser program: read all of stdin, parse it with json-bigint's parse (the default instance, JSONbig =
// require('json-bigint')(); default settings).
// The package is installed under the build folder, given as the first argument.
// try/catch catches every JS exception (SyntaxError, RangeError, ...) -> one stderr line, exit 1.
const fs = require("fs");
const path = require("path");
const lib = require(path.join(process.argv[2], "node_modules", "json-bigint"));

const text = fs.readFileSync(0, "utf8");
try {
  lib().parse(text);
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  process.stderr.write(`${name}: ${msg}\n`);
  process.exit(1);
}
process.exit(0);
