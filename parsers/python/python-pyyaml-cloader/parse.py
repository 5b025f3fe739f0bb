# nestprobe parser program: PyYAML's C loader (libyaml), as services use it for speed,
# yaml.load(data, Loader=yaml.CSafeLoader) (default settings) over all of stdin; any Exception
# (parse errors, RecursionError, ...) is the error line. Serializer: yaml.dump with the CSafeDumper.
# Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import yaml  # noqa: E402

data = protocol.input()
try:
    value = yaml.load(data, Loader=yaml.CSafeLoader)
    protocol.parsed()
    protocol.serializer(yaml.dump)(value, Dumper=yaml.CSafeDumper)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()
