// Service row go-gqlparser-http: a GraphQL endpoint on net/http with gqlparser (vektah/gqlparser,
// the parser and validator under gqlgen). POST /graphql takes {"query": "..."} (encoding/json into
// a struct) and calls gqlparser.LoadQuery(schema, query): parse, then validate against the schema
// `type Query { a: A }  type A { a: A }`. gqlparser has no HTTP layer or executor, so the answer is
// this program's: 400 with {"errors": [...]} when the document does not parse (an error without a
// validation Rule), else 200 (`ok`, or {"errors": [...]} for validation errors: the GraphQL over
// HTTP spec's application/json answer). `{a{a{a}}}` never validates: its innermost `a` of object
// type A has no selection (rule ScalarLeafs), so 200 here means parsed and walked by the validator.
// No recover of our own (net/http recovers a handler's panic); Go's fatal "goroutine stack exceeds
// limit" cannot be recovered and ends the process. Listens on 127.0.0.1:$PORT.
package main

import (
	"encoding/json"
	"log"
	"net/http"
	"os"

	"github.com/vektah/gqlparser"
	"github.com/vektah/gqlparser/ast"
)

var schema = gqlparser.MustLoadSchema(&ast.Source{Name: "schema.graphql", Input: `
type Query { a: A }
type A { a: A }
`})

type request struct {
	Query string `json:"query"`
}

func main() {
	http.HandleFunc("/graphql", func(w http.ResponseWriter, r *http.Request) {
		var req request
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		_, errs := gqlparser.LoadQuery(schema, req.Query)
		if len(errs) == 0 {
			w.Write([]byte("ok\n"))
			return
		}
		status := http.StatusOK
		for _, e := range errs {
			if e.Rule == "" {
				status = http.StatusBadRequest
			}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(map[string]interface{}{"errors": errs})
	})
	http.HandleFunc("/health", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok\n"))
	})
	log.Fatal(http.ListenAndServe("127.0.0.1:"+os.Getenv("PORT"), nil))
}
