# nestprobe parser program: reads all of stdin, parses it with Psych.safe_load (Ruby's YAML, libyaml-based) (default settings).
# Exit 0 on success; anything raised (rescue Exception, incl. SystemStackError) prints "<Class>: <message>" to stderr, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
# at once with exit!(0); `free` does `value = nil; GC.start`, then exit!(0); `serialize` writes it
# back with Psych.dump (anything raised is exit 1), then exit!(0). Without it: the value is dropped at
# once and never collected before `exit 0` (as before).
require 'psych'

phase = ARGV.last
unless [nil, 'parse', 'free', 'serialize'].include?(phase)
  $stderr.puts "unknown phase: #{phase} (parse, free or serialize)"
  exit 2
end

input = $stdin.binmode.read
begin
  if phase.nil?
    Psych.safe_load(input)
  else
    value = Psych.safe_load(input)
    case phase
    when 'free'
      value = nil
      GC.start
    when 'serialize'
      Psych.dump(value)
    end
  end
rescue Exception => e
  $stderr.puts "#{e.class}: #{e.message.gsub(/\s+/, ' ').strip[0, 200]}"
  exit 1
end
exit!(0) unless phase.nil?
exit 0
