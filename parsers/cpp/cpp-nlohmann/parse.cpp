// nestprobe parser program: reads all of stdin, parses it with nlohmann::json::parse (defaults:
// exceptions on). Exit 0 on success; catches std::exception / anything, prints
// "<type>: <what>" to stderr, exit 1. Signals happen as they would.
#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <exception>
#include <iostream>
#include <iterator>
#include <string>
#include <typeinfo>
#include <nlohmann/json.hpp>

// Readable name of an exception's dynamic type.
static std::string type_name(const std::exception &e) {
    int st = 0;
    char *d = abi::__cxa_demangle(typeid(e).name(), nullptr, nullptr, &st);
    std::string s = (st == 0 && d) ? d : typeid(e).name();
    std::free(d);
    return s;
}

int main() {
    std::string in((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    try {
        nlohmann::json j = nlohmann::json::parse(in);
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
