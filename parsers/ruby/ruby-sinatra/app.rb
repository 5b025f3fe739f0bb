# A service row (parsers/README.md, SERVICES-SPEC.md): a classic Sinatra app parsing the request
# body with JSON.parse (the json library's defaults), on the server Sinatra picks itself (with
# Debian 12's packages: WEBrick; puma and thin are not packaged). Default configuration otherwise:
# the default environment (development), no error handlers. /echo answers with sinatra-contrib's
# `json` helper (MultiJson: Oj where it is installed).
require 'sinatra'
require 'sinatra/json'
require 'json'

set :bind, '127.0.0.1'
set :port, Integer(ENV.fetch('PORT'))

post '/parse' do
  JSON.parse(request.body.read)
  'ok'
end

post '/echo' do
  json JSON.parse(request.body.read)
end

get '/health' do
  'ok'
end
