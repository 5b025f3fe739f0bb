// nestprobe parser program: reads all of stdin, then golang.org/x/net/html's html.Parse into its
// node tree, prints the nesting it built ("built depth: N", parsers/README.md; the tree walked
// with an explicit stack), exits 0. Catches the returned error and any recovered panic (exit 1);
// Go's fatal "goroutine stack exceeds limit" cannot be recovered and happens as it would.
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/net/html"
)

func fail(kind string, msg string) {
	msg = strings.ReplaceAll(msg, "\n", " ")
	if len(msg) > 200 {
		msg = msg[:200]
	}
	fmt.Fprintf(os.Stderr, "%s: %s\n", kind, msg)
	os.Exit(1)
}

func parse(data []byte) (root *html.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return html.Parse(bytes.NewReader(data))
}

type frame struct {
	node        *html.Node
	divs, bolds int
}

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("io.ReadAll", err.Error())
	}
	root, err := parse(data)
	if err != nil {
		fail("html.Parse", err.Error())
	}
	deepest := 0
	stack := []frame{{root, 0, 0}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if f.node.Type == html.ElementNode && f.node.Data == "div" {
			f.divs++
		}
		if f.node.Type == html.ElementNode && f.node.Data == "b" {
			f.bolds++
		}
		for _, d := range []int{f.divs, f.bolds} {
			if d > deepest {
				deepest = d
			}
		}
		for child := f.node.FirstChild; child != nil; child = child.NextSibling {
			stack = append(stack, frame{child, f.divs, f.bolds})
		}
	}
	fmt.Fprintf(os.Stderr, "built depth: %d\n", deepest)
}
