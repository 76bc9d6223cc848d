"""Whether the window has somewhere to open: a display, or a Qt platform chosen.

Without either, Qt's xcb plugin aborts the program with a message about
``xcb-cursor0`` that sends people after a library they already have. The
launch asks here first and says what to do in one line instead. Qt-free.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

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

    Args:
        environ: The environment to judge (default: this process's).
        platform: ``sys.platform`` of the system (macOS and Windows always have a display).
    """
    environ = os.environ if environ is None else environ
    if not platform.startswith(X11_OR_WAYLAND_SYSTEMS):
        return ""
    if any(environ.get(name) for name in DISPLAY_VARIABLES):
        return ""
    return NO_DISPLAY
