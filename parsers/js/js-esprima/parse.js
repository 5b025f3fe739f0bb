// nestprobe parser program (format code): esprima's esprima.parseScript(source) (defaults; the payload
// is the script itself, `((1))` and `[[1]]` expression statements, `{{}}` nested blocks), from the
// module's own code; anything thrown (its Error "Line 1: Unexpected token", RangeError "Maximum call
// stack size exceeded", ...) goes to protocol.error (exit 1). A parser only: nothing to run, so no
// `run` phase. The exits are ../protocol.js's (parsers/README.md, "Phases"); the program runs from its
// folder, so ../protocol.js is found there, not beside its copy.
const protocol = require(require("path").resolve("../protocol.js"));
const esprima = require("esprima");

const source = protocol.input({ language: true });
let tree;
try {
  tree = esprima.parseScript(source);
  protocol.compiled();
} catch (e) {
  protocol.error(e);
}
tree = undefined;
protocol.finished();
