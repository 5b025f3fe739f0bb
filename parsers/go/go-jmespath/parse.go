// go-jmespath (github.com/jmespath/go-jmespath) compiling stdin as a JMESPath expression:
// jmespath.Compile in compile(), a function of the program's own with `defer recover()`; phase `run`
// searches the document {"a":1} with it once. A returned error or a recovered panic is the error line
// (exit 1); Go's fatal "goroutine stack exceeds limit" cannot be recovered and happens as it would.
// Input, phases and exit statuses: ../protocol.go (built as nestprobe/protocol).
package main

import (
	"github.com/jmespath/go-jmespath"
	"nestprobe/protocol"
)

func compile(src string) (jp *jmespath.JMESPath, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	return jmespath.Compile(src)
}

// run searches {"a":1} with the compiled expression.
func run(jp *jmespath.JMESPath) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	_, err = jp.Search(map[string]interface{}{"a": 1.0})
	return err
}

func main() {
	src := protocol.LanguageInput()
	jp, err := compile(string(src))
	if err != nil {
		protocol.Error(err)
	}
	protocol.Compiled()
	if err := protocol.Runner(run)(jp); err != nil {
		protocol.Error(err)
	}
	protocol.Finished()
}
