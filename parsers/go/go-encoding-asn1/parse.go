// nestprobe parser program: reads all of stdin, then Go's encoding/asn1: Unmarshal into an
// asn1.RawValue decodes one value and keeps its contents undecoded, so the program descends into
// every constructed value's contents with an explicit stack, unmarshalling each element the same
// way: every level is decoded by encoding/asn1, and the walk itself does not recurse (Go's
// decoder has no generic tree). Trailing bytes are an error. Catches the returned error and any
// recovered panic (exit 1).
package main

import (
	"encoding/asn1"
	"fmt"
	"io"
	"os"
	"strings"
)

func fail(kind string, msg string) {
	msg = strings.ReplaceAll(msg, "\n", " ")
	if len(msg) > 200 {
		msg = msg[:200]
	}
	fmt.Fprintf(os.Stderr, "%s: %s\n", kind, msg)
	os.Exit(1)
}

func walk(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
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

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("io.ReadAll", err.Error())
	}
	if err := walk(data); err != nil {
		fail("asn1.Error", err.Error())
	}
}
