// cel-go (github.com/google/cel-go) compiling stdin as a CEL expression: cel.NewEnv() (no options: the
// default environment), env.Compile (parse and type-check), then env.Program, in compile(), a function
// of the program's own with `defer recover()`; phase `run` evaluates the program once with no
// variables. The issues of the compile, a returned error or a recovered panic are the error line
// (exit 1); Go's fatal "goroutine stack exceeds limit" cannot be recovered and happens as it would.
// Input, phases and exit statuses: ../protocol.go (built as nestprobe/protocol).
package main

import (
	"github.com/google/cel-go/cel"
	"nestprobe/protocol"
)

func compile(src string) (prg cel.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	env, err := cel.NewEnv()
	if err != nil {
		return nil, err
	}
	ast, issues := env.Compile(src)
	if issues.Err() != nil {
		return nil, issues.Err()
	}
	return env.Program(ast)
}

// run evaluates the compiled program once, without variables.
func run(prg cel.Program) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	_, _, err = prg.Eval(map[string]interface{}{})
	return err
}

func main() {
	src := protocol.LanguageInput()
	prg, err := compile(string(src))
	if err != nil {
		protocol.Error(err)
	}
	protocol.Compiled()
	if err := protocol.Runner(run)(prg); err != nil {
		protocol.Error(err)
	}
	protocol.Finished()
}
