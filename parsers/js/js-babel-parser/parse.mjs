// nestprobe parser program (format code): @babel/parser's parse(source) (defaults: sourceType
// "script", no plugins; the payload is the script itself, `((1))` and `[[1]]` expression statements,
// `{{}}` nested blocks), from the module's own code; anything thrown (SyntaxError, RangeError "Maximum
// call stack size exceeded", ...) goes to protocol.error (exit 1). A parser only: nothing to run, so
// no `run` phase. @babel/parser 8 is ESM-only, hence parse.mjs. The exits are ../protocol.js's
// (parsers/README.md, "Phases"); the program runs from its folder, so ../protocol.js is found there.
import { createRequire } from "module";
import { resolve } from "path";
import { parse } from "@babel/parser";

const protocol = createRequire(import.meta.url)(resolve("../protocol.js"));

const source = protocol.input({ language: true });
let tree;
try {
  tree = parse(source);
  protocol.compiled();
} catch (e) {
  protocol.error(e);
}
tree = undefined;
protocol.finished();
