// nestprobe parser program: parses stdin with picojson::parse(value, string) (picojson, default settings); a
// non-empty error string is the library's error, exit 1. catch (std::exception&) / catch (...) catch every
// C++ exception: "<type>: <message>", exit 1. Signals happen as they would. Phases: `free` is the destructor
// at the end of its block, `serialize` v.serialize. The protocol (input, phase argument, exit statuses) is
// ../protocol.hpp's.
#include <exception>
#include <string>
#include <picojson.h>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::input(argc, argv);
    try {
        picojson::value v;
        std::string err = picojson::parse(v, text);
        if (!err.empty()) np::fail("picojson::parse", err);
        np::parsed();  // the value never released
        NP_SERIALIZE(std::string out = v.serialize(); np::keep(out.size()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // free: the value was destroyed at the end of its block
    return 0;
}
