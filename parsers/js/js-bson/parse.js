// nestprobe parser program: the bson package's BSON.deserialize (default options) on all of stdin
// into objects and arrays, from the module's own code; anything thrown (BSONError, RangeError
// included) goes to protocol.error (exit 1). The phases (`serialize`: BSON.serialize) and the exits
// are ../protocol.js's (parsers/README.md, "Phases").
"use strict";
const protocol = require(require("path").resolve("../protocol.js"));
const { BSON } = require("bson");

const data = protocol.input({ binary: true });
try {
  const value = BSON.deserialize(data);
  protocol.parsed();
  protocol.serializer(BSON.serialize)(value);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
protocol.finished();
