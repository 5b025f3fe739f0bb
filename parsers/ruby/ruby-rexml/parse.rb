# nestprobe parser program: reads all of stdin, parses it with REXML::Document.new (pure-Ruby DOM) (default settings).
# Exit 0 on success; anything raised (rescue Exception, incl. SystemStackError) prints "<Class>: <message>" to stderr, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
# at once with exit!(0); `free` does `value = nil; GC.start`, then exit!(0); `serialize` writes it
# back with REXML::Document#to_s (anything raised is exit 1), then exit!(0). Without it: the value is dropped at
# once and never collected before `exit 0` (as before).
require 'rexml/document'

phase = ARGV.last
unless [nil, 'parse', 'free', 'serialize'].include?(phase)
  $stderr.puts "unknown phase: #{phase} (parse, free or serialize)"
  exit 2
end

input = $stdin.binmode.read
begin
  if phase.nil?
    REXML::Document.new(input)
  else
    value = REXML::Document.new(input)
    case phase
    when 'free'
      value = nil
      GC.start
    when 'serialize'
      value.to_s
    end
  end
rescue Exception => e
  $stderr.puts "#{e.class}: #{e.message.gsub(/\s+/, ' ').strip[0, 200]}"
  exit 1
end
exit!(0) unless phase.nil?
exit 0
