"""Runs the MemoryCustodian 0.12.0 core in one process for the differential test.

Usage: driver12.py RUNNABLE, where RUNNABLE is the copy that the core's
shim/build_runnable.py made. Reads a JSON list of argument lists on standard
input and prints one JSON object per line: {"code", "out", "err"}.
"""

import contextlib
import io
import json
import sys

sys.path.insert(0, sys.argv[1])

import mc  # noqa: E402  (the core's driver, on the path just added)


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = mc.main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
        except Exception as exc:  # an uncaught exception ends the CLI with 1
            print(f"exception: {exc!r}", file=err)
            code = 1
    return {"code": code, "out": out.getvalue(), "err": err.getvalue()}


def main():
    jobs = json.load(sys.stdin)
    for argv in jobs:
        print(json.dumps(run(argv)), flush=True)


if __name__ == "__main__":
    main()
