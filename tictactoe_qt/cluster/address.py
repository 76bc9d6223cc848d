"""Where batches run: a Dask scheduler's address, checked in form before anything connects."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tictactoe_qt.engine import excerpt
from tictactoe_qt.engine.processes import default_workers, worker_limit

#: ``local`` alone: one worker process per core; ``local:N``: N, at most :func:`worker_limit`.
LOCAL = "local"
#: The schemes a scheduler is reached by here (Dask knows others, e.g. ``ws://``, that
#: this program neither tests nor documents).
SCHEMES = ("tcp", "tls")
#: A host name or IPv4 address; an IPv6 address goes in brackets (``tcp://[::1]:8786``).
_HOST = re.compile(r"[A-Za-z0-9_](?:[A-Za-z0-9._-]*[A-Za-z0-9_])?|\[[0-9A-Fa-f:.]+\]")
_FORM = "a cluster is tcp://HOST:PORT (or tls:// with Dask's certificates), local or local:N"


class AddressError(ValueError):
    """An address that is neither ``local``, ``local:N`` nor a scheduler's."""


@dataclass(frozen=True)
class ClusterAddress:
    """Where to run: a scheduler's address, or a local cluster of ``local_workers`` processes."""

    scheduler: str | None = None
    local_workers: int = 0

    @classmethod
    def parse(cls, text: str) -> ClusterAddress:
        """``tcp://host:8786``, ``tls://host:8786``, ``host:8786``, ``local`` or ``local:N``.

        Raises:
            AddressError: any other form, quoting it: an unknown scheme, no port, a port
                out of range, or anything after the port (Dask would fail on each with a
                traceback, or read an HTTP reply as a length of exabytes).
        """
        text = text.strip()
        if text == LOCAL:
            return cls(local_workers=min(default_workers(), worker_limit()))
        if text.startswith(LOCAL + ":"):
            count = text[len(LOCAL) + 1 :]
            if not count.isdigit() or not 1 <= int(count) <= worker_limit():
                raise AddressError(f"local:N needs N from 1 to {worker_limit()}, got {excerpt(text)}")
            return cls(local_workers=int(count))
        scheme, rest = text.split("://", 1) if "://" in text else ("tcp", text)
        scheme = scheme.lower()
        if scheme not in SCHEMES:
            raise AddressError(
                f"{excerpt(scheme + '://')} does not reach a Dask scheduler: {_FORM}, got {excerpt(text)}"
            )
        host, port = _host_and_port(rest, text)
        return cls(scheduler=f"{scheme}://{host}:{port}")

    @property
    def scheme(self) -> str:
        """``tcp`` or ``tls`` for a scheduler; ``local`` for a local cluster."""
        return self.scheduler.split("://", 1)[0] if self.scheduler else LOCAL

    @property
    def host_and_port(self) -> tuple[str, int]:
        """The scheduler's host (without IPv6 brackets) and port."""
        if self.scheduler is None:
            raise ValueError("a local cluster has no scheduler address until it starts")
        host, _, port = self.scheduler.split("://", 1)[1].rpartition(":")
        return host.strip("[]"), int(port)

    def __str__(self) -> str:
        return self.scheduler or f"{LOCAL}:{self.local_workers}"


def _host_and_port(rest: str, text: str) -> tuple[str, int]:
    """``rest`` (the address after its scheme) as a host and a port from 1 to 65535."""
    if "://" in rest or any(c.isspace() for c in text):
        raise AddressError(f"{_FORM}, got {excerpt(text)}")
    host_match = _HOST.match(rest)
    if host_match is not None and host_match.end() == len(rest):
        raise AddressError(f"{_FORM}: the port is missing, got {excerpt(text)}")
    if host_match is None or not rest[host_match.end() :].startswith(":"):
        raise AddressError(f"{_FORM}, got {excerpt(text)}")
    host = host_match.group()
    digits = re.match(r"[0-9]*", rest[host_match.end() + 1 :])
    port = digits.group() if digits else ""
    after = rest[host_match.end() + 1 + len(port) :]
    if not port:
        raise AddressError(f"{_FORM}: the port is missing, got {excerpt(text)}")
    if after:
        raise AddressError(
            f"nothing may follow the port of a scheduler's address, but {excerpt(after)} does in {excerpt(text)}"
        )
    if not 1 <= int(port) <= 65535:
        raise AddressError(f"a port is a number from 1 to 65535, got {excerpt(text)}")
    return host, int(port)
