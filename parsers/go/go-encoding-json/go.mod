module nestprobe/parsers/go-encoding-json

go 1.19
