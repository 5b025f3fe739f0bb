// Service row cpp-httplib-rapidjson: cpp-httplib's Server (its default thread pool, the README's
// svr.Post + svr.listen) with RapidJSON: rapidjson::Document::Parse(req.body.c_str()) (the default
// flags: a recursive parse); a parse error answers 400 with GetParseError_En. POST /echo writes the
// value back with a Writer<StringBuffer> (d.Accept(writer), recursive). Default configuration: no
// payload limit set (cpp-httplib's default is none), default thread pool, default thread stacks.
// No signal handlers: a stack overflow is SIGSEGV and ends the process. Listens on 127.0.0.1:$PORT.
#include <httplib.h>
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdlib>
#include <string>

int main() {
    httplib::Server svr;

    svr.Post("/parse", [](const httplib::Request &req, httplib::Response &res) {
        rapidjson::Document d;
        d.Parse(req.body.c_str());
        if (d.HasParseError()) {
            res.status = 400;
            res.set_content(rapidjson::GetParseError_En(d.GetParseError()), "text/plain");
            return;
        }
        res.set_content("ok", "text/plain");
    });

    svr.Post("/echo", [](const httplib::Request &req, httplib::Response &res) {
        rapidjson::Document d;
        d.Parse(req.body.c_str());
        if (d.HasParseError()) {
            res.status = 400;
            res.set_content(rapidjson::GetParseError_En(d.GetParseError()), "text/plain");
            return;
        }
        rapidjson::StringBuffer buffer;
        rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
        d.Accept(writer);
        res.set_content(buffer.GetString(), buffer.GetSize(), "application/json");
    });

    svr.Get("/health", [](const httplib::Request &, httplib::Response &res) {
        res.set_content("ok", "text/plain");
    });

    const char *port = std::getenv("PORT");
    svr.listen("127.0.0.1", port ? std::atoi(port) : 8080);
}
