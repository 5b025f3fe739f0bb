// go-goccy-yaml: yaml.Unmarshal into an interface{} (no options), yaml.Marshal (github.com/goccy/go-yaml).
package main

import "github.com/goccy/go-yaml"

type value = interface{}

func unmarshal(data []byte, v *value) error { return yaml.Unmarshal(data, v) }

func marshal(v value) ([]byte, error) { return yaml.Marshal(v) }
