// go-yaml-v3: yaml.Unmarshal into an interface{}, yaml.Marshal (gopkg.in/yaml.v3, defaults).
package main

import "gopkg.in/yaml.v3"

type value = interface{}

func unmarshal(data []byte, v *value) error { return yaml.Unmarshal(data, v) }

func marshal(v value) ([]byte, error) { return yaml.Marshal(v) }
