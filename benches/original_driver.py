#!/usr/bin/env python3
"""The original study's driver, emulated for `cargo bench --bench run` when its checkout is not
beside this repository. Same interface and mechanics as bad_json_parsers' `test_parser.py`, written
anew: `original_driver.py PROGRAM [ARG...]` prints the smallest failing depth of nested arrays, or
`∞` when 5,000,000 levels pass.

What makes it cost what the original costs, and so what the benchmark's ratios are measured against:
- one Python process per parser, which builds the deepest payload once (10 MB) and slices it;
- one `subprocess.Popen` per trial, the payload written by `communicate`, pass = exit status 0;
- the search: depth 1 must pass, then the maximum, then a blind bisection of [1, maximum].
No limit, timeout or environment of its own: the child inherits this process's (the benchmark gives
the parser's environment and working directory, and nestprobe's 8 MiB stack limit). Unlike the
original, a trial that runs over a safety timeout counts as a failure instead of hanging the
benchmark, and the number of trials is printed on stderr.
"""

import subprocess
import sys

MAX_DEPTH = 5_000_000
SAFETY_TIMEOUT_SECONDS = 120

program = sys.argv[1:]
if not program:
    sys.exit("usage: original_driver.py PROGRAM [ARG...]")
deepest = b"[" * MAX_DEPTH + b"]" * MAX_DEPTH
trials = 0


def passes(depth):
    global trials
    trials += 1
    middle = len(deepest) // 2
    child = subprocess.Popen(program, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        child.communicate(deepest[middle - depth : middle + depth], timeout=SAFETY_TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        return False
    return child.returncode == 0


def smallest_failing():
    if not passes(1):
        sys.exit("cannot bisect: depth 1 fails")
    if passes(MAX_DEPTH):
        return None
    passing, failing = 1, MAX_DEPTH
    while failing - passing > 1:
        middle = (passing + failing) // 2
        if passes(middle):
            passing = middle
        else:
            failing = middle
    return failing


found = smallest_failing()
print("∞" if found is None else found)
print(f"trials: {trials}", file=sys.stderr)
