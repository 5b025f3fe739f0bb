// nestprobe parser program: Deno's built-in JSON.parse (V8, default settings) on all of stdin, from
// the module's own code, after the input is awaited as before; anything thrown (SyntaxError,
// RangeError, ...) goes to protocol.error (exit 1). The phases (`serialize`: JSON.stringify) and the
// exits are ../protocol.js's (parsers/README.md, "Phases"), statically imported (a static import needs
// no permission) through the link the build puts in $BUILD: Deno resolves it from {dir}/parse.js's URL.
import "../build/protocol.js";

const text = await protocol.input();
let value;
try {
  value = JSON.parse(text);
  protocol.parsed();
  protocol.serializer(JSON.stringify)(value);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
value = undefined;
protocol.finished();
