// nestprobe parser program: Mono's System.Json JsonValue.Parse (default settings) on stdin (UTF-8) into a
// JsonValue tree, from Main: any Exception is caught (exit 1). The protocol (input, error line, exit
// statuses) is ../Protocol.cs's.
using System;
using System.Json;

static class Parse {
    static int Main(string[] args) {
        string text = Protocol.Input(args);
        try {
            JsonValue.Parse(text);
        } catch (Exception e) {
            Protocol.Error(e);
        }
        return 0;
    }
}
