# Parses all of stdin with Psych.safe_load (Ruby's YAML, libyaml-based; default settings), from the
# script's own code; anything raised (rescue Exception, incl. SystemStackError) goes to Protocol.error
# (exit 1). The phases (`serialize`: Psych.dump) and the exits are ../protocol.rb's.
require 'psych'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

input = Protocol.input
begin
  value = Psych.safe_load(input)
  Protocol.parsed
  Psych.dump(value) if Protocol.serializing?
  Protocol.serialized
rescue Exception => e
  Protocol.error(e)
end
value = nil
Protocol.finished
