// Reads all of stdin (UTF-8) and parses it with Mono's System.Json JsonValue.Parse (default settings) into a
// JsonValue tree. Catches any Exception: prints "<Type>: <message>" to stderr, exits 1.
using System;
using System.IO;
using System.Json;
using System.Text;

static class Parse {
    static int Main() {
        var buf = new MemoryStream();
        using (var stdin = Console.OpenStandardInput()) stdin.CopyTo(buf);
        string text = new UTF8Encoding(false).GetString(buf.ToArray());
        try {
            JsonValue.Parse(text);
        } catch (Exception e) {
            string msg = (e.GetType().FullName + ": " + e.Message).Replace("\r", " ").Replace("\n", " ");
            Console.Error.WriteLine(msg.Length > 200 ? msg.Substring(0, 200) : msg);
            return 1;
        }
        return 0;
    }
}
