"""How long GUI tests wait for something that should happen soon."""

#: Milliseconds before a wait for an answer, a move or a signal is called a hang.
#: Only a hang takes this long; a loaded machine can take seconds just to start
#: the engine process, so a tighter limit would fail on the machine, not the code.
HANG_MS = 30_000
