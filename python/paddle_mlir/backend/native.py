"""Compiled programs as shared libraries: build one, load one, call it.

    lib = build_library(program, {"x": (1, 3, 224, 224)}, out_dir)   # .so + meta.json
    native = NativeProgram.load(out_dir)
    native.function(x.ctypes.data, y.ctypes.data)     # 0 on success

The library is what `paddle-mlir compile --emit so` writes (the same lowering
as `static.Executor("cpu")`'s JIT: `pd-inference-opt`, `pd-lower-to-llvm`,
then `opt -O2`/`llc -O2` for the host CPU), plus `meta.json` describing its
entry point. Its entry takes one raw pointer per feed and per fetch, so a
call from Python costs one ctypes call: no memref descriptors are built.
Libraries are what the persistent compile cache stores (compile_cache.py).
"""

from __future__ import annotations

import ctypes
import json
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from . import runtime_checks

META_FILE = "meta.json"
LIBRARY_FILE = "program.so"
#: Bumped when the layout of a cached library directory changes.
FORMAT_VERSION = 2


class NativeError(RuntimeError):
    """A compiled library is missing, malformed or failed when called."""


@dataclass(frozen=True)
class TensorInfo:
    name: str
    shape: tuple
    dtype: np.dtype

    def to_json(self) -> dict:
        return {"name": self.name, "shape": list(self.shape), "dtype": self.dtype.name}

    @classmethod
    def from_json(cls, d: dict) -> "TensorInfo":
        return cls(str(d["name"]), tuple(int(s) for s in d["shape"]), np.dtype(d["dtype"]))


def build_library(program, shapes: dict, out_dir, *, parallel: bool = False,
                  pipeline: str | None = "pd-inference-opt", progress=None,
                  mcpu: str = "native", batch_feeds: list | None = None,
                  runtime_checks: bool | None = None, cuda_target=None) -> dict:
    """Freezes, optimizes and lowers `program` (modified in place) for the
    feed `shapes` and writes `out_dir`/program.so and meta.json; returns the
    metadata (with the time each stage took). With `batch_feeds` (whose dim 0
    is 1 in `shapes`), the metadata says whether the library may be run on
    slices of a bigger batch (`NativeProgram.batch`). With `cuda_target`
    (cuda.CudaTarget), the kernels are for that GPU (pd-lower-to-cuda): the
    library's entry takes the same host pointers and returns
    cuda.CUDA_STATUS when CUDA fails."""
    from . import aot
    out_dir = Path(out_dir)
    stage = progress.stage if progress is not None else (lambda name: None)
    if cuda_target is not None:
        from . import cuda
        if parallel or batch_feeds:
            raise NativeError("a CUDA library has no thread pool and no batch slices")
        stage(f"optimizing and lowering the program (pd-inference-opt, pd-lower-to-cuda "
              f"for {cuda_target.chip})")
        lowered = cuda.lower_program(program, shapes, target=cuda_target, pipeline=pipeline,
                                     runtime_checks=runtime_checks)
        stage("generating host code (opt, llc) and linking the kernels")
        cuda.emit(lowered, "so", out_dir / LIBRARY_FILE, mcpu=mcpu)
    else:
        stage("optimizing and lowering the program (pd-inference-opt, pd-lower-to-llvm)")
        lowered = aot.lower_program(program, shapes, parallel=parallel, pipeline=pipeline,
                                    batch_feeds=batch_feeds, runtime_checks=runtime_checks)
        stage("generating machine code (opt, llc)")
        aot.emit(lowered, "so", out_dir / LIBRARY_FILE, mcpu=mcpu)
    meta = {
        "format": FORMAT_VERSION,
        "device": "cuda" if cuda_target is not None else "cpu",
        "entry": lowered.entry,
        # Whether the library has a thread pool (and `<entry>_set_num_threads`):
        # a program whose loops are all too small for threads has none.
        "parallel": bool(lowered.uses_thread_pool),
        "feeds": [TensorInfo(s.name, tuple(s.shape), np.dtype(s.dtype)).to_json()
                  for s in lowered.feeds],
        "fetches": [TensorInfo(s.name, tuple(s.shape), np.dtype(s.dtype)).to_json()
                    for s in lowered.fetches],
        "timings": {k: round(v, 4) for k, v in lowered.timings.items()},
    }
    if lowered.dynamic_fetches:
        # fetch col -> col of its shape output (the fetch's buffer has the
        # bound's shape; the run writes the actual shape there).
        meta["dynamic_fetches"] = {str(k): v for k, v in lowered.dynamic_fetches.items()}
    if lowered.uses_runtime_checks:
        meta["runtime_checks"] = list(lowered.runtime_checks)
    if lowered.batch is not None:
        meta["batch"] = dict(lowered.batch.to_json(), feeds=list(batch_feeds))
    (out_dir / META_FILE).write_text(json.dumps(meta, indent=1))
    return meta


def catch_sigint(install) -> None:
    """Makes Ctrl-C stop a compiled run within a block of work (without it,
    Python's handler runs only when the call returns, which can be minutes):
    `install` (<entry>_catch_sigint, or the JIT runtime's pdm_catch_sigint)
    puts a SIGINT handler in front of Python's that asks the library's
    thread pool to stop, then calls Python's. Only where Python's default
    handler is in charge, from the main thread: a program that handles
    SIGINT itself keeps it."""
    import signal
    import threading
    if threading.current_thread() is not threading.main_thread():
        return
    try:
        if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            return
    except (ValueError, OSError):
        return
    install.argtypes = []
    install.restype = ctypes.c_int
    install()


class NativeProgram:
    """A loaded library: `feeds`/`fetches` (TensorInfo, static shapes) and
    `call(feed_pointers, fetch_pointers)`."""

    def __init__(self, library: Path, meta: dict):
        self.path = Path(library)
        self.meta = meta
        self.feeds = [TensorInfo.from_json(d) for d in meta["feeds"]]
        self.fetches = [TensorInfo.from_json(d) for d in meta["fetches"]]
        #: fetch col -> col of its shape output, for fetches whose size
        #: depends on the values: the call fills the leading part of the
        #: fetch's buffer (of the bound's shape) and writes that part's
        #: shape to the shape output, which comes after the model's fetches.
        self.dynamic = {int(k): int(v) for k, v in meta.get("dynamic_fetches", {}).items()}
        self._set_threads = None
        try:
            self._lib = ctypes.CDLL(str(self.path))
            fn = getattr(self._lib, meta["entry"])
            if meta.get("parallel"):
                # Its own thread pool (backend/runtime/thread_pool.c).
                self._set_threads = getattr(self._lib, meta["entry"] + "_set_num_threads")
                self._set_threads.argtypes = [ctypes.c_int]
                self._set_threads.restype = ctypes.c_int
                catch_sigint(getattr(self._lib, meta["entry"] + "_catch_sigint"))
        except (OSError, AttributeError) as e:
            raise NativeError(f"cannot load compiled program {self.path}: {e}") from None
        fn.argtypes = [ctypes.c_void_p] * (len(self.feeds) + len(self.fetches))
        fn.restype = ctypes.c_int
        self._fn = fn
        self._last_error = None
        if meta.get("runtime_checks") or meta.get("device") == "cuda":
            try:
                self._last_error = getattr(self._lib, meta["entry"] + "_last_error")
            except AttributeError as e:
                raise NativeError(f"cannot load compiled program {self.path}: {e}") from None
            self._last_error.argtypes = []
            self._last_error.restype = ctypes.c_char_p

    def error(self, status: int) -> BaseException:
        """The exception for a call that returned `status` (not 0): a
        RuntimeCheckError naming the failed check, KeyboardInterrupt for a
        run Ctrl-C cut short (Python's own handler has usually raised it
        already), or a NativeError."""
        from .aot import INTERRUPTED_STATUS
        if self.meta.get("device") == "cuda":
            from .cuda import CUDA_STATUS, CudaError
            if status == CUDA_STATUS:
                text = self._last_error() if self._last_error is not None else None
                return CudaError(text.decode("utf-8", "replace") if text else "CUDA failed")
        if status == INTERRUPTED_STATUS:
            return KeyboardInterrupt("the compiled program was interrupted; its outputs "
                                     "are not valid")
        if status == runtime_checks.STATUS and self._last_error is not None:
            text = self._last_error()
            if text:
                return runtime_checks.RuntimeCheckError(text.decode("utf-8", "replace"))
        return NativeError(f"{self.path.name}: the compiled program returned {status} "
                           "(a null buffer)")

    @property
    def batch(self):
        """A batching.BatchAnalysis when the library was built for a batch of
        one of a model with a dynamic batch, else None."""
        from .batching import BatchAnalysis
        d = self.meta.get("batch")
        return BatchAnalysis.from_json(d) if d else None

    def set_num_threads(self, threads: int) -> int:
        """Threads (the caller included) that run the library's parallel
        loops from the next call on; returns the previous count (1 for a
        serial library, which ignores the setting)."""
        if self._set_threads is None:
            return 1
        return int(self._set_threads(int(threads)))

    @classmethod
    def load(cls, directory) -> "NativeProgram":
        directory = Path(directory)
        try:
            meta = json.loads((directory / META_FILE).read_text())
        except (OSError, ValueError) as e:
            raise NativeError(f"{directory}: no valid {META_FILE} ({e})") from None
        if meta.get("format") != FORMAT_VERSION:
            raise NativeError(f"{directory}: library format {meta.get('format')!r}, "
                              f"expected {FORMAT_VERSION}")
        return cls(directory / LIBRARY_FILE, meta)

    @property
    def function(self):
        """The ctypes entry point: fn(*feed_pointers, *fetch_pointers) -> int."""
        return self._fn

    def run(self, inputs: list) -> list:
        """One call on numpy arrays (the feeds, in order, contiguous, of the
        library's dtypes): the model's fetches, those whose size depends on
        the values cut to the shape the run wrote. A failed call raises
        `error(status)`."""
        outputs = [np.empty(f.shape, f.dtype) for f in self.fetches]
        # (An empty array may have a NULL address, which the entry refuses.)
        args = [a.ctypes.data if a.size else 1 for a in list(inputs) + outputs]
        status = self._fn(*args)
        if status != 0:
            raise self.error(status)
        for i, j in self.dynamic.items():
            outputs[i] = outputs[i][tuple(slice(0, int(n)) for n in outputs[j])]
        return outputs[:len(outputs) - len(self.dynamic)]


def library_bytes(directory) -> int:
    total = 0
    for entry in os.scandir(directory):
        if entry.is_file(follow_symlinks=False):
            total += entry.stat(follow_symlinks=False).st_size
    return total
