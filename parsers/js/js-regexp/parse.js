// nestprobe parser program: new RegExp(source) (V8's irregexp, no flags) on all of stdin, the whole
// pattern, from the module's own code; phase `run` matches it against the subject "a" (re.exec: a
// match or none is exit 0). Anything thrown (SyntaxError: "Invalid regular expression: ... Too many
// captures", RangeError: "Maximum call stack size exceeded", ...) goes to protocol.error (exit 1),
// the pattern in the message shortened to "…".
// V8 compiles a pattern lazily: the constructor parses it, the first exec compiles it to bytecode or
// machine code. Input, phases and exits: ../protocol.js (parsers/README.md, "Phases").
const protocol = require(require("path").resolve("../protocol.js"));

const source = protocol.input({ language: true });
let re;
try {
  re = new RegExp(source);
  protocol.compiled();
  protocol.runner((subject) => re.exec(subject))("a");
} catch (e) {
  // V8's SyntaxError message repeats the pattern before the reason: shortened to "…".
  if (e instanceof Error && source.length > 0) e.message = e.message.split(source).join("…");
  protocol.error(e);
}
re = undefined;
protocol.finished();
