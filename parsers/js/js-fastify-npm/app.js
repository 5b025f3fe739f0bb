// nestprobe service program: Fastify as its Getting Started page shows it, with its defaults (no
// logger, bodyLimit 1 MiB, the built-in application/json content-type parser: secure-json-parse,
// i.e. JSON.parse plus a prototype-poisoning scan). POST /parse answers `ok`; POST /echo returns
// request.body, which Fastify's reply serializes (JSON.stringify, no response schema); GET /health.
// Fastify's default error handler answers what the parser or serializer throws. Listens on
// 127.0.0.1:$PORT. Run by ../serve-node.sh (plain node).
const fastify = require("fastify")();

fastify.post("/parse", async (request, reply) => {
  return "ok";
});

fastify.post("/echo", async (request, reply) => {
  return request.body;
});

fastify.get("/health", async (request, reply) => {
  return "ok";
});

// A listen error rejects the promise: unhandled, it ends node with its message (exit 1).
fastify.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
