# Parses all of stdin with Ruby's json stdlib, JSON.parse (defaults; max_nesting 100), from the
# script's own code; anything raised (rescue Exception) goes to Protocol.error (exit 1). The phases
# (`serialize`: JSON.generate, max_nesting 100 too) and the exits are ../protocol.rb's.
require 'json'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

input = Protocol.input
begin
  value = JSON.parse(input)
  Protocol.parsed
  JSON.generate(value) if Protocol.serializing?
  Protocol.serialized
rescue Exception => e
  Protocol.error(e)
end
value = nil
Protocol.finished
