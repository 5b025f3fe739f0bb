// nestprobe parser program: @msgpack/msgpack's decode (default settings) on all of stdin, from the
// module's own code; anything thrown (parse errors, RangeError, ...) goes to protocol.error (exit 1).
// The phases (`serialize`: @msgpack/msgpack's encode) and the exits are ../protocol.js's
// (parsers/README.md, "Phases"); the program runs from its folder, so ../protocol.js is found there,
// not beside its copy.
const protocol = require(require("path").resolve("../protocol.js"));
const { decode, encode } = require("@msgpack/msgpack");

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
