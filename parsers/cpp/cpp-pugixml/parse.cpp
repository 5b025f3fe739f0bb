// nestprobe parser program: reads all of stdin, parses it with pugixml's xml_document::load_buffer (parse_default) into a DOM.
// Exit 0 on status_ok; otherwise prints "xml_parse_status<code>: <description>" to stderr, exit 1. Nothing else is caught.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
// _exit(0), the document never released; `free` releases it (doc.reset()), then _exit(0);
// `serialize` writes it back into memory with xml_document::save into a stream, then _exit(0).
// Without it: as before (the document destroyed on return). Unknown phase: exit 2.
#include <cstdio>
#include <cstring>
#include <sstream>
#include <unistd.h>
#include <pugixml.hpp>
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
    pugi::xml_document doc;
    pugi::xml_parse_result r = doc.load_buffer(text.data(), text.size());
    if (!r) {
        std::cerr << "xml_parse_status" << r.status << ": " << r.description() << " at offset " << r.offset << "\n";
        return 1;
    }
    if (is(phase, "parse")) _exit(0);  // the document never released
    if (is(phase, "serialize")) {
        std::ostringstream out;
        doc.save(out);
        volatile std::size_t n = out.str().size();  // the text is made, then dropped by _exit
        (void) n;
        _exit(0);
    }
    if (is(phase, "free")) {
        doc.reset();  // frees every node
        _exit(0);
    }
    return 0;
}
