# Crass.parse (a CSS Syntax Level 3 parser, default options) of all of stdin as a stylesheet, from the
# script's own code: the css payloads (`:not(:not(a))`) are the prelude of a rule without a block, each
# `:not(` a function token holding the next, which Crass consumes recursively. Phase `run` writes the
# parsed tree back with Crass::Parser.stringify (recursive too). Anything raised (SystemStackError
# included; rescue Exception) goes to Protocol.error (exit 1). Input, phases and exits: ../protocol.rb.
require 'crass'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

source = Protocol.input('UTF-8', language: true)
begin
  tree = Crass.parse(source)
  Protocol.compiled
  Crass::Parser.stringify(tree) if Protocol.running?
rescue Exception => e
  Protocol.error(e)
end
tree = nil
Protocol.finished
