// nestprobe service program: Express with its JSON body parser, as Express's documentation shows
// it (`app.use(express.json())`, then `req.body`): default options (100 kB body limit, strict).
// POST /parse answers `ok`; POST /echo sends the parsed body back with `res.json(req.body)`;
// GET /health answers without parsing. Express's own default error handler answers what the
// parser or res.json throws. Listens on 127.0.0.1:$PORT. Run by ../serve-node.sh (plain node).
// The same program serves js-express (Debian's express 4 and body-parser, found through
// NODE_PATH=/usr/share/nodejs) and js-express-npm (express 5 from npm, in $BUILD/node_modules).
const express = require("express");

const app = express();
app.use(express.json());

app.post("/parse", (req, res) => {
  res.send("ok");
});

app.post("/echo", (req, res) => {
  res.json(req.body);
});

app.get("/health", (req, res) => {
  res.send("ok");
});

app.listen(Number(process.env.PORT), "127.0.0.1");
