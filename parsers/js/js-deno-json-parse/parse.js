// nestprobe parser program: read all of stdin, parse it with Deno's built-in JSON.parse (V8), default
// settings. Reading stdin needs no permission. try/catch catches every JS exception (SyntaxError,
// RangeError, ...) -> one stderr line, exit 1.
const text = await new Response(Deno.stdin.readable).text();
try {
  JSON.parse(text);
} catch (e) {
  const name = (e && e.name) || typeof e;
  const msg = String(e && e.message !== undefined ? e.message : e).split(/\s+/).join(" ").slice(0, 200);
  Deno.stderr.writeSync(new TextEncoder().encode(`${name}: ${msg}\n`));
  Deno.exit(1);
}
Deno.exit(0);
