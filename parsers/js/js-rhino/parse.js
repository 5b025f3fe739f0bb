// nestprobe parser program for Rhino (JavaScript on the JVM): JSON.parse (Rhino's own parser, default
// settings) on all of stdin, from the script's own code; anything that reaches the script (JS errors
// and wrapped Java throwables) goes to protocol.error (exit 1). Input and exits are ../protocol.js's,
// loaded with the shell's load() from the folder the program runs in.
load("../protocol.js");

var text = protocol.input();
try {
  JSON.parse(text);
} catch (e) {
  protocol.error(e);
}
protocol.finished();
