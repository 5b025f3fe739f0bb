// nestprobe parser program: node-sql-parser's Parser().astify (default options: the MySQL grammar) on all of
// stdin, from the module's own code, into its AST (the compile); anything thrown (its SyntaxError,
// RangeError, ...) goes to protocol.error (exit 1). It runs nothing: phase `run` is its sqlify, the AST
// written back to SQL text (discarded). The phases and the exits are ../protocol.js's (parsers/README.md,
// "Phases"); the program runs from its folder, so ../protocol.js is found there, not beside its copy.
const protocol = require(require("path").resolve("../protocol.js"));
const { Parser } = require("node-sql-parser");

const data = protocol.input({ language: true });
try {
  const parser = new Parser();
  const ast = parser.astify(data);
  protocol.compiled();
  protocol.runner(() => parser.sqlify(ast))();
} catch (e) {
  protocol.error(e);
}
protocol.finished();
