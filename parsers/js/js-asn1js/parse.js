// nestprobe parser program: reads all of stdin, decodes it with asn1js's fromBER (generic BER
// decoding of every constructed value into its parts). Exit 0 on success; a result with offset -1
// (the library's error, its message in result.error) or anything thrown (RangeError: Maximum call
// stack size exceeded included) prints "<Name>: <message>" to stderr, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends with
// process.reallyExit(0); `serialize` encodes the value back with toBER(), then ends the same way.
// (No `free`: V8's collection cannot be forced without --expose-gc.) Without it: exit 0.
"use strict";
const asn1js = require("asn1js");

const phase = process.argv.length > 2 ? process.argv[process.argv.length - 1] : null;
if (![null, "parse", "serialize"].includes(phase)) {
  process.stderr.write(`unknown phase: ${phase} (parse or serialize)\n`);
  process.exit(2);
}
const data = require("fs").readFileSync(0);
function fail(name, message) {
  process.stderr.write(`${name}: ${String(message).replace(/\s+/g, " ").slice(0, 200)}\n`);
  process.exit(1);
}
try {
  const view = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const decoded = asn1js.fromBER(view);
  if (decoded.offset === -1) fail("Asn1Error", decoded.result.error || "fromBER failed");
  if (decoded.offset !== data.byteLength) fail("Asn1Error", `${data.byteLength - decoded.offset} bytes after the value`);
  if (phase === "serialize" && decoded.result.toBER(false).byteLength === 0) fail("Asn1Error", "toBER failed");
  if (phase !== null) process.reallyExit(0);
} catch (e) {
  fail((e && e.name) || "Error", (e && e.message) || e);
}
process.exit(0);
