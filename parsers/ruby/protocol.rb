# The protocol helper of the Ruby programs (parsers/README.md, "The protocol helper"): the phase
# argument, stdin, the error line, the exit statuses, the phases' checkpoints and the built depth.
# A program calls its library from its own top-level code, inside its own begin/rescue; this file
# runs before the parse (input) and after it (the checkpoints, the exits), never under it.
#
# A program reaches it as `require_relative File.join(File.dirname(File.realpath(__FILE__)), '..',
# 'protocol')`: the language folder on the host, the copy beside the program's folder in a root.
#
# The steps, in the protocol's order:
#   Protocol.input(encoding)  the phase is the last argument (an unknown one: one stderr line, exit 2,
#       before stdin); returns all of stdin, binary (or forced to `encoding`).
#   Protocol.error(e), Protocol.fail(kind, message)  "<Class>: <message>" (whitespace folded, cut at
#       200 characters) on stderr, `exit 1`; called from the program's `rescue Exception => e`.
#   Protocol.parsed           in phase `parse`: exit!(0) at once (no at_exit handlers, no finalizers).
#   Protocol.serializing?     whether the serializer runs: the program writes `Oj.dump(value) if
#       Protocol.serializing?`, the library called inline from its own code (a callable the helper
#       returned would add a `call` frame under the serializer).
#   Protocol.serialized       in phase `serialize`: exit!(0).
#   Protocol.finished         in phase `free`: GC.start, then exit!(0); without a phase `exit 0` as
#       before (nothing collected).
#   Protocol.phased?          whether a phase was given (for a program built differently with one).
#   Protocol.built(n) / Protocol.built { n }  "built depth: N" on stderr, only without a phase (the
#       block is not called in a phase); html_text_depth and tree_depth count it without recursion.
module Protocol
  PHASES = %w[parse free serialize].freeze
  LANGUAGE_PHASES = %w[compile run].freeze

  @phase = nil

  # A language's program (a pattern, a query, code) passes language: true: its phases are compile and run.
  def self.input(encoding = nil, language: false)
    known = language ? LANGUAGE_PHASES : PHASES
    @phase = ARGV.last
    unless @phase.nil? || known.include?(@phase)
      $stderr.puts "unknown phase: #{@phase} (#{known[0..-2].join(', ')} or #{known[-1]})"
      exit 2
    end
    input = $stdin.binmode.read
    encoding ? input.force_encoding(encoding) : input
  end

  def self.fail(kind, message)
    $stderr.puts "#{kind}: #{message.to_s.gsub(/\s+/, ' ').strip[0, 200]}"
    exit 1
  end

  def self.error(e)
    fail(e.class, e.message)
  end

  def self.phased?
    !@phase.nil?
  end

  def self.parsed
    exit!(0) if @phase == 'parse'
  end

  # In phase `compile`: exit!(0) at once (the pattern or code compiled); without a phase the program
  # goes on to its end, as a compile alone.
  def self.compiled
    exit!(0) if @phase == 'compile'
  end

  # The run guard: whether the program runs what it compiled now (phase `run`), written in its own
  # code as `regexp.match('a') if Protocol.running?` (no block frame under it).
  def self.running?
    @phase == 'run'
  end

  def self.serializing?
    @phase == 'serialize'
  end

  def self.serialized
    exit!(0) if @phase == 'serialize'
  end

  def self.finished
    if @phase == 'free'
      GC.start
      exit!(0)
    end
    exit 0
  end

  def self.built(depth = nil)
    return if phased?

    $stderr.puts "built depth: #{block_given? ? yield : depth}"
  end

  KINDS = { 'blockquote' => :q, 'ul' => :l, 'ol' => :l, 'em' => :e, 'strong' => :e }.freeze

  # The deepest nesting of <blockquote>, of <ul>/<ol>, or of <em>/<strong> (emphasis), in rendered HTML.
  def self.html_text_depth(html)
    open = { q: 0, l: 0, e: 0 }
    deepest = 0
    html.scan(%r{<(/?)(blockquote|ul|ol|em|strong)\b}i) do |closing, name|
      kind = KINDS[name.downcase]
      open[kind] += closing.empty? ? 1 : -1
      deepest = [deepest, open[kind]].max
    end
    deepest
  end

  # The longest chain of nested div elements, or of b elements, in a Nokogiri tree: an explicit stack.
  def self.tree_depth(root)
    stack = [[root, 0, 0]]
    deepest = 0
    until stack.empty?
      node, divs, bolds = stack.pop
      name = node.element? ? node.name.downcase : ''
      divs += 1 if name == 'div'
      bolds += 1 if name == 'b'
      deepest = [deepest, divs, bolds].max
      node.children.each { |child| stack << [child, divs, bolds] }
    end
    deepest
  end
end
