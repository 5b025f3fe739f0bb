// nestprobe parser program: parses stdin with QJsonDocument::fromJson (Qt 5 QtCore, default settings); a
// null document is the library's error, "QJsonParseError: <message> at offset N", exit 1. catch
// (std::exception&) / catch (...) catch every C++ exception: "<type>: <message>", exit 1. Signals happen as
// they would. Phases: `free` is the destructor at the end of its block, `serialize` doc.toJson. The protocol
// (input, phase argument, exit statuses) is ../protocol.hpp's.
#include <exception>
#include <string>
#include <QByteArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include "protocol.hpp"

int main(int argc, char **argv) {
    std::string text = np::input(argc, argv);
    try {
        QJsonParseError err;
        QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &err);
        if (doc.isNull())
            np::fail("QJsonParseError", err.errorString().toStdString() + " at offset " + std::to_string(err.offset));
        np::parsed();  // the value never released
        NP_SERIALIZE(std::string out = doc.toJson(QJsonDocument::Compact).toStdString(); np::keep(out.size()));
        np::serialized();
    } catch (const std::exception &e) {
        np::error(e);
    } catch (...) {
        np::error_unknown();
    }
    np::finished();  // free: the value was destroyed at the end of its block
    return 0;
}
