// nestprobe parser program for MuJS, run by parse.py: read the file named by the first script argument (all of
// stdin, saved by parse.py) with the mujs shell's read(), then JSON.parse it (MuJS's own parser, default settings).
// try/catch catches every JS exception -> one line "<ErrorName>: <message>" on stdout, which parse.py reports on
// stderr (the mujs shell has no stderr writer).
var text = read(scriptArgs[0]);
try {
  JSON.parse(text);
} catch (e) {
  var name = (e && e.name) || typeof e;
  var msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  print(name + ": " + msg);
}
