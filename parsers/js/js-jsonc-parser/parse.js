// nestprobe parser program: read all of stdin, parse it with jsonc-parser's parse(text, errors) (default options:
// comments allowed, trailing commas not; default settings).
// The package is installed under the build folder, given as the first argument.
// try/catch catches every JS exception (SyntaxError, RangeError, ...) -> one stderr line, exit 1.
const fs = require("fs");
const path = require("path");
const lib = require(path.join(process.argv[2], "node_modules", "jsonc-parser"));

const text = fs.readFileSync(0, "utf8");
try {
  const errors = [];
  lib.parse(text, errors);
  // jsonc-parser never throws on bad input: it returns what it could and fills the errors array.
  if (errors.length > 0) {
    const first = errors[0];
    const err = new Error(`${lib.printParseErrorCode(first.error)} at offset ${first.offset}`);
    err.name = "ParseError";
    throw err;
  }
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  process.stderr.write(`${name}: ${msg}\n`);
  process.exit(1);
}
process.exit(0);
