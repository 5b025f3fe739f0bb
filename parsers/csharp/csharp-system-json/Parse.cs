// nestprobe parser program: a JSON tree library's static Parse (default settings) on stdin (UTF-8), from
// Main: Mono's System.Json JsonValue.Parse into a JsonValue tree, or, built with -define:NEWTONSOFT,
// Newtonsoft.Json's JToken.Parse into a JToken tree (the alias `Library` names the class: the same call in
// the IL). Any Exception is caught (exit 1). The protocol (input, phase, error line, exit statuses) is
// ../Protocol.cs's. With a phase, the parse runs in a method of its own (Phased), so that without one
// Main is the program as it was; what each phase does is Protocol.AfterParse's, the serializer this
// program's: compact JSON (JsonValue.ToString; JToken.ToString(Formatting.None), JsonTextWriter through
// WriteTo, recursive).
using System;
#if NEWTONSOFT
using Library = Newtonsoft.Json.Linq.JToken;
#else
using Library = System.Json.JsonValue;
#endif

static class Parse {
    static int Main(string[] args) {
        string text = Protocol.DataInput(args);
        if (Protocol.Phased) return Phased(text);
        try {
            Library.Parse(text);
        } catch (Exception e) {
            Protocol.Error(e);
        }
        return 0;
    }

    static int Phased(string text) {
        Library value = null;
        try {
            value = Library.Parse(text);
        } catch (Exception e) {
            Protocol.Error(e);
        }
        Protocol.AfterParse(ref value, Write);
        return 0;
    }

#if NEWTONSOFT
    static string Write(Library value) { return value.ToString(Newtonsoft.Json.Formatting.None); }
#else
    static string Write(Library value) { return value.ToString(); }
#endif
}
