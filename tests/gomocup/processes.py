"""Which programs are still running: read from /proc, the way a user would look."""

from __future__ import annotations

import os


def running_with(text: str) -> list[int]:
    """Live (not zombie) processes whose command line contains ``text``."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode("utf-8", "replace")
            with open(f"/proc/{entry}/stat") as stat:
                state = stat.read().rsplit(")", 1)[-1].split()[0]
        except OSError:
            continue
        if text in command and state != "Z":
            pids.append(int(entry))
    return pids
