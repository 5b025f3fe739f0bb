# nestprobe service program (tools/SERVICES-SPEC.md): Ariadne, schema-first, as its intro shows:
# type definitions in SDL (`type Query { a: A }  type A { a: A }`), a QueryType and an ObjectType whose
# resolvers return a new level (a dict), make_executable_schema, and its ASGI app
# (ariadne.asgi.GraphQL) served by uvicorn.run on 127.0.0.1:$PORT. POST /graphql with {"query": "..."}:
# Ariadne's own handler (graphql-core parses, validates, executes). Defaults: no validation rules added
# (no cost or depth validator), Ariadne's status codes, no recursion-limit change.
import os

import uvicorn
from ariadne import ObjectType, QueryType, gql, make_executable_schema
from ariadne.asgi import GraphQL

type_defs = gql("""
    type Query { a: A }
    type A { a: A }
""")

query = QueryType()
a_type = ObjectType("A")


@query.field("a")
def resolve_query_a(*_):
    return {}


@a_type.field("a")
def resolve_a_a(*_):
    return {}


schema = make_executable_schema(type_defs, query, a_type)
app = GraphQL(schema)

if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(os.environ["PORT"]))
