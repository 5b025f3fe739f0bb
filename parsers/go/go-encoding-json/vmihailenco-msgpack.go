// go-vmihailenco-msgpack: msgpack.Unmarshal into an interface{}, msgpack.Marshal (github.com/vmihailenco/msgpack/v5, defaults).
package main

import "github.com/vmihailenco/msgpack/v5"

type value = interface{}

func unmarshal(data []byte, v *value) error { return msgpack.Unmarshal(data, v) }

func marshal(v value) ([]byte, error) { return msgpack.Marshal(v) }
