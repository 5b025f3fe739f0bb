// nestprobe parser program: parses stdin with toml++'s toml::parse (default build: exceptions on) into a
// toml::table; toml::parse_error / std::exception are "<type>: <what>", anything else caught too, exit 1.
// Signals happen as they would. Phases: `free` is the destructor at the end of its block, `serialize` toml++
// operator<<. The protocol (input, phase argument, exit statuses) is ../protocol.hpp's.
#include <exception>
#include <sstream>
#include <string>
#include <toml++/toml.h>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::input(argc, argv);
    try {
        toml::table t = toml::parse(text);
        np::parsed();  // the value never released
        NP_SERIALIZE(auto out = [&] { std::ostringstream o; o << t; return o.str(); }(); np::keep(out.size()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // free: the value was destroyed at the end of its block
    return 0;
}
