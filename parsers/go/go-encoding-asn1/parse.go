// nestprobe parser program: reads all of stdin, then Go's encoding/asn1: Unmarshal into an
// asn1.RawValue decodes one value and keeps its contents undecoded, so the program descends into
// every constructed value's contents with an explicit stack, unmarshalling each element the same
// way: every level is decoded by encoding/asn1, and the walk itself does not recurse (Go's
// decoder has no generic tree). Trailing bytes are an error. Catches the returned error and any
// recovered panic (exit 1).
// Optional last argument, the phase (parsers/README.md, "Phases"): the same walk, keeping every
// RawValue it decoded in a slice (encoding/asn1 builds no tree: this flat list is the only value
// there is); `parse` ends at once with os.Exit(0); `free` does `values = nil; runtime.GC()`, then
// os.Exit(0). No `serialize`: asn1.Marshal of the top RawValue would copy its kept bytes back
// (FullBytes) without walking anything. Without it: as before.
package main

import (
	"encoding/asn1"
	"fmt"
	"io"
	"os"
	"runtime"
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

// phased walks as walk does, keeping each decoded value, then does the phase.
func phased(data []byte, phase string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
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
	if phase == "free" {
		values = nil
		runtime.GC()
	}
	os.Exit(0)
	return nil
}

func main() {
	phase := ""
	if len(os.Args) > 1 {
		phase = os.Args[len(os.Args)-1]
		if phase != "parse" && phase != "free" {
			fmt.Fprintf(os.Stderr, "unknown phase: %s (parse or free)\n", phase)
			os.Exit(2)
		}
	}
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("io.ReadAll", err.Error())
	}
	if phase != "" {
		err = phased(data, phase)
	} else {
		err = walk(data)
	}
	if err != nil {
		fail("asn1.Error", err.Error())
	}
}
