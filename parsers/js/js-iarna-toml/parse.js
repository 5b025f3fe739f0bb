// nestprobe parser program: @iarna/toml's TOML.parse (default settings) on all of stdin, from the
// module's own code; anything thrown (parse errors, RangeError, ...) goes to protocol.error (exit 1).
// The phases (`serialize`: TOML.stringify) and the exits are ../protocol.js's (parsers/README.md,
// "Phases"); the program runs from its folder, so ../protocol.js is found there, not beside its copy.
const protocol = require(require("path").resolve("../protocol.js"));
const TOML = require("@iarna/toml");

const data = protocol.input();
let value;
try {
  value = TOML.parse(data);
  protocol.parsed();
  protocol.serializer(TOML.stringify)(value);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
value = undefined;
protocol.finished();
