// Reads all of stdin and parses it with System.Text.Json's JsonDocument.Parse (default options) into a
// JsonDocument. Catches any Exception: prints "<Type>: <message>" to stderr, exits 1.
// With the argument --version it prints the System.Text.Json version instead (for the catalog).
using System;
using System.IO;
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
        var buf = new MemoryStream();
        using (var stdin = Console.OpenStandardInput()) stdin.CopyTo(buf);
        byte[] bytes = buf.ToArray();
        try {
            using (JsonDocument doc = JsonDocument.Parse(bytes)) { }
        } catch (Exception e) {
            string msg = (e.GetType().FullName + ": " + e.Message).Replace("\r", " ").Replace("\n", " ");
            Console.Error.WriteLine(msg.Length > 200 ? msg.Substring(0, 200) : msg);
            return 1;
        }
        return 0;
    }
}
