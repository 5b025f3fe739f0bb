// nestprobe parser program for flatted (npm): Flatted.parse of all of stdin, the list of values
// that refer to each other by index which Flatted.stringify writes; its revive phase follows those
// references. Anything thrown (a SyntaxError from JSON.parse, a RangeError when the revive runs out
// of stack) goes to protocol.error (exit 1). Phases (`serialize`: Flatted.stringify) and exits:
// ../protocol.js. The build copies this file beside the package package-lock.json pins (`npm ci`)
// and the row runs that copy, so `require` finds it there.
const protocol = require(require("path").resolve("../protocol.js"));
const Flatted = require("flatted");

const data = protocol.input();
let value;
try {
  value = Flatted.parse(data);
  protocol.parsed();
  protocol.serializer(Flatted.stringify)(value);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
value = undefined;
protocol.finished();
