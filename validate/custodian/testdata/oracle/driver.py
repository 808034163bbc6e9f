"""Runs MemoryCustodian CLI commands in one process for the differential test.

Reads a JSON list of argument lists on standard input and prints one JSON
object per line: {"code": exit code, "out": standard output}. The CLI
package must be on PYTHONPATH.
"""

import contextlib
import io
import json
import sys

from memory_custodian import main as mc


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
