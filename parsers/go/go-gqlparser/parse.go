// gqlparser's parser.ParseQuery (github.com/vektah/gqlparser) into its query document, in parse(),
// a function of the program's own with `defer recover()`: the returned error or a recovered panic
// is the error line (exit 1); Go's fatal "goroutine stack exceeds limit" cannot be recovered and
// happens as it would. With a phase, phased() makes the same call keeping the document, then
// writes it back with the library's formatter in phase `serialize` (formatter.NewFormatter into a
// bytes.Buffer, FormatQueryDocument). Input, phases and exit statuses: ../protocol.go (built as
// nestprobe/protocol).
package main

import (
	"bytes"

	"github.com/vektah/gqlparser/ast"
	"github.com/vektah/gqlparser/formatter"
	"github.com/vektah/gqlparser/parser"
	"nestprobe/protocol"
)

func parse(text string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	_, gqlErr := parser.ParseQuery(&ast.Source{Input: text})
	if gqlErr != nil {
		return gqlErr
	}
	return nil
}

// phased parses keeping the document, then the phase's steps (parsers/README.md, "Phases").
func phased(text string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	doc, gqlErr := parser.ParseQuery(&ast.Source{Input: text})
	if gqlErr != nil {
		return gqlErr
	}
	protocol.Parsed()
	var out bytes.Buffer
	protocol.Serializer(formatter.NewFormatter(&out).FormatQueryDocument)(doc)
	protocol.Serialized()
	doc = nil
	protocol.Finished()
	return nil
}

func main() {
	data := protocol.Input()
	var err error
	if protocol.Phased() {
		err = phased(string(data))
	} else {
		err = parse(string(data))
	}
	if err != nil {
		protocol.Fail("gqlerror.Error", err.Error())
	}
	protocol.Finished()
}
