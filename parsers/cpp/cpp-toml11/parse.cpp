// nestprobe parser program: parses stdin with toml11's toml::parse(std::istream&) (default toml::value);
// toml::syntax_error / std::exception are "<type>: <what>", anything else caught too, exit 1. Signals happen
// as they would. Phases: `free` is the destructor at the end of its block, `serialize` toml::format. The
// protocol (input, phase argument, exit statuses) is ../protocol.hpp's.
#include <exception>
#include <sstream>
#include <string>
#include <toml.hpp>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::input(argc, argv);
    std::istringstream in(text);
    try {
        toml::value v = toml::parse(in, "stdin");
        np::parsed();  // the value never released
        NP_SERIALIZE(auto out = toml::format(v); np::keep(out.size()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // free: the value was destroyed at the end of its block
    return 0;
}
