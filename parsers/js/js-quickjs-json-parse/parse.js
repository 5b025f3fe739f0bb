// nestprobe parser program: QuickJS's built-in JSON.parse (default settings) on all of stdin, from
// the script's own code (qjs --std: the std module as a global); anything thrown (SyntaxError,
// InternalError, ...) goes to protocol.error (exit 1). The phases (`free`: the reference dropped, which
// frees it, then std.gc(); `serialize`: JSON.stringify) and the exits are ../protocol.js's
// (parsers/README.md, "Phases"), loaded with std.loadScript.
std.loadScript("../protocol.js");

const text = protocol.input();
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
