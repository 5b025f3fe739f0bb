// nestprobe parser program: reads all of stdin, then QJsonDocument::fromJson (Qt 5 QtCore, default settings); a null
// document is the library's error, reported from its QJsonParseError.
// catch (std::exception&) / catch (...) catch every C++ exception -> one line "<type>: <message>" on stderr, exit 1.
// Nothing else is caught (signals happen as they would).
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
// _exit(0), the value never destroyed; `free` lets its destructor run at the end of its block, then
// _exit(0); `serialize` writes it back into memory with doc.toJson, then _exit(0). Without it: as
// before (destroyed at the end of its block, return 0). Unknown phase: exit 2.
#include <cstring>
#include <unistd.h>
#include <cxxabi.h>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <iterator>
#include <string>
#include <typeinfo>
#include <QByteArray>
#include <QJsonDocument>
#include <QJsonParseError>

// The demangled name of a type, as the C++ compiler spells it.
static std::string demangle(const char *mangled) {
    int status = 0;
    char *name = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
    std::string out = (status == 0 && name) ? name : mangled;
    std::free(name);
    return out;
}

static int fail(const std::string &type, const std::string &msg) {
    std::string line;
    for (char c : msg) line += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
    std::fprintf(stderr, "%s: %.200s\n", type.c_str(), line.c_str());
    return 1;
}

// The phase, the optional last argument (parsers/README.md, "Phases"); "" without one.
static bool is(const char *phase, const char *name) { return std::strcmp(phase, name) == 0; }

int main(int argc, char **argv) {
    const char *phase = argc > 1 ? argv[argc - 1] : "";
    if (argc > 1 && !is(phase, "parse") && !is(phase, "free") && !is(phase, "serialize")) {
        std::fprintf(stderr, "unknown phase: %s (parse, free or serialize)\n", phase);
        return 2;
    }
    std::ios::sync_with_stdio(false);
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    try {
        QJsonParseError err;
        QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &err);
        if (doc.isNull())
            return fail("QJsonParseError", err.errorString().toStdString() + " at offset " + std::to_string(err.offset));
        if (is(phase, "parse")) _exit(0);  // the value never released
        if (is(phase, "serialize")) {
            std::string out = doc.toJson(QJsonDocument::Compact).toStdString();
            volatile std::size_t n = out.size();  // the text is made, then dropped by _exit
            (void) n;
            _exit(0);
        }
    } catch (const std::exception &e) {
        return fail(demangle(typeid(e).name()), e.what());
    } catch (...) {
        return fail("unknown", "non-std exception");
    }
    if (is(phase, "free")) _exit(0);  // the value was destroyed at the end of its block
    return 0;
}
