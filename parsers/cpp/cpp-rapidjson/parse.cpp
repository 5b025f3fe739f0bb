// nestprobe parser program: reads all of stdin, parses it with rapidjson::Document::Parse (default
// flags). Exit 0 on success; on HasParseError() prints "ParseError: <message>" to stderr, exit 1.
// Also catches any C++ exception (catch (...)); signals happen as they would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
// _exit(0), the Document never destroyed; `free` lets its destructor run at the end of its scope,
// then _exit(0); `serialize` writes it back with Writer<StringBuffer> + Accept (Accept returning
// false is the library's error: exit 1), then _exit(0). Without it: parse, destroy at the end of
// scope, return 0 (as before). Unknown phase: exit 2.
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <iterator>
#include <string>
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <unistd.h>

// With a phase. A function of its own, so that main without one keeps its old code and frame
// (the recursive parse overflows the stack: a bigger main frame would move that depth).
[[gnu::noinline]] static int with_phase(const char *phase) {
    bool parse = !std::strcmp(phase, "parse"), free = !std::strcmp(phase, "free"),
         serialize = !std::strcmp(phase, "serialize");
    if (!parse && !free && !serialize) {
        std::fprintf(stderr, "unknown phase: %s (parse, free or serialize)\n", phase);
        return 2;
    }
    std::string in((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    try {
        rapidjson::Document d;
        d.Parse(in.data(), in.size());
        if (d.HasParseError()) {
            std::fprintf(stderr, "ParseError: %s (offset %zu)\n",
                         rapidjson::GetParseError_En(d.GetParseError()), d.GetErrorOffset());
            return 1;
        }
        if (parse) _exit(0);
        if (serialize) {
            rapidjson::StringBuffer buf;
            rapidjson::Writer<rapidjson::StringBuffer> writer(buf);
            if (!d.Accept(writer)) {
                std::fprintf(stderr, "WriterError: Accept returned false\n");
                return 1;
            }
            volatile std::size_t n = buf.GetSize(); // the text is used, then dropped by _exit
            (void)n;
            _exit(0);
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "std::exception: %.200s\n", e.what());
        return 1;
    } catch (...) {
        std::fprintf(stderr, "unknown: non-std exception\n");
        return 1;
    }
    _exit(0); // free: d was destroyed at the end of the try block
}

int main(int argc, char **argv) {
    if (argc > 1) return with_phase(argv[argc - 1]);
    std::string in((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    try {
        rapidjson::Document d;
        d.Parse(in.data(), in.size());
        if (d.HasParseError()) {
            std::fprintf(stderr, "ParseError: %s (offset %zu)\n",
                         rapidjson::GetParseError_En(d.GetParseError()), d.GetErrorOffset());
            return 1;
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "std::exception: %.200s\n", e.what());
        return 1;
    } catch (...) {
        std::fprintf(stderr, "unknown: non-std exception\n");
        return 1;
    }
    return 0;
}
