// json.Unmarshal (encoding/json, defaults) into an interface{} in parse(), a function of the
// program's own with `defer recover()`: the returned error or a recovered panic is the error line
// (exit 1); Go's fatal "goroutine stack exceeds limit" cannot be recovered and happens as it would.
// With a phase, phased() makes the same call keeping the value, then writes it back with
// json.Marshal in phase `serialize`. Input, phases and exit statuses: ../protocol.go (built as
// nestprobe/protocol).
package main

import (
	"encoding/json"
	"nestprobe/protocol"
)

func parse(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	var v interface{}
	return json.Unmarshal(data, &v)
}

// phased parses keeping the value, then the phase's steps (parsers/README.md, "Phases").
func phased(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	var v interface{}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	protocol.Parsed()
	if _, err := protocol.Serializer(json.Marshal)(v); err != nil {
		return err
	}
	protocol.Serialized()
	v = nil
	protocol.Finished()
	return nil
}

func main() {
	data := protocol.Input()
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
