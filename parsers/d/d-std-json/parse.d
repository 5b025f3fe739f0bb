// Reads all of stdin, then std.json.parseJSON (Phobos) with default arguments (maxDepth = -1).
// Catches Throwable (exit 1); a stack overflow (SIGSEGV) happens as it would.
import std.stdio : stdin, stderr;
import std.json : parseJSON, JSONValue;
import std.array : replace;
import std.conv : to;
import core.stdc.stdlib : exit;

void main()
{
    string data;
    try
    {
        ubyte[] bytes;
        foreach (chunk; stdin.byChunk(65536))
            bytes ~= chunk;
        data = cast(string) bytes;
        JSONValue v = parseJSON(data);
    }
    catch (Throwable t)
    {
        auto msg = t.msg.replace("\n", " ");
        if (msg.length > 200)
            msg = msg[0 .. 200];
        stderr.writeln(typeid(t).name, ": ", msg);
        exit(1);
    }
}
