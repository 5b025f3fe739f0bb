// golang.org/x/net/html's html.Parse into its node tree, in parse(), a function of the program's
// own with `defer recover()`: the returned error or a recovered panic is the error line (exit 1);
// Go's fatal "goroutine stack exceeds limit" cannot be recovered and happens as it would. Then the
// nesting it built (the tree walked with a slice as stack) goes to protocol.Built. With a phase,
// phased() makes the same call keeping the tree (no "built depth" line), then writes it back with
// html.Render into a bytes.Buffer in phase `serialize`. Input, phases and exit statuses:
// ../protocol.go (built as nestprobe/protocol).
package main

import (
	"bytes"

	"golang.org/x/net/html"
	"nestprobe/protocol"
)

func parse(data []byte) (root *html.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	return html.Parse(bytes.NewReader(data))
}

// phased parses keeping the tree, then the phase's steps (parsers/README.md, "Phases").
func phased(data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	root, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		return err
	}
	protocol.Parsed()
	var out bytes.Buffer
	if err := protocol.Serializer(html.Render)(&out, root); err != nil {
		protocol.Fail("html.Render", err.Error())
	}
	protocol.Serialized()
	root = nil
	protocol.Finished()
	return nil
}

type frame struct {
	node        *html.Node
	divs, bolds int
}

func main() {
	data := protocol.Input()
	if protocol.Phased() {
		if err := phased(data); err != nil {
			protocol.Fail("html.Parse", err.Error())
		}
	}
	root, err := parse(data)
	if err != nil {
		protocol.Fail("html.Parse", err.Error())
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
	protocol.Built(deepest)
	protocol.Finished()
}
