// nestprobe parser program: reads all of stdin, parses it with yaml-cpp's YAML::LoadAll (default settings) into YAML::Node trees.
// catch (...) around the parse: a std::exception prints "<type>: <what>" to stderr, exit 1. Signals happen as they would.
#include <yaml-cpp/yaml.h>
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

int main() {
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    try {
        YAML::LoadAll(text);
    } catch (const std::exception &e) {
        std::string msg = e.what();
        for (char &c : msg) if (c == '\n' || c == '\r') c = ' ';
        std::cerr << type_name(e) << ": " << msg.substr(0, 200) << "\n";
        return 1;
    } catch (...) {
        std::cerr << "unknown: non-std exception\n";
        return 1;
    }
    return 0;
}
