# Reads all of stdin, parses it with graphql-ruby's GraphQL.parse (default options) into its AST.
# Exit 0 on success; anything raised (rescue Exception: GraphQL::ParseError, SystemStackError)
# prints "<Class>: <message>" to stderr, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends with exit!(0), the
# AST kept; `free` drops it and runs GC.start, then exit!(0); `serialize` prints it back with
# to_query_string, then exit!(0). Without it: the AST is dropped, exit 0.
require 'graphql'

phase = ARGV.last
unless [nil, 'parse', 'free', 'serialize'].include?(phase)
  $stderr.puts "unknown phase: #{phase} (parse, free or serialize)"
  exit 2
end
input = $stdin.binmode.read.force_encoding('UTF-8')
begin
  document = GraphQL.parse(input)
  exit!(0) if phase == 'parse'
  if phase == 'free'
    document = nil
    GC.start
    exit!(0)
  end
  if phase == 'serialize'
    document.to_query_string
    exit!(0)
  end
rescue Exception => e
  $stderr.puts "#{e.class}: #{e.message.gsub(/\s+/, ' ').strip[0, 200]}"
  exit 1
end
exit 0
