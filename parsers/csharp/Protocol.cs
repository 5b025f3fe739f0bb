// The nestprobe protocol for the C# programs (parsers/README.md, "The protocol helper"): the phase argument,
// stdin, the error line and exit status. A program's build compiles it beside the program (`mcs … Parse.cs
// ../Protocol.cs`; in Debian 13's root the language folder's files are copied beside the program's folder,
// so ../Protocol.cs is there too). The C# programs take no phase. The program calls its library from its own
// Main, inside its own try, so that nothing of the helper sits under the parse.
using System;
using System.IO;
using System.Text;

static class Protocol {
    // Reads the phase argument (the C# programs take none: any argument is one stderr line and exit 2,
    // before stdin is read), then all of stdin.
    public static byte[] InputBytes(string[] args) {
        if (args.Length > 0) {
            Console.Error.WriteLine("unknown phase: " + args[args.Length - 1] + " (the program takes none)");
            Environment.Exit(2);
        }
        var buf = new MemoryStream();
        using (var stdin = Console.OpenStandardInput()) stdin.CopyTo(buf);
        return buf.ToArray();
    }

    // The same, as UTF-8 text (no byte order mark expected).
    public static string Input(string[] args) {
        return new UTF8Encoding(false).GetString(InputBytes(args));
    }

    // Prints "<kind>: <message>" on one line of stderr (newlines folded, the message cut at 200 characters)
    // and exits 1: the library's clean error.
    public static void Fail(string kind, string message) {
        string msg = message.Replace("\r", " ").Replace("\n", " ");
        Console.Error.WriteLine(kind + ": " + (msg.Length > 200 ? msg.Substring(0, 200) : msg));
        Environment.Exit(1);
    }

    // A caught exception: "<Type>: <message>", exit 1.
    public static void Error(Exception e) {
        Fail(e.GetType().FullName, e.Message);
    }
}
