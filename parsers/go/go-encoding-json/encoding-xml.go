// go-encoding-xml: xml.Unmarshal into a recursive element tree, xml.Marshal (encoding/xml, default
// settings). encoding/xml has no DOM type: a recursive struct that keeps every child element.
package main

import "encoding/xml"

type node struct {
	XMLName  xml.Name
	Children []node `xml:",any"`
}

type value = node

func unmarshal(data []byte, v *value) error { return xml.Unmarshal(data, v) }

func marshal(v value) ([]byte, error) { return xml.Marshal(v) }
