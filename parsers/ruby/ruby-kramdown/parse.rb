# Reads all of stdin, converts it with Kramdown::Document.new(text).to_html (default options), prints
# the nesting it built ("built depth: N", parsers/README.md), exit 0; anything raised (rescue
# Exception: SystemStackError included) prints "<Class>: <message>" to stderr, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"; no "built depth" line then): the
# text is parsed alone, Kramdown::Document.new(text) (its element tree); `parse` keeps it and ends at
# once with exit!(0); `free` does `value = nil; GC.start`, then exit!(0); `serialize` converts it
# with Document#to_html (anything raised is exit 1), then exit!(0). Without it: as before.
require 'kramdown'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'built_depth')

phase = ARGV.last
unless [nil, 'parse', 'free', 'serialize'].include?(phase)
  $stderr.puts "unknown phase: #{phase} (parse, free or serialize)"
  exit 2
end

input = $stdin.binmode.read.force_encoding('UTF-8')
begin
  if phase.nil?
    html = Kramdown::Document.new(input).to_html
  else
    value = Kramdown::Document.new(input)
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
$stderr.puts "built depth: #{html_text_depth(html)}"
exit 0
