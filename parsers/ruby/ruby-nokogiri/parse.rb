# nestprobe parser program: reads all of stdin, parses it with Nokogiri::XML in strict mode (libxml2; the default mode recovers from errors and would accept truncated input) (default settings).
# Exit 0 on success; anything raised (rescue Exception, incl. SystemStackError) prints "<Class>: <message>" to stderr, exit 1.
require 'nokogiri'

input = $stdin.binmode.read
begin
  Nokogiri::XML(input) { |config| config.strict }
rescue Exception => e
  $stderr.puts "#{e.class}: #{e.message.gsub(/\s+/, ' ').strip[0, 200]}"
  exit 1
end
exit 0
