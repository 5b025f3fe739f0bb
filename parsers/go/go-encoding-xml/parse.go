// nestprobe parser program: reads all of stdin, then xml.Unmarshal (encoding/xml) into a recursive element tree (default settings).
// Catches the returned error and any recovered panic (exit 1); Go's fatal
// "goroutine stack exceeds limit" cannot be recovered and happens as it would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the tree and ends
// at once with os.Exit(0); `free` does `v = node{}; runtime.GC()`, then os.Exit(0); `serialize`
// writes it back with xml.Marshal (error or recovered panic: exit 1), then os.Exit(0). Without it:
// the tree is dropped when parsing returns and never collected before main returns (as before).
package main

import (
	"encoding/xml"
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

// node is a generic element tree: encoding/xml has no DOM type, so every child element is kept.
type node struct {
	XMLName  xml.Name
	Children []node `xml:",any"`
}

func parse(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	var v node
	return xml.Unmarshal(data, &v)
}

// phased parses into v, then does the phase; errors and recovered panics are returned.
func phased(data []byte, phase string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	var v node
	if err := xml.Unmarshal(data, &v); err != nil {
		return err
	}
	switch phase {
	case "parse":
		os.Exit(0)
	case "free":
		v = node{}
		runtime.GC()
	case "serialize":
		if _, err := xml.Marshal(v); err != nil {
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
