// nestprobe parser program: System.Text.Json's JsonDocument.Parse (default options) on stdin into a
// JsonDocument, from Main: any Exception is caught (exit 1). With the argument --version it prints the
// System.Text.Json version instead (for the catalog's version command). The protocol (input, error line,
// exit statuses) is ../Protocol.cs's.
using System;
using System.Reflection;
using System.Text.Json;

static class Parse {
    static int Main(string[] args) {
        if (args.Length > 0 && args[0] == "--version") {
            var asm = typeof(JsonDocument).Assembly;
            var info = asm.GetCustomAttribute<AssemblyInformationalVersionAttribute>();
            Console.WriteLine((info != null ? info.InformationalVersion : asm.GetName().Version.ToString())
                              + " (runtime " + Environment.Version + ")");
            return 0;
        }
        byte[] bytes = Protocol.InputBytes(args);
        try {
            using (JsonDocument doc = JsonDocument.Parse(bytes)) { }
        } catch (Exception e) {
            Protocol.Error(e);
        }
        return 0;
    }
}
