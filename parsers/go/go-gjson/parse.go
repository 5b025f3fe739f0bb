// Reads all of stdin, then gjson.ValidBytes (tidwall/gjson) and, if valid, gjson.ParseBytes(data).Value() into an
// interface{}.
// Catches the returned error and any recovered panic (exit 1); Go's fatal
// "goroutine stack exceeds limit" cannot be recovered and happens as it would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
// at once with os.Exit(0); `free` does `v = nil; runtime.GC()`, then os.Exit(0). gjson only reads
// JSON (its writer is the separate sjson, which edits text, not a Value()), so there is no
// `serialize`. Without it: the value is dropped when parsing returns and never collected before main
// returns (as before).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/tidwall/gjson"
)

func fail(kind string, msg string) {
	msg = strings.ReplaceAll(msg, "\n", " ")
	if len(msg) > 200 {
		msg = msg[:200]
	}
	fmt.Fprintf(os.Stderr, "%s: %s\n", kind, msg)
	os.Exit(1)
}

func parse(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	// gjson.Parse never reports an error (it reads what it can), so the input is checked with gjson.Valid
	// first, as gjson's README advises; then the whole value is built with Value().
	if !gjson.ValidBytes(data) {
		return errors.New("invalid json")
	}
	_ = gjson.ParseBytes(data).Value()
	return nil
}

// phased parses into v, then does the phase; errors and recovered panics are returned.
func phased(data []byte, phase string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	if !gjson.ValidBytes(data) {
		return errors.New("invalid json")
	}
	v := gjson.ParseBytes(data).Value()
	switch phase {
	case "parse":
		os.Exit(0)
	case "free":
		v = nil
		runtime.GC()
	}
	_ = v
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
		fail(fmt.Sprintf("%T", err), err.Error())
	}
	if phase == "" {
		err = parse(data)
	} else {
		err = phased(data, phase)
	}
	if err != nil {
		fail(fmt.Sprintf("%T", err), err.Error())
	}
}
