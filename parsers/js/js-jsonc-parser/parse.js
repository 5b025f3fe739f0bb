// nestprobe parser program: jsonc-parser's parse(text, errors) (default options: comments allowed,
// trailing commas not) on all of stdin, from the module's own code; the package is under the build
// folder, the first argument. It never throws on bad input: the first error it reports goes to
// protocol.fail as a ParseError, anything thrown to protocol.error (exit 1). The exits are
// ../protocol.js's.
const path = require("path");
const protocol = require(path.resolve("../protocol.js"));
const lib = require(path.join(process.argv[2], "node_modules", "jsonc-parser"));

const text = protocol.input({ args: 1 });
const errors = [];
try {
  lib.parse(text, errors);
} catch (e) {
  protocol.error(e);
}
if (errors.length > 0) {
  protocol.fail("ParseError", `${lib.printParseErrorCode(errors[0].error)} at offset ${errors[0].offset}`);
}
protocol.finished();
