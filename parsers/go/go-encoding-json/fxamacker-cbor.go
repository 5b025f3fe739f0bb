// go-fxamacker-cbor: cbor.Unmarshal into an interface{}, cbor.Marshal (github.com/fxamacker/cbor/v2, default DecOptions and EncOptions).
package main

import "github.com/fxamacker/cbor/v2"

type value = interface{}

func unmarshal(data []byte, v *value) error { return cbor.Unmarshal(data, v) }

func marshal(v value) ([]byte, error) { return cbor.Marshal(v) }
