// nestprobe parser program: parses stdin with nlohmann::json::parse (defaults: exceptions on); a
// std::exception or anything else is caught: "<type>: <what>", exit 1. Signals happen as they would.
// Phases: `free` is the destructor at the end of the try block, `serialize` j.dump(). The protocol (input,
// phase argument, exit statuses) is ../protocol.hpp's.
#include <exception>
#include <string>
#include <nlohmann/json.hpp>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string in = np::input(argc, argv);
    try {
        nlohmann::json j = nlohmann::json::parse(in);
        np::parsed();
        NP_SERIALIZE(std::string out = j.dump(); np::keep(out.size()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished(); // free: j was destroyed at the end of the try block
    return 0;
}
