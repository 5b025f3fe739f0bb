# Parses all of stdin with MessagePack.unpack (msgpack-ruby, default settings), from the script's own
# code; anything raised (rescue Exception, incl. SystemStackError) goes to Protocol.error (exit 1). The
# phases (`serialize`: MessagePack.pack) and the exits are ../protocol.rb's.
require 'msgpack'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

input = Protocol.input
begin
  value = MessagePack.unpack(input)
  Protocol.parsed
  MessagePack.pack(value) if Protocol.serializing?
  Protocol.serialized
rescue Exception => e
  Protocol.error(e)
end
value = nil
Protocol.finished
