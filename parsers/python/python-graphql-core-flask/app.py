# nestprobe service program (tools/SERVICES-SPEC.md): graphql-core behind a tiny Flask endpoint.
# Schema from SDL, `type Query { a: A }  type A { a: A }` (graphql-core 2 wants the `schema { query: Query }`
# definition too); the root value's `a` is itself, so the
# default resolver resolves every level. POST /graphql takes {"query": "..."} (request.get_json()) and
# calls graphql-core's one-call entry point, graphql(schema, query, root_value) (graphql_sync in 3.x),
# which parses, validates and executes, catching what they raise into the result's errors.
# The answer is the GraphQL-over-HTTP `application/json` one: 200 with {"data": ..., "errors": [...]}
# (jsonify's sorted keys) whenever graphql-core produced a result.
# GET /health: "ok". Flask's Werkzeug development server on 127.0.0.1:$PORT (app.run).
# No depth or token limit, no error handlers, no recursion-limit change.
import os

import graphql
from flask import Flask, jsonify, request

try:  # graphql-core 3
    from graphql import graphql_sync as run_graphql
except ImportError:  # graphql-core 2: graphql() is synchronous
    from graphql import graphql as run_graphql

schema = graphql.build_ast_schema(graphql.parse("""
schema { query: Query }
type Query { a: A }
type A { a: A }
"""))


class Node:
    @property
    def a(self):
        return self


ROOT = Node()
app = Flask(__name__)


@app.post("/graphql")
def graphql_endpoint():
    query = request.get_json()["query"]
    result = run_graphql(schema, query, root_value=ROOT)
    answer = {"data": result.data}
    if result.errors:
        answer["errors"] = [{"message": str(e)} for e in result.errors]
    return jsonify(answer)


@app.get("/health")
def health():
    return "ok"


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(os.environ["PORT"]))
