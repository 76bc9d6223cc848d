"""A bounded look at what listens at a scheduler's address, before Dask is let near it.

Dask's client waits for the peer's handshake without any time limit, and
reads the first 8 bytes the peer sends as the length of a buffer it then
allocates: a port that accepts and says nothing hangs it for good, and an
HTTP or junk-speaking port makes it ask for exabytes. A Dask scheduler
greets every connection at once, unasked, with a short framed message, so
reading that greeting on a plain socket, with a deadline and a size cap,
tells a scheduler from anything else without trusting the peer. The
scheduler logs the probe at INFO as a connection "closed before handshake
completed".
"""

from __future__ import annotations

import socket
import ssl
import struct
import time
from typing import Any

from tictactoe_qt.engine import excerpt

from .address import ClusterAddress

#: A scheduler's greeting is about 60 bytes; anything claiming more than this is not one.
MAX_GREETING = 64 * 1024
#: Frames a greeting may claim (it has one).
MAX_FRAMES = 16
_LENGTH = struct.Struct("Q")  # Dask's frame lengths: native unsigned 64-bit


class NotAScheduler(Exception):
    """What listens at the address is not a Dask scheduler that answers; the message says why."""


def tls_context(address: ClusterAddress) -> ssl.SSLContext | None:
    """The client's TLS context from Dask's configuration for a ``tls://`` address, else None.

    Raises:
        NotAScheduler: ``tls://`` without certificates configured, or unusable ones.
    """
    if address.scheme != "tls":
        return None
    from distributed.security import Security

    try:
        settings = Security().get_connection_args("client")
        context = settings.get("ssl_context")
    except (OSError, ValueError, ssl.SSLError) as error:
        raise NotAScheduler(f"Dask's TLS settings cannot be used: {_words(error)}") from None
    if context is None:
        raise NotAScheduler(
            "tls:// needs Dask's TLS certificates (distributed.comm.tls.ca-file "
            "and .client.cert in Dask's configuration, or DASK_DISTRIBUTED__COMM"
            "__TLS__CA_FILE and ..._CLIENT__CERT), and none are set here"
        )
    return context  # type: ignore[no-any-return]


def expect_greeting(address: ClusterAddress, timeout: float, context: ssl.SSLContext | None = None) -> None:
    """Connect to the scheduler at ``address`` and read its greeting, all within ``timeout`` s.

    Raises:
        NotAScheduler: refused, unknown host, silent, closed, TLS failed, or a greeting
            that is not Dask's (quoting its first bytes).
    """
    host, port = address.host_and_port
    deadline = time.monotonic() + timeout
    try:
        with _connected(host, port, deadline, timeout) as plain:
            peer = plain
            if context is not None:
                plain.settimeout(_left(deadline, timeout))
                peer = context.wrap_socket(plain, server_hostname=host if context.check_hostname else None)
            with peer:
                _check_greeting(peer, deadline, timeout)
    except NotAScheduler:
        raise
    except socket.gaierror as error:
        raise NotAScheduler(f"no such host ({error.strerror or _words(error)})") from None
    except ConnectionRefusedError:
        raise NotAScheduler(f"nothing listens at that port (connection refused for {timeout:g} s)") from None
    except ssl.SSLError as error:
        raise NotAScheduler(f"the TLS handshake failed ({_words(error)})") from None
    except TimeoutError:
        raise NotAScheduler(f"no answer after {timeout:g} s") from None
    except OSError as error:
        raise NotAScheduler(_words(error)) from None


def _connected(host: str, port: int, deadline: float, timeout: float) -> socket.socket:
    """A socket connected to ``host:port``; a refusal is tried again until ``deadline``, as
    Dask does, since a scheduler started a moment ago may not listen yet."""
    pause = 0.05
    while True:
        try:
            return socket.create_connection((host, port), timeout=_left(deadline, timeout))
        except ConnectionRefusedError:
            if time.monotonic() + pause >= deadline:
                raise
            time.sleep(pause)
            pause = min(2 * pause, 0.5)


def _check_greeting(peer: socket.socket, deadline: float, timeout: float) -> None:
    try:
        head = _read(peer, _LENGTH.size, deadline)
    except TimeoutError:
        raise NotAScheduler(
            f"it accepted the connection but sent nothing in {timeout:g} s; a Dask "
            "scheduler greets at once (is something else listening there?)"
        ) from None
    if not head:
        raise NotAScheduler("it closed the connection without a word; a Dask scheduler greets first")
    (length,) = _LENGTH.unpack(head.ljust(_LENGTH.size, b"\0"))
    if len(head) < _LENGTH.size or not 2 * _LENGTH.size <= length <= MAX_GREETING:
        raise NotAScheduler(
            f"something else listens there: it does not speak Dask's protocol (it began with {_shown(head, peer)})"
        )
    try:
        body = _read(peer, length, deadline)
    except TimeoutError:
        raise NotAScheduler(f"it began a greeting, then fell silent (nothing more in {timeout:g} s)") from None
    if not _is_greeting(body):
        raise NotAScheduler(
            f"something else listens there: it does not speak Dask's protocol "
            f"(it began with {_shown(head + body, peer)})"
        )


def _is_greeting(body: bytes) -> bool:
    """True when ``body`` is a Dask frame set whose first frame is a msgpack map naming ``python``."""
    if len(body) < _LENGTH.size:
        return False
    (frames,) = _LENGTH.unpack_from(body)
    if not 1 <= frames <= MAX_FRAMES or len(body) < _LENGTH.size * (1 + frames):
        return False
    sizes = struct.unpack_from(f"{frames}Q", body, _LENGTH.size)
    start = _LENGTH.size * (1 + frames)
    if start + sizes[0] > len(body):
        return False
    try:
        import msgpack  # type: ignore[import-untyped]  # comes with distributed

        first: Any = msgpack.unpackb(body[start : start + sizes[0]], raw=False, strict_map_key=False)
    except Exception:  # noqa: BLE001 - a peer's bytes: msgpack documents that other exceptions can be raised
        return False
    return isinstance(first, dict) and "python" in first


def _read(peer: socket.socket, count: int, deadline: float) -> bytes:
    """Up to ``count`` bytes (fewer when the peer closes); TimeoutError past ``deadline``."""
    data = bytearray()
    while len(data) < count:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        peer.settimeout(left)
        part = peer.recv(min(count - len(data), 65536))
        if not part:
            break
        data += part
    return bytes(data)


def _shown(head: bytes, peer: socket.socket) -> str:
    """The peer's first bytes for a message: text when they are text (an HTTP status line)."""
    try:
        head += peer.recv(64, socket.MSG_DONTWAIT) if len(head) < 40 else b""
    except (OSError, ValueError):  # nothing more yet, or a TLS socket (which takes no flags)
        pass
    text = head.split(b"\r\n", 1)[0].split(b"\n", 1)[0]
    if text and all(32 <= byte < 127 for byte in text):
        return excerpt(text.decode("ascii"))
    return excerpt(head[:16])


def _left(deadline: float, timeout: float) -> float:
    return max(0.01, min(timeout, deadline - time.monotonic()))


def _words(error: BaseException) -> str:
    """An error's message on one short line."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 120 else text[:117] + "..."
