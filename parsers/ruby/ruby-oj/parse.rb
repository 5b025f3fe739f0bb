# Reads all of stdin, parses it with Oj.load (Oj's default options, i.e. :object mode).
# Exit 0 on success; anything raised (rescue Exception) prints "<Class>: <message>" to stderr, exit 1.
require 'oj'

input = $stdin.binmode.read
begin
  Oj.load(input)
rescue Exception => e
  $stderr.puts "#{e.class}: #{e.message.gsub(/\s+/, ' ').strip[0, 200]}"
  exit 1
end
exit 0
