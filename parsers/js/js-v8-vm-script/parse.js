// nestprobe parser program (format code): Node's V8 compiling the payload as a whole classic script,
// `new vm.Script(source)` (default options: V8's parser and bytecode compiler; the payload is the
// script itself, `((1))` and `[[1]]` expression statements, `{{}}` nested blocks), from the module's
// own code; anything thrown (SyntaxError, RangeError "Maximum call stack size exceeded", ...) goes to
// protocol.error (exit 1). Phase `run`: script.runInThisContext() once. The exits are
// ../protocol.js's (parsers/README.md, "Phases").
const protocol = require(require("path").resolve("../protocol.js"));
const vm = require("vm");

const source = protocol.input({ language: true });
let script;
try {
  script = new vm.Script(source, { filename: "payload.js" });
  protocol.compiled();
  protocol.runner(() => script.runInThisContext())();
} catch (e) {
  protocol.error(e);
}
script = undefined;
protocol.finished();
