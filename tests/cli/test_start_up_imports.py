"""Every ``tictactoe-qt`` run (and each engine or batch child it starts) pays its imports.

The modules only one command needs (plugin metadata, the cluster's network and TLS
stack) are imported when that command meets them, not by the command line's start-up.
"""

from __future__ import annotations

import json
import subprocess
import sys

#: Standard-library modules that cost milliseconds to tens of them and that no start-up
#: needs: importlib.metadata (with email and zipfile) for plugins, urllib/http/ssl for
#: clusters, secrets (hashlib) for a temporary file name, multiprocessing and
#: concurrent.futures (with logging) for worker pools and the child starter thread.
HEAVY = (
    "importlib.metadata",
    "email.message",
    "urllib.request",
    "http.client",
    "ssl",
    "secrets",
    "multiprocessing",
    "concurrent.futures",
    "logging",
)

PROBE = """
import json, sys
from tictactoe_qt.cli.main import build_parser
import tictactoe_qt.cli.brain_command
build_parser().parse_args(["simulate", "--x", "random", "--o", "random", "--cluster", "local:2"])
print(json.dumps(sorted(sys.modules)))
"""


def test_the_command_line_starts_without_the_modules_only_one_command_needs() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, check=True)
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "tictactoe_qt.cli.simulate_command" in loaded  # the probe did parse a command
    assert sorted(loaded & set(HEAVY)) == []
