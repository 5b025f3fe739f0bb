// nestprobe parser program: asn1js's fromBER (generic BER decoding of every constructed value into
// its parts) on all of stdin, from the module's own code. A result with offset -1 (the library's
// error, its message in result.error), bytes left after the value, or an empty toBER() go to
// protocol.fail as an Asn1Error; anything thrown (RangeError: Maximum call stack size exceeded
// included) to protocol.error (exit 1). The phases (`serialize`: toBER(false)) and the exits are
// ../protocol.js's (parsers/README.md, "Phases").
"use strict";
const protocol = require(require("path").resolve("../protocol.js"));
const asn1js = require("asn1js");

const data = protocol.input({ binary: true });
try {
  const view = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const decoded = asn1js.fromBER(view);
  if (decoded.offset === -1) protocol.fail("Asn1Error", decoded.result.error || "fromBER failed");
  if (decoded.offset !== data.byteLength) protocol.fail("Asn1Error", `${data.byteLength - decoded.offset} bytes after the value`);
  protocol.parsed();
  const der = protocol.serializer(decoded.result.toBER.bind(decoded.result))(false);
  if (der && der.byteLength === 0) protocol.fail("Asn1Error", "toBER failed");
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
protocol.finished();
