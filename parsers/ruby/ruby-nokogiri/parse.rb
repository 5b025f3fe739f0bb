# Parses all of stdin with Nokogiri::XML in strict mode (libxml2; the default mode recovers from
# errors and would accept truncated input), from the script's own code; anything raised (rescue
# Exception, incl. SystemStackError) goes to Protocol.error (exit 1). The phases (`serialize`:
# Nokogiri::XML::Document#to_xml) and the exits are ../protocol.rb's.
require 'nokogiri'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

input = Protocol.input
begin
  value = Nokogiri::XML(input) { |config| config.strict }
  Protocol.parsed
  value.to_xml if Protocol.serializing?
  Protocol.serialized
rescue Exception => e
  Protocol.error(e)
end
value = nil
Protocol.finished
