// nestprobe parser program: read all of stdin, parse it with Deno's built-in JSON.parse (V8), default
// settings. Reading stdin needs no permission. try/catch catches every JS exception (SyntaxError,
// RangeError, ...) -> one stderr line, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
// at once; `serialize` writes it back with JSON.stringify (an exception is exit 1); no `free`: Deno
// cannot force a collection without V8 flags the catalog does not pass. Without it: the result is
// discarded, then the program exits (as before).
const args = Deno.args;
const phase = args.length > 0 ? args[args.length - 1] : null;
if (phase !== null && !["parse", "serialize"].includes(phase)) {
  Deno.stderr.writeSync(new TextEncoder().encode(`unknown phase: ${phase} (parse or serialize)\n`));
  Deno.exit(2);
}
const text = await new Response(Deno.stdin.readable).text();
let value;
try {
  if (phase === null) {
    JSON.parse(text);
  } else {
    value = JSON.parse(text);
    if (phase === "serialize") {
      JSON.stringify(value);
    }
  }
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  Deno.stderr.writeSync(new TextEncoder().encode(`${name}: ${msg}\n`));
  Deno.exit(1);
}
Deno.exit(0);
