// nestprobe parser program: a JSON tree library's static Parse (default settings) on stdin (UTF-8), from
// Main: Mono's System.Json JsonValue.Parse into a JsonValue tree, or, built with -define:NEWTONSOFT,
// Newtonsoft.Json's JToken.Parse into a JToken tree (the alias `Library` names the class: the same call in
// the IL). Any Exception is caught (exit 1). The protocol (input, error line, exit statuses) is
// ../Protocol.cs's.
using System;
#if NEWTONSOFT
using Library = Newtonsoft.Json.Linq.JToken;
#else
using Library = System.Json.JsonValue;
#endif

static class Parse {
    static int Main(string[] args) {
        string text = Protocol.Input(args);
        try {
            Library.Parse(text);
        } catch (Exception e) {
            Protocol.Error(e);
        }
        return 0;
    }
}
