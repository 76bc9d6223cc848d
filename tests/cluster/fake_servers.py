"""TCP listeners on 127.0.0.1 that are not Dask schedulers, misbehaving on purpose.

Each is a context manager: it listens on an ephemeral port in a thread of
the test process, and on exit closes every socket and joins every thread,
so nothing is left listening after a test.
"""

from __future__ import annotations

import random
import socket
import struct
import threading
from collections.abc import Callable

#: What a Dask scheduler sends first, taken from a real one: the framed msgpack map
#: {"compression": None, "python": (3, 11, 7), "pickle-protocol": 5}.
DASK_GREETING = (
    struct.pack("Q", 58)
    + struct.pack("QQ", 1, 42)
    + b"\x83\xabcompression\xc0\xa6python\x93\x03\x0b\x07\xafpickle-protocol\x05"
)
#: Seconds a fake waits for a request before giving up on it (the tests are done by then).
READ_BOUND = 60.0

Behaviour = Callable[[socket.socket, threading.Event], None]


def silent(peer: socket.socket, closing: threading.Event) -> None:
    """Accept, then say nothing until the test ends (a frozen or wrong service)."""
    closing.wait()


def http(peer: socket.socket, closing: threading.Event) -> None:
    """A web server: answers the first request with an HTTP error, as a dashboard port would."""
    peer.settimeout(READ_BOUND)
    try:
        if peer.recv(65536):
            peer.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    except OSError:
        pass
    closing.wait()


def junk(peer: socket.socket, closing: threading.Event) -> None:
    """Sends random bytes at once (their first 8 read as a length of exabytes), then waits."""
    try:
        peer.sendall(random.Random(7).randbytes(4096))
    except OSError:
        pass
    closing.wait()


def greets_then_silent(peer: socket.socket, closing: threading.Event) -> None:
    """Greets exactly as a Dask scheduler does, then never answers anything."""
    try:
        peer.sendall(DASK_GREETING)
    except OSError:
        pass
    closing.wait()


def hangs_up(peer: socket.socket, closing: threading.Event) -> None:
    """Accepts and closes at once."""


class FakeServer:
    """One listener with one behaviour per accepted connection."""

    def __init__(self, behaviour: Behaviour) -> None:
        self.behaviour = behaviour
        self._listener = socket.socket()
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(16)
        self._listener.settimeout(0.1)
        self.port = int(self._listener.getsockname()[1])
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.connections = 0
        self._closing = threading.Event()
        self._peers: list[socket.socket] = []
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        self._acceptor = threading.Thread(target=self._accept, name=f"fake-{self.port}", daemon=True)

    def __enter__(self) -> FakeServer:
        self._acceptor.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _accept(self) -> None:
        while not self._closing.is_set():
            try:
                peer, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with self._lock:
                self.connections += 1
                self._peers.append(peer)
                thread = threading.Thread(target=self._serve, args=(peer,), daemon=True)
                self._threads.append(thread)
            thread.start()

    def _serve(self, peer: socket.socket) -> None:
        try:
            self.behaviour(peer, self._closing)
        finally:
            peer.close()

    def close(self) -> None:
        """Stop listening, drop every connection and join every thread."""
        self._closing.set()
        self._acceptor.join(timeout=10)
        self._listener.close()
        with self._lock:
            for peer in self._peers:
                try:
                    peer.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            threads = list(self._threads)
        for thread in threads:
            thread.join(timeout=10)
        left = [t.name for t in [self._acceptor, *threads] if t.is_alive()]
        assert not left, f"fake server threads left running: {left}"
