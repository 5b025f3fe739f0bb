// nestprobe parser program for njs (NGINX JavaScript), run by parse.py: read the file named by the last argument
// (all of stdin, saved by parse.py), then JSON.parse it (njs's own parser, default settings). try/catch catches
// every JS exception -> one line "<ErrorName>: <message>" on stdout, which parse.py reports (njs 0.7 cannot choose
// its exit status).
var fs = require("fs");
var text = fs.readFileSync(process.argv[process.argv.length - 1], "utf8");
try {
  JSON.parse(text);
} catch (e) {
  var name = (e && e.name) || typeof e;
  var msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  console.log(name + ": " + msg);
}
