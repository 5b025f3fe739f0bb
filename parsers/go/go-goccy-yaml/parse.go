// nestprobe parser program: reads all of stdin, then yaml.Unmarshal (github.com/goccy/go-yaml, default options) into an interface{}.
// Catches the returned error and any recovered panic (exit 1); Go's fatal
// "goroutine stack exceeds limit" cannot be recovered and happens as it would.
// Optional last argument, the phase: `parse` ends with os.Exit(0) (no collection); `free` sets the
// value to nil and runs runtime.GC(), then os.Exit(0); `serialize` writes it back with yaml.Marshal
// (an error is exit 1), then os.Exit(0). Without it: as before (the value unreachable, never
// collected). Unknown phase: exit 2.
package main

import (
	"fmt"
	"github.com/goccy/go-yaml"
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

func parse(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	var v interface{}
	return yaml.Unmarshal(data, &v)
}

// phased parses, then does the phase (parsers/README.md, "Phases"); errors and recovered panics are
// returned.
func phased(data []byte, phase string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	var v interface{}
	if err := yaml.Unmarshal(data, &v); err != nil {
		return err
	}
	switch phase {
	case "parse":
		os.Exit(0)
	case "free":
		v = nil
		runtime.GC()
	case "serialize":
		if _, err := yaml.Marshal(v); err != nil {
			return err
		}
	}
	os.Exit(0)
	return nil
}

func main() {
	phase := ""
	if len(os.Args) > 1 {
		phase = os.Args[len(os.Args)-1]
		if phase != "parse" && phase != "free" && phase != "serialize" {
			fmt.Fprintf(os.Stderr, "unknown phase: %s (parse, free or serialize)\n", phase)
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
