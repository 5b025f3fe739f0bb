// Reads "FORMAT SHAPE DEPTH HEX" lines and prints, per line, the nesting Go's own decoder or parser
// finds in the payload ("error ..." for a refused one).
package main

import (
	"bufio"
	"bytes"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"strconv"
	"strings"
)

// nested is int wrapped depth times in a slice, or in a struct with one field A.
func nested(slice bool, depth int) reflect.Type {
	t := reflect.TypeOf(0)
	for i := 0; i < depth; i++ {
		if slice {
			t = reflect.SliceOf(t)
		} else {
			t = reflect.StructOf([]reflect.StructField{{Name: "A", Type: t}})
		}
	}
	return t
}

func decode(data []byte, t reflect.Type) (reflect.Value, error) {
	v := reflect.New(t)
	err := gob.NewDecoder(bytes.NewReader(data)).DecodeValue(v)
	return v.Elem(), err
}

// gobSpine decodes the stream discarding it (the ignore path the advisories are about), then into
// the type it should define: slices of one element down to an empty []int are counted; structs
// must decode into depth levels and not into one more or one fewer.
func gobSpine(data []byte, shape string, depth int) string {
	if err := gob.NewDecoder(bytes.NewReader(data)).DecodeValue(reflect.Value{}); err != nil {
		return "error " + err.Error()
	}
	slice := shape != "object"
	v, err := decode(data, nested(slice, depth))
	if err != nil {
		return "error " + err.Error()
	}
	if !slice {
		for _, other := range []int{depth - 1, depth + 1} {
			if _, err := decode(data, nested(false, other)); err == nil && other > 0 {
				return fmt.Sprintf("also decodes into %d levels", other)
			}
		}
		return strings.Repeat("M", depth)
	}
	spine := ""
	for v.Kind() == reflect.Slice {
		spine += "S"
		if v.Len() == 0 {
			break
		}
		if v.Len() != 1 {
			return "none"
		}
		v = v.Index(0)
	}
	return spine
}

func constraintSpine(line string) string {
	x, err := constraint.Parse(line)
	if err != nil {
		return "error " + err.Error()
	}
	spine := ""
	for {
		not, ok := x.(*constraint.NotExpr)
		if !ok {
			break
		}
		spine += "N"
		x = not.X
	}
	if tag, ok := x.(*constraint.TagExpr); !ok || tag.Tag != "a" {
		return "none"
	}
	if spine == "" {
		return "accepted"
	}
	return spine
}

func literalSpine(code string) string {
	src := "package p\n\nfunc f() {\n" + code + "\n}\n"
	file, err := parser.ParseFile(token.NewFileSet(), "payload.go", src, 0)
	if err != nil {
		return "error " + err.Error()
	}
	body := file.Decls[0].(*ast.FuncDecl).Body.List
	if len(body) != 1 {
		return "none"
	}
	stmt, ok := body[0].(*ast.ExprStmt)
	if !ok {
		return "none"
	}
	lit, ok := stmt.X.(*ast.CompositeLit)
	if !ok || lit.Type == nil {
		return "none"
	}
	spine := ""
	for {
		spine += "L"
		if len(lit.Elts) == 0 {
			return spine
		}
		inner, ok := lit.Elts[0].(*ast.CompositeLit)
		if len(lit.Elts) != 1 || !ok || inner.Type != nil {
			return "none"
		}
		lit = inner
	}
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<30)
	for in.Scan() {
		fields := strings.Fields(in.Text())
		depth, _ := strconv.Atoi(fields[2])
		data, err := hex.DecodeString(fields[3])
		if err != nil {
			panic(err)
		}
		switch fields[0] {
		case "gob":
			fmt.Println(gobSpine(data, fields[1], depth))
		case "build-constraint":
			fmt.Println(constraintSpine(string(data)))
		default:
			fmt.Println(literalSpine(string(data)))
		}
	}
}
