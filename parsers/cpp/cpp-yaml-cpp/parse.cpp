// nestprobe parser program: parses stdin with yaml-cpp's YAML::LoadAll (default settings) into YAML::Node
// trees; a std::exception is "<type>: <what>", anything else caught too, exit 1. Signals happen as they
// would. Phases: `free` is the destructor at the end of its block, `serialize` a YAML::Emitter. The protocol
// (input, phase argument, exit statuses) is ../protocol.hpp's.
#include <exception>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::input(argc, argv);
    try {
        std::vector<YAML::Node> docs = YAML::LoadAll(text);
        np::parsed();  // the value never released
        NP_SERIALIZE(
            auto out = [&] { YAML::Emitter emitter; for (const auto &doc : docs) emitter << doc; return std::string(emitter.c_str()); }();
            np::keep(out.size()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // free: the value was destroyed at the end of its block
    return 0;
}
