// nestprobe parser program: reads all of stdin, then yaml.Unmarshal (github.com/goccy/go-yaml, default options) into an interface{}.
// Catches the returned error and any recovered panic (exit 1); Go's fatal
// "goroutine stack exceeds limit" cannot be recovered and happens as it would.
package main

import (
	"fmt"
	"github.com/goccy/go-yaml"
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

func parse(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	var v interface{}
	return yaml.Unmarshal(data, &v)
}

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail(fmt.Sprintf("%T", err), err.Error())
	}
	if err := parse(data); err != nil {
		fail(fmt.Sprintf("%T", err), err.Error())
	}
}
