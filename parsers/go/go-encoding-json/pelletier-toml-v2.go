// go-pelletier-toml-v2: toml.Unmarshal into a map[string]interface{}, toml.Marshal (github.com/pelletier/go-toml/v2, defaults).
package main

import "github.com/pelletier/go-toml/v2"

type value = map[string]interface{}

func unmarshal(data []byte, v *value) error { return toml.Unmarshal(data, v) }

func marshal(v value) ([]byte, error) { return toml.Marshal(v) }
