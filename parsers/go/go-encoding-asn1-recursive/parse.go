// Go's encoding/asn1 unmarshalling all of stdin into a recursive type, `type Node []Node`: a
// SEQUENCE OF Node, each element a SEQUENCE OF Node again, so asn1.Unmarshal recurses once per
// nested SEQUENCE (parseField → parseSequenceOf → parseField), the path of GO-2026-5972. The
// ../go-encoding-asn1 row walks RawValues itself and takes no such path. Trailing bytes are an
// error. The returned error or a recovered panic is the error line (exit 1); Go's fatal "goroutine
// stack exceeds" cannot be recovered and ends the process (exit 2). With a phase the decoded Node is
// kept until `free` drops it; no `serialize` (asn1.Marshal would be a recursion of its own, not the
// advisory's). Input, phases and exit statuses: ../protocol.go (built as nestprobe/protocol).
package main

import (
	"encoding/asn1"
	"fmt"

	"nestprobe/protocol"
)

// Node is a SEQUENCE OF Node.
type Node []Node

func unmarshal(data []byte, node *Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	rest, err := asn1.Unmarshal(data, node)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("%d bytes after the value", len(rest))
	}
	return nil
}

func main() {
	data := protocol.Input(protocol.NoSerializer)
	var node Node
	if err := unmarshal(data, &node); err != nil {
		protocol.Fail("asn1.Error", err.Error())
	}
	protocol.Parsed()
	node = nil
	protocol.Finished()
}
