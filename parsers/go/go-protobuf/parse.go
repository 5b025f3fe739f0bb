// proto.Unmarshal (google.golang.org/protobuf, default options) into a dynamic message whose field 1
// is a message of the same type, described at run time (descriptorpb + protodesc + dynamicpb: no
// protoc, no generated code), in parse(), a function of the program's own with `defer recover()`:
// the returned error or a recovered panic is the error line (exit 1); Go's fatal "goroutine stack
// exceeds limit" cannot be recovered and happens as it would. The same call with or without a
// phase; phase `serialize` encodes the message back with proto.Marshal (Go never frees before
// exiting: no `free`). Input, phases and exit statuses: ../protocol.go (built as
// nestprobe/protocol).
package main

import (
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/dynamicpb"
	"nestprobe/protocol"
)

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
		protocol.Fail("protodesc.NewFile", err.Error())
	}
	return dynamicpb.NewMessage(described.Messages().ByName("Nested"))
}

func parse(data []byte, message *dynamicpb.Message) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	if err = proto.Unmarshal(data, message); err != nil {
		return err
	}
	protocol.Parsed()
	_, err = protocol.Serializer(proto.Marshal)(message)
	return err
}

func main() {
	data := protocol.Input(protocol.NoFree)
	message := nestedType()
	if err := parse(data, message); err != nil {
		protocol.Fail("proto.Unmarshal", err.Error())
	}
	protocol.Serialized()
	protocol.Finished()
}
