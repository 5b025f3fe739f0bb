// Reads all of stdin, then gjson.ValidBytes (tidwall/gjson) and, if valid, gjson.ParseBytes(data).Value() into an
// interface{}.
// Catches the returned error and any recovered panic (exit 1); Go's fatal
// "goroutine stack exceeds limit" cannot be recovered and happens as it would.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
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

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail(fmt.Sprintf("%T", err), err.Error())
	}
	if err := parse(data); err != nil {
		fail(fmt.Sprintf("%T", err), err.Error())
	}
}
