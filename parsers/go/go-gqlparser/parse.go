// nestprobe parser program: reads all of stdin, then gqlparser's parser.ParseQuery
// (github.com/vektah/gqlparser/v2) into its query document. Catches the returned error and any
// recovered panic (exit 1); Go's fatal "goroutine stack exceeds limit" cannot be recovered and
// happens as it would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the document and
// ends at once with os.Exit(0); `free` does `doc = nil; runtime.GC()`, then os.Exit(0); `serialize`
// writes it back with the library's formatter (formatter.NewFormatter into a bytes.Buffer,
// FormatQueryDocument; a recovered panic is exit 1), then os.Exit(0). Without it: the document is
// dropped when parsing returns and never collected before main returns (as before).
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/vektah/gqlparser/ast"
	"github.com/vektah/gqlparser/formatter"
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

// phased parses, then does the phase; the parse's error and recovered panics are returned.
func phased(text string, phase string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	doc, gqlErr := parser.ParseQuery(&ast.Source{Input: text})
	if gqlErr != nil {
		return gqlErr
	}
	switch phase {
	case "parse":
		os.Exit(0)
	case "free":
		doc = nil
		runtime.GC()
	case "serialize":
		var out bytes.Buffer
		formatter.NewFormatter(&out).FormatQueryDocument(doc)
	}
	os.Exit(0)
	return nil
}

func main() {
	phase := ""
	if len(os.Args) > 1 {
		phase = os.Args[len(os.Args)-1]
		if phase != "parse" && phase != "free" && phase != "serialize" {
			fmt.Fprintf(os.Stderr, "unknown phase: %s (parse, free or serialize)\n", phase)
			os.Exit(2)
		}
	}
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("io.ReadAll", err.Error())
	}
	if phase == "" {
		err = parse(string(data))
	} else {
		err = phased(string(data), phase)
	}
	if err != nil {
		fail("gqlerror.Error", err.Error())
	}
}
