# Parses all of stdin with Nokogiri::HTML (libxml2's HTML parser, default options: no huge), from the
# script's own code, and reports the nesting it built (Protocol.built: the tree walked with an
# explicit stack); anything raised (rescue Exception) goes to Protocol.error (exit 1). The phases
# (`serialize`: Nokogiri::HTML::Document#to_html; no "built depth" line in a phase) and the exits are
# ../protocol.rb's.
require 'nokogiri'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

input = Protocol.input
begin
  document = Nokogiri::HTML(input)
  Protocol.parsed
  document.to_html if Protocol.serializing?
  Protocol.serialized
rescue Exception => e
  Protocol.error(e)
end
Protocol.built { Protocol.tree_depth(document) }
document = nil
Protocol.finished
