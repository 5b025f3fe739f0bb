# Reads all of stdin, parses it with Nokogiri::HTML (libxml2's HTML parser, default options: no
# huge), prints the nesting it built ("built depth: N", parsers/README.md), exit 0; anything raised
# (rescue Exception) prints "<Class>: <message>" to stderr, exit 1.
require 'nokogiri'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'built_depth')

input = $stdin.binmode.read
begin
  document = Nokogiri::HTML(input)
rescue Exception => e
  report_error(e)
end
$stderr.puts "built depth: #{tree_depth(document)}"
exit 0
