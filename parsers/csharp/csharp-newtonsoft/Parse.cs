// nestprobe parser program: Newtonsoft.Json's JToken.Parse (default settings) on stdin (UTF-8) into a JToken
// tree, from Main: any Exception is caught (exit 1). The protocol (input, error line, exit statuses) is
// ../Protocol.cs's.
using System;
using Newtonsoft.Json.Linq;

static class Parse {
    static int Main(string[] args) {
        string text = Protocol.Input(args);
        try {
            JToken.Parse(text);
        } catch (Exception e) {
            Protocol.Error(e);
        }
        return 0;
    }
}
