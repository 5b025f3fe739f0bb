// Parses the payload with go/parser.ParseFile (mode 0, the default) as a statement in a function body:
//
//	package p
//
//	func f() {
//	PAYLOAD
//	}
//
// (`((1))` an expression statement, `{{}}` blocks; `[[1]]` is no Go expression: shape not supported). The
// returned error (a scanner.ErrorList: the first error, "and N more") and a recovered panic are the error
// line, exit 1; Go's fatal "goroutine stack exceeds" cannot be recovered and ends the process (exit 2). Phase
// compile only: go/parser builds the syntax tree, nothing runs. Input, phases and exits: ../protocol.go.
package main

import (
	"go/parser"
	"go/token"

	"nestprobe/protocol"
)

func main() {
	data := protocol.LanguageInput()
	src := "package p\n\nfunc f() {\n" + string(data) + "\n}\n"
	func() {
		defer func() {
			if r := recover(); r != nil {
				protocol.Error(protocol.Recovered(r))
			}
		}()
		fset := token.NewFileSet()
		if _, err := parser.ParseFile(fset, "payload.go", src, 0); err != nil {
			protocol.Error(err)
		}
	}()
	protocol.Compiled()
	protocol.Finished()
}
