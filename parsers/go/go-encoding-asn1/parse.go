// Go's encoding/asn1: Unmarshal into an asn1.RawValue decodes one value and keeps its contents
// undecoded, so walk() descends into every constructed value's contents with an explicit stack,
// unmarshalling each element the same way: every level is decoded by encoding/asn1, and the walk
// itself does not recurse (Go's decoder has no generic tree). Trailing bytes are an error. The
// returned error or a recovered panic (the walk's `defer recover()`) is the error line (exit 1).
// With a phase, phased() does the same walk keeping every RawValue it decoded in a slice (that flat
// list is the only value there is); no `serialize`: asn1.Marshal of the top RawValue would copy its
// kept bytes back (FullBytes) without walking anything. Input, phases and exit statuses:
// ../protocol.go (built as nestprobe/protocol).
package main

import (
	"encoding/asn1"
	"fmt"

	"nestprobe/protocol"
)

func walk(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	var top asn1.RawValue
	rest, err := asn1.Unmarshal(data, &top)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("%d bytes after the value", len(rest))
	}
	var pending [][]byte
	if top.IsCompound {
		pending = append(pending, top.Bytes)
	}
	for len(pending) > 0 {
		contents := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		for len(contents) > 0 {
			var value asn1.RawValue
			if contents, err = asn1.Unmarshal(contents, &value); err != nil {
				return err
			}
			if value.IsCompound {
				pending = append(pending, value.Bytes)
			}
		}
	}
	return nil
}

// phased walks as walk does, keeping each decoded value, then does the phase.
func phased(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	values := make([]asn1.RawValue, 1)
	rest, err := asn1.Unmarshal(data, &values[0])
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("%d bytes after the value", len(rest))
	}
	var pending [][]byte
	if values[0].IsCompound {
		pending = append(pending, values[0].Bytes)
	}
	for len(pending) > 0 {
		contents := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		for len(contents) > 0 {
			var value asn1.RawValue
			if contents, err = asn1.Unmarshal(contents, &value); err != nil {
				return err
			}
			values = append(values, value)
			if value.IsCompound {
				pending = append(pending, value.Bytes)
			}
		}
	}
	protocol.Parsed()
	values = nil
	protocol.Finished()
	return nil
}

func main() {
	data := protocol.Input(protocol.NoSerializer)
	var err error
	if protocol.Phased() {
		err = phased(data)
	} else {
		err = walk(data)
	}
	if err != nil {
		protocol.Fail("asn1.Error", err.Error())
	}
	protocol.Finished()
}
