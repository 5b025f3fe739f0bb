// nestprobe parser program: reads all of stdin, then QJsonDocument::fromJson (Qt 5 QtCore, default settings); a null
// document is the library's error, reported from its QJsonParseError.
// catch (std::exception&) / catch (...) catch every C++ exception -> one line "<type>: <message>" on stderr, exit 1.
// Nothing else is caught (signals happen as they would).
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

int main() {
    std::ios::sync_with_stdio(false);
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    try {
        QJsonParseError err;
        QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &err);
        if (doc.isNull())
            return fail("QJsonParseError", err.errorString().toStdString() + " at offset " + std::to_string(err.offset));
    } catch (const std::exception &e) {
        return fail(demangle(typeid(e).name()), e.what());
    } catch (...) {
        return fail("unknown", "non-std exception");
    }
    return 0;
}
