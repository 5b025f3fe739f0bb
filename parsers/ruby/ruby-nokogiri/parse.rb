# nestprobe parser program: reads all of stdin, parses it with Nokogiri::XML in strict mode (libxml2; the default mode recovers from errors and would accept truncated input) (default settings).
# Exit 0 on success; anything raised (rescue Exception, incl. SystemStackError) prints "<Class>: <message>" to stderr, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
# at once with exit!(0); `free` does `value = nil; GC.start`, then exit!(0); `serialize` writes it
# back with Nokogiri::XML::Document#to_xml (anything raised is exit 1), then exit!(0). Without it: the value is dropped at
# once and never collected before `exit 0` (as before).
require 'nokogiri'

phase = ARGV.last
unless [nil, 'parse', 'free', 'serialize'].include?(phase)
  $stderr.puts "unknown phase: #{phase} (parse, free or serialize)"
  exit 2
end

input = $stdin.binmode.read
begin
  if phase.nil?
    Nokogiri::XML(input) { |config| config.strict }
  else
    value = Nokogiri::XML(input) { |config| config.strict }
    case phase
    when 'free'
      value = nil
      GC.start
    when 'serialize'
      value.to_xml
    end
  end
rescue Exception => e
  $stderr.puts "#{e.class}: #{e.message.gsub(/\s+/, ' ').strip[0, 200]}"
  exit 1
end
exit!(0) unless phase.nil?
exit 0
