// nestprobe parser program: json-bigint's parse (the default instance, JSONbig =
// require('json-bigint')(); default settings) on all of stdin, from the module's own code; the
// package is under the build folder, the first argument. Anything thrown goes to protocol.error
// (exit 1). The phases (`serialize`: json-bigint's stringify) and the exits are ../protocol.js's
// (parsers/README.md, "Phases").
const path = require("path");
const protocol = require(path.resolve("../protocol.js"));
const lib = require(path.join(process.argv[2], "node_modules", "json-bigint"));

const text = protocol.input({ args: 1 });
let value;
try {
  value = lib().parse(text);
  protocol.parsed();
  protocol.serializer(lib().stringify)(value);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
value = undefined;
protocol.finished();
