"""Whether the window has somewhere to open: a display, or a Qt platform chosen.

Without either, Qt's xcb plugin aborts the program with a message about
``xcb-cursor0`` that sends people after a library they already have. The
launch asks here first and says what to do in one line instead. Qt-free.
"""

from __future__ import annotations

import importlib.util
import os
import re
import socket
import sys
from collections.abc import Mapping
from pathlib import Path

#: What to do instead, in one line (printed after the program's name).
NO_DISPLAY = (
    "No display found: run it in a desktop session, or set QT_QPA_PLATFORM=offscreen for "
    "headless use; the subcommands (tictactoe-qt --help) work without one"
)
#: Any of these, set and not empty, tells Qt where (or how) to show the window.
DISPLAY_VARIABLES = ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET")
#: Systems whose Qt draws through X11 or Wayland, so needs one of the variables above.
X11_OR_WAYLAND_SYSTEMS = ("linux", "freebsd", "openbsd", "netbsd", "sunos")


def missing_display(environ: Mapping[str, str] | None = None, platform: str = sys.platform) -> str:
    """The line to print when Qt would find no display to open the window on, else ``""``.

    A display named but not there (``DISPLAY=:99`` with no X server, a blank or
    garbled value, a Wayland socket that is gone) and a ``QT_QPA_PLATFORM`` that
    names no platform Qt has are said the same way: Qt would abort on them too.

    Args:
        environ: The environment to judge (default: this process's).
        platform: ``sys.platform`` of the system (macOS and Windows always have a display).
    """
    environ = os.environ if environ is None else environ
    if not platform.startswith(X11_OR_WAYLAND_SYSTEMS):
        return ""
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen.strip():
        return _unknown_platform(chosen, environ)
    if environ.get("WAYLAND_SOCKET", "").strip():
        return ""
    problems = []
    if environ.get("WAYLAND_DISPLAY"):
        problems.append(_wayland_problem(environ["WAYLAND_DISPLAY"], environ))
    if environ.get("DISPLAY"):
        problems.append(_x_problem(environ["DISPLAY"]))
    if not problems:
        return NO_DISPLAY
    if not all(problems):
        return ""  # one of them answers
    return f"No display found: {'; '.join(problems)}{ADVICE}"


#: What to do, after what was wrong.
ADVICE = NO_DISPLAY.split(":", 1)[1].replace(" run it", "; run it", 1).removeprefix(" ")
#: ``[host]:number[.screen]``, as X clients read ``DISPLAY``.
X_DISPLAY = re.compile(r"(?P<host>[^:\s]*):(?P<number>\d{1,6})(?:\.\d+)?")
#: Seconds to wait for a remote X server (ssh forwarding) to answer.
CONNECT_SECONDS = 2.0


def _quoted(value: str) -> str:
    return repr(value if len(value) <= 40 else value[:40] + "...")


def _x_problem(display: str) -> str:
    """Why nothing answers on X ``display``, or ``""`` when something may."""
    found = X_DISPLAY.fullmatch(display)
    if found is None or 6000 + int(found["number"]) > 65535:  # past the last TCP port
        return f"DISPLAY={_quoted(display)} names no X display (they read like :0)"
    number, host = int(found["number"]), found["host"]
    if host in ("", "unix"):
        for address in (f"/tmp/.X11-unix/X{number}", f"\0/tmp/.X11-unix/X{number}"):
            if _answers(socket.AF_UNIX, address):
                return ""
        return f"no X server answers on DISPLAY={_quoted(display)}"
    try:
        with socket.create_connection((host, 6000 + number), timeout=CONNECT_SECONDS):
            return ""
    except (socket.gaierror, ConnectionRefusedError):
        return f"no X server answers on DISPLAY={_quoted(display)}"
    except OSError:
        return ""  # slow or filtered: let Qt try


def _wayland_problem(name: str, environ: Mapping[str, str]) -> str:
    """Why nothing answers on Wayland display ``name``, or ``""``."""
    folder = environ.get("XDG_RUNTIME_DIR", "")
    path = name if name.startswith("/") else os.path.join(folder, name) if folder else ""
    if path and _answers(socket.AF_UNIX, path):
        return ""
    return f"no Wayland compositor answers on WAYLAND_DISPLAY={_quoted(name)}"


def _answers(family: int, address: str) -> bool:
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.settimeout(CONNECT_SECONDS)
            probe.connect(address)
    except OSError:
        return False
    return True


def _unknown_platform(chosen: str, environ: Mapping[str, str]) -> str:
    """The line when ``QT_QPA_PLATFORM`` names only platforms Qt lacks, else ``""``."""
    if environ.get("QT_PLUGIN_PATH") or environ.get("QT_QPA_PLATFORM_PLUGIN_PATH"):
        return ""  # plugins from elsewhere: Qt knows
    spec = importlib.util.find_spec("PySide6")
    if spec is None or spec.origin is None:
        return ""
    folder = Path(spec.origin).parent / "Qt" / "plugins" / "platforms"
    have = sorted(path.name[4:].split(".")[0] for path in folder.glob("libq*"))
    wanted = [part.split(":")[0].strip() for part in chosen.split(";")]
    if not have or any(name in have for name in wanted):
        return ""
    return (
        f"QT_QPA_PLATFORM={_quoted(chosen)} names no Qt platform here (there are "
        f"{', '.join(have)}); set QT_QPA_PLATFORM=offscreen for headless use, or unset it"
    )
