// The nestprobe protocol for the D programs (parsers/README.md, "The protocol helper"): the phase argument,
// stdin, the error line and exit status. A program imports it (`import protocol;`) and its build passes
// ../protocol.d to ldc2 (in Debian 13's root the language folder's files are copied beside the program's
// folder, so ../protocol.d is there too). The D programs take no phase. The program calls its library from
// its own main, inside its own try, so that nothing of the helper sits under the parse.
module protocol;

import core.stdc.stdlib : exit;
import std.array : replace;
import std.stdio : stdin, stderr;

/// Reads the phase argument (the D programs take none: any argument is one stderr line and exit 2, before
/// stdin is read), then all of stdin.
string input(string[] args)
{
    if (args.length > 1)
    {
        stderr.writeln("unknown phase: ", args[$ - 1], " (the program takes none)");
        exit(2);
    }
    ubyte[] bytes;
    foreach (chunk; stdin.byChunk(65536))
        bytes ~= chunk;
    return cast(string) bytes;
}

/// Prints "<kind>: <message>" on one line of stderr (newlines folded, the message cut at 200 characters)
/// and exits 1: the library's clean error.
void fail(string kind, string message)
{
    auto msg = message.replace("\n", " ").replace("\r", " ");
    if (msg.length > 200)
        msg = msg[0 .. 200];
    stderr.writeln(kind, ": ", msg);
    exit(1);
}

/// A caught Throwable: "<class>: <message>", exit 1.
void error(Throwable t)
{
    fail(typeid(t).name, t.msg.idup);
}
