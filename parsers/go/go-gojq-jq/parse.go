// gojq (github.com/itchyny/gojq, the Go package behind the gojq CLI) compiling stdin as a jq filter:
// gojq.Parse, then gojq.Compile (default options), in compile(), a function of the program's own with
// `defer recover()`; phase `run` runs the compiled code once on the document {"a":1} and drains its
// results (an error value among them is the error line). A returned error or a recovered panic is
// the error line (exit 1); Go's fatal "goroutine stack exceeds limit" cannot be recovered and
// happens as it would. Input, phases and exit statuses: ../protocol.go (built as nestprobe/protocol).
package main

import (
	"github.com/itchyny/gojq"
	"nestprobe/protocol"
)

func compile(src string) (code *gojq.Code, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	query, err := gojq.Parse(src)
	if err != nil {
		return nil, err
	}
	return gojq.Compile(query)
}

// run drains the compiled filter's results on {"a":1}.
func run(code *gojq.Code) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	iter := code.Run(map[string]interface{}{"a": 1})
	for {
		v, ok := iter.Next()
		if !ok {
			return nil
		}
		if e, isErr := v.(error); isErr {
			return e
		}
	}
}

func main() {
	src := protocol.LanguageInput()
	code, err := compile(string(src))
	if err != nil {
		protocol.Error(err)
	}
	protocol.Compiled()
	if err := protocol.Runner(run)(code); err != nil {
		protocol.Error(err)
	}
	protocol.Finished()
}
