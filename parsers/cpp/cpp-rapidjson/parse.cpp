// nestprobe parser program: parses stdin with rapidjson::Document::Parse (default flags); HasParseError()
// is "ParseError: <message> (offset)", exit 1, and any C++ exception is caught (catch (...)); signals happen
// as they would. Phases, in a function of their own (so that main without one keeps its code and frame: the
// recursive parse overflows the stack, and a bigger main frame would move that depth): `free` is the
// Document's destructor at the end of its block, `serialize` Writer<StringBuffer> + Accept (false is exit 1).
// The protocol (input, phase argument, exit statuses) is ../protocol.hpp's.
#include <exception>
#include <string>
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include "protocol.hpp"

[[noreturn, gnu::noinline, gnu::cold]] static void parse_error(const rapidjson::Document &d) {
    np::fail("ParseError", std::string(rapidjson::GetParseError_En(d.GetParseError())) + " (offset " +
                               std::to_string(d.GetErrorOffset()) + ")");
}

// With a phase; ends the program.
[[gnu::noinline]] static void with_phase(const std::string &in) {
    try {
        rapidjson::Document d;
        d.Parse(in.data(), in.size());
        if (d.HasParseError()) parse_error(d);
        np::parsed();
        NP_SERIALIZE(
            rapidjson::StringBuffer buf;
            rapidjson::Writer<rapidjson::StringBuffer> writer(buf);
            if (!d.Accept(writer)) np::fail("WriterError", "Accept returned false");
            np::keep(buf.GetSize()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished(); // free: d was destroyed at the end of the try block
}

int main(int argc, char **argv) {
    std::string in = np::input(argc, argv);
    if (np::phased()) with_phase(in);
    try {
        rapidjson::Document d;
        d.Parse(in.data(), in.size());
        if (d.HasParseError()) parse_error(d);
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    return 0;
}
