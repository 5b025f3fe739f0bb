# nestprobe service program (tools/SERVICES-SPEC.md): FastAPI, a body parameter as its docs show
# ("Body - Multiple Parameters" / arbitrary JSON: `Any = Body()`), served by uvicorn.run (the docs'
# "Debugging" page) on 127.0.0.1:$PORT with uvicorn's defaults.
# POST /parse: FastAPI reads the body (Starlette's request.json(), the stdlib json) into `data`, answers "ok".
# POST /echo: returns `data`: FastAPI's response path (jsonable_encoder, then JSONResponse's json.dumps).
# GET /health: "ok". No body limit, no exception handlers, no recursion-limit change.
import os
from typing import Any

import uvicorn
from fastapi import Body, FastAPI
from fastapi.responses import PlainTextResponse

app = FastAPI()


@app.post("/parse", response_class=PlainTextResponse)
async def parse(data: Any = Body()):
    return "ok"


@app.post("/echo")
async def echo(data: Any = Body()):
    return data


@app.get("/health", response_class=PlainTextResponse)
async def health():
    return "ok"


if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(os.environ["PORT"]))
