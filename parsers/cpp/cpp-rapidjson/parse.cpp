// nestprobe parser program: reads all of stdin, parses it with rapidjson::Document::Parse (default
// flags). Exit 0 on success; on HasParseError() prints "ParseError: <message>" to stderr, exit 1.
// Also catches any C++ exception (catch (...)); signals happen as they would.
#include <cstdio>
#include <exception>
#include <iostream>
#include <iterator>
#include <string>
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

int main() {
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
