// nestprobe parser program: graphql-js's parse (default options) on all of stdin into its AST, from
// the module's own code; anything thrown (GraphQLError, RangeError: Maximum call stack size exceeded)
// goes to protocol.error (exit 1). The phases (`serialize`: graphql's print) and the exits are
// ../protocol.js's (parsers/README.md, "Phases").
"use strict";
const protocol = require(require("path").resolve("../protocol.js"));
const { parse, print } = require("graphql");

const text = protocol.input();
try {
  const document = parse(text);
  protocol.parsed();
  protocol.serializer(print)(document);
  protocol.serialized();
} catch (e) {
  protocol.error(e);
}
protocol.finished();
