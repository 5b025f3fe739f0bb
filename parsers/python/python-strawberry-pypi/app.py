# nestprobe service program (tools/SERVICES-SPEC.md): Strawberry GraphQL, its ASGI app
# (strawberry.asgi.GraphQL, the "ASGI" integration page) served by uvicorn.run on 127.0.0.1:$PORT.
# Schema `type Query { a: A }  type A { a: A }` from typed classes; each resolver returns a new A, so
# every level resolves. POST /graphql with {"query": "..."}: Strawberry's own handler (parse, validate,
# execute by graphql-core). Defaults: no extensions (no QueryDepthLimiter), no max_tokens, the
# integration's default status codes, no recursion-limit change. (The GraphiQL page is on by default:
# a GET; the probe only POSTs.)
import os
from typing import Optional

import strawberry
import uvicorn
from strawberry.asgi import GraphQL


@strawberry.type
class A:
    @strawberry.field
    def a(self) -> Optional["A"]:
        return A()


@strawberry.type
class Query:
    @strawberry.field
    def a(self) -> Optional[A]:
        return A()


schema = strawberry.Schema(query=Query)
app = GraphQL(schema)

if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(os.environ["PORT"]))
