"""Child processes we start, talk to in lines, stop, kill and reap. No Qt.

Engines (:mod:`..gomocup.client`) and plugin hosts (:mod:`..players.plugin_player`)
run as a :class:`Child`; the game"s engine process and the analysis views"
children as a :class:`Service` (a :class:`Child` that answers pickled
requests, one at a time; its conversation and locks in :mod:`.service`). The
rules, each proven in ``tests/engine/processes``:

* **Start.** A child starts in a session, hence a process group, of its own,
  and dies with us: :func:`die_with_parent` (``PR_SET_PDEATHSIG``, written
  once, here; batch workers use :func:`set_parent_death_signal` too).
* **Ready.** :meth:`Child.ready` waits for the child"s first line, with a
  timeout (:class:`ChildTimeout`). A child that exits before it is ready
  "exited at once".
* **Answer.** :meth:`Child.read_line` reads a line by a deadline and never
  blocks past it: the pipes are non-blocking and waited on with ``selectors``.
  We stop reading once the *child we started* has exited (its pipe is read one
  last time), even if a helper it forked still holds the pipe open.
* **Write.** :meth:`Child.send` to a child that is gone raises
  :class:`ChildExited`, never ``BrokenPipeError``; a child that runs but reads
  nothing for a long time raises :class:`ChildTimeout`.
* **Stop, kill, reap.** :meth:`Child.stop` asks politely (the caller"s
  ``ask``: say ``END``, or close stdin) and gives a grace; :meth:`Child.kill`
  then sends SIGTERM to the whole group, waits a grace, sends SIGKILL to the
  group (grandchildren included, even when the child itself already exited),
  and only then reaps the child: while the child is unreaped its pid, which
  names the group, cannot be anyone else"s. Descendants that left the group
  (a session of their own) are found below the running child in /proc and
  get SIGKILL first; a child that runs code we do not control calls
  :func:`keep_orphans`, so a double fork stays below it, and
  :func:`end_all_with_parent`, so what it started ends even when we are
  killed. Closing never waits on a pipe.
* **Locks.** One lock per child guards its pipes: every write, every read
  step (at most :data:`SLICE_SECONDS` long) and the closing, so a stop from
  another thread waits one step at most and never closes a pipe under a read.
  Reading is one thread"s job at a time (the one asking); stderr is read in
  the same steps and handed to ``on_stderr`` on that thread, which must not
  block. With ``drain_stderr`` (a :class:`Service`"s child) a thread of the
  child"s own also reads stderr, in steps under the same lock, between the
  answers: a child that floods stderr while no one asks never blocks on it.
* **Errors.** A child that exits, at once or later, becomes a
  :class:`ChildExited` (a :class:`~..errors.ProcessFailure`) naming the
  program, its exit status or signal, and a bounded excerpt of its stderr
  (its last lines, each cut to :data:`~.child.STDERR_LINE` bytes: a few
  kilobytes kept, however much it writes); never a traceback, never silence.
  A :class:`Service` echoes its child"s stderr on ours through a bounded queue
  (:mod:`.stderr_echo`), so a stderr of ours that nobody reads never blocks.

Batch worker pools (:class:`WorkerPool`; :mod:`.pool` starts them,
:mod:`.workers` is what runs in them) follow rules of their own:

* **Ready.** A pool starts on first use: ``fork`` from a single-threaded
  process, else a fork server (:func:`start_method`). Its helpers (resource
  tracker, fork server) start with the group"s stop signals blocked
  (:func:`start_pool_helpers`), so a signal to the group never ends them.
  Each worker runs :func:`prepare_worker` first: it unblocks those signals
  and dies with its parent (parent-death signal, and a thread watching the
  parent"s pipe).
* **Stop.** One :class:`StopFlag` per pool, shared bytes without a lock (a
  worker killed mid-read can leave nothing held). :meth:`WorkerPool.stop`
  sets it; chunks poll it between games (:func:`worker_should_stop`).
* **Group signals.** A worker takes SIGTERM as "stop the batch" (it sets the
  flag, which the parent sees in :meth:`WorkerPool.stop_requested`) and
  ignores SIGINT and SIGHUP: those are the parent"s, which stops the batch
  and reports the games played.
* **Broken pool.** When a worker dies, :meth:`WorkerPool.discard` names it in
  a :class:`WorkerDiedError` (a :class:`~..errors.ProcessFailure`: pid and
  signal, one line), abandons the flag (:meth:`StopFlag.abandon`: survivors
  leave at once, whatever lock the dead one held) and ends the pool; the
  next use starts a fresh one.
* **Kill, reap.** :meth:`WorkerPool.shutdown` (and ``discard``) stops the
  chunks, gives the workers a grace to leave, SIGKILLs the rest (children
  they started through this package die with them), and only returns once
  every worker is reaped: no worker is left, whatever it was doing.
* **Locks.** The pool"s lock guards its executor, flag and worker table:
  starting, discarding and shutting down, from any thread. Reserving a pool
  for one batch at a time is its owner"s (the window"s ``ChunkPool``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_faces import lazy_face

if TYPE_CHECKING:
    from .child import SLICE_SECONDS, Child
    from .errors import ChildExited, ChildFailed, ChildTimeout
    from .parent_death import die_with_parent, end_all_with_parent, keep_orphans, set_parent_death_signal
    from .pool import (
        MIN_WORKER_LIMIT,
        WORKER_DIED,
        WorkerDiedError,
        WorkerPool,
        default_workers,
        start_method,
        start_pool_helpers,
        start_resource_tracker,
        worker_limit,
    )
    from .service import CANCEL_GRACE_SECONDS, Handler, Service, ServiceCancelled, ServiceError
    from .stop_flag import StopFlag
    from .workers import GROUP_SIGNALS, act_as_worker, prepare_worker, worker_should_stop

__all__ = [
    "GROUP_SIGNALS",
    "CANCEL_GRACE_SECONDS",
    "MIN_WORKER_LIMIT",
    "SLICE_SECONDS",
    "WORKER_DIED",
    "Child",
    "ChildExited",
    "ChildFailed",
    "ChildTimeout",
    "Handler",
    "Service",
    "ServiceCancelled",
    "ServiceError",
    "StopFlag",
    "WorkerDiedError",
    "WorkerPool",
    "act_as_worker",
    "default_workers",
    "die_with_parent",
    "end_all_with_parent",
    "keep_orphans",
    "prepare_worker",
    "set_parent_death_signal",
    "start_method",
    "start_pool_helpers",
    "start_resource_tracker",
    "worker_limit",
    "worker_should_stop",
]

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_face(
        __name__,
        {
            ".child": ("SLICE_SECONDS", "Child"),
            ".errors": ("ChildExited", "ChildFailed", "ChildTimeout"),
            ".parent_death": ("die_with_parent", "end_all_with_parent", "keep_orphans", "set_parent_death_signal"),
            ".pool": (
                "MIN_WORKER_LIMIT",
                "WORKER_DIED",
                "WorkerDiedError",
                "WorkerPool",
                "default_workers",
                "start_method",
                "start_pool_helpers",
                "start_resource_tracker",
                "worker_limit",
            ),
            ".service": ("CANCEL_GRACE_SECONDS", "Handler", "Service", "ServiceCancelled", "ServiceError"),
            ".stop_flag": ("StopFlag",),
            ".workers": ("GROUP_SIGNALS", "act_as_worker", "prepare_worker", "worker_should_stop"),
        },
    )
