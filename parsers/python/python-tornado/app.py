# nestprobe service program (tools/SERVICES-SPEC.md): Tornado, as its "Hello, world" shows
# (tornado.web.Application, app.listen, asyncio.run), on 127.0.0.1:$PORT.
# POST /parse: tornado.escape.json_decode(self.request.body) (the stdlib json), answers "ok".
# POST /echo: the same, sent back with tornado.escape.json_encode (Tornado's write() turns only a
# dict into JSON, and the payloads are arrays). GET /health: "ok".
# Defaults: max_body_size stays 100 MB, no error handler, no recursion-limit change.
import asyncio
import os

import tornado.escape
import tornado.web


class ParseHandler(tornado.web.RequestHandler):
    def post(self):
        tornado.escape.json_decode(self.request.body)
        self.write("ok")


class EchoHandler(tornado.web.RequestHandler):
    def post(self):
        data = tornado.escape.json_decode(self.request.body)
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.write(tornado.escape.json_encode(data))


class HealthHandler(tornado.web.RequestHandler):
    def get(self):
        self.write("ok")


def make_app():
    return tornado.web.Application([
        (r"/parse", ParseHandler),
        (r"/echo", EchoHandler),
        (r"/health", HealthHandler),
    ])


async def main():
    app = make_app()
    app.listen(int(os.environ["PORT"]), address="127.0.0.1")
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main())
