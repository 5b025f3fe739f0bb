// nestprobe parser program: reads all of stdin, decodes it with node-forge's forge.asn1.fromDer
// (default options; every constructed value decoded into its parts). Exit 0 on success; anything
// thrown (forge's errors, RangeError included) prints "<Name>: <message>" to stderr, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends with
// process.reallyExit(0); `serialize` encodes the value back with forge.asn1.toDer, then ends the
// same way. (No `free`: V8's collection cannot be forced without --expose-gc.) Without it: exit 0.
"use strict";
const forge = require("node-forge");

const phase = process.argv.length > 2 ? process.argv[process.argv.length - 1] : null;
if (![null, "parse", "serialize"].includes(phase)) {
  process.stderr.write(`unknown phase: ${phase} (parse or serialize)\n`);
  process.exit(2);
}
const data = require("fs").readFileSync(0);
try {
  const value = forge.asn1.fromDer(forge.util.createBuffer(data.toString("binary")));
  if (phase === "serialize") forge.asn1.toDer(value);
  if (phase !== null) process.reallyExit(0);
} catch (e) {
  const name = (e && e.name) || "Error";
  process.stderr.write(`${name}: ${String((e && e.message) || e).replace(/\s+/g, " ").slice(0, 200)}\n`);
  process.exit(1);
}
process.exit(0);
