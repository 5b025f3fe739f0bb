// go-ugorji-codec: codec.NewDecoderBytes(data, &codec.JsonHandle{}).Decode into an interface{},
// codec.NewEncoderBytes(…, &codec.JsonHandle{}).Encode (ugorji/go/codec, a default JsonHandle).
package main

import "github.com/ugorji/go/codec"

type value = interface{}

func unmarshal(data []byte, v *value) error {
	return codec.NewDecoderBytes(data, new(codec.JsonHandle)).Decode(v)
}

func marshal(v value) (out []byte, err error) {
	err = codec.NewEncoderBytes(&out, new(codec.JsonHandle)).Encode(v)
	return out, err
}
