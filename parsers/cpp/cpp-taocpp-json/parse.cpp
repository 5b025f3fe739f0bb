// nestprobe parser program: parses stdin with tao::json::from_string (taocpp/json, default traits) into a
// tao::json::value. catch (std::exception&) / catch (...) catch every C++ exception: "<type>: <message>",
// exit 1. Signals happen as they would. Phases: `free` is the destructor at the end of its block,
// `serialize` tao::json::to_string. The protocol (input, phase argument, exit statuses) is ../protocol.hpp's.
#include <exception>
#include <string>
#include <tao/json.hpp>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::input(argc, argv);
    try {
        tao::json::value v = tao::json::from_string(text);
        (void) v;
        np::parsed();  // the value never released
        NP_SERIALIZE(std::string out = tao::json::to_string(v); np::keep(out.size()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // free: the value was destroyed at the end of its block
    return 0;
}
