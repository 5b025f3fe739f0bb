# nestprobe service program (tools/SERVICES-SPEC.md): Flask, as its quickstart shows.
# POST /parse: request.get_json() (Flask's JSON provider, the stdlib json), answers "ok".
# POST /echo: the same, sent back with jsonify(data). GET /health: "ok".
# Default configuration: no body limit set, no error handlers, no recursion-limit change.
# `python3 app.py` runs the Werkzeug development server (app.run) on 127.0.0.1:$PORT;
# gunicorn runs the same `app` object (the python-flask-gunicorn row).
import os

from flask import Flask, jsonify, request

app = Flask(__name__)


@app.post("/parse")
def parse():
    request.get_json()
    return "ok"


@app.post("/echo")
def echo():
    data = request.get_json()
    return jsonify(data)


@app.get("/health")
def health():
    return "ok"


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(os.environ["PORT"]))
