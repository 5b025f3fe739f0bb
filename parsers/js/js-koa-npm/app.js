// nestprobe service program: Koa with @koa/bodyparser, as its README's Usage shows it
// (`app.use(bodyParser())`, then `ctx.request.body`), default options (jsonLimit 1mb, strict: co-body's
// JSON.parse). POST /parse answers `ok`; POST /echo sets `ctx.body = ctx.request.body`, which Koa
// answers as JSON (JSON.stringify); GET /health answers without parsing. Koa's own default error
// handling answers what throws. Listens on 127.0.0.1:$PORT. Run by ../serve-node.sh (plain node).
const Koa = require("koa");
const { bodyParser } = require("@koa/bodyparser");

const app = new Koa();
app.use(bodyParser());

app.use((ctx) => {
  if (ctx.method === "POST" && ctx.path === "/parse") {
    ctx.body = "ok";
  } else if (ctx.method === "POST" && ctx.path === "/echo") {
    ctx.body = ctx.request.body;
  } else if (ctx.method === "GET" && ctx.path === "/health") {
    ctx.body = "ok";
  }
});

app.listen(Number(process.env.PORT), "127.0.0.1");
