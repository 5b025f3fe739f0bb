# nestprobe parser program (format code): CRuby's own compiler, RubyVM::InstructionSequence.compile
# (defaults: the interpreter's parser, then the bytecode compiler), on the payload wrapped as an
# assignment, `x = PAYLOAD` and a newline. Ruby has no bare blocks: `{{}}` reads as a hash literal
# holding a hash without a value, a SyntaxError at depth 2. Anything raised (SyntaxError,
# SystemStackError, NoMemoryError, ...) is the error line (rescue Exception). Phase `run`: the
# instruction sequence evaluated once (iseq.eval). Input, phases and exits: ../protocol.rb.
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

source = "x = #{Protocol.input(Encoding::UTF_8, language: true)}\n"
begin
  iseq = RubyVM::InstructionSequence.compile(source, '<payload>')
  Protocol.compiled
  iseq.eval if Protocol.running?
rescue Exception => e # rubocop:disable Lint/RescueException
  Protocol.error(e)
end
iseq = nil
Protocol.finished
