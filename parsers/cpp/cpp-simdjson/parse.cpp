// nestprobe parser program: reads all of stdin, parses it with a default simdjson::dom::parser
// (default max depth). Exit 0 on success; on an error code or any exception prints
// "simdjson_error: <message>" (or the exception type) to stderr, exit 1. Signals happen as they would.
#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <exception>
#include <iostream>
#include <iterator>
#include <string>
#include <typeinfo>
#include <simdjson.h>

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
        simdjson::dom::parser parser;
        simdjson::dom::element doc;
        auto err = parser.parse(in).get(doc);  // copies into a padded buffer
        if (err) {
            std::fprintf(stderr, "simdjson_error: %s\n", simdjson::error_message(err));
            return 1;
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s: %.200s\n", type_name(e).c_str(), e.what());
        return 1;
    } catch (...) {
        std::fprintf(stderr, "unknown: non-std exception\n");
        return 1;
    }
    return 0;
}
