# nestprobe parser program: read all of stdin, decode it with python3-protobuf's ParseFromString
# into a message type whose field 1 is a message of the same type, built at run time from a
# descriptor (no protoc, no generated code). Catches any Exception (DecodeError, RecursionError)
# -> one stderr line, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends with os._exit(0),
# the message kept; `free` drops it and runs gc.collect(), then os._exit(0); `serialize` encodes it
# back with SerializeToString, then os._exit(0). Without it: the message is dropped, exit 0.
import gc
import os
import sys

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

phase = sys.argv[-1] if len(sys.argv) > 1 else None
if phase not in (None, "parse", "free", "serialize"):
    print(f"unknown phase: {phase} (parse, free or serialize)", file=sys.stderr)
    sys.exit(2)


def nested_type():
    """message Nested { Nested inner = 1; } in package nestprobe."""
    field = descriptor_pb2.FieldDescriptorProto
    proto = descriptor_pb2.FileDescriptorProto(name="nestprobe_nested.proto", package="nestprobe")
    message = proto.message_type.add(name="Nested")
    message.field.add(
        name="inner", number=1, type=field.TYPE_MESSAGE, label=field.LABEL_OPTIONAL, type_name=".nestprobe.Nested"
    )
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    descriptor = pool.FindMessageTypeByName("nestprobe.Nested")
    if hasattr(message_factory, "GetMessageClass"):
        return message_factory.GetMessageClass(descriptor)
    return message_factory.MessageFactory(pool).GetPrototype(descriptor)


Nested = nested_type()
data = sys.stdin.buffer.read()
try:
    value = Nested()
    value.ParseFromString(data)
    if phase == "parse":
        os._exit(0)
    if phase == "free":
        del value
        gc.collect()
        os._exit(0)
    if phase == "serialize":
        value.SerializeToString()
        os._exit(0)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)
