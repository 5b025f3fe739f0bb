# nestprobe parser program: reads all of stdin, parses it with MessagePack.unpack (msgpack-ruby) (default settings).
# Exit 0 on success; anything raised (rescue Exception, incl. SystemStackError) prints "<Class>: <message>" to stderr, exit 1.
require 'msgpack'

input = $stdin.binmode.read
begin
  MessagePack.unpack(input)
rescue Exception => e
  $stderr.puts "#{e.class}: #{e.message.gsub(/\s+/, ' ').strip[0, 200]}"
  exit 1
end
exit 0
