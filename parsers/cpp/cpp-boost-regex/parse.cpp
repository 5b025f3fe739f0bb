// nestprobe parser program (format regex): compiles stdin as the whole pattern with Boost.Regex's
// boost::regex constructor (default flags: boost::regex::perl, ECMAScript/Perl syntax, `(?:` included). It
// throws boost::regex_error on a syntax error or a limit; catch (std::exception&) / catch (...) catch every
// C++ exception: "<type>: <what>", exit 1. Phase `run`: one boost::regex_search against the subject "a" with
// a boost::smatch (every group); a match or none is exit 0; Boost's matcher throws std::runtime_error when a
// match exceeds its complexity or memory bounds (exit 1). Without a phase the regex is destroyed at the end
// of its block, return 0. Signals happen as they would. The protocol is ../protocol.hpp's.
#include <exception>
#include <string>
#include <boost/regex.hpp>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::language_input(argc, argv);
    try {
        boost::regex re(text);
        np::compiled();
        NP_RUN(
            const std::string subject = "a";
            boost::smatch groups;
            bool matched = boost::regex_search(subject, groups, re);
            np::keep(matched));
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // without a phase: the regex was destroyed at the end of its block
    return 0;
}
