# Reads all of stdin, parses it with Nokogiri::HTML (libxml2's HTML parser, default options: no
# huge), prints the nesting it built ("built depth: N", parsers/README.md), exit 0; anything raised
# (rescue Exception) prints "<Class>: <message>" to stderr, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"; no "built depth" line then):
# `parse` keeps the document and ends at once with exit!(0); `free` does `value = nil; GC.start`,
# then exit!(0); `serialize` writes it back with Nokogiri::HTML::Document#to_html (anything raised is
# exit 1), then exit!(0). Without it: as before (the parse at the same call depth).
require 'nokogiri'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'built_depth')

phase = ARGV.last
unless [nil, 'parse', 'free', 'serialize'].include?(phase)
  $stderr.puts "unknown phase: #{phase} (parse, free or serialize)"
  exit 2
end

input = $stdin.binmode.read
begin
  if phase.nil?
    document = Nokogiri::HTML(input)
  else
    value = Nokogiri::HTML(input)
    case phase
    when 'free'
      value = nil
      GC.start
    when 'serialize'
      value.to_html
    end
  end
rescue Exception => e
  report_error(e)
end
exit!(0) unless phase.nil?
$stderr.puts "built depth: #{tree_depth(document)}"
exit 0
