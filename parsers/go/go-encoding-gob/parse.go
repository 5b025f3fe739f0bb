// Go's encoding/gob: a Decoder over all of stdin decodes one value and discards it
// (DecodeValue(reflect.Value{}): the value has no destination, so the decoder compiles the ops
// that skip it, decIgnoreOpFor, the path of both gob advisories, GO-2022-0526 and GO-2024-3106);
// then the stream must end (a second Decode meets io.EOF). A decoded destination would have to be
// a Go type as deep as the payload, which a program cannot declare for every depth. The returned
// error or a recovered panic is the error line (exit 1); Go's fatal "goroutine stack exceeds" cannot
// be recovered and ends the process (exit 2). No phases: nothing is kept to free or serialize.
// Input and exit statuses: ../protocol.go (built as nestprobe/protocol).
package main

import (
	"bytes"
	"encoding/gob"
	"errors"
	"io"
	"reflect"

	"nestprobe/protocol"
)

func decode(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	decoder := gob.NewDecoder(bytes.NewReader(data))
	if err := decoder.DecodeValue(reflect.Value{}); err != nil {
		return err
	}
	if err := decoder.DecodeValue(reflect.Value{}); err != io.EOF {
		if err == nil {
			err = errors.New("a second value after the first")
		}
		return err
	}
	return nil
}

func main() {
	data := protocol.Input(protocol.NoFree, protocol.NoSerializer)
	if err := decode(data); err != nil {
		protocol.Error(err)
	}
	protocol.Finished()
}
