// nestprobe parser program: std.json.parseJSON (Phobos) with default arguments (maxDepth = -1) on stdin,
// from main inside its own try: a Throwable is caught (exit 1); a stack overflow (SIGSEGV) happens as it
// would. The protocol (input, error line, exit statuses) is ../protocol.d's.
import std.json : parseJSON, JSONValue;
import protocol;

void main(string[] args)
{
    string data = protocol.input(args);
    try
    {
        JSONValue v = parseJSON(data);
    }
    catch (Throwable t)
    {
        protocol.error(t);
    }
}
