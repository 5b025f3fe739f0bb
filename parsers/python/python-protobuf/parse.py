# nestprobe parser program: python3-protobuf's ParseFromString over all of stdin, into a message
# type whose field 1 is a message of the same type, built at run time from a descriptor (no protoc,
# no generated code); any Exception (DecodeError, RecursionError) is the error line. Serializer:
# SerializeToString. Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory  # noqa: E402


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


data = protocol.input()
Nested = nested_type()
try:
    value = Nested()
    value.ParseFromString(data)
    protocol.parsed()
    protocol.serializer(value.SerializeToString)()
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()
