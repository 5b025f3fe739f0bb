// regexp.Compile (RE2 syntax, Perl flags, the default) of all of stdin, the whole pattern, in
// compile(), a function of the program's own with `defer recover()`; phase `run` matches the compiled
// regexp against the subject "a" (MatchString: a match or none is exit 0). The returned error
// (*syntax.Error) or a recovered panic is the error line (exit 1); Go's fatal "goroutine stack exceeds
// limit" cannot be recovered and happens as it would. Input, phases and exit statuses: ../protocol.go
// (built as nestprobe/protocol).
package main

import (
	"nestprobe/protocol"
	"regexp"
)

func compile(source string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = protocol.Recovered(r)
		}
	}()
	re, err := regexp.Compile(source)
	if err != nil {
		return err
	}
	protocol.Compiled()
	protocol.Runner(re.MatchString)("a")
	return nil
}

func main() {
	source := string(protocol.LanguageInput())
	if err := compile(source); err != nil {
		protocol.Error(err)
	}
	protocol.Finished()
}
