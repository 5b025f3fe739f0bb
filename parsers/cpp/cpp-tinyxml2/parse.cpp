// nestprobe parser program: reads all of stdin, parses it with tinyxml2's XMLDocument::Parse (default settings) into a DOM.
// Exit 0 on XML_SUCCESS; an error code prints "<ErrorIDName>: <ErrorStr>" to stderr, exit 1. Nothing else is caught.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
// _exit(0), the document never released; `free` releases it (doc.Clear()), then _exit(0);
// `serialize` writes it back into memory with an XMLPrinter (doc.Print), then _exit(0). Without it:
// as before (the document destroyed on return). Unknown phase: exit 2.
#include <cstdio>
#include <cstring>
#include <sstream>
#include <unistd.h>
#include <tinyxml2.h>
#include <iostream>
#include <iterator>
#include <string>

// The phase, the optional last argument (parsers/README.md, "Phases"); "" without one.
static bool is(const char *phase, const char *name) { return std::strcmp(phase, name) == 0; }

int main(int argc, char **argv) {
    const char *phase = argc > 1 ? argv[argc - 1] : "";
    if (argc > 1 && !is(phase, "parse") && !is(phase, "free") && !is(phase, "serialize")) {
        std::fprintf(stderr, "unknown phase: %s (parse, free or serialize)\n", phase);
        return 2;
    }
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    tinyxml2::XMLDocument doc;
    if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) {
        std::string msg = doc.ErrorStr() ? doc.ErrorStr() : "";
        for (char &c : msg) if (c == '\n' || c == '\r') c = ' ';
        std::cerr << doc.ErrorName() << ": " << msg.substr(0, 200) << "\n";
        return 1;
    }
    if (is(phase, "parse")) _exit(0);  // the document never released
    if (is(phase, "serialize")) {
        tinyxml2::XMLPrinter printer;
        doc.Print(&printer);
        volatile int n = printer.CStrSize();  // the text is made, then dropped by _exit
        (void) n;
        _exit(0);
    }
    if (is(phase, "free")) {
        doc.Clear();  // deletes every node
        _exit(0);
    }
    return 0;
}
