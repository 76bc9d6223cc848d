"""How long the cluster route waits for a scheduler and its workers: Dask settings of ours.

Each bound is read from Dask's configuration, so people set it as they set
Dask's own (a YAML file in ``~/.config/dask/``, or an environment variable):

- ``tictactoe-qt.cluster.timeouts.connect`` (5 s): to reach a scheduler, to hear
  its greeting and its first worker, and to disconnect; also
  ``DASK_TICTACTOE_QT__CLUSTER__TIMEOUTS__CONNECT``.
- ``tictactoe-qt.cluster.timeouts.answer`` (5 s): mid-run, how long no chunk may
  come back before the scheduler is asked whether it still has workers, and how
  long it may take to reply before it counts as gone (a frozen scheduler keeps
  its connections open and never replies); ``..._TIMEOUTS__ANSWER``.
- ``tictactoe-qt.cluster.timeouts.no-workers`` (10 s): how long a cluster may be
  without any worker before the run stops (a nanny brings a lost worker back in
  a second or two; Dask itself would wait for one forever); ``..._TIMEOUTS__NO_WORKERS``.

The values are durations as Dask writes them (``5s``, ``500ms``, ``2``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tictactoe_qt.engine import excerpt

from . import ClusterError

CONNECT = "tictactoe-qt.cluster.timeouts.connect"
ANSWER = "tictactoe-qt.cluster.timeouts.answer"
NO_WORKERS = "tictactoe-qt.cluster.timeouts.no-workers"
#: The bounds when nobody set them.
DEFAULTS = {CONNECT: 5.0, ANSWER: 5.0, NO_WORKERS: 10.0}


@dataclass(frozen=True)
class ClusterTimeouts:
    """The three bounds, in seconds."""

    connect: float = DEFAULTS[CONNECT]
    answer: float = DEFAULTS[ANSWER]
    no_workers: float = DEFAULTS[NO_WORKERS]


def configured_timeouts() -> ClusterTimeouts:
    """The bounds from Dask's configuration now, the defaults where unset.

    Raises:
        ClusterError: a value that is not a positive duration, quoting it and its name.
    """
    return ClusterTimeouts(*(_seconds(name) for name in (CONNECT, ANSWER, NO_WORKERS)))


def _seconds(name: str) -> float:
    import dask
    from dask.utils import parse_timedelta

    value = dask.config.get(name, DEFAULTS[name])
    try:
        seconds = parse_timedelta(value)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):  # what it raises on text it cannot read
        seconds = None
    if not isinstance(seconds, (int, float)) or not seconds > 0:
        raise ClusterError(f"Dask's setting {name} must be a duration above zero such as 5s, got {excerpt(str(value))}")
    return float(seconds)
