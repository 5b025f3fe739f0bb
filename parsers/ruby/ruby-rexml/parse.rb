# Parses all of stdin with REXML::Document.new (pure-Ruby DOM, default settings), from the script's
# own code; anything raised (rescue Exception, incl. SystemStackError) goes to Protocol.error (exit 1).
# The phases (`serialize`: REXML::Document#to_s) and the exits are ../protocol.rb's.
require 'rexml/document'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

input = Protocol.input
begin
  value = REXML::Document.new(input)
  Protocol.parsed
  value.to_s if Protocol.serializing?
  Protocol.serialized
rescue Exception => e
  Protocol.error(e)
end
value = nil
Protocol.finished
