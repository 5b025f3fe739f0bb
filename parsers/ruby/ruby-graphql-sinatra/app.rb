# A service row (parsers/README.md, SERVICES-SPEC.md): graphql-ruby behind a tiny Sinatra endpoint,
# POST /graphql with {"query": "..."}, executing Schema.execute(query) as graphql-ruby's guides show
# (the GraphqlController's execute, answered as JSON). A schema whose type nests, so that `{a{a{a}}}`
# is well-formed: type Query { a: A }  type A { a: A }. Default configuration: no max_depth, no
# max_complexity, no error handlers; Sinatra on the server it picks (WEBrick with Debian's packages).
require 'sinatra'
require 'json'
require 'graphql'

class AType < GraphQL::Schema::Object
  graphql_name 'A'
  field :a, AType

  def a
    :a
  end
end

class QueryType < GraphQL::Schema::Object
  graphql_name 'Query'
  field :a, AType

  def a
    :a
  end
end

class NestSchema < GraphQL::Schema
  query QueryType
end

set :bind, '127.0.0.1'
set :port, Integer(ENV.fetch('PORT'))

post '/graphql' do
  params = JSON.parse(request.body.read)
  result = NestSchema.execute(params['query'], variables: params['variables'], operation_name: params['operationName'])
  content_type :json
  result.to_h.to_json
end

get '/health' do
  'ok'
end
