"""A tiny Gomocup manager for tests: starts a brain, sends commands, reads answers.

It reads the brain's stdout in a thread, so a test can wait for an answer with a
deadline instead of blocking forever on a brain that went quiet.
"""

from __future__ import annotations

import queue
import subprocess
import threading
import time


class Manager:
    """Drives one brain process over its pipes, as Piskvork would."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1
        )
        self._answers: queue.Queue[str | None] = queue.Queue()
        self.transcript: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._answers.put(line.rstrip("\r\n"))
        self._answers.put(None)

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        for line in lines:
            self.process.stdin.write(line + "\r\n")  # managers end lines with CR LF
        self.process.stdin.flush()

    def answer(self, timeout: float = 30.0) -> str:
        """The next line the brain writes; fails the test if none comes in time."""
        try:
            line = self._answers.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no answer within {timeout} s") from None
        if line is None:
            raise AssertionError("the brain closed its output")
        self.transcript.append(line)
        return line

    def timed_answer(self, *lines: str, timeout: float = 30.0) -> tuple[str, float]:
        """Send ``lines`` and return the answer with the seconds it took."""
        start = time.perf_counter()
        self.send(*lines)
        return self.answer(timeout), time.perf_counter() - start

    def move(self, *lines: str, timeout: float = 30.0) -> tuple[int, int]:
        """Send ``lines`` and read a move answer ``x,y``, skipping MESSAGE/DEBUG lines."""
        self.send(*lines)
        while True:
            line = self.answer(timeout)
            if line.startswith(("MESSAGE", "DEBUG")):
                continue
            x, y = line.split(",")
            return int(x), int(y)

    def silent_for(self, seconds: float) -> bool:
        """Whether the brain writes nothing for ``seconds``."""
        try:
            line = self._answers.get(timeout=seconds)
        except queue.Empty:
            return True
        if line is not None:
            self.transcript.append(line)
        return False

    def close(self, timeout: float = 10.0) -> int:
        """Send END and wait for the brain to exit; returns its exit status."""
        if self.process.poll() is None:
            try:
                self.send("END")
                self.process.stdin.close()  # type: ignore[union-attr]
            except BrokenPipeError:
                pass
        try:
            return self.process.wait(timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()

    def __enter__(self) -> Manager:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()
