"""Where a compiled model's time goes, parallel loop by parallel loop.

    .venv/bin/python bench/profile_model.py MODEL.json --input IN.npz [--runs 200]

Compiles the model ahead of time for this CPU with parallel loops
(`paddle-mlir compile --emit so --parallel`), runs it `--runs` times in a
child process with PADDLE_MLIR_PROFILE set (runtime/thread_pool.c then
records each parallel loop body's calls, iterations, wall time, the time
its caller waited for the other threads, and the time spent on one thread
since the previous loop), names the loop bodies with `nm`, and prints per
inference:

- wall: time in the loop (all threads at work, or waiting for the last);
- wait: the calling thread's wait for the others after its own blocks
  (imbalance: too few or unequal blocks);
- serial before: time on the calling thread alone since the previous loop
  ended (serial kernels, the program's own code; for the first loop of a
  run, also what the caller did between runs).

A loop body `main_kernel_N_parallel_0_task` belongs to the outlined kernel
`main_kernel_N` (`pd-outline-kernels`): the kernels, with the shapes of
their buffers, are in the IR after that pass. The child's median latency is
printed too; profiling adds two clock reads per loop.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent


def _child(library: str, spec_path: str, inputs: str, runs: int, warmup: int) -> None:
    """Runs the library's entry point `warmup + runs` times; prints the
    median latency in µs as JSON. The profile is written when the process
    exits (the library's destructor)."""
    spec = json.loads(Path(spec_path).read_text())
    lib = ctypes.CDLL(library)
    entry = getattr(lib, spec["entry"])
    entry.restype = ctypes.c_int
    with np.load(inputs, allow_pickle=False) as f:
        feeds = [np.ascontiguousarray(f[name], dtype=dtype).reshape(shape)
                 for name, shape, dtype in spec["feeds"]]
    fetches = [np.empty(shape, dtype=dtype) for _, shape, dtype in spec["fetches"]]
    args = [a.ctypes.data_as(ctypes.c_void_p) for a in feeds + fetches]
    times = []
    for i in range(warmup + runs):
        start = time.perf_counter()
        status = entry(*args)
        if i >= warmup:
            times.append(time.perf_counter() - start)
        if status != 0:
            raise SystemExit(f"profile_model: {spec['entry']} returned {status}")
    print(json.dumps({"median_us": statistics.median(times) * 1e6, "calls": warmup + runs}))


def _symbols(library: Path) -> dict:
    """Address -> name of the library's functions (nm)."""
    nm = shutil.which("nm")
    if not nm:
        raise SystemExit("profile_model: needs `nm` (binutils) to name the loops")
    out = subprocess.run([nm, "--defined-only", str(library)], capture_output=True,
                         text=True, check=True).stdout
    symbols = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tT":
            symbols[int(parts[0], 16)] = parts[2]
    return symbols


def read_profile(path: Path, library: Path) -> list:
    """The profile's lines, each a dict with the loop body's name."""
    symbols = _symbols(library)
    base = next((a for a, n in symbols.items() if n == "pdm_parallel_for"), None)
    if base is None:
        raise SystemExit(f"profile_model: {library} has no pdm_parallel_for")
    rows = []
    for line in path.read_text().splitlines():
        m = re.fullmatch(r"pdm_profile ([0-9a-f]+) (\d+) (\d+) (\d+) (\d+) (\d+)", line.strip())
        if not m:
            continue
        offset = int(m.group(1), 16)  # unsigned 64-bit: a body before pdm_parallel_for wraps
        address = base + (offset - (1 << 64) if offset >= 1 << 63 else offset)
        calls, iterations, wall, wait, serial = (int(m.group(i)) for i in range(2, 7))
        rows.append({"name": symbols.get(address, hex(address)), "calls": calls,
                     "iterations": iterations, "wall_ns": wall, "wait_ns": wait,
                     "serial_ns": serial})
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", help="a Paddle MODEL.json (or a pd program .mlir)")
    parser.add_argument("--input", required=True, help="the feeds: an .npz keyed by feed name")
    parser.add_argument("--params", help="the weights (default: beside the model)")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--threads", type=int, help="PADDLE_MLIR_THREADS for the run")
    parser.add_argument("--top", type=int, default=30, help="loops listed (default 30)")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(args.child[0], args.child[1], args.input, args.runs, args.warmup)
        return 0
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    from paddle_mlir.backend import aot

    with tempfile.TemporaryDirectory(prefix="paddle-mlir-profile-") as tmp:
        tmp = Path(tmp)
        library = tmp / "model.so"
        lowered = aot.compile_file(args.model, "so", library, params=args.params, parallel=True)
        spec = {"entry": lowered.entry,
                "feeds": [[t.name, list(t.shape), t.dtype.str] for t in lowered.feeds],
                "fetches": [[t.name, list(t.shape), t.dtype.str] for t in lowered.fetches]}
        (tmp / "spec.json").write_text(json.dumps(spec))
        profile = tmp / "profile.txt"
        env = dict(os.environ, PADDLE_MLIR_PROFILE=str(profile))
        if args.threads:
            env["PADDLE_MLIR_THREADS"] = str(args.threads)
        child = subprocess.run(
            [sys.executable, __file__, args.model, "--input", args.input, "--runs",
             str(args.runs), "--warmup", str(args.warmup), "--child", str(library),
             str(tmp / "spec.json"), "x"],
            env=env, capture_output=True, text=True)
        if child.returncode != 0:
            sys.stderr.write(child.stderr)
            return 1
        result = json.loads(child.stdout.strip().splitlines()[-1])
        rows = read_profile(profile, library)
    calls = result["calls"]
    rows.sort(key=lambda r: r["wall_ns"], reverse=True)
    total = sum(r["wall_ns"] for r in rows) / calls / 1e3
    wait = sum(r["wait_ns"] for r in rows) / calls / 1e3
    serial = sum(r["serial_ns"] for r in rows) / calls / 1e3
    print(f"{Path(args.model).name}: median {result['median_us']:,.0f} us per inference "
          f"({args.runs} runs); per inference, in parallel loops {total:,.0f} us "
          f"(of which the caller waited {wait:,.0f} us for the other threads), "
          f"on one thread before them {serial:,.0f} us")
    print(f"{'loop body':<36} {'calls':>5} {'iters':>6} {'wall us':>9} {'%':>5} "
          f"{'wait us':>8} {'serial before us':>16}")
    for r in rows[:args.top]:
        wall = r["wall_ns"] / calls / 1e3
        print(f"{r['name']:<36} {r['calls'] / calls:>5.0f} {r['iterations'] // max(r['calls'], 1):>6} "
              f"{wall:>9,.1f} {100 * wall / total if total else 0:>5.1f} "
              f"{r['wait_ns'] / calls / 1e3:>8.1f} {r['serial_ns'] / calls / 1e3:>16.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
