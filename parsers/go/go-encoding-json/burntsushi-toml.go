// go-burntsushi-toml: toml.Decode of the text into a map[string]interface{} (its MetaData dropped),
// toml.NewEncoder(io.Discard).Encode (github.com/BurntSushi/toml, default settings).
package main

import (
	"io"

	"github.com/BurntSushi/toml"
)

type value = map[string]interface{}

func unmarshal(data []byte, v *value) error { _, err := toml.Decode(string(data), v); return err }

func marshal(v value) ([]byte, error) { return nil, toml.NewEncoder(io.Discard).Encode(v) }
