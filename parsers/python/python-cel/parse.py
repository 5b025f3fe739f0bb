# nestprobe parser program: compiles all of stdin as a CEL expression with cel-python (celpy): a default
# celpy.Environment(), env.compile (the Lark parser, to a syntax tree), then env.program; phase `run` evaluates
# the program once with no variables (.evaluate({})). Any Exception (CELParseError, CELEvalError,
# RecursionError, ...) is the error line; an evaluation that returns a CELEvalError instead of raising it is
# the error line too. Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import celpy  # noqa: E402

data = protocol.input(text=True, language=True)
try:
    env = celpy.Environment()
    program = env.program(env.compile(data))
    protocol.compiled()
    result = protocol.runner(program.evaluate)({})
    if isinstance(result, celpy.CELEvalError):
        raise result
except Exception as e:
    protocol.error(e)
del program
protocol.finished()
