// nestprobe parser program: reads all of stdin, renders it with marked's marked.parse (default
// options), prints the nesting it built ("built depth: N", parsers/README.md; counted from the
// HTML's tags, no recursion), exit 0; anything thrown (RangeError included) prints
// "<Name>: <message>" to stderr, exit 1.
"use strict";
const { marked } = require("marked");

function htmlTextDepth(html) {
  const open = { q: 0, l: 0 };
  let deepest = 0;
  for (const [, closing, name] of html.matchAll(/<(\/?)(blockquote|ul|ol)\b/gi)) {
    const kind = name.toLowerCase() === "blockquote" ? "q" : "l";
    open[kind] += closing ? -1 : 1;
    deepest = Math.max(deepest, open[kind]);
  }
  return deepest;
}

const text = require("fs").readFileSync(0, "utf8");
let html;
try {
  html = marked.parse(text);
} catch (e) {
  const name = (e && e.name) || "Error";
  process.stderr.write(`${name}: ${String((e && e.message) || e).replace(/\s+/g, " ").slice(0, 200)}\n`);
  process.exit(1);
}
process.stderr.write(`built depth: ${htmlTextDepth(html)}\n`);
process.exit(0);
