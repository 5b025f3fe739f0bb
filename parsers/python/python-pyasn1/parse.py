# nestprobe parser program: read all of stdin, decode it with pyasn1's BER decoder
# (pyasn1.codec.ber.decoder.decode, no schema: universal types only), which decodes every
# constructed value into its components. Trailing bytes are an error. Catches any Exception
# (PyAsn1Error, RecursionError) -> one stderr line, exit 1.
import sys

from pyasn1.codec.ber import decoder

data = sys.stdin.buffer.read()
try:
    value, rest = decoder.decode(data)
    if rest:
        raise ValueError(f"{len(rest)} bytes after the value")
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)
