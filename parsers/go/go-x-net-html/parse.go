// nestprobe parser program: reads all of stdin, then golang.org/x/net/html's html.Parse into its
// node tree, prints the nesting it built ("built depth: N", parsers/README.md; the tree walked
// with an explicit stack), exits 0. Catches the returned error and any recovered panic (exit 1);
// Go's fatal "goroutine stack exceeds limit" cannot be recovered and happens as it would.
// Optional last argument, the phase (parsers/README.md, "Phases"; no "built depth" line then):
// `parse` keeps the tree and ends at once with os.Exit(0); `free` does `root = nil; runtime.GC()`,
// then os.Exit(0); `serialize` writes it back with html.Render into a bytes.Buffer (an error or a
// recovered panic is exit 1), then os.Exit(0). Without it: as before (the tree is walked, "built
// depth", main returns without a collection).
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
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

// phased parses, then does the phase; errors and recovered panics are returned.
func phased(data []byte, phase string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	root, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		return err
	}
	switch phase {
	case "parse":
		os.Exit(0)
	case "free":
		root = nil
		runtime.GC()
	case "serialize":
		var out bytes.Buffer
		if err := html.Render(&out, root); err != nil {
			fail("html.Render", err.Error())
		}
	}
	os.Exit(0)
	return nil
}

func phase() string {
	if len(os.Args) < 2 {
		return ""
	}
	p := os.Args[len(os.Args)-1]
	if p != "parse" && p != "free" && p != "serialize" {
		fmt.Fprintf(os.Stderr, "unknown phase: %s (parse, free or serialize)\n", p)
		os.Exit(2)
	}
	return p
}

type frame struct {
	node        *html.Node
	divs, bolds int
}

func main() {
	p := phase()
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("io.ReadAll", err.Error())
	}
	if p != "" {
		if err := phased(data, p); err != nil {
			fail("html.Parse", err.Error())
		}
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
