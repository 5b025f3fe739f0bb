// nestprobe parser program for Rhino (JavaScript on the JVM): read all of stdin through java.lang.System.in,
// then JSON.parse it (Rhino's own JSON parser, default settings). try/catch catches every exception that reaches
// the script (JS errors and wrapped Java throwables) -> one stderr line, exit 1.
var text = String(new java.lang.String(java.lang.System["in"].readAllBytes(), "UTF-8"));
try {
  JSON.parse(text);
} catch (e) {
  var name = (e && e.name) || typeof e;
  var msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  java.lang.System.err.println(name + ": " + msg);
  java.lang.System.exit(1);
}
java.lang.System.exit(0);
