// gjson.ValidBytes (tidwall/gjson) and, if valid, gjson.ParseBytes(data).Value() into an
// interface{} (gjson.Parse never reports an error: it reads what it can, so the input is checked
// with gjson.Valid first, as gjson's README advises) in parse(), a function of the program's own
// with `defer recover()`: the returned error or a recovered panic is the error line (exit 1); Go's
// fatal "goroutine stack exceeds limit" cannot be recovered and happens as it would. With a phase,
// phased() makes the same call keeping the value, then no `serialize`: gjson only reads JSON (its
// writer is the separate sjson, which edits text, not a Value()). Input, phases and exit statuses:
// ../protocol.go (built as nestprobe/protocol).
package main

import (
	"errors"

	"github.com/tidwall/gjson"
	"nestprobe/protocol"
)

func parse(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	if !gjson.ValidBytes(data) {
		return errors.New("invalid json")
	}
	_ = gjson.ParseBytes(data).Value()
	return nil
}

// phased parses keeping the value, then the phase's steps (parsers/README.md, "Phases").
func phased(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	if !gjson.ValidBytes(data) {
		return errors.New("invalid json")
	}
	v := gjson.ParseBytes(data).Value()
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
