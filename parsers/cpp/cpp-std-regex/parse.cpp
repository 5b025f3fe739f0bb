// nestprobe parser program (format regex): compiles stdin as the whole pattern with a regex class of the
// std::regex API, chosen by the build: the C++ standard library's std::regex (libstdc++, the g++ the row
// builds with; default flags: ECMAScript, `(?:` included), or with -DNP_REGEX_BOOST Boost.Regex's
// boost::regex (default flags: boost::regex::perl, ECMAScript/Perl syntax, `(?:` included); the same
// calls through the namespace alias `rx`. Either throws its regex_error on a syntax error or a limit
// (libstdc++'s _GLIBCXX_REGEX_STATE_LIMIT, 100,000 NFA states, is a count, error_space; Boost's nested
// brace limit, error_complexity); catch (std::exception&) / catch (...) catch every C++ exception:
// "<type>: <what>", exit 1. Phase `run`: one regex_search against the subject "a" with a smatch (every
// group); a match or none is exit 0, an error from the matcher exit 1 (libstdc++: error_complexity,
// error_stack; Boost: std::runtime_error past its complexity or memory bounds). Without a phase the regex
// is destroyed at the end of its block, return 0. Signals (libstdc++'s compiler and its depth-first
// matcher recurse) happen as they would. The protocol is ../protocol.hpp's.
#include <exception>
#if defined(NP_REGEX_BOOST)
#include <boost/regex.hpp>
namespace rx = boost;
#else
#include <regex>
namespace rx = std;
#endif
#include <string>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::language_input(argc, argv);
    try {
        rx::regex re(text);
        np::compiled();
        NP_RUN(
            const std::string subject = "a";
            rx::smatch groups;
            bool matched = rx::regex_search(subject, groups, re);
            np::keep(matched));
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // without a phase: the regex was destroyed at the end of its block
    return 0;
}
