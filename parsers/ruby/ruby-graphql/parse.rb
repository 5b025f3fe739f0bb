# Parses all of stdin with graphql-ruby's GraphQL.parse (default options) into its AST, from the
# script's own code; anything raised (rescue Exception: GraphQL::ParseError, SystemStackError) goes
# to Protocol.error (exit 1). The phases (`serialize`: to_query_string) and the exits are
# ../protocol.rb's.
require 'graphql'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

input = Protocol.input('UTF-8')
begin
  value = GraphQL.parse(input)
  Protocol.parsed
  value.to_query_string if Protocol.serializing?
  Protocol.serialized
rescue Exception => e
  Protocol.error(e)
end
value = nil
Protocol.finished
