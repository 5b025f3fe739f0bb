# Converts all of stdin with Kramdown::Document.new(text).to_html (default options), from the script's
# own code, and reports the nesting it built (Protocol.built, counted from the HTML's tags); anything
# raised (rescue Exception: SystemStackError included) goes to Protocol.error (exit 1). With a phase
# (no "built depth" line then) the conversion is done in its two halves: Kramdown::Document.new(text)
# (its element tree), then in `serialize` Document#to_html. The exits are ../protocol.rb's.
require 'kramdown'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

input = Protocol.input('UTF-8')
begin
  if Protocol.phased?
    value = Kramdown::Document.new(input)
    Protocol.parsed
    value.to_html if Protocol.serializing?
    Protocol.serialized
  else
    html = Kramdown::Document.new(input).to_html
  end
rescue Exception => e
  Protocol.error(e)
end
value = nil
Protocol.built { Protocol.html_text_depth(html) }
Protocol.finished
