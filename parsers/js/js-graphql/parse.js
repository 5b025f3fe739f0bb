// nestprobe parser program: reads all of stdin, parses it with graphql-js's parse (default options)
// into its AST. Exit 0 on success; anything thrown (GraphQLError, RangeError: Maximum call stack
// size exceeded) prints "<Name>: <message>" to stderr, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends with
// process.reallyExit(0), the AST kept; `serialize` prints it back with graphql's print, then ends the
// same way. (No `free`: V8's collection cannot be forced without --expose-gc.) Without it: exit 0.
"use strict";
const { parse, print } = require("graphql");

const phase = process.argv.length > 2 ? process.argv[process.argv.length - 1] : null;
if (![null, "parse", "serialize"].includes(phase)) {
  process.stderr.write(`unknown phase: ${phase} (parse or serialize)\n`);
  process.exit(2);
}
const text = require("fs").readFileSync(0, "utf8");
try {
  const document = parse(text);
  if (phase === "serialize") print(document);
  if (phase !== null) process.reallyExit(0);
} catch (e) {
  const name = (e && e.name) || "Error";
  process.stderr.write(`${name}: ${String((e && e.message) || e).replace(/\s+/g, " ").slice(0, 200)}\n`);
  process.exit(1);
}
process.exit(0);
