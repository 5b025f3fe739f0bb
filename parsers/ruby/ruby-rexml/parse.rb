# nestprobe parser program: reads all of stdin, parses it with REXML::Document.new (pure-Ruby DOM) (default settings).
# Exit 0 on success; anything raised (rescue Exception, incl. SystemStackError) prints "<Class>: <message>" to stderr, exit 1.
require 'rexml/document'

input = $stdin.binmode.read
begin
  REXML::Document.new(input)
rescue Exception => e
  $stderr.puts "#{e.class}: #{e.message.gsub(/\s+/, ' ').strip[0, 200]}"
  exit 1
end
exit 0
