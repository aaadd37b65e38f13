"""Work off the frame loop: a function on a daemon thread, with its progress and a way to stop it.

The window goes on drawing while the work runs (a review of a whole match, a hint's search); the
scene asks `done()` each frame and reads `result` or `error`. The function gets two callables:
`progress(done, total)` and `cancelled()`, which turns true once `cancel()` was called (the work
stops at its next check: the review checks between playouts).
"""
from __future__ import annotations

import sys
import threading
from typing import Callable, Optional

# How long a thread may hold the interpreter before another gets a turn (Python's default: 5 ms).
# While work runs beside the frame loop, the frame waits for its turn up to this long each time it
# asks: 1 ms keeps a frame under 16.7 ms while a bot thinks (bench/bench_ui.py).
SWITCH_INTERVAL = 0.001


class Background:
    def __init__(self, work: Callable, name: str = "background"):
        if sys.getswitchinterval() > SWITCH_INTERVAL:
            sys.setswitchinterval(SWITCH_INTERVAL)
        self.result = None
        self.error: Optional[Exception] = None
        self.done_count, self.total = 0, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True, name=name)
        self._thread.start()

    def _run(self, work) -> None:
        try:
            self.result = work(self._progress, self._stop.is_set)
        except Exception as exc:        # reported by the scene, in words
            self.error = exc

    def _progress(self, done: int, total: int) -> None:
        self.done_count, self.total = done, total

    def fraction(self) -> float:
        return self.done_count / self.total if self.total else 0.0

    def cancel(self) -> None:
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self, seconds: Optional[float] = None) -> bool:
        self._thread.join(seconds)
        return self.done()
