// The nestprobe protocol for the C# programs (parsers/README.md, "The protocol helper"): the phase argument,
// stdin, the error line and exit status. A program's build compiles it beside the program (`mcs … Parse.cs
// ../Protocol.cs`; in Debian 13's root the language folder's files are copied beside the program's folder,
// so ../Protocol.cs is there too). A data format's program takes parse, free or serialize where its row
// lists them (DataInput), else none (Input); a language's takes compile or run. The program calls its library from its own
// Main, inside its own try, so that nothing of the helper sits under the parse.
using System;
using System.IO;
using System.Text;

static class Protocol {
    // The phase of a language's program (LanguageInput); null without one.
    static string phase;

    // A language's program (a regex, for one): reads the phase argument, `compile` or `run` (an unknown one
    // is one stderr line and exit 2, before stdin is read), then all of stdin as UTF-8 text.
    public static string LanguageInput(string[] args) {
        if (args.Length > 0) {
            phase = args[args.Length - 1];
            if (phase != "compile" && phase != "run") {
                Console.Error.WriteLine("unknown phase: " + phase + " (compile or run)");
                Environment.Exit(2);
            }
        }
        return new UTF8Encoding(false).GetString(Stdin());
    }

    // In phase `compile`: exit 0 at once (the pattern or program compiled).
    public static void Compiled() {
        if (phase == "compile") Environment.Exit(0);
    }

    // The run guard: whether the program runs what it compiled now (phase `run`), in its own code.
    public static bool Running() {
        return phase == "run";
    }

    // Reads the phase argument (the C# programs take none: any argument is one stderr line and exit 2,
    // before stdin is read), then all of stdin.
    public static byte[] InputBytes(string[] args) {
        if (args.Length > 0) {
            Console.Error.WriteLine("unknown phase: " + args[args.Length - 1] + " (the program takes none)");
            Environment.Exit(2);
        }
        return Stdin();
    }

    // The same, as UTF-8 text (no byte order mark expected).
    public static string Input(string[] args) {
        return new UTF8Encoding(false).GetString(InputBytes(args));
    }

    // The phase of a data format's program (DataInput): parse, free or serialize; null without one.
    public static string DataPhase;

    // A data format's program that takes a phase (its row lists `phases`): reads the phase argument,
    // `parse`, `free` or `serialize` (an unknown one is one stderr line and exit 2, before stdin is
    // read), then all of stdin as UTF-8 text. What each phase does after the parse is the program's
    // (parsers/README.md, "Phases"), in a method of its own, so that Main's frame is as without one.
    public static string DataInput(string[] args) {
        if (args.Length > 0) {
            DataPhase = args[args.Length - 1];
            if (DataPhase != "parse" && DataPhase != "free" && DataPhase != "serialize") {
                Console.Error.WriteLine("unknown phase: " + DataPhase + " (parse, free or serialize)");
                Environment.Exit(2);
            }
        }
        return new UTF8Encoding(false).GetString(Stdin());
    }

    // Whether DataInput read a phase: the program then parses in a method of its own and ends with
    // AfterParse, so that without one its Main is as it always was.
    public static bool Phased {
        get { return DataPhase != null; }
    }

    // After a successful parse, in the phase DataInput read: `parse` exits 0 at once; `free` drops
    // the value (the caller's only reference, passed by ref) and collects; `serialize` writes it back
    // with `write`, an exception there being the library's error (exit 1). Then exit 0.
    public static void AfterParse<T>(ref T value, Func<T, string> write) where T : class {
        if (DataPhase == "free") {
            value = null;
            GC.Collect();
            GC.WaitForPendingFinalizers();
        } else if (DataPhase == "serialize") {
            try {
                write(value);
            } catch (Exception e) {
                Error(e);
            }
        }
        Environment.Exit(0);
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

    // All of stdin.
    static byte[] Stdin() {
        var buf = new MemoryStream();
        using (var stdin = Console.OpenStandardInput()) stdin.CopyTo(buf);
        return buf.ToArray();
    }
}
