// nestprobe parser program: reads all of stdin, then gqlparser's parser.ParseQuery
// (github.com/vektah/gqlparser/v2) into its query document. Catches the returned error and any
// recovered panic (exit 1); Go's fatal "goroutine stack exceeds limit" cannot be recovered and
// happens as it would.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/vektah/gqlparser/ast"
	"github.com/vektah/gqlparser/parser"
)

func fail(kind string, msg string) {
	msg = strings.ReplaceAll(msg, "\n", " ")
	if len(msg) > 200 {
		msg = msg[:200]
	}
	fmt.Fprintf(os.Stderr, "%s: %s\n", kind, msg)
	os.Exit(1)
}

func parse(text string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	_, gqlErr := parser.ParseQuery(&ast.Source{Input: text})
	if gqlErr != nil {
		return gqlErr
	}
	return nil
}

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("io.ReadAll", err.Error())
	}
	if err := parse(string(data)); err != nil {
		fail("gqlerror.Error", err.Error())
	}
}
