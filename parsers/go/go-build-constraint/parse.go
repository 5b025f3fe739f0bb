// Go's go/build/constraint: constraint.Parse of all of stdin, one `//go:build` line (the payload
// carries its `//go:build ` prefix), in compile(), a function of the program's own with
// `defer recover()`; phase `run` evaluates the expression with every tag set (Expr.Eval, itself a
// recursion over the tree). The returned error (*constraint.SyntaxError) or a recovered panic is the
// error line (exit 1); Go's fatal "goroutine stack exceeds" cannot be recovered and ends the process
// (exit 2). Input, phases and exit statuses: ../protocol.go (built as nestprobe/protocol).
package main

import (
	"go/build/constraint"
	"strings"

	"nestprobe/protocol"
)

func compile(line string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	expr, err := constraint.Parse(line)
	if err != nil {
		return err
	}
	protocol.Compiled()
	protocol.Runner(expr.Eval)(func(string) bool { return true })
	return nil
}

func main() {
	line := strings.TrimRight(string(protocol.LanguageInput()), "\n")
	if err := compile(line); err != nil {
		protocol.Error(err)
	}
	protocol.Finished()
}
