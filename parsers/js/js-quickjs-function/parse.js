// nestprobe parser program (format code): QuickJS compiling the payload as a function body,
// `new Function(source)` (QuickJS's parser emits bytecode as it parses; the body is compiled, not run:
// `((1))` and `[[1]]` expression statements, `{{}}` nested blocks), from the script's own code (qjs
// --std: the std module as a global); anything thrown (SyntaxError, InternalError "stack overflow",
// ...) goes to protocol.error (exit 1). Phase `run`: the function called once. The exits are
// ../protocol.js's (parsers/README.md, "Phases"), loaded with std.loadScript.
std.loadScript("../protocol.js");

const source = protocol.input({ language: true });
let compiled;
try {
  compiled = new Function(source);
  protocol.compiled();
  protocol.runner(compiled)();
} catch (e) {
  protocol.error(e);
}
compiled = undefined;
protocol.finished();
