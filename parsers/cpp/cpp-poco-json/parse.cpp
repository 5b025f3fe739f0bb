// nestprobe parser program: parses stdin with Poco::JSON::Parser::parse (POCO JSON, default settings) into a
// Poco::Dynamic::Var; a Poco::Exception (a std::exception) is reported with its class and displayText, and
// catch (std::exception&) / catch (...) catch every other C++ exception: "<type>: <message>", exit 1.
// Signals happen as they would. Phases: `free` is the destructor at the end of its block, `serialize`
// Poco::JSON::Stringifier::stringify. The protocol (input, phase argument, exit statuses) is
// ../protocol.hpp's.
#include <exception>
#include <sstream>
#include <string>
#include <Poco/Exception.h>
#include <Poco/JSON/Parser.h>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::input(argc, argv);
    try {
        try {
            Poco::JSON::Parser parser;
            Poco::Dynamic::Var v = parser.parse(text);
            (void) v;
            np::parsed();  // the value never released
            NP_SERIALIZE(
                std::string out = [&] { std::ostringstream o; Poco::JSON::Stringifier::stringify(v, o); return o.str(); }();
                np::keep(out.size()));
            np::serialized();
        } catch (const Poco::Exception &e) {
            np::fail(np::type_name(e), e.displayText());
        }
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // free: the value was destroyed at the end of its block
    return 0;
}
