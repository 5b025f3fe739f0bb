// Package protocol is the protocol helper of the Go programs (parsers/README.md, "The protocol
// helper"): the phase argument, stdin, the error line and the exit statuses. It is one file of the
// language folder, so that it reaches an environment's root the way the folder's shared files do
// (copied beside the program's folder); each row's build copies it into a GOPATH of its own:
//
//	mkdir -p "$BUILD/gopath/src/nestprobe/protocol" && cp ../protocol.go "$BUILD/gopath/src/nestprobe/protocol/"
//
// and builds with that GOPATH first (GO111MODULE=off), the program importing "nestprobe/protocol".
// The program keeps its library calls, and its function with `defer recover()` around them: only
// input (before the parse) and exits (after it) happen here.
package protocol

import (
	"fmt"
	"io"
	"os"
	"reflect"
	"runtime"
	"strings"
)

var phase string

// Without is an option of Input: a phase the program does not take (its library has no
// serializer, or the row cannot free).
type Without string

const (
	NoSerializer Without = "serialize"
	NoFree       Without = "free"
)

// Input reads the phase argument (an unknown one: one stderr line, exit 2, before stdin), then all
// of stdin.
func Input(without ...Without) []byte {
	known := []string{"parse", "free", "serialize"}
	for _, w := range without {
		for i, name := range known {
			if name == string(w) {
				known = append(known[:i:i], known[i+1:]...)
				break
			}
		}
	}
	return input(known)
}

// LanguageInput is Input for a language's program (regex, SQL, a query language, code): its phases
// are `compile` and `run`.
func LanguageInput() []byte {
	return input([]string{"compile", "run"})
}

func input(known []string) []byte {
	if len(os.Args) > 1 {
		phase = os.Args[len(os.Args)-1]
		found := false
		for _, name := range known {
			found = found || name == phase
		}
		if !found {
			list := strings.Join(known[:len(known)-1], ", ") + " or " + known[len(known)-1]
			fmt.Fprintf(os.Stderr, "unknown phase: %s (%s)\n", phase, list)
			os.Exit(2)
		}
	}
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		Error(err)
	}
	return data
}

// Phased says whether a phase was given (the program then runs its phased function).
func Phased() bool {
	return phase != ""
}

// Fail prints "<kind>: <message>" on stderr (newlines folded, cut at 200 bytes), exit 1.
func Fail(kind string, msg string) {
	msg = strings.ReplaceAll(msg, "\n", " ")
	if len(msg) > 200 {
		msg = msg[:200]
	}
	fmt.Fprintf(os.Stderr, "%s: %s\n", kind, msg)
	os.Exit(1)
}

// Error is Fail with the error's dynamic type as the kind.
func Error(err error) {
	Fail(fmt.Sprintf("%T", err), err.Error())
}

// Recovered turns what the program's recover() returned into the error it reports.
func Recovered(r interface{}) error {
	return fmt.Errorf("panic: %v", r)
}

// Parsed: in phase `parse`, exit 0 at once (no deferred calls, no collection).
func Parsed() {
	if phase == "parse" {
		os.Exit(0)
	}
}

// Compiled: in phase `compile`, exit 0 at once (the pattern, query or program compiled); without a
// phase the program goes on to its normal end, as a compile alone.
func Compiled() {
	if phase == "compile" {
		os.Exit(0)
	}
}

// Serializer returns serialize in phase `serialize`, otherwise a function of the same type that
// does nothing and returns zero values.
func Serializer[F any](serialize F) F {
	return only("serialize", serialize)
}

// Runner returns run in phase `run` (match the subject `a`, run the query, evaluate), otherwise a
// function of the same type that does nothing and returns zero values.
func Runner[F any](run F) F {
	return only("run", run)
}

func only[F any](name string, f F) F {
	if phase == name {
		return f
	}
	t := reflect.TypeOf(f)
	none := reflect.MakeFunc(t, func([]reflect.Value) []reflect.Value {
		results := make([]reflect.Value, t.NumOut())
		for i := range results {
			results[i] = reflect.Zero(t.Out(i))
		}
		return results
	})
	return none.Interface().(F)
}

// Serialized: in phase `serialize`, exit 0 at once.
func Serialized() {
	if phase == "serialize" {
		os.Exit(0)
	}
}

// Finished ends the program: in phase `free` (the program dropped its value) runtime.GC(), then
// exit 0; with any phase exit 0; without one it returns, and main returns (no collection).
func Finished() {
	if phase == "free" {
		runtime.GC()
	}
	if phase != "" {
		os.Exit(0)
	}
}

// Built prints the nesting a renderer built: "built depth: N".
func Built(n int) {
	fmt.Fprintf(os.Stderr, "built depth: %d\n", n)
}
