// Service row cpp-httplib-nlohmann: cpp-httplib's Server (default thread pool, the README's
// svr.Post + svr.listen) with nlohmann/json: json::parse(req.body), as nlohmann's README shows it
// (the throwing entry point). Its json::parse_error is not caught here: cpp-httplib catches what a
// handler throws and answers 500 (its default, no exception handler set; the message goes in an
// EXCEPTION_WHAT header). POST /echo writes the value back with j.dump() (recursive). Default
// configuration: no payload limit set, default thread pool and thread stacks, no signal handlers.
// Listens on 127.0.0.1:$PORT.
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <cstdlib>

using json = nlohmann::json;

int main() {
    httplib::Server svr;

    svr.Post("/parse", [](const httplib::Request &req, httplib::Response &res) {
        json j = json::parse(req.body);
        res.set_content("ok", "text/plain");
    });

    svr.Post("/echo", [](const httplib::Request &req, httplib::Response &res) {
        json j = json::parse(req.body);
        res.set_content(j.dump(), "application/json");
    });

    svr.Get("/health", [](const httplib::Request &, httplib::Response &res) {
        res.set_content("ok", "text/plain");
    });

    const char *port = std::getenv("PORT");
    svr.listen("127.0.0.1", port ? std::atoi(port) : 8080);
}
