// nestprobe parser program: reads all of stdin, parses it with a default Json::CharReaderBuilder
// via Json::parseFromStream. Exit 0 on success; on a false return or any exception prints
// "<type>: <message>" to stderr, exit 1. Signals happen as they would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
// _exit(0), the value never destroyed; `free` lets its destructor run at the end of its block, then
// _exit(0); `serialize` writes it back into memory with Json::writeString, then _exit(0). Without
// it: as before (destroyed at the end of its block, return 0). Unknown phase: exit 2.
#include <cstring>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <exception>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <typeinfo>
#include <json/json.h>

// Readable name of an exception's dynamic type.
static std::string type_name(const std::exception &e) {
    int st = 0;
    char *d = abi::__cxa_demangle(typeid(e).name(), nullptr, nullptr, &st);
    std::string s = (st == 0 && d) ? d : typeid(e).name();
    std::free(d);
    return s;
}

static void oneline(const char *type, std::string msg) {
    for (char &c : msg) if (c == '\n' || c == '\r') c = ' ';
    std::fprintf(stderr, "%s: %.200s\n", type, msg.c_str());
}

// The phase, the optional last argument (parsers/README.md, "Phases"); "" without one.
static bool is(const char *phase, const char *name) { return std::strcmp(phase, name) == 0; }

int main(int argc, char **argv) {
    const char *phase = argc > 1 ? argv[argc - 1] : "";
    if (argc > 1 && !is(phase, "parse") && !is(phase, "free") && !is(phase, "serialize")) {
        std::fprintf(stderr, "unknown phase: %s (parse, free or serialize)\n", phase);
        return 2;
    }
    std::string in((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    try {
        std::istringstream ss(in);
        Json::CharReaderBuilder builder;  // default settings
        Json::Value root;
        std::string errs;
        if (!Json::parseFromStream(builder, ss, &root, &errs)) {
            oneline("Json::ParseError", errs);
            return 1;
        }
        if (is(phase, "parse")) _exit(0);  // the value never released
        if (is(phase, "serialize")) {
            std::string out = Json::writeString(Json::StreamWriterBuilder(), root);
            volatile std::size_t n = out.size();  // the text is made, then dropped by _exit
            (void) n;
            _exit(0);
        }
    } catch (const std::exception &e) {
        oneline(type_name(e).c_str(), e.what());
        return 1;
    } catch (...) {
        oneline("unknown", "non-std exception");
        return 1;
    }
    if (is(phase, "free")) _exit(0);  // the value was destroyed at the end of its block
    return 0;
}
