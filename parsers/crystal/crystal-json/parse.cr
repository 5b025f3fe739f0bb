# nestprobe parser program: reads all of stdin, then JSON.parse (Crystal's standard library, default settings)
# into a JSON::Any. `rescue ex : Exception` catches every exception (JSON::ParseException, ...) -> one line
# "<class>: <message>" on stderr, exit 1.
require "json"

text = STDIN.gets_to_end
begin
  JSON.parse(text)
rescue ex : Exception
  msg = (ex.message || "").split.join(" ")[0, 200]
  STDERR.puts "#{ex.class}: #{msg}"
  exit 1
end
exit 0
