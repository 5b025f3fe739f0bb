// nestprobe parser program: reads all of stdin, renders it with marked's marked.parse (default
// options), prints the nesting it built ("built depth: N", parsers/README.md; counted from the
// HTML's tags, no recursion), exit 0; anything thrown (RangeError included) prints
// "<Name>: <message>" to stderr, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"; no "built depth" line then): the
// text is parsed alone to marked's tokens, marked.lexer(text) (what marked.parse does first);
// `parse` keeps them and ends with process.reallyExit(0); `serialize` renders them with
// marked.parser(tokens) (the rest of marked.parse), then ends the same way. (No `free`: V8's
// collection cannot be forced without --expose-gc.)
"use strict";
const { marked } = require("marked");

const phase = process.argv.length > 2 ? process.argv[process.argv.length - 1] : null;
if (![null, "parse", "serialize"].includes(phase)) {
  process.stderr.write(`unknown phase: ${phase} (parse or serialize)\n`);
  process.exit(2);
}

function htmlTextDepth(html) {
  const kinds = { blockquote: "q", ul: "l", ol: "l", em: "e", strong: "e" };
  const open = { q: 0, l: 0, e: 0 };
  let deepest = 0;
  for (const [, closing, name] of html.matchAll(/<(\/?)(blockquote|ul|ol|em|strong)\b/gi)) {
    const kind = kinds[name.toLowerCase()];
    open[kind] += closing ? -1 : 1;
    deepest = Math.max(deepest, open[kind]);
  }
  return deepest;
}

const text = require("fs").readFileSync(0, "utf8");
let html;
try {
  if (phase === null) {
    html = marked.parse(text);
  } else {
    const tokens = marked.lexer(text);
    if (phase === "serialize") marked.parser(tokens);
    process.reallyExit(0);
  }
} catch (e) {
  const name = (e && e.name) || "Error";
  process.stderr.write(`${name}: ${String((e && e.message) || e).replace(/\s+/g, " ").slice(0, 200)}\n`);
  process.exit(1);
}
process.stderr.write(`built depth: ${htmlTextDepth(html)}\n`);
process.exit(0);
