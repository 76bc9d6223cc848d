"""A child process for the process layer's tests; misbehaves on request.

Usage: ``python fake_child.py MODE [PIDFILE]``. Modes:

* ``echo``: answers each line with the same line; exits at the end of its input;
* ``silent``: says nothing, reads nothing, sleeps a minute;
* ``crash-later``: says ``ready``, then at its next line writes to stderr and exits 5;
* ``forker``: says ``bye`` and exits, leaving a helper (``sleep``) that holds stdout;
* ``stubborn``: ignores SIGTERM, as does a helper it starts; says ``ready`` and sleeps;
* ``long-line``: writes 10,000 ``x`` and a line break, then ``after`` once it reads a line.

With PIDFILE, its pid (its process group's id) is written there first.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time


def main() -> int:
    mode = sys.argv[1]
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w") as pid_file:
            pid_file.write(str(os.getpid()))
    if mode == "echo":
        for line in sys.stdin:
            print(line.strip(), flush=True)
        return 0
    if mode == "silent":
        time.sleep(60)
        return 0
    if mode == "crash-later":
        print("ready", flush=True)
        sys.stdin.readline()
        print("I give up: no more memory", file=sys.stderr, flush=True)
        return 5
    if mode == "forker":
        subprocess.Popen(["sleep", "1000"])  # inherits our stdout and stderr
        print("bye", flush=True)
        return 0
    if mode == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(1000)",
            ]
        )
        print("ready", flush=True)
        time.sleep(1000)
        return 0
    if mode == "long-line":
        print("x" * 10_000, flush=True)
        sys.stdin.readline()
        print("after", flush=True)
        sys.stdin.readline()
        return 0
    raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    sys.exit(main())
