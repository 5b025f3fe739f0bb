// nestprobe parser program: marked's marked.parse (default options) on all of stdin, from the
// module's own code, then the nesting it built (protocol.built, counted from the HTML's tags without
// recursion); anything thrown (RangeError included) goes to protocol.error (exit 1).
// With a phase (parsers/README.md, "Phases"; no "built depth" line then) the one-shot is done in its
// two halves: marked.lexer(text) (what marked.parse does first), then in `serialize`
// marked.parser(tokens) (the rest of it). The phases' exits are ../protocol.js's.
"use strict";
const protocol = require(require("path").resolve("../protocol.js"));
const { marked } = require("marked");

const text = protocol.input();
let html;
try {
  if (!protocol.phased()) {
    html = marked.parse(text);
  } else {
    const tokens = marked.lexer(text);
    protocol.parsed();
    protocol.serializer(marked.parser)(tokens);
    protocol.serialized();
  }
} catch (e) {
  protocol.error(e);
}
protocol.built(() => protocol.htmlTextDepth(html));
protocol.finished();
