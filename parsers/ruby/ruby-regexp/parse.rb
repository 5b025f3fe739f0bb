# Ruby's Regexp.new (Onigmo, no options) compiles all of stdin as the whole pattern, from the script's
# own code; phase `run` matches it against the subject "a" (Regexp#match: a match or none is exit 0).
# Anything raised (RegexpError, SystemStackError, ...; rescue Exception) goes to Protocol.error
# (exit 1). Input, phases and exit statuses: ../protocol.rb.
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

source = Protocol.input('UTF-8', language: true)
begin
  regexp = Regexp.new(source)
  Protocol.compiled
  regexp.match('a') if Protocol.running?
rescue Exception => e
  Protocol.error(e)
end
regexp = nil
Protocol.finished
