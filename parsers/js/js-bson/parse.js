// nestprobe parser program: reads all of stdin, decodes it with the bson package's
// BSON.deserialize (default options) into objects and arrays. Exit 0 on success; anything thrown
// (BSONError, RangeError included) prints "<Name>: <message>" to stderr, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
// with process.reallyExit(0); `serialize` writes it back with BSON.serialize, then ends the same
// way. (No `free`: V8's collection cannot be forced without --expose-gc.)
"use strict";
const { BSON } = require("bson");

const phase = process.argv.length > 2 ? process.argv[process.argv.length - 1] : null;
if (![null, "parse", "serialize"].includes(phase)) {
  process.stderr.write(`unknown phase: ${phase} (parse or serialize)\n`);
  process.exit(2);
}

const data = require("fs").readFileSync(0);
try {
  if (phase === null) {
    BSON.deserialize(data);
  } else {
    const value = BSON.deserialize(data);
    if (phase === "serialize") BSON.serialize(value);
    process.reallyExit(0);
  }
} catch (e) {
  const name = (e && e.name) || "Error";
  process.stderr.write(`${name}: ${String((e && e.message) || e).replace(/\s+/g, " ").slice(0, 200)}\n`);
  process.exit(1);
}
process.exit(0);
