# Reads all of stdin, decodes it with Ruby's OpenSSL::ASN1.decode (the openssl extension's own
# generic BER decoder, which decodes every constructed value into its parts). Exit 0 on success;
# anything raised (rescue Exception: OpenSSL::ASN1::ASN1Error, SystemStackError) prints
# "<Class>: <message>" to stderr, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends with exit!(0);
# `free` drops the value and runs GC.start, then exit!(0); `serialize` encodes it back with to_der,
# then exit!(0). Without it: the value is dropped, exit 0.
require 'openssl'

phase = ARGV.last
unless [nil, 'parse', 'free', 'serialize'].include?(phase)
  $stderr.puts "unknown phase: #{phase} (parse, free or serialize)"
  exit 2
end
input = $stdin.binmode.read
begin
  value = OpenSSL::ASN1.decode(input)
  exit!(0) if phase == 'parse'
  if phase == 'free'
    value = nil
    GC.start
    exit!(0)
  end
  if phase == 'serialize'
    value.to_der
    exit!(0)
  end
rescue Exception => e
  $stderr.puts "#{e.class}: #{e.message.gsub(/\s+/, ' ').strip[0, 200]}"
  exit 1
end
exit 0
