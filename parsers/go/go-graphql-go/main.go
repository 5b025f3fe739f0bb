// Service row go-graphql-go: graph-gophers/graphql-go's documented HTTP handler, relay.Handler
// (encoding/json decodes {"query", "operationName", "variables"}; Schema.Exec parses, validates and
// executes; the response is always 200 with the GraphQL response JSON, parse and validation errors
// included; 400 only when the body is not JSON). Schema `type Query { a: A }  type A { a: A }`,
// resolvers returning an object / nil. Default options: no graphql.MaxDepth (0 = no depth check).
// Listens on 127.0.0.1:$PORT.
package main

import (
	"log"
	"net/http"
	"os"

	graphql "github.com/graph-gophers/graphql-go"
	"github.com/graph-gophers/graphql-go/relay"
)

const schemaText = `
schema { query: Query }
type Query { a: A }
type A { a: A }
`

type query struct{}

type aResolver struct{}

func (*query) A() *aResolver { return &aResolver{} }

func (*aResolver) A() *aResolver { return nil }

func main() {
	schema := graphql.MustParseSchema(schemaText, &query{})
	http.Handle("/graphql", &relay.Handler{Schema: schema})
	http.HandleFunc("/health", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok\n"))
	})
	log.Fatal(http.ListenAndServe("127.0.0.1:"+os.Getenv("PORT"), nil))
}
