// nestprobe parser program: reads all of stdin, then proto.Unmarshal (google.golang.org/protobuf,
// default options) into a dynamic message whose field 1 is a message of the same type, described
// at run time (descriptorpb + protodesc + dynamicpb: no protoc, no generated code). Catches the
// returned error and any recovered panic (exit 1); Go's fatal "goroutine stack exceeds limit"
// cannot be recovered and happens as it would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends with os.Exit(0);
// `serialize` encodes the message back with proto.Marshal, then os.Exit(0). (Go never frees
// before exiting: no `free`.)
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/dynamicpb"
)

func fail(kind string, msg string) {
	msg = strings.ReplaceAll(msg, "\n", " ")
	if len(msg) > 200 {
		msg = msg[:200]
	}
	fmt.Fprintf(os.Stderr, "%s: %s\n", kind, msg)
	os.Exit(1)
}

// message Nested { Nested inner = 1; } in package nestprobe.
func nestedType() *dynamicpb.Message {
	file := &descriptorpb.FileDescriptorProto{
		Name:    proto.String("nestprobe_nested.proto"),
		Package: proto.String("nestprobe"),
		Syntax:  proto.String("proto3"),
		MessageType: []*descriptorpb.DescriptorProto{{
			Name: proto.String("Nested"),
			Field: []*descriptorpb.FieldDescriptorProto{{
				Name:     proto.String("inner"),
				JsonName: proto.String("inner"),
				Number:   proto.Int32(1),
				Label:    descriptorpb.FieldDescriptorProto_LABEL_OPTIONAL.Enum(),
				Type:     descriptorpb.FieldDescriptorProto_TYPE_MESSAGE.Enum(),
				TypeName: proto.String(".nestprobe.Nested"),
			}},
		}},
	}
	described, err := protodesc.NewFile(file, nil)
	if err != nil {
		fail("protodesc.NewFile", err.Error())
	}
	return dynamicpb.NewMessage(described.Messages().ByName("Nested"))
}

func parse(data []byte, message *dynamicpb.Message, phase string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	if err = proto.Unmarshal(data, message); err != nil || phase != "serialize" {
		return err
	}
	_, err = proto.Marshal(message)
	return err
}

func main() {
	phase := ""
	if len(os.Args) > 1 {
		phase = os.Args[len(os.Args)-1]
		if phase != "parse" && phase != "serialize" {
			fmt.Fprintf(os.Stderr, "unknown phase: %s (parse or serialize)\n", phase)
			os.Exit(2)
		}
	}
	message := nestedType()
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("io.ReadAll", err.Error())
	}
	if err := parse(data, message, phase); err != nil {
		fail("proto.Unmarshal", err.Error())
	}
	os.Exit(0)
}
