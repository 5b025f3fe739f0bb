# Reads all of stdin, converts it with Kramdown::Document.new(text).to_html (default options), prints
# the nesting it built ("built depth: N", parsers/README.md), exit 0; anything raised (rescue
# Exception: SystemStackError included) prints "<Class>: <message>" to stderr, exit 1.
require 'kramdown'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'built_depth')

input = $stdin.binmode.read.force_encoding('UTF-8')
begin
  html = Kramdown::Document.new(input).to_html
rescue Exception => e
  report_error(e)
end
$stderr.puts "built depth: #{html_text_depth(html)}"
exit 0
