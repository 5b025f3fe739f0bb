// nestprobe parser program: reads all of stdin, then toml.Unmarshal (github.com/pelletier/go-toml/v2) into a map[string]interface{}.
// Catches the returned error and any recovered panic (exit 1); Go's fatal
// "goroutine stack exceeds limit" cannot be recovered and happens as it would.
package main

import (
	"fmt"
	"github.com/pelletier/go-toml/v2"
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
	var v map[string]interface{}
	return toml.Unmarshal(data, &v)
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
