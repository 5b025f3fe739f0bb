// nestprobe parser program: reads all of stdin, parses it with pugixml's xml_document::load_buffer (parse_default) into a DOM.
// Exit 0 on status_ok; otherwise prints "xml_parse_status<code>: <description>" to stderr, exit 1. Nothing else is caught.
#include <pugixml.hpp>
#include <iostream>
#include <iterator>
#include <string>

int main() {
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    pugi::xml_document doc;
    pugi::xml_parse_result r = doc.load_buffer(text.data(), text.size());
    if (!r) {
        std::cerr << "xml_parse_status" << r.status << ": " << r.description() << " at offset " << r.offset << "\n";
        return 1;
    }
    return 0;
}
