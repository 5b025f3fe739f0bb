// nestprobe parser program: reads all of stdin, parses it with toml++'s toml::parse (default build: exceptions on) into a toml::table.
// catch (...) around the parse: toml::parse_error / std::exception print "<type>: <what>" to stderr, exit 1. Signals happen as they would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
// _exit(0), the value never destroyed; `free` lets its destructor run at the end of its block, then
// _exit(0); `serialize` writes it back into memory with toml++ operator<<, then _exit(0). Without
// it: as before (destroyed at the end of its block, return 0). Unknown phase: exit 2.
#include <cstring>
#include <sstream>
#include <unistd.h>
#include <toml++/toml.h>
#include <cstdlib>
#include <cxxabi.h>
#include <iostream>
#include <iterator>
#include <string>
#include <typeinfo>

// Readable name of an exception's dynamic type.
static std::string type_name(const std::exception &e) {
    int st = 0;
    char *d = abi::__cxa_demangle(typeid(e).name(), nullptr, nullptr, &st);
    std::string s = (st == 0 && d) ? d : typeid(e).name();
    std::free(d);
    return s;
}

// The phase, the optional last argument (parsers/README.md, "Phases"); "" without one.
static bool is(const char *phase, const char *name) { return std::strcmp(phase, name) == 0; }

int main(int argc, char **argv) {
    const char *phase = argc > 1 ? argv[argc - 1] : "";
    if (argc > 1 && !is(phase, "parse") && !is(phase, "free") && !is(phase, "serialize")) {
        std::fprintf(stderr, "unknown phase: %s (parse, free or serialize)\n", phase);
        return 2;
    }
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    try {
        toml::table t = toml::parse(text);
        if (is(phase, "parse")) _exit(0);  // the value never released
        if (is(phase, "serialize")) {
            auto out = [&] { std::ostringstream o; o << t; return o.str(); }();
            volatile std::size_t n = out.size();  // the text is made, then dropped by _exit
            (void) n;
            _exit(0);
        }
    } catch (const std::exception &e) {
        std::string msg = e.what();
        for (char &c : msg) if (c == '\n' || c == '\r') c = ' ';
        std::cerr << type_name(e) << ": " << msg.substr(0, 200) << "\n";
        return 1;
    } catch (...) {
        std::cerr << "unknown: non-std exception\n";
        return 1;
    }
    if (is(phase, "free")) _exit(0);  // the value was destroyed at the end of its block
    return 0;
}
