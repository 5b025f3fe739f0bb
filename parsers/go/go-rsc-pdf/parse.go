// rsc.io/pdf (Debian's golang-rsc-pdf-dev): pdf.NewReader over all of stdin, then the trailer's
// /Root, which makes the reader parse the catalog object (objects are read when first asked for,
// and the advisory's entry points read the trailer and the catalog the same way); the catalog must
// be a dictionary. A returned error or a recovered panic (the package reports malformed input by
// panicking) is the error line (exit 1); Go's fatal "goroutine stack exceeds" cannot be recovered
// and ends the process (exit 2). No phases: the reader keeps the file, not a tree to free.
// Input and exit statuses: ../protocol.go (built as nestprobe/protocol).
package main

import (
	"bytes"
	"errors"

	"nestprobe/protocol"
	"rsc.io/pdf"
)

func load(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	reader, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return err
	}
	if reader.Trailer().Key("Root").Kind() != pdf.Dict {
		return errors.New("the trailer's /Root is not a dictionary")
	}
	return nil
}

func main() {
	data := protocol.Input(protocol.NoFree, protocol.NoSerializer)
	if err := load(data); err != nil {
		protocol.Error(err)
	}
	protocol.Finished()
}
