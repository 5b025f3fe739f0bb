// nestprobe parser program: parse5's parse (the HTML standard's tree construction, default options)
// on all of stdin, from the module's own code, then the nesting it built (protocol.built: the tree
// walked with an explicit stack); anything thrown (RangeError included) goes to protocol.error
// (exit 1). The phases (`serialize`: parse5's serialize) and the exits are ../protocol.js's
// (parsers/README.md, "Phases").
"use strict";
const protocol = require(require("path").resolve("../protocol.js"));
const parse5 = require("parse5");

const text = protocol.input();
let document;
try {
  document = parse5.parse(text);
  protocol.parsed();
  protocol.serializer(parse5.serialize)(document);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
protocol.built(() => protocol.treeDepth(document));
protocol.finished();
