// nestprobe service program: Apollo Server's standalone server, as its README's "Getting started"
// shows it: `new ApolloServer({ typeDefs, resolvers })` and `startStandaloneServer(server, { listen })`
// (its own http server, cors, body-parser's json() with Apollo's 50mb limit), defaults otherwise
// (NODE_ENV unset: error responses carry stack traces). It answers GraphQL at every path; trials
// POST to /graphql. Apollo answers both a parse failure (GRAPHQL_PARSE_FAILED, the parser's RangeError
// among them) and a validation error (GRAPHQL_VALIDATION_FAILED) with 400: see SERVICES-NOTES.md.
// Schema: `type Query { a: A }  type A { a: A  b: Int }`; every `a` resolves to the same object, so
// `{a{a{b}}}` executes at any depth. Listens on 127.0.0.1:$PORT. Run by ../serve-node.sh (plain node).
const { ApolloServer } = require("@apollo/server");
const { startStandaloneServer } = require("@apollo/server/standalone");

const typeDefs = `#graphql
  type Query { a: A }
  type A { a: A  b: Int }
`;
const node = {};
const resolvers = {
  Query: { a: () => node },
  A: { a: () => node, b: () => 1 },
};

const server = new ApolloServer({ typeDefs, resolvers });

startStandaloneServer(server, { listen: { port: Number(process.env.PORT), host: "127.0.0.1" } }).then(({ url }) => {
  console.log(`Server ready at ${url}`);
});
