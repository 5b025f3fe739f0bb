# nestprobe service program (tools/SERVICES-SPEC.md): aiohttp's web server, as its docs show
# (web.Application, route decorators, web.run_app on 127.0.0.1:$PORT).
# POST /parse: `await request.json()` (the stdlib json), answers "ok".
# POST /echo: the same, sent back with web.json_response(data). GET /health: "ok".
# Defaults: client_max_size stays 1 MiB, no middlewares, no recursion-limit change.
import os

from aiohttp import web

routes = web.RouteTableDef()


@routes.post("/parse")
async def parse(request):
    await request.json()
    return web.Response(text="ok")


@routes.post("/echo")
async def echo(request):
    data = await request.json()
    return web.json_response(data)


@routes.get("/health")
async def health(request):
    return web.Response(text="ok")


app = web.Application()
app.add_routes(routes)

if __name__ == "__main__":
    web.run_app(app, host="127.0.0.1", port=int(os.environ["PORT"]))
