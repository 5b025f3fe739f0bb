# Decodes all of stdin with Ruby's OpenSSL::ASN1.decode (the openssl extension's own generic BER
# decoder, which decodes every constructed value into its parts), from the script's own code;
# anything raised (rescue Exception: OpenSSL::ASN1::ASN1Error, SystemStackError) goes to
# Protocol.error (exit 1). The phases (`serialize`: to_der) and the exits are ../protocol.rb's.
require 'openssl'
require_relative File.join(File.dirname(File.realpath(__FILE__)), '..', 'protocol')

input = Protocol.input
begin
  value = OpenSSL::ASN1.decode(input)
  Protocol.parsed
  value.to_der if Protocol.serializing?
  Protocol.serialized
rescue Exception => e
  Protocol.error(e)
end
value = nil
Protocol.finished
