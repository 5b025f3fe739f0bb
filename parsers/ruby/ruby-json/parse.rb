# Reads all of stdin, parses it with Ruby's json stdlib: JSON.parse (defaults; max_nesting 100).
# Exit 0 on success; anything raised (rescue Exception) prints "<Class>: <message>" to stderr, exit 1.
require 'json'

input = $stdin.binmode.read
begin
  JSON.parse(input)
rescue Exception => e
  $stderr.puts "#{e.class}: #{e.message.gsub(/\s+/, ' ').strip[0, 200]}"
  exit 1
end
exit 0
