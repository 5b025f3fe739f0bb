// nestprobe parser program for the npm libraries whose parse is one function of the package taking all
// of stdin and whose writer is one function of it taking the value: js-yaml (load, dump), yaml
// (parse, stringify), @iarna/toml and smol-toml (parse, stringify), toml (parse; it has no writer),
// @msgpack/msgpack (decode, encode), json5 (parse, stringify). The library is in the arguments,
// before the optional phase:
//   PACKAGE PARSE SERIALIZE INPUT    e.g.  js-yaml load dump text    @msgpack/msgpack decode encode bytes
// (INPUT `bytes`: stdin's bytes, `text`: decoded from UTF-8; default settings). The build copies this
// file beside the packages package-lock.json pins (`npm ci`: every row's library, each at its row's
// release) and the row runs that copy, so `require` finds them there. The call is made from the
// module's own code, `lib[PARSE](data)`, as `yaml.load(data)` was; anything thrown (parse errors,
// RangeError, ...) goes to protocol.error (exit 1). The phases (`serialize`: the package's writer) and
// the exits are ../protocol.js's (parsers/README.md, "Phases"); the program runs from its folder, so
// ../protocol.js is found there, not beside its copy.
const protocol = require(require("path").resolve("../protocol.js"));
const [name, parseName, serializeName, given] = process.argv.slice(2, 6);
const lib = require(name);

const data = protocol.input({ args: 4, binary: given === "bytes" });
let value;
try {
  value = lib[parseName](data);
  protocol.parsed();
  protocol.serializer(lib[serializeName])(value);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
value = undefined;
protocol.finished();
