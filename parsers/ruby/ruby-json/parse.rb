# One program for the Ruby libraries whose parse is one call on a module or class, given all of stdin,
# and whose writer is one call too, on the module or on the value. The library is in the arguments,
# before the optional phase: FEATURE PARSE SERIALIZE ENCODING, e.g.
#   json JSON.parse JSON.generate binary        oj Oj.load Oj.dump binary
#   rexml/document REXML::Document.new #to_s binary    graphql GraphQL.parse #to_query_string UTF-8
# FEATURE is required; PARSE is `Receiver.method`, called with the input (default settings);
# SERIALIZE is `Receiver.method` called with the value, or `#method` called on the value; ENCODING is
# what stdin is forced to (`binary`: as read). The calls are made with `send` from the script's own
# code (YARV's send pushes no frame of its own: the library runs at the VM depth of a direct call);
# anything raised (rescue Exception, SystemStackError included) goes to Protocol.error (exit 1).
# The phases and the exits are ../protocol.rb's.
# The library, resolved before the parse into constants: the script's own locals stay `input`, `value`
# and `e`, as in the programs it replaced (each local is a slot of the top-level frame on the VM stack
# under the parse, and graphql-ruby's boundary there is stack-bound to the level).
FEATURE, PARSER, SERIALIZER, ENCODING = ARGV.shift(4) # what is left is the phase, if any
require FEATURE
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

PARSE_RECEIVER = Object.const_get(PARSER.split('.').first)
PARSE_METHOD = PARSER.split('.').last.to_sym
DUMP_RECEIVER = SERIALIZER.start_with?('#') ? nil : Object.const_get(SERIALIZER.split('.').first)
DUMP_METHOD = SERIALIZER.split(/[.#]/).last.to_sym

input = Protocol.input(ENCODING == 'binary' ? nil : ENCODING)
begin
  value = PARSE_RECEIVER.send(PARSE_METHOD, input)
  Protocol.parsed
  (DUMP_RECEIVER ? DUMP_RECEIVER.send(DUMP_METHOD, value) : value.send(DUMP_METHOD)) if Protocol.serializing?
  Protocol.serialized
rescue Exception => e
  Protocol.error(e)
end
value = nil
Protocol.finished
