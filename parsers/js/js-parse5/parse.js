// nestprobe parser program: reads all of stdin, parses it with parse5's parse (the HTML standard's
// tree construction, default options), prints the nesting it built ("built depth: N",
// parsers/README.md; the tree walked with an explicit stack), exit 0; anything thrown (RangeError
// included) prints "<Name>: <message>" to stderr, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends with
// process.reallyExit(0); `serialize` writes the tree back with parse5's serialize, then ends the
// same way. (No `free`: V8's collection cannot be forced without --expose-gc.)
"use strict";
const parse5 = require("parse5");

const phase = process.argv.length > 2 ? process.argv[process.argv.length - 1] : null;
if (![null, "parse", "serialize"].includes(phase)) {
  process.stderr.write(`unknown phase: ${phase} (parse or serialize)\n`);
  process.exit(2);
}

// The longest chain of nested div elements, or of b elements.
function treeDepth(root) {
  const stack = [[root, 0, 0]];
  let deepest = 0;
  while (stack.length) {
    let [node, divs, bolds] = stack.pop();
    if (node.tagName === "div") divs += 1;
    if (node.tagName === "b") bolds += 1;
    deepest = Math.max(deepest, divs, bolds);
    for (const child of node.childNodes || []) stack.push([child, divs, bolds]);
  }
  return deepest;
}

const text = require("fs").readFileSync(0, "utf8");
let document;
try {
  document = parse5.parse(text);
  if (phase === "serialize") parse5.serialize(document);
  if (phase !== null) process.reallyExit(0);
} catch (e) {
  const name = (e && e.name) || "Error";
  process.stderr.write(`${name}: ${String((e && e.message) || e).replace(/\s+/g, " ").slice(0, 200)}\n`);
  process.exit(1);
}
process.stderr.write(`built depth: ${treeDepth(document)}\n`);
process.exit(0);
