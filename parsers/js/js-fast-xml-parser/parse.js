// nestprobe parser program: fast-xml-parser's new XMLParser().parse (no validation by default;
// default settings) on all of stdin, from the module's own code; anything thrown (parse errors,
// RangeError, ...) goes to protocol.error (exit 1). The phases (`serialize`: XMLBuilder.build) and the
// exits are ../protocol.js's (parsers/README.md, "Phases"); the program runs from its folder, so
// ../protocol.js is found there, not beside its copy.
const protocol = require(require("path").resolve("../protocol.js"));
const { XMLParser, XMLBuilder } = require("fast-xml-parser");

const data = protocol.input();
let value;
try {
  value = new XMLParser().parse(data);
  protocol.parsed();
  const builder = new XMLBuilder();
  protocol.serializer(builder.build.bind(builder))(value);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
value = undefined;
protocol.finished();
