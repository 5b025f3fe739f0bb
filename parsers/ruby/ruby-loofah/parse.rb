# Sanitizes all of stdin with Loofah.fragment(input).scrub!(:strip) (Nokogiri's HTML parser, then
# Loofah's default scrubber walking the tree), from the script's own code, and reports the nesting
# the sanitized fragment kept (Protocol.built: the tree walked with an explicit stack); anything
# raised (rescue Exception: SystemStackError included) goes to Protocol.error (exit 1). The phases
# (`parse`: the fragment before scrubbing; `serialize`: the scrubbed fragment's to_s; no "built
# depth" line in a phase) and the exits are ../protocol.rb's.
require 'loofah'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

input = Protocol.input('UTF-8')
begin
  fragment = Loofah.fragment(input)
  Protocol.parsed
  fragment.scrub!(:strip)
  fragment.to_s if Protocol.serializing?
  Protocol.serialized
rescue Exception => e
  Protocol.error(e)
end
Protocol.built { Protocol.tree_depth(fragment) }
fragment = nil
Protocol.finished
