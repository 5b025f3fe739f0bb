// nestprobe parser program: parses stdin with a default Json::CharReaderBuilder via Json::parseFromStream; a
// false return is "Json::ParseError: <errors>", any exception "<type>: <message>", exit 1. Signals happen as
// they would. Phases: `free` is the destructor at the end of its block, `serialize` Json::writeString. The
// protocol (input, phase argument, exit statuses) is ../protocol.hpp's.
#include <exception>
#include <sstream>
#include <string>
#include <json/json.h>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string in = np::input(argc, argv);
    try {
        std::istringstream ss(in);
        Json::CharReaderBuilder builder;  // default settings
        Json::Value root;
        std::string errs;
        if (!Json::parseFromStream(builder, ss, &root, &errs)) np::fail("Json::ParseError", errs);
        np::parsed();  // the value never released
        NP_SERIALIZE(std::string out = Json::writeString(Json::StreamWriterBuilder(), root); np::keep(out.size()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // free: the value was destroyed at the end of its block
    return 0;
}
