// easyjson's jlexer.Lexer.Interface() (mailru/easyjson, what generated code uses for an interface{}
// field), then Consumed() to reject trailing data in parse(), a function of the program's own with
// `defer recover()`: the returned error or a recovered panic is the error line (exit 1); Go's fatal
// "goroutine stack exceeds limit" cannot be recovered and happens as it would. With a phase,
// phased() makes the same call keeping the value, then no `serialize`: easyjson writes only
// generated types (an interface{} goes to encoding/json). Input, phases and exit statuses:
// ../protocol.go (built as nestprobe/protocol).
package main

import (
	"github.com/mailru/easyjson/jlexer"
	"nestprobe/protocol"
)

func parse(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	l := jlexer.Lexer{Data: data}
	_ = l.Interface()
	l.Consumed()
	return l.Error()
}

// phased parses keeping the value, then the phase's steps (parsers/README.md, "Phases").
func phased(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	l := jlexer.Lexer{Data: data}
	v := l.Interface()
	l.Consumed()
	if err := l.Error(); err != nil {
		return err
	}
	_ = v // kept alive until the phase is done
	protocol.Parsed()
	v = nil
	protocol.Finished()
	return nil
}

func main() {
	data := protocol.Input(protocol.NoSerializer)
	var err error
	if protocol.Phased() {
		err = phased(data)
	} else {
		err = parse(data)
	}
	if err != nil {
		protocol.Error(err)
	}
	protocol.Finished()
}
