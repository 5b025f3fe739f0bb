// nestprobe parser program: css-select's compile (css-what's parser, then css-select's compiler to a
// matching function; default options) on all of stdin as a CSS selector, from the module's own code;
// phase `run` selects with the compiled query once in the document <a></a> (a domhandler Document
// holding one Element `a`: selectAll). Anything thrown (css-what's and css-select's errors,
// RangeError, ...) goes to protocol.error (exit 1). The phases and the exits are ../protocol.js's
// (parsers/README.md, "The protocol helper"); an ES module (css-select 7 is one), so the helper is
// reached with createRequire, from the folder the program runs in.
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { compile, selectAll } from "css-select";
import { Document, Element } from "domhandler";

const protocol = createRequire(import.meta.url)(resolve("../protocol.js"));

const data = protocol.input({ language: true });
let query;
try {
  query = compile(data);
  protocol.compiled();
  protocol.runner(() => selectAll(query, new Document([new Element("a", {})])))();
} catch (e) {
  protocol.error(e);
}
query = undefined;
protocol.finished();
