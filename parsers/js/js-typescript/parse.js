// nestprobe parser program (format code): TypeScript's own parser, ts.createSourceFile("payload.ts",
// source, ts.ScriptTarget.Latest) (the language service's entry point; the payload is the file itself,
// `((1))` and `[[1]]` expression statements, `{{}}` nested blocks), from the module's own code. It does
// not throw on a syntax error: it records diagnostics on the source file (`parseDiagnostics`), and the
// first one is the error line (kind TS<code>); anything thrown (RangeError "Maximum call stack size
// exceeded", ...) goes to protocol.error (exit 1). A parser only: nothing to run, so no `run` phase.
// The exits are ../protocol.js's; the program runs from its folder, so ../protocol.js is found there.
const protocol = require(require("path").resolve("../protocol.js"));
const ts = require("typescript");

const source = protocol.input({ language: true });
let file;
try {
  file = ts.createSourceFile("payload.ts", source, ts.ScriptTarget.Latest);
} catch (e) {
  protocol.error(e);
}
const diagnostics = file.parseDiagnostics || [];
if (diagnostics.length > 0) {
  const first = diagnostics[0];
  protocol.fail("TS" + first.code, ts.flattenDiagnosticMessageText(first.messageText, " "));
}
protocol.compiled();
file = undefined;
protocol.finished();
