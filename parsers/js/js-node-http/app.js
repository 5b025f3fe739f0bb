// nestprobe service program: Node.js's own http module, the body collected the way Node's guide
// ("Anatomy of an HTTP Transaction") shows it (chunks on 'data', Buffer.concat on 'end'), then
// JSON.parse inside try/catch, answering 400 with the error's message when it throws, as Node's
// documentation examples do. POST /parse answers `ok`; POST /echo writes JSON.stringify(value) back
// (outside the try, as people write it: a throw there is an uncaught exception, which ends a
// plain http server); GET /health answers without parsing. No body limit (the http module has
// none). Listens on 127.0.0.1:$PORT. Run by ../serve-node.sh (plain node).
const http = require("http");

const server = http.createServer((req, res) => {
  if (req.method === "GET" && req.url === "/health") {
    res.end("ok");
    return;
  }
  const chunks = [];
  req.on("data", (chunk) => {
    chunks.push(chunk);
  });
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString();
    let value;
    try {
      value = JSON.parse(body);
    } catch (e) {
      res.statusCode = 400;
      res.end(e.message);
      return;
    }
    if (req.url === "/echo") {
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(value));
    } else {
      res.end("ok");
    }
  });
});

server.listen(Number(process.env.PORT), "127.0.0.1");
