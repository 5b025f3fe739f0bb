// nestprobe parser program: parses stdin with UniValue::read (Bitcoin's UniValue, default settings); a false
// return is the library's error (it gives no message), exit 1. catch (std::exception&) / catch (...) catch
// every C++ exception: "<type>: <message>", exit 1. Signals happen as they would. Phases: `free` is the
// destructor at the end of its block, `serialize` v.write. The protocol (input, phase argument, exit
// statuses) is ../protocol.hpp's.
#include <exception>
#include <string>
#include <univalue.h>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::input(argc, argv);
    try {
        UniValue v;
        if (!v.read(text)) np::fail("UniValue::read", "returned false (invalid or too deeply nested JSON)");
        np::parsed();  // the value never released
        NP_SERIALIZE(std::string out = v.write(); np::keep(out.size()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // free: the value was destroyed at the end of its block
    return 0;
}
