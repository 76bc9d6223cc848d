"""Child processes we start, talk to in lines, stop, kill and reap. No Qt.

Engines (:mod:`..gomocup.client`) and plugin hosts (:mod:`..plugin_player`)
run as a :class:`Child`; the game's engine process and the analysis views'
children as a :class:`Service` (a :class:`Child` that answers pickled
requests, one at a time; its conversation and locks in :mod:`.service`). The
rules, each proven in ``tests/engine/processes``:

* **Start.** A child starts in a session, hence a process group, of its own,
  and dies with us: :func:`die_with_parent` (``PR_SET_PDEATHSIG``, written
  once, here; batch workers use :func:`set_parent_death_signal` too).
* **Ready.** :meth:`Child.ready` waits for the child's first line, with a
  timeout (:class:`ChildTimeout`). A child that exits before it is ready
  "exited at once".
* **Answer.** :meth:`Child.read_line` reads a line by a deadline and never
  blocks past it: the pipes are non-blocking and waited on with ``selectors``.
  We stop reading once the *child we started* has exited (its pipe is read one
  last time), even if a helper it forked still holds the pipe open.
* **Write.** :meth:`Child.send` to a child that is gone raises
  :class:`ChildExited`, never ``BrokenPipeError``; a child that runs but reads
  nothing for a long time raises :class:`ChildTimeout`.
* **Stop, kill, reap.** :meth:`Child.stop` asks politely (the caller's
  ``ask``: say ``END``, or close stdin) and gives a grace; :meth:`Child.kill`
  then sends SIGTERM to the whole group, waits a grace, sends SIGKILL to the
  group (grandchildren included, even when the child itself already exited),
  and only then reaps the child: while the child is unreaped its pid, which
  names the group, cannot be anyone else's. Closing never waits on a pipe.
* **Locks.** One lock per child guards its pipes: every write, every read
  step (at most :data:`SLICE_SECONDS` long) and the closing, so a stop from
  another thread waits one step at most and never closes a pipe under a read.
  Reading is one thread's job at a time (the one asking); stderr is read in
  the same steps and handed to ``on_stderr`` on that thread.
* **Errors.** A child that exits, at once or later, becomes a
  :class:`ChildExited` (a :class:`~..errors.ProcessFailure`) naming the
  program, its exit status or signal, and a bounded excerpt of its stderr;
  never a traceback, never silence.
"""

from __future__ import annotations

from .child import SLICE_SECONDS, Child
from .errors import ChildExited, ChildFailed, ChildTimeout
from .parent_death import die_with_parent, set_parent_death_signal
from .service import CANCEL_GRACE_SECONDS, Handler, Service, ServiceCancelled, ServiceError

__all__ = [
    "CANCEL_GRACE_SECONDS",
    "SLICE_SECONDS",
    "Child",
    "ChildExited",
    "ChildFailed",
    "ChildTimeout",
    "Handler",
    "Service",
    "ServiceCancelled",
    "ServiceError",
    "die_with_parent",
    "set_parent_death_signal",
]
