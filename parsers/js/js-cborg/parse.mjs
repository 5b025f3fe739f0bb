// nestprobe parser program: cborg's decode (default options) on all of stdin, from the module's own
// code (cborg is ESM-only, hence .mjs); anything thrown (decode errors, RangeError, ...) goes to
// protocol.error (exit 1). The phases (`serialize`: cborg's encode) and the exits are ../protocol.js's
// (parsers/README.md, "Phases"), loaded with createRequire from the folder the program runs in.
import { createRequire } from "module";
import { resolve } from "path";
import { decode, encode } from "cborg";

const protocol = createRequire(import.meta.url)(resolve("../protocol.js"));
const data = protocol.input({ binary: true });
let value;
try {
  value = decode(data);
  protocol.parsed();
  protocol.serializer(encode)(value);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
value = undefined;
protocol.finished();
