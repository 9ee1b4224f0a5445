"""Compile progress on stderr, for compiles that take more than a moment.

    with CompileProgress("resnet50.json", enabled=True) as progress:
        progress.stage("importing the model")
        ...

Nothing is printed for a compile that ends within `delay` seconds (2 by
default). After that, the current stage is printed with the time so far,
then each new stage as it starts, and a last line with the total:

    paddle-mlir: compiling resnet50.json: optimizing and lowering the program ... (2.0 s)
    paddle-mlir: compiling resnet50.json: generating machine code (opt, llc) (4.1 s)
    paddle-mlir: compiled resnet50.json in 7.3 s (cached for the next process)

`PADDLE_MLIR_PROGRESS=0` turns it off everywhere; `Config.set_compile_progress`
per predictor.
"""

from __future__ import annotations

import os
import sys
import threading
import time

_OFF = ("0", "off", "false", "no")


def enabled_by_environment() -> bool:
    return os.environ.get("PADDLE_MLIR_PROGRESS", "1").strip().lower() not in _OFF


class CompileProgress:
    def __init__(self, what: str, enabled: bool = True, delay: float = 2.0, stream=None):
        self.what = what
        self.enabled = enabled and enabled_by_environment()
        self.delay = delay
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.perf_counter()
        self.current = "starting"
        self.shown = False
        self.note = ""
        self._lock = threading.Lock()
        self._timer = None

    def __enter__(self):
        if self.enabled:
            self._timer = threading.Timer(self.delay, self._show_current)
            self._timer.daemon = True
            self._timer.start()
        return self

    def __exit__(self, exc_type, exc, tb):
        if self._timer is not None:
            self._timer.cancel()
        with self._lock:
            if self.shown and exc_type is None:
                extra = f" ({self.note})" if self.note else ""
                self._print(f"compiled {self.what} in {self.elapsed():.1f} s{extra}")
            elif self.shown:
                self._print(f"compiling {self.what} failed after {self.elapsed():.1f} s")
        return False

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def _print(self, text: str) -> None:
        try:
            print(f"paddle-mlir: {text}", file=self.stream, flush=True)
        except (OSError, ValueError):
            pass

    def _show_current(self) -> None:
        with self._lock:
            if not self.shown:
                self.shown = True
                self._print(f"compiling {self.what}: {self.current} ... "
                            f"({self.elapsed():.1f} s)")

    def stage(self, name: str) -> None:
        with self._lock:
            self.current = name
            if self.shown:
                self._print(f"compiling {self.what}: {name} ({self.elapsed():.1f} s)")
