# Parses all of stdin with Yajl::Parser.parse (yajl-ruby, default options), from the script's own
# code; anything raised (rescue Exception) goes to Protocol.error (exit 1). The phases (`serialize`:
# Yajl::Encoder.encode) and the exits are ../protocol.rb's.
require 'yajl'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

input = Protocol.input
begin
  value = Yajl::Parser.parse(input)
  Protocol.parsed
  Yajl::Encoder.encode(value) if Protocol.serializing?
  Protocol.serialized
rescue Exception => e
  Protocol.error(e)
end
value = nil
Protocol.finished
