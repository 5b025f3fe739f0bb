# nestprobe service program (tools/SERVICES-SPEC.md): Graphene behind a tiny Flask endpoint.
# Schema from graphene ObjectTypes, `type Query { a: A }  type A { a: A }`; each resolver returns a
# new A. POST /graphql takes {"query": "..."} (request.get_json()) and calls schema.execute(query)
# (Graphene's documented entry point: graphql-core parses, validates, executes, and puts what they
# raise into the result's errors). The answer is the GraphQL-over-HTTP `application/json` one: 200 with
# {"data": ..., "errors": [...]}. GET /health: "ok". Werkzeug development server on 127.0.0.1:$PORT.
# No depth validation rule, no error handlers, no recursion-limit change.
import os

import graphene
from flask import Flask, jsonify, request


class A(graphene.ObjectType):
    a = graphene.Field(lambda: A)

    def resolve_a(self, info):
        return A()


class Query(graphene.ObjectType):
    a = graphene.Field(A)

    def resolve_a(self, info):
        return A()


schema = graphene.Schema(query=Query)
app = Flask(__name__)


@app.post("/graphql")
def graphql_endpoint():
    query = request.get_json()["query"]
    result = schema.execute(query)
    answer = {"data": result.data}
    if result.errors:
        answer["errors"] = [{"message": str(e)} for e in result.errors]
    return jsonify(answer)


@app.get("/health")
def health():
    return "ok"


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(os.environ["PORT"]))
