// nestprobe parser program: parses stdin with a default simdjson::dom::parser (default max depth); an error
// code is "simdjson_error: <message>", any exception "<type>: <message>", exit 1. Signals happen as they
// would. Phases: `free` is the destructor at the end of its block, `serialize` simdjson::to_string. The
// protocol (input, phase argument, exit statuses) is ../protocol.hpp's.
#include <exception>
#include <string>
#include <simdjson.h>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string in = np::input(argc, argv);
    try {
        simdjson::dom::parser parser;
        simdjson::dom::element doc;
        auto err = parser.parse(in).get(doc);  // copies into a padded buffer
        if (err) np::fail("simdjson_error", simdjson::error_message(err));
        np::parsed();  // the value never released
        NP_SERIALIZE(std::string out = simdjson::to_string(doc); np::keep(out.size()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // free: the value was destroyed at the end of its block
    return 0;
}
