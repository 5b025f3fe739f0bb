// nestprobe service program: graphql-js behind Express, the tiny handler graphql-js's documentation
// builds on: `express.json()`, then `graphql({ schema, source, rootValue, variableValues,
// operationName })` on the POSTed {"query": ...}, and the result sent with res.json. The answer's
// status is the one graphql-http (the documented server, not packaged by Debian) gives a client
// that accepts application/json: 200 with the GraphQL errors (a syntax or validation error, a field
// error during execution); 400 when what failed is not a GraphQLError (graphql() returns the parser's
// RangeError "Maximum call stack size exceeded" in `errors` as it caught it), its message in
// `errors` (an Error has no enumerable fields: res.json would print `{}`).
// Schema: `type Query { a: A }  type A { a: A  b: Int }`; every `a` resolves to the same object, so
// `{a{a{b}}}` executes at any depth. (The probe's `{a{a{a}}}` ends in an `a` without a selection:
// a validation error, answered 200 once the query parsed.) GET /health answers without parsing.
// Listens on 127.0.0.1:$PORT. Run by ../serve-node.sh (plain node), with Debian's express and
// graphql found through NODE_PATH=/usr/share/nodejs (the row's env).
const express = require("express");
const { graphql, buildSchema, GraphQLError } = require("graphql");

const schema = buildSchema(`
  type Query { a: A }
  type A { a: A  b: Int }
`);
const node = { a: () => node, b: () => 1 };

const app = express();
app.use(express.json());

app.post("/graphql", async (req, res) => {
  const { query, variables, operationName } = req.body;
  const result = await graphql({
    schema,
    source: query,
    rootValue: node,
    variableValues: variables,
    operationName,
  });
  const thrown = (result.errors || []).find((e) => !(e instanceof GraphQLError));
  if (thrown) {
    res.status(400).json({ errors: [{ message: thrown.message }] });
  } else {
    res.json(result);
  }
});

app.get("/health", (req, res) => {
  res.send("ok");
});

app.listen(Number(process.env.PORT), "127.0.0.1");
