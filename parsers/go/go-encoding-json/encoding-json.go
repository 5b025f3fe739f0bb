// go-encoding-json: json.Unmarshal into an interface{}, json.Marshal (encoding/json, defaults).
package main

import "encoding/json"

type value = interface{}

func unmarshal(data []byte, v *value) error { return json.Unmarshal(data, v) }

func marshal(v value) ([]byte, error) { return json.Marshal(v) }
