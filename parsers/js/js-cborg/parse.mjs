// nestprobe parser program: read all of stdin, decode it with cborg's decode (default options).
// try/catch catches every JS exception (decode errors, RangeError, ...) -> one stderr line, exit 1.
import fs from "fs";
import { decode } from "cborg";

const data = fs.readFileSync(0);
try {
  decode(data);
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  process.stderr.write(`${name}: ${msg}\n`);
  process.exit(1);
}
process.exit(0);
