// Service row go-net-http-json: net/http (standard library server, a goroutine per connection)
// with encoding/json, as its documentation shows: json.NewDecoder(r.Body).Decode(&v) into an
// interface{}; a decode error answers 400 with http.Error. POST /echo writes the value back with
// json.NewEncoder(w).Encode(v). Default configuration: no MaxBytesReader, no recover of our own
// (net/http recovers a handler's panic and closes that connection; Go's fatal "goroutine stack
// exceeds limit" cannot be recovered and ends the process). Listens on 127.0.0.1:$PORT.
package main

import (
	"encoding/json"
	"log"
	"net/http"
	"os"
)

func decode(w http.ResponseWriter, r *http.Request) (interface{}, bool) {
	var v interface{}
	if err := json.NewDecoder(r.Body).Decode(&v); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return nil, false
	}
	return v, true
}

func main() {
	http.HandleFunc("/parse", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := decode(w, r); ok {
			w.Write([]byte("ok\n"))
		}
	})
	http.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		if v, ok := decode(w, r); ok {
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(v)
		}
	})
	http.HandleFunc("/health", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok\n"))
	})
	log.Fatal(http.ListenAndServe("127.0.0.1:"+os.Getenv("PORT"), nil))
}
