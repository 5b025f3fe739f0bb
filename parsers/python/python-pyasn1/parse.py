# nestprobe parser program: read all of stdin, decode it with pyasn1's BER decoder
# (pyasn1.codec.ber.decoder.decode, no schema: universal types only), which decodes every
# constructed value into its components. Trailing bytes are an error. Catches any Exception
# (PyAsn1Error, RecursionError) -> one stderr line, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
# at once with os._exit(0); `free` does `del value; gc.collect()`, then os._exit(0); `serialize`
# encodes it back with the same library's BER encoder, pyasn1.codec.ber.encoder.encode (an
# exception is exit 1), then os._exit(0). Without it: the value is dropped when the program ends,
# sys.exit(0) (as before).
import gc
import os
import sys

from pyasn1.codec.ber import decoder, encoder

phase = sys.argv[-1] if len(sys.argv) > 1 else None
if phase not in (None, "parse", "free", "serialize"):
    print(f"unknown phase: {phase} (parse, free or serialize)", file=sys.stderr)
    sys.exit(2)

data = sys.stdin.buffer.read()
try:
    value, rest = decoder.decode(data)
    if rest:
        raise ValueError(f"{len(rest)} bytes after the value")
    if phase == "free":
        del value
        gc.collect()
    elif phase == "serialize":
        encoder.encode(value)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
if phase is not None:
    os._exit(0)
sys.exit(0)
