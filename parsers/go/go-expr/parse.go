// expr (github.com/antonmedv/expr, now expr-lang/expr) compiling stdin as an expression:
// expr.Compile with no options (parse, type-check with no environment, compile to its VM's
// bytecode) in compile(), a function of the program's own with `defer recover()`; phase `run` runs
// the program once with no environment (expr.Run). The returned error or a recovered panic is the
// error line (exit 1); Go's fatal "goroutine stack exceeds limit" cannot be recovered and happens as
// it would. Input, phases and exit statuses: ../protocol.go (built as nestprobe/protocol).
package main

import (
	"github.com/antonmedv/expr"
	"github.com/antonmedv/expr/vm"

	"nestprobe/protocol"
)

func compile(src string) (program *vm.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	return expr.Compile(src)
}

// run runs the compiled program once, without an environment.
func run(program *vm.Program) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	_, err = expr.Run(program, nil)
	return err
}

func main() {
	src := protocol.LanguageInput()
	program, err := compile(string(src))
	if err != nil {
		protocol.Error(err)
	}
	protocol.Compiled()
	if err := protocol.Runner(run)(program); err != nil {
		protocol.Error(err)
	}
	protocol.Finished()
}
