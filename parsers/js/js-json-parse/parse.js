// nestprobe parser program: JSON.parse (V8, default settings) on all of stdin, from the module's own
// code; anything thrown (SyntaxError, RangeError, ...) goes to protocol.error (exit 1). The phases
// (`serialize`: JSON.stringify) and the exits are ../protocol.js's (parsers/README.md, "Phases").
const protocol = require(require("path").resolve("../protocol.js"));

const text = protocol.input();
let value;
try {
  value = JSON.parse(text);
  protocol.parsed();
  protocol.serializer(JSON.stringify)(value);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
value = undefined;
protocol.finished();
