// nestprobe parser program: parses stdin with tinyxml2's XMLDocument::Parse (default settings) into a DOM;
// an error code is "<ErrorIDName>: <ErrorStr>", exit 1. Nothing else is caught. Phases: `free` is
// doc.Clear(), `serialize` an XMLPrinter (doc.Print); without one the document is destroyed on return. The
// protocol (input, phase argument, exit statuses) is ../protocol.hpp's.
#include <string>
#include <tinyxml2.h>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::input(argc, argv);
    tinyxml2::XMLDocument doc;
    if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS)
        np::fail(doc.ErrorName(), doc.ErrorStr() ? doc.ErrorStr() : "");
    np::parsed();  // the document never released
    NP_SERIALIZE(tinyxml2::XMLPrinter printer; doc.Print(&printer); np::keep(printer.CStrSize()));
    np::serialized();
    if (np::phased()) doc.Clear();  // free: deletes every node (without a phase: the destructor on return)
    np::finished();
    return 0;
}
