"""A persistent cache of compiled programs (shared libraries), shared by processes.

    cache = CompileCache()                       # $PADDLE_MLIR_CACHE_DIR or ~/.cache/paddle-mlir/compiled
    key = cache_key(model_digest([json, params]), {"shapes": ..., "threads": ...})
    entry = cache.get_or_build(key, lambda tmp: native.build_library(..., tmp))

An entry is a directory named by its key, holding what `build` wrote (a
library and its metadata). The key hashes everything the compiled code
depends on: the model's bytes (graph and weights), the compile options (feed
shapes, threads, pipeline), the host CPU (the code is compiled for it) and
the compiler itself (paddle-mlir's version, its Python sources and native
extension, the MLIR wheels). So a hit is always the code a compile would
produce now, and a second process opens a model without compiling it.

Entries are written atomically: `build` writes into a temporary directory
inside the cache, renamed into place when complete, so a reader never sees a
half-written entry. A per-key lock file (flock) makes a second process that
wants the same entry wait for the first instead of compiling it again. After
each write the least recently used entries are removed until the cache fits
its size limit (`PADDLE_MLIR_CACHE_MAX_MB`, default 4096).

Environment: `PADDLE_MLIR_CACHE_DIR` moves the cache, `PADDLE_MLIR_CACHE=0`
disables it (every process compiles again).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import platform
import shutil
import tempfile
import time
from pathlib import Path
from typing import Callable

from .native import META_FILE, library_bytes

DEFAULT_MAX_MB = 4096
_OFF = ("0", "off", "false", "no")


class CacheError(RuntimeError):
    """The cache directory cannot be used."""


def default_directory() -> Path:
    env = os.environ.get("PADDLE_MLIR_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "paddle-mlir" / "compiled"


def enabled_by_environment() -> bool:
    return os.environ.get("PADDLE_MLIR_CACHE", "1").strip().lower() not in _OFF


def default_max_bytes() -> int:
    env = os.environ.get("PADDLE_MLIR_CACHE_MAX_MB")
    try:
        mb = float(env) if env else DEFAULT_MAX_MB
    except ValueError:
        raise CacheError(f"PADDLE_MLIR_CACHE_MAX_MB={env!r} is not a number") from None
    return int(mb * 1024 * 1024)


# -- keys -------------------------------------------------------------------------
def _hash_file(h, path: Path) -> None:
    with open(path, "rb") as f:
        while True:
            chunk = f.read(1 << 22)
            if not chunk:
                break
            h.update(chunk)


_COMPILER_ID = None


def compiler_identity() -> str:
    """A digest of the compiler: paddle-mlir's Python sources, its native
    extension, the C runtime compiled into libraries and the MLIR wheels' version (computed once per process)."""
    global _COMPILER_ID
    if _COMPILER_ID is None:
        import mlir
        package = Path(__file__).resolve().parents[1]
        h = hashlib.sha256(b"paddle-mlir compiler\0")
        sources = sorted(package.rglob("*.py")) + sorted(package.rglob("*.c"))
        for path in sources + sorted(package.glob("*.so")):
            h.update(str(path.relative_to(package)).encode() + b"\0")
            _hash_file(h, path)
        h.update(str(getattr(mlir, "__file__", "")).encode())
        try:
            from importlib.metadata import version
            h.update(version("xtc-mlir-python-bindings").encode())
        except Exception:  # noqa: BLE001 -- not installed as a distribution
            pass
        _COMPILER_ID = h.hexdigest()
    return _COMPILER_ID


_HOST_ID = None


def host_identity() -> str:
    """The CPU the code is compiled for (`-mcpu=native`): model and flags."""
    global _HOST_ID
    if _HOST_ID is None:
        text = platform.machine()
        try:
            with open("/proc/cpuinfo") as f:
                for line in f:
                    key = line.split(":", 1)[0].strip()
                    if key in ("model name", "flags", "Features", "CPU part"):
                        text += "\n" + line.strip()
                    if line.strip() == "":
                        break   # the first processor is enough
        except OSError:
            text += platform.processor()
        _HOST_ID = hashlib.sha256(text.encode()).hexdigest()
    return _HOST_ID


def model_digest(model_files: list) -> str:
    """A digest of a model's files (graph and weights), read once per model."""
    h = hashlib.sha256(b"paddle-mlir model\0")
    for path in model_files:
        if path is None:
            h.update(b"<none>\0")
            continue
        path = Path(path)
        h.update(path.suffix.encode() + b"\0")
        _hash_file(h, path)
        h.update(b"\0end\0")
    return h.hexdigest()


def cache_key(model: str, options: dict) -> str:
    """The key of a compiled model: the digest of its files (`model_digest`),
    the options, the host and the compiler."""
    h = hashlib.sha256(b"paddle-mlir compile cache v1\0")
    h.update(compiler_identity().encode())
    h.update(host_identity().encode())
    h.update(model.encode())
    h.update(json.dumps(options, sort_keys=True, default=str).encode())
    return h.hexdigest()[:40]


# -- the cache ----------------------------------------------------------------------
class CompileCache:
    def __init__(self, directory=None, max_bytes: int | None = None):
        self.directory = Path(directory).expanduser() if directory else default_directory()
        self.max_bytes = default_max_bytes() if max_bytes is None else int(max_bytes)

    def _ensure_directory(self) -> None:
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise CacheError(f"cannot create the compile cache {self.directory}: "
                             f"{e.strerror or e} (set PADDLE_MLIR_CACHE_DIR, or "
                             "PADDLE_MLIR_CACHE=0 to disable it)") from None
        if not os.access(self.directory, os.W_OK):
            raise CacheError(f"the compile cache {self.directory} is not writable (set "
                             "PADDLE_MLIR_CACHE_DIR, or PADDLE_MLIR_CACHE=0 to disable it)")

    def entry(self, key: str) -> Path:
        return self.directory / key

    def lookup(self, key: str) -> Path | None:
        """The entry of `key` when it is complete (and marks it used)."""
        entry = self.entry(key)
        if (entry / META_FILE).is_file():
            try:
                os.utime(entry)      # least recently used goes first
            except OSError:
                pass
            return entry
        return None

    def get_or_build(self, key: str, build: Callable[[Path], object]) -> tuple[Path, bool]:
        """(entry directory, whether it was found): builds it with
        `build(temporary_directory)` when it is not there."""
        hit = self.lookup(key)
        if hit is not None:
            return hit, True
        self._ensure_directory()
        lock_path = self.directory / f".{key}.lock"
        with open(lock_path, "a") as lock:
            # Another process compiling the same key holds it: wait, then
            # (usually) find its entry.
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                hit = self.lookup(key)
                if hit is not None:
                    return hit, True
                tmp = Path(tempfile.mkdtemp(prefix=f".{key}.", suffix=".tmp",
                                            dir=self.directory))
                try:
                    build(tmp)
                    if not (tmp / META_FILE).is_file():
                        raise CacheError(f"building cache entry {key} wrote no {META_FILE}")
                    try:
                        os.rename(tmp, self.entry(key))
                    except OSError:
                        # Someone else completed it meanwhile: theirs is as good.
                        if self.lookup(key) is None:
                            raise
                finally:
                    shutil.rmtree(tmp, ignore_errors=True)
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
        self.evict(keep=key)
        return self.entry(key), False

    def entries(self) -> list:
        """(mtime, bytes, path) of every complete entry."""
        out = []
        if not self.directory.is_dir():
            return out
        for p in self.directory.iterdir():
            if p.name.startswith(".") or not (p / META_FILE).is_file():
                continue
            try:
                out.append((p.stat().st_mtime, library_bytes(p), p))
            except OSError:
                continue
        return out

    def size_bytes(self) -> int:
        return sum(b for _, b, _ in self.entries())

    def evict(self, keep: str | None = None) -> list:
        """Removes least recently used entries until the cache fits; returns
        the removed paths. Leftovers of killed compiles (older than a day)
        go too."""
        entries = sorted(self.entries())
        total = sum(b for _, b, _ in entries)
        removed = []
        for _, nbytes, path in entries:
            if total <= self.max_bytes:
                break
            if path.name == keep:
                continue
            shutil.rmtree(path, ignore_errors=True)
            total -= nbytes
            removed.append(path)
        day_ago = time.time() - 86400
        for p in self.directory.glob(".*.tmp"):
            try:
                if p.stat().st_mtime < day_ago:
                    shutil.rmtree(p, ignore_errors=True)
            except OSError:
                pass
        return removed
