// The nestprobe protocol for the C++ programs (parsers/README.md, "The protocol helper"): the phase argument
// and stdin, the error line and exit statuses, the phases' checkpoints. A program includes it as
// "protocol.hpp" and its build passes -I.. (the build runs in the program's folder; in Debian 13's root the
// language folder's files are copied beside the program's folder, so ../protocol.hpp is there too).
//
// The program calls its library itself, from main (or its own phase function), inside its own try, so that
// nothing of the helper sits under the parse. (cpp-nlohmann keeps its own program: with this helper in its
// unit, g++ 14 gave nlohmann's recursive serializer::dump a smaller frame and its Debian 13 `serialize`
// boundary moved.)
//
//     std::string in = np::input(argc, argv);        // unknown phase: exit 2, before stdin
//     try {
//         boost::json::value v = boost::json::parse(in);
//         np::parsed();                               // phase parse: _exit(0), nothing destroyed
//         NP_SERIALIZE(np::keep(boost::json::serialize(v).size()));  // only in phase serialize
//         np::serialized();                           // phase serialize: _exit(0)
//     } catch (const std::exception &e) {
//         np::error(e);                               // "<type>: <what>", exit 1
//     } catch (...) {
//         np::error_unknown();
//     }
//     np::finished();                                 // phase free: _exit(0) (the value destroyed above)
//     return 0;                                       // no phase: the program as it was
#ifndef NESTPROBE_PROTOCOL_HPP
#define NESTPROBE_PROTOCOL_HPP

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <exception>
#include <iostream>
#include <iterator>
#include <string>
#include <typeinfo>
#include <unistd.h>

namespace np {

enum class Phase { none, parse, free, serialize, compile, run };

// The phase given (the optional last argument); none without one.
inline Phase phase = Phase::none;

// Reads the phase argument (an unknown one is one stderr line and exit 2, before stdin is read), then all
// of stdin into a Buffer (std::string, or the byte vector a binary decoder takes).
template <class Buffer = std::string> Buffer input(int argc, char **argv) {
    if (argc > 1) {
        const char *given = argv[argc - 1];
        if (!std::strcmp(given, "parse")) phase = Phase::parse;
        else if (!std::strcmp(given, "free")) phase = Phase::free;
        else if (!std::strcmp(given, "serialize")) phase = Phase::serialize;
        else {
            std::fprintf(stderr, "unknown phase: %s (parse, free or serialize)\n", given);
            std::exit(2);
        }
    }
    std::ios::sync_with_stdio(false);
    return Buffer((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
}

// A language's program (regex, SQL, a query language, code): reads the phase argument, `compile` or `run`
// (an unknown one: one stderr line and exit 2, before stdin is read), then all of stdin. A function of its
// own, so that the data formats' programs, which call input(), are compiled as they were.
[[gnu::noinline]] inline std::string language_input(int argc, char **argv) {
    if (argc > 1) {
        const char *given = argv[argc - 1];
        if (!std::strcmp(given, "compile")) phase = Phase::compile;
        else if (!std::strcmp(given, "run")) phase = Phase::run;
        else {
            std::fprintf(stderr, "unknown phase: %s (compile or run)\n", given);
            std::exit(2);
        }
    }
    std::ios::sync_with_stdio(false);
    return std::string((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
}

// Prints "<kind>: <message>" on one line of stderr (newlines folded, the message cut at 200 characters) and
// exits 1: the library's clean error.
[[noreturn, gnu::noinline, gnu::cold]] inline void fail(const std::string &kind, std::string message) {
    if (message.size() > 200) message.resize(200);
    for (char &c : message)
        if (c == '\n' || c == '\r') c = ' ';
    std::fprintf(stderr, "%s: %s\n", kind.c_str(), message.c_str());
    std::exit(1);
}

// The demangled name of an exception's dynamic type, as the C++ compiler spells it.
inline std::string type_name(const std::exception &e) {
    int status = 0;
    char *name = abi::__cxa_demangle(typeid(e).name(), nullptr, nullptr, &status);
    std::string out = (status == 0 && name) ? name : typeid(e).name();
    std::free(name);
    return out;
}

// A caught exception: "<type>: <what>", exit 1.
[[noreturn, gnu::noinline, gnu::cold]] inline void error(const std::exception &e) { fail(type_name(e), e.what()); }

// Anything else caught (catch (...)), exit 1.
[[noreturn, gnu::noinline, gnu::cold]] inline void error_unknown() { fail("unknown", "non-std exception"); }

// Whether a phase was given: for a program built differently with one (its phases in a function of their
// own, so that main's frame under the parse stays as it was).
inline bool phased() { return phase != Phase::none; }

// Phase parse: ends at once, nothing destroyed.
inline void parsed() {
    if (phase == Phase::parse) _exit(0);
}

// Phase compile: ends once the pattern, query or program is compiled, nothing destroyed; without a phase
// the program goes on to its normal end, as a compile alone.
inline void compiled() {
    if (phase == Phase::compile) _exit(0);
}

// Phase serialize: ends once the text is made (dropped unread).
inline void serialized() {
    if (phase == Phase::serialize) _exit(0);
}

// After the value's destruction: with a phase (free; parse and serialize ended before) it ends here; without
// one the program goes on to its normal end (return from main).
inline void finished() {
    if (phase != Phase::none) _exit(0);
}

// Uses a size the serializer made, so that making it is not optimised away.
inline void keep(std::size_t n) {
    volatile std::size_t kept = n;
    (void)kept;
}

}  // namespace np

// The serializer's statements: they run only in phase serialize, in the program's own frame.
#define NP_SERIALIZE(...)                                   \
    do {                                                    \
        if (np::phase == np::Phase::serialize) { __VA_ARGS__; } \
    } while (0)

// What a language's program runs once it compiled (match the subject `a`, run the query, evaluate): its
// statements run only in phase run, in the program's own frame.
#define NP_RUN(...)                                   \
    do {                                              \
        if (np::phase == np::Phase::run) { __VA_ARGS__; } \
    } while (0)

#endif
