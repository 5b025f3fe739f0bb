// Reads all of stdin, then easyjson's jlexer.Lexer.Interface() (mailru/easyjson, what generated code uses for an
// interface{} field), then Consumed() to reject trailing data.
// Catches the returned error and any recovered panic (exit 1); Go's fatal
// "goroutine stack exceeds limit" cannot be recovered and happens as it would.
// Optional last argument, the phase: `parse` ends with os.Exit(0) (no collection); `free` sets the
// value to nil and runs runtime.GC(), then os.Exit(0); no `serialize`: easyjson writes only
// generated types (an interface{} goes to encoding/json). Without it: as before (the value
// unreachable, never collected). Unknown phase: exit 2.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/mailru/easyjson/jlexer"
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
	l := jlexer.Lexer{Data: data}
	_ = l.Interface()
	l.Consumed()
	return l.Error()
}

// phased parses, then does the phase (parsers/README.md, "Phases"); errors and recovered panics are
// returned.
func phased(data []byte, phase string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	l := jlexer.Lexer{Data: data}
	v := l.Interface()
	l.Consumed()
	if err := l.Error(); err != nil {
		return err
	}
	_ = v // kept alive until the phase is done
	switch phase {
	case "parse":
		os.Exit(0)
	case "free":
		v = nil
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
