// nestprobe parser program: decodes stdin with nlohmann::json::from_msgpack (default arguments) into a json value;
// json::parse_error etc. are "<type>: <what>", anything else caught too, exit 1. Signals happen as they
// would. Phases: `free` is the destructor at the end of its block, `serialize` to_msgpack. The protocol (input,
// phase argument, exit statuses) is ../protocol.hpp's.
#include <exception>
#include <vector>
#include <nlohmann/json.hpp>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::vector<unsigned char> data = np::input<std::vector<unsigned char>>(argc, argv);
    try {
        nlohmann::json j = nlohmann::json::from_msgpack(data);
        np::parsed();  // the value never released
        NP_SERIALIZE(auto out = nlohmann::json::to_msgpack(j); np::keep(out.size()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // free: the value was destroyed at the end of its block
    return 0;
}
