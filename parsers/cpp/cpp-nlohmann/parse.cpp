// nestprobe parser program: reads all of stdin, parses it with nlohmann::json::parse (defaults:
// exceptions on). Exit 0 on success; catches std::exception / anything, prints
// "<type>: <what>" to stderr, exit 1. Signals happen as they would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
// _exit(0), the value never destroyed; `free` lets the destructor run at the end of its scope, then
// _exit(0); `serialize` writes the value back into memory with j.dump(), then _exit(0). Without it:
// parse, destroy at the end of scope, return 0 (as before). Unknown phase: exit 2.
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <cxxabi.h>
#include <exception>
#include <iostream>
#include <iterator>
#include <string>
#include <typeinfo>
#include <unistd.h>
#include <nlohmann/json.hpp>

// Readable name of an exception's dynamic type.
static std::string type_name(const std::exception &e) {
    int st = 0;
    char *d = abi::__cxa_demangle(typeid(e).name(), nullptr, nullptr, &st);
    std::string s = (st == 0 && d) ? d : typeid(e).name();
    std::free(d);
    return s;
}

static bool is(const char *phase, const char *name) { return std::strcmp(phase, name) == 0; }

int main(int argc, char **argv) {
    const char *phase = argc > 1 ? argv[argc - 1] : "";
    if (argc > 1 && !is(phase, "parse") && !is(phase, "free") && !is(phase, "serialize")) {
        std::fprintf(stderr, "unknown phase: %s (parse, free or serialize)\n", phase);
        return 2;
    }
    std::string in((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    try {
        nlohmann::json j = nlohmann::json::parse(in);
        if (is(phase, "parse")) _exit(0);
        if (is(phase, "serialize")) {
            std::string out = j.dump();
            volatile std::size_t n = out.size(); // the text is used, then dropped by _exit
            (void)n;
            _exit(0);
        }
    } catch (const std::exception &e) {
        std::string msg = e.what();
        for (char &c : msg) if (c == '\n' || c == '\r') c = ' ';
        std::fprintf(stderr, "%s: %.200s\n", type_name(e).c_str(), msg.c_str());
        return 1;
    } catch (...) {
        std::fprintf(stderr, "unknown: non-std exception\n");
        return 1;
    }
    if (is(phase, "free")) _exit(0); // j was destroyed at the end of the try block
    return 0;
}
