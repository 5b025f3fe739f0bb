// nestprobe parser program for the MuJS and njs shells, run by parse.py: read the file named by the last script
// argument (all of stdin, saved by parse.py) with the mujs shell's read() or njs's fs.readFileSync, then
// JSON.parse it (the engine's own parser, default settings). try/catch catches every JS exception -> one line
// "<ErrorName>: <message>" on stdout (mujs's print, njs's console.log), which parse.py reports on stderr.
var text = typeof read === "function" ? read(scriptArgs[0])
  : require("fs").readFileSync(process.argv[process.argv.length - 1], "utf8");
try {
  JSON.parse(text);
} catch (e) {
  var name = (e && e.name) || typeof e;
  var msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  (typeof print === "function" ? print : console.log)(name + ": " + msg);
}
