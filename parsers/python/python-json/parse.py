# nestprobe parser program for the Python libraries whose parse is one function of a module taking
# all of stdin (bytes or text) and whose writer is one function of the same module taking the value
# (json, simplejson, orjson, ujson, rapidjson, cbor2, msgpack, bson, pydantic_core, msgspec.json,
# ElementTree, lxml.etree, PyYAML's safe_load, json5, pyjson5, tomlkit, tomli, tomllib, edn_format,
# sexpdata, jiter, pysimdjson, graphql-core's parse and print_ast, ast.literal_eval and repr). The
# library is in the arguments, before the optional phase:
#   MODULE PARSE SERIALIZE INPUT    e.g.  json loads dumps bytes    tomli loads - text
# MODULE is imported; PARSE and SERIALIZE name its functions (default settings), or another module's
# with a dotted name (`builtins.repr`); SERIALIZE `-`: the library has no writer, no `serialize`;
# INPUT `bytes` hands it stdin as read, `text` decoded from UTF-8 inside the try. The call is made from the module's own code, as `json.loads(data)` was (the
# recursion limit has no tolerance: the library runs at the Python call depth it always had); any
# Exception (parse errors, RecursionError, ...) is the error line. Input, phases and exit statuses:
# ../protocol.py.
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402

module_name, parse_name, serialize_name, given = sys.argv[1:5]
del sys.argv[1:5]  # what is left is the phase, if any
module = importlib.import_module(module_name)


def function(name):
    owner, _, attribute = name.rpartition(".")
    return getattr(importlib.import_module(owner) if owner else module, attribute)


load = function(parse_name)
dump = None if serialize_name == "-" else function(serialize_name)

data = protocol.input(serialize=dump is not None)
try:
    value = load(data if given == "bytes" else data.decode("utf-8"))
    protocol.parsed()
    protocol.serializer(dump)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()
