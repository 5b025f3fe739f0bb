// go-jsoniter: jsoniter.Unmarshal into an interface{}, jsoniter.Marshal (json-iterator/go, its default ConfigDefault).
package main

import jsoniter "github.com/json-iterator/go"

type value = interface{}

func unmarshal(data []byte, v *value) error { return jsoniter.Unmarshal(data, v) }

func marshal(v value) ([]byte, error) { return jsoniter.Marshal(v) }
