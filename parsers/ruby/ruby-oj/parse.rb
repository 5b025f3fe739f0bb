# Parses all of stdin with Oj.load (Oj's default options, i.e. :object mode), from the script's own
# code; anything raised (rescue Exception) goes to Protocol.error (exit 1). The phases (`serialize`:
# Oj.dump, default options) and the exits are ../protocol.rb's.
require 'oj'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

input = Protocol.input
begin
  value = Oj.load(input)
  Protocol.parsed
  Oj.dump(value) if Protocol.serializing?
  Protocol.serialized
rescue Exception => e
  Protocol.error(e)
end
value = nil
Protocol.finished
