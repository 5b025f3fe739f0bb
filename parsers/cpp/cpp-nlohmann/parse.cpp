// nestprobe parser program: reads all of stdin, parses it with nlohmann::json::parse (defaults:
// exceptions on). Exit 0 on success; catches std::exception / anything, prints
// "<type>: <what>" to stderr, exit 1. Signals happen as they would.
// Phase (optional last argument; parsers/README.md, "Phases"): `parse` ends with _exit right after
// the parse, never destroying the value; `free` destroys it (its destructor); `serialize` writes it
// back with dump() into a string, then _exit. Without one: parse, then the value is destroyed at the
// end of its scope, as it always was (the same as `free`).
#include <cstdio>
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

int main(int argc, char **argv) {
    const std::string phase = argc > 1 ? argv[argc - 1] : "";
    if (!phase.empty() && phase != "parse" && phase != "free" && phase != "serialize") {
        std::fprintf(stderr, "usage: parse [parse|free|serialize]\n");
        return 2;
    }
    std::string in((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    try {
        nlohmann::json j = nlohmann::json::parse(in);
        if (phase == "parse") _exit(0);
        if (phase == "serialize") {
            std::string text = j.dump();
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
    return 0;
}
