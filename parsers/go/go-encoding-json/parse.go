// One program for the Go libraries whose entry point has the shape of encoding/json's: Unmarshal the
// bytes into a value, Marshal it back. The library is a build flag: the row's build names its file
// beside this one (`go build -o "$BUILD/parse" parse.go <library>.go`), which defines `value` (the
// type decoded into: interface{}, a map for TOML, a recursive element struct for XML), `unmarshal`
// and `marshal` (the library's calls, default settings; a header of each file says which).
// unmarshal runs in parse(), a function of the program's own with `defer recover()`: the returned
// error or a recovered panic is the error line (exit 1); Go's fatal "goroutine stack exceeds limit"
// cannot be recovered and happens as it would. With a phase, phased() makes the same call keeping the
// value, then writes it back with marshal in phase `serialize`. Input, phases and exit statuses:
// ../protocol.go (built as nestprobe/protocol).
package main

import (
	"nestprobe/protocol"
)

func parse(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	var v value
	return unmarshal(data, &v)
}

// phased parses keeping the value, then the phase's steps (parsers/README.md, "Phases").
func phased(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	var v value
	if err := unmarshal(data, &v); err != nil {
		return err
	}
	protocol.Parsed()
	if _, err := protocol.Serializer(marshal)(v); err != nil {
		return err
	}
	protocol.Serialized()
	var dropped value
	v = dropped
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
