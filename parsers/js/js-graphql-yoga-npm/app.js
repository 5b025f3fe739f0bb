// nestprobe service program: GraphQL Yoga as its README shows it: `createYoga({ schema:
// createSchema({ typeDefs, resolvers }) })` handed to node:http's `createServer`, defaults otherwise
// (endpoint /graphql, its health check at /health, its parse and validation caches, masked
// unexpected errors). Schema: `type Query { a: A }  type A { a: A  b: Int }`; every `a` resolves to
// the same object, so `{a{a{b}}}` executes at any depth. Listens on 127.0.0.1:$PORT. Run by
// ../serve-node.sh (plain node).
const { createServer } = require("node:http");
const { createSchema, createYoga } = require("graphql-yoga");

const node = {};
const yoga = createYoga({
  schema: createSchema({
    typeDefs: /* GraphQL */ `
      type Query { a: A }
      type A { a: A  b: Int }
    `,
    resolvers: {
      Query: { a: () => node },
      A: { a: () => node, b: () => 1 },
    },
  }),
});

const server = createServer(yoga);

server.listen(Number(process.env.PORT), "127.0.0.1", () => {
  console.info(`Server is running on http://127.0.0.1:${process.env.PORT}/graphql`);
});
