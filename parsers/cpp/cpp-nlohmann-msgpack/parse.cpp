// nestprobe parser program: decodes stdin with one of nlohmann::json's binary readers (default arguments) into
// a json value, the build naming the pair: -DNP_FROM=from_msgpack -DNP_TO=to_msgpack, or from_cbor and
// to_cbor; json::parse_error etc. are "<type>: <what>", anything else caught too, exit 1. Signals happen as
// they would. Phases: `free` is the destructor at the end of its block, `serialize` the writer of the same
// format (NP_TO). The protocol (input, phase argument, exit statuses) is ../protocol.hpp's.
#include <exception>
#include <vector>
#include <nlohmann/json.hpp>
#include "protocol.hpp"

#if !defined(NP_FROM) || !defined(NP_TO)
#error "build with -DNP_FROM=from_msgpack -DNP_TO=to_msgpack (or from_cbor and to_cbor)"
#endif

int main(int argc, char **argv) {
    std::vector<unsigned char> data = np::input<std::vector<unsigned char>>(argc, argv);
    try {
        nlohmann::json j = nlohmann::json::NP_FROM(data);
        np::parsed();  // the value never released
        NP_SERIALIZE(auto out = nlohmann::json::NP_TO(j); np::keep(out.size()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // free: the value was destroyed at the end of its block
    return 0;
}
