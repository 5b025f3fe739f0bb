// nestprobe parser program: reads all of stdin, parses it with tinyxml2's XMLDocument::Parse (default settings) into a DOM.
// Exit 0 on XML_SUCCESS; an error code prints "<ErrorIDName>: <ErrorStr>" to stderr, exit 1. Nothing else is caught.
#include <tinyxml2.h>
#include <iostream>
#include <iterator>
#include <string>

int main() {
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    tinyxml2::XMLDocument doc;
    if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) {
        std::string msg = doc.ErrorStr() ? doc.ErrorStr() : "";
        for (char &c : msg) if (c == '\n' || c == '\r') c = ' ';
        std::cerr << doc.ErrorName() << ": " << msg.substr(0, 200) << "\n";
        return 1;
    }
    return 0;
}
