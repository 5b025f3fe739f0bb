# nestprobe service program (tools/SERVICES-SPEC.md): a Flask app taking a YAML body, parsed with
# PyYAML's C loader as services do for speed: yaml.load(request.get_data(), Loader=yaml.CSafeLoader)
# (libyaml's parser, PyYAML's Cython composer and the SafeConstructor; default settings).
# POST /parse answers "ok"; GET /health "ok". No body limit set, no error handlers, no recursion-limit change.
# `python3 app.py` runs the Werkzeug development server on 127.0.0.1:$PORT; gunicorn serves `app`
# (the python-flask-gunicorn-yaml row: a worker that dies is replaced by the master).
import os

import yaml
from flask import Flask, request

app = Flask(__name__)


@app.post("/parse")
def parse():
    yaml.load(request.get_data(), Loader=yaml.CSafeLoader)
    return "ok"


@app.get("/health")
def health():
    return "ok"


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(os.environ["PORT"]))
