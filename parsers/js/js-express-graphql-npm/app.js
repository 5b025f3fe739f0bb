// nestprobe service program: graphql-js behind Express as graphql-js's documentation shows it
// ("Running an Express GraphQL Server"): `app.all("/graphql", createHandler({ schema, rootValue }))`
// from graphql-http, which reads and parses the request itself; defaults otherwise. graphql-http
// answers a client accepting application/json (a request without Accept) 200 with a syntax or
// validation error, 400 when what failed is not a GraphQLError (the parser's RangeError).
// Schema: `type Query { a: A }  type A { a: A  b: Int }`; every `a` resolves to the same object, so
// `{a{a{b}}}` executes at any depth. (The probe's `{a{a{a}}}` ends in an `a` without a selection:
// a validation error, answered 200 once the query parsed.) GET /health answers without parsing.
// Listens on 127.0.0.1:$PORT. Run by ../serve-node.sh (plain node).
const express = require("express");
const { createHandler } = require("graphql-http/lib/use/express");
const { buildSchema } = require("graphql");

const schema = buildSchema(`
  type Query { a: A }
  type A { a: A  b: Int }
`);
const node = { a: () => node, b: () => 1 };

const app = express();
app.all("/graphql", createHandler({ schema, rootValue: node }));

app.get("/health", (req, res) => {
  res.send("ok");
});

app.listen(Number(process.env.PORT), "127.0.0.1");
