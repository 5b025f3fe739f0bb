// nestprobe parser program (format regex): compiles stdin as the whole pattern with RE2 (RE2::Options
// defaults: UTF-8, Perl classes, max_mem 8 MiB), only log_errors off so that RE2's own LOG(ERROR) line does
// not come before the protocol's error line. !ok() is "<RE2 error code name>: <error()>", exit 1 (its parser
// caps nesting at 1000, ErrorNestingDepth; the compiled program's size is capped by max_mem,
// ErrorPatternTooLarge). Phase `run`: one RE2::Match against the subject "a", unanchored, asking for every
// group (NumberOfCapturingGroups() + 1 submatches); a match or none is exit 0 (RE2::Match has no error
// return). Anything thrown is "<type>: <what>", exit 1. Without a phase the RE2 is destroyed, return 0.
// Signals happen as they would. The protocol is ../protocol.hpp's.
#include <exception>
#include <string>
#include <vector>
#include <re2/re2.h>
#include "protocol.hpp"

static const char *code_name(RE2::ErrorCode code) {
    switch (code) {
    case RE2::ErrorInternal: return "ErrorInternal";
    case RE2::ErrorBadEscape: return "ErrorBadEscape";
    case RE2::ErrorBadCharClass: return "ErrorBadCharClass";
    case RE2::ErrorBadCharRange: return "ErrorBadCharRange";
    case RE2::ErrorMissingBracket: return "ErrorMissingBracket";
    case RE2::ErrorMissingParen: return "ErrorMissingParen";
    case RE2::ErrorTrailingBackslash: return "ErrorTrailingBackslash";
    case RE2::ErrorRepeatArgument: return "ErrorRepeatArgument";
    case RE2::ErrorRepeatSize: return "ErrorRepeatSize";
    case RE2::ErrorRepeatOp: return "ErrorRepeatOp";
    case RE2::ErrorBadPerlOp: return "ErrorBadPerlOp";
    case RE2::ErrorBadUTF8: return "ErrorBadUTF8";
    case RE2::ErrorBadNamedCapture: return "ErrorBadNamedCapture";
    case RE2::ErrorPatternTooLarge: return "ErrorPatternTooLarge";
    default: return "RE2Error";
    }
}

int main(int argc, char **argv) {
    std::string text = np::language_input(argc, argv);
    try {
        RE2::Options options;
        options.set_log_errors(false);
        RE2 re(text, options);
        if (!re.ok()) np::fail(code_name(re.error_code()), re.error());
        np::compiled();
        NP_RUN(
            std::vector<re2::StringPiece> groups(re.NumberOfCapturingGroups() + 1);
            bool matched = re.Match("a", 0, 1, RE2::UNANCHORED, groups.data(), static_cast<int>(groups.size()));
            np::keep(matched));
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // without a phase: the RE2 was destroyed at the end of its block
    return 0;
}
