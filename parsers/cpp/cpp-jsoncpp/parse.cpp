// nestprobe parser program: reads all of stdin, parses it with a default Json::CharReaderBuilder
// via Json::parseFromStream. Exit 0 on success; on a false return or any exception prints
// "<type>: <message>" to stderr, exit 1. Signals happen as they would.
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

int main() {
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
    } catch (const std::exception &e) {
        oneline(type_name(e).c_str(), e.what());
        return 1;
    } catch (...) {
        oneline("unknown", "non-std exception");
        return 1;
    }
    return 0;
}
