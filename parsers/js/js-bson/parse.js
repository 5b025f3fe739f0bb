// nestprobe parser program: reads all of stdin, decodes it with the bson package's
// BSON.deserialize (default options) into objects and arrays. Exit 0 on success; anything thrown
// (BSONError, RangeError included) prints "<Name>: <message>" to stderr, exit 1.
"use strict";
const { BSON } = require("bson");

const data = require("fs").readFileSync(0);
try {
  BSON.deserialize(data);
} catch (e) {
  const name = (e && e.name) || "Error";
  process.stderr.write(`${name}: ${String((e && e.message) || e).replace(/\s+/g, " ").slice(0, 200)}\n`);
  process.exit(1);
}
process.exit(0);
