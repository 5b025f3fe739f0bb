// nestprobe parser program: node-forge's forge.asn1.fromDer (default options; every constructed
// value decoded into its parts) on all of stdin, from the module's own code; anything thrown (forge's
// errors, RangeError included) goes to protocol.error (exit 1). The phases (`serialize`:
// forge.asn1.toDer) and the exits are ../protocol.js's (parsers/README.md, "Phases").
"use strict";
const protocol = require(require("path").resolve("../protocol.js"));
const forge = require("node-forge");

const data = protocol.input({ binary: true });
try {
  const value = forge.asn1.fromDer(forge.util.createBuffer(data.toString("binary")));
  protocol.parsed();
  protocol.serializer(forge.asn1.toDer)(value);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
protocol.finished();
