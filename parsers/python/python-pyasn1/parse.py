# nestprobe parser program: pyasn1's BER decoder (pyasn1.codec.ber.decoder.decode, no schema:
# universal types only, every constructed value decoded into its components) over all of stdin;
# trailing bytes are an error. Any Exception (PyAsn1Error, RecursionError) is the error line.
# Serializer: the same library's BER encoder, pyasn1.codec.ber.encoder.encode. Input, phases and
# exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
from pyasn1.codec.ber import decoder, encoder  # noqa: E402

data = protocol.input()
try:
    value, rest = decoder.decode(data)
    if rest:
        raise ValueError(f"{len(rest)} bytes after the value")
    protocol.parsed()
    protocol.serializer(encoder.encode)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()
