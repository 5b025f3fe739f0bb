// nestprobe parser program (format regex): compiles stdin as the whole pattern with the C++ standard
// library's std::regex (libstdc++, the g++ the row builds with; default flags: ECMAScript, `(?:` included).
// It throws std::regex_error on a syntax error or a limit (libstdc++'s _GLIBCXX_REGEX_STATE_LIMIT, 100,000
// NFA states, is a count, error_space); catch (std::exception&) / catch (...) catch every C++ exception:
// "<type>: <what>", exit 1. Phase `run`: one std::regex_search against the subject "a" with a std::smatch
// (every group); a match or none is exit 0, a std::regex_error from the matcher (error_complexity,
// error_stack) exit 1. Without a phase the regex is destroyed at the end of its block, return 0. Signals
// (libstdc++'s compiler and its depth-first matcher recurse) happen as they would. The protocol is
// ../protocol.hpp's.
#include <exception>
#include <regex>
#include <string>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::language_input(argc, argv);
    try {
        std::regex re(text);
        np::compiled();
        NP_RUN(
            const std::string subject = "a";
            std::smatch groups;
            bool matched = std::regex_search(subject, groups, re);
            np::keep(matched));
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // without a phase: the regex was destroyed at the end of its block
    return 0;
}
