// nestprobe parser program: js-yaml's yaml.load (default settings) on all of stdin, from the
// module's own code; anything thrown (parse errors, RangeError, ...) goes to protocol.error (exit 1).
// The phases (`serialize`: js-yaml's dump) and the exits are ../protocol.js's (parsers/README.md,
// "Phases"); the program runs from its folder, so ../protocol.js is found there, not beside its copy.
const protocol = require(require("path").resolve("../protocol.js"));
const yaml = require("js-yaml");

const data = protocol.input();
let value;
try {
  value = yaml.load(data);
  protocol.parsed();
  protocol.serializer(yaml.dump)(value);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
value = undefined;
protocol.finished();
