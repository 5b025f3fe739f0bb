# Reads all of stdin, parses it with Yajl::Parser.parse (yajl-ruby, default options).
# Exit 0 on success; anything raised (rescue Exception) prints "<Class>: <message>" to stderr, exit 1.
require 'yajl'

input = $stdin.binmode.read
begin
  Yajl::Parser.parse(input)
rescue Exception => e
  $stderr.puts "#{e.class}: #{e.message.gsub(/\s+/, ' ').strip[0, 200]}"
  exit 1
end
exit 0
