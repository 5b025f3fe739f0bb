// nestprobe parser program: parses stdin with boost::json::parse (Boost.JSON, default parse_options) into a
// boost::json::value; it throws boost::system::system_error on error. catch (std::exception&) / catch (...)
// catch every C++ exception: "<type>: <message>", exit 1. Signals happen as they would. Phases: `free` is the
// destructor at the end of its block, `serialize` boost::json::serialize. The protocol (input, phase
// argument, exit statuses) is ../protocol.hpp's.
#include <exception>
#include <string>
#include <boost/json.hpp>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::input(argc, argv);
    try {
        boost::json::value v = boost::json::parse(text);
        (void) v;
        np::parsed();  // the value never released
        NP_SERIALIZE(std::string out = boost::json::serialize(v); np::keep(out.size()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // free: the value was destroyed at the end of its block
    return 0;
}
