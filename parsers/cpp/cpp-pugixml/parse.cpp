// nestprobe parser program: parses stdin with pugixml's xml_document::load_buffer (parse_default) into a DOM;
// a failed status is "xml_parse_status<code>: <description> at offset N", exit 1. Nothing else is caught.
// Phases: `free` is doc.reset(), `serialize` xml_document::save into a stream; without one the document is
// destroyed on return. The protocol (input, phase argument, exit statuses) is ../protocol.hpp's.
#include <sstream>
#include <string>
#include <pugixml.hpp>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::input(argc, argv);
    pugi::xml_document doc;
    pugi::xml_parse_result r = doc.load_buffer(text.data(), text.size());
    if (!r)
        np::fail("xml_parse_status" + std::to_string(r.status),
                 std::string(r.description()) + " at offset " + std::to_string(r.offset));
    np::parsed();  // the document never released
    NP_SERIALIZE(std::ostringstream out; doc.save(out); np::keep(out.str().size()));
    np::serialized();
    if (np::phased()) doc.reset();  // free: frees every node (without a phase: the destructor on return)
    np::finished();
    return 0;
}
