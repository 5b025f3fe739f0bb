// go-hjson: hjson.Unmarshal into an interface{}, hjson.Marshal (github.com/hjson/hjson-go, defaults).
// Plain JSON is Hjson, so the JSON payloads are read as they are.
package main

import "github.com/hjson/hjson-go"

type value = interface{}

func unmarshal(data []byte, v *value) error { return hjson.Unmarshal(data, v) }

func marshal(v value) ([]byte, error) { return hjson.Marshal(v) }
