"""Timing, verification and machine description shared by the benchmarks.

A benchmark case builds a pd program, its feeds, a numpy implementation
(timed, float32) and a float64 reference (not timed). `measure` compiles
the program (timed separately), checks each implementation's output
against the float64 reference, then times ours via `Executor.run`, ours
via the compiled function, numpy and PyTorch (if present) in blocks after
warm-up runs, over two passes, and reports the medians.
"""

from __future__ import annotations

import ctypes
import datetime
import os
import platform
import statistics
import subprocess
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

#: Pause before each timed block, for the previous block's threads to go idle.
SETTLE_S = 0.25

REPO = Path(__file__).resolve().parents[1]

try:  # PyTorch is optional: timed next to numpy where importable.
    import torch  # type: ignore
    TORCH_ERROR = None
except Exception as e:  # noqa: BLE001 (any import failure means "not available")
    torch = None
    TORCH_ERROR = f"{type(e).__name__}: {e}"


# -- cases ---------------------------------------------------------------------------
@dataclass
class Prepared:
    """What a case needs to be measured (built by `Case.prepare`)."""
    program: object                 # static.Program with an "out" fetch
    feed: dict                      # name -> float32 array
    numpy_fn: Callable[[], np.ndarray]
    reference: np.ndarray           # float64, from an independent numpy implementation
    torch_fn: Callable[[], np.ndarray] | None = None
    prepare_s: float = 0.0          # graph optimization before the first run (pd-inference-opt)
    note: str = ""


@dataclass
class Case:
    group: str                      # "matmul", "conv2d", "elementwise", "model"
    name: str                       # row label
    prepare: Callable[[], Prepared]
    flops: float | None = None      # for GFLOP/s (matmul, conv2d)
    numpy_label: str = "numpy"
    note: str = ""
    env: dict | None = None         # environment of the child process measuring it (thread counts)


@dataclass
class Result:
    case: Case
    compile_s: float = float("nan")
    t_exe: float = float("nan")     # median seconds, Executor.run
    t_direct: float = float("nan")  # median seconds, the compiled function called directly
    t_numpy: float = float("nan")
    t_torch: float | None = None
    err_ours: float = float("nan")
    err_numpy: float = float("nan")
    err_torch: float | None = None
    tolerance: float = float("nan")
    ok: bool = False
    runs: int = 0
    error: str | None = None        # compile/run failure
    crash: str | None = None        # crashed, but ran with a larger stack (timings are from that)
    load: float | None = None       # 1-minute load average when the case started
    note: str = ""
    spread: dict = field(default_factory=dict)  # name -> (p25, p75) seconds

    @property
    def speedup(self) -> float:
        """numpy time / our time (= our GFLOP/s / numpy's): >= 1 means we are faster."""
        return self.t_numpy / self.t_exe

    def gflops(self, seconds: float) -> float | None:
        return None if self.case.flops is None else self.case.flops / seconds / 1e9


# -- measurement -----------------------------------------------------------------------
def _short_error(e: BaseException) -> str:
    """The diagnostic lines of a failure, without reproducer boilerplate."""
    lines = [ln.strip() for ln in str(e).splitlines() if ln.strip()]
    keep = [ln for ln in lines if not ln.startswith(("Reproduce with", "/", "see current"))
            and "see current operation" not in ln]
    text = " | ".join(keep[:3]) or type(e).__name__
    return f"{type(e).__name__}: {text}"


def max_abs_error(out: np.ndarray, ref: np.ndarray) -> float:
    if out.shape != ref.shape:
        raise ValueError(f"output shape {out.shape} != reference shape {ref.shape}")
    return float(np.abs(out.astype(np.float64) - ref).max())


def tolerance_for(ref: np.ndarray, err_numpy: float) -> float:
    """Ours must be as accurate as numpy's own float32 computation, up to a
    factor for a different summation order / vectorized math, or within a
    relative 1e-5 of the reference's magnitude."""
    scale = float(np.abs(ref).max()) if ref.size else 1.0
    return max(16.0 * err_numpy, 1e-5 * max(scale, 1.0))


def measure(case: Case, *, runs: int, budget_s: float, warmup: int = 2,
            min_runs: int = 3, verbose: bool = True) -> Result:
    """Compile, verify and time one case. Never raises: a failure is
    recorded in `Result.error`."""
    from paddle_mlir import static

    res = Result(case, note=case.note, load=load_1min())
    try:
        prep = case.prepare()
        res.note = "; ".join(n for n in (case.note, prep.note) if n)
        exe = static.Executor("cpu")
        start = time.perf_counter()
        (out,) = exe.run(prep.program, feed=prep.feed, fetch_list=["out"])
        res.compile_s = prep.prepare_s + time.perf_counter() - start
    except Exception as e:  # noqa: BLE001
        res.error = _short_error(e)
        if verbose:
            print(f"  {case.group} {case.name}: FAILED: {res.error}")
            if os.environ.get("BENCH_TRACEBACK"):
                traceback.print_exc()
        return res

    try:
        # The compiled function itself (no Executor bookkeeping), writing into
        # preallocated outputs.
        compiled, _ = exe._compiled(prep.program, dict(prep.feed), ["out"])
        arrays = {n: np.ascontiguousarray(prep.program.parameters[n])
                  for n in compiled.signature.parameters}
        arrays.update(prep.feed)
        outputs = [np.empty(s, d) for s, d in zip(compiled.signature.fetch_shapes,
                                                   compiled.signature.fetch_dtypes)]

        impls: dict[str, Callable[[], object]] = {
            "exe": lambda: exe.run(prep.program, feed=prep.feed, fetch_list=["out"]),
            "direct": lambda: compiled(arrays, outputs),
            "numpy": prep.numpy_fn,
        }
        if prep.torch_fn is not None:
            impls["torch"] = prep.torch_fn

        # Verification (on the first run's output and on the direct call's).
        ref = prep.reference
        out_np = prep.numpy_fn()
        res.err_numpy = max_abs_error(np.asarray(out_np), ref)
        impls["direct"]()
        res.err_ours = max(max_abs_error(out, ref), max_abs_error(outputs[0], ref))
        res.tolerance = tolerance_for(ref, res.err_numpy)
        res.ok = res.err_ours <= res.tolerance
        if prep.torch_fn is not None:
            res.err_torch = max_abs_error(np.asarray(prep.torch_fn()), ref)

        # Timed in blocks (each implementation several times in a row, after a
        # warm-up run), not interleaved call by call: OpenBLAS's and paddle-mlir's
        # pool threads spin for a while after a call, and on
        # a 2-core machine they would slow down whichever runs next. Two passes
        # over the implementations spread slow changes in load over all of them.
        passes = 2
        per_pass = max(1, -(-runs // passes))
        min_per_pass = max(1, -(-min_runs // passes))
        slot = budget_s / (passes * len(impls))
        times: dict[str, list] = {k: [] for k in impls}
        for p in range(passes):
            for name, fn in impls.items():
                # The threads of the block before (OpenBLAS's spin ~60 ms
                # after a call) go to sleep first: without this pause,
                # Executor.run right after numpy's block measured 1024^3
                # at 6.9 ms where it takes 4.5 ms.
                time.sleep(SETTLE_S)
                for _ in range(warmup if p == 0 else 1):
                    fn()
                begin = time.perf_counter()
                for i in range(per_pass):
                    t = time.perf_counter()
                    fn()
                    times[name].append(time.perf_counter() - t)
                    if i + 1 >= min_per_pass and time.perf_counter() - begin > slot:
                        break
        res.runs = min(len(v) for v in times.values())
        med = {k: statistics.median(v) for k, v in times.items()}
        res.spread = {k: (float(np.percentile(v, 25)), float(np.percentile(v, 75)))
                      for k, v in times.items()}
        res.t_exe, res.t_direct, res.t_numpy = med["exe"], med["direct"], med["numpy"]
        res.t_torch = med.get("torch")
        # The timed function's last output, too.
        res.err_ours = max(res.err_ours, max_abs_error(outputs[0], ref))
        res.ok = res.err_ours <= res.tolerance
    except Exception as e:  # noqa: BLE001
        res.error = "after compiling: " + _short_error(e)
        if verbose:
            print(f"  {case.group} {case.name}: FAILED: {res.error}")
            if os.environ.get("BENCH_TRACEBACK"):
                traceback.print_exc()
        return res
    if verbose:
        rate = ""
        if case.flops:
            rate = (f", {res.gflops(res.t_exe):.1f} vs {res.gflops(res.t_numpy):.1f} GFLOP/s")
        print(f"  {case.group} {case.name}: ours {res.t_exe * 1e3:.3f} ms "
              f"(compiled fn {res.t_direct * 1e3:.3f} ms), {case.numpy_label} "
              f"{res.t_numpy * 1e3:.3f} ms{rate}, x{res.speedup:.2f}; max err "
              f"{res.err_ours:.1e} (numpy f32 {res.err_numpy:.1e}) "
              f"{'ok' if res.ok else 'WRONG'}; compile {res.compile_s:.2f} s; {res.runs} runs")
    return res


# -- machine -----------------------------------------------------------------------------
def _lscpu() -> dict:
    try:
        text = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
    except Exception:  # noqa: BLE001
        return {}
    info = {}
    for line in text.splitlines():
        if ":" in line:
            k, v = line.split(":", 1)
            info[k.strip()] = v.strip()
    return info


def _cpuinfo_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _openblas_threads() -> str:
    """Threads of the OpenBLAS loaded by numpy (threadpoolctl if installed,
    else the library's own get_num_threads)."""
    try:
        import threadpoolctl  # type: ignore
        infos = threadpoolctl.threadpool_info()
        return ", ".join(f"{i.get('internal_api')} {i.get('version')}: {i.get('num_threads')} threads"
                         for i in infos) or "unknown"
    except ImportError:
        pass
    try:
        maps = Path("/proc/self/maps").read_text().splitlines()
    except OSError:
        return "unknown"
    libs = sorted({ln.split()[-1] for ln in maps
                   if "openblas" in ln.split()[-1].lower() and ".so" in ln.split()[-1]})
    for path in libs:
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        text = []
        for prefix in ("scipy_openblas_", "openblas_"):
            for suffix in ("64_", ""):
                threads = getattr(lib, f"{prefix}get_num_threads{suffix}", None)
                core = getattr(lib, f"{prefix}get_corename{suffix}", None)
                if threads is not None:
                    threads.restype = ctypes.c_int
                    text.append(f"{threads()} threads")
                if core is not None:
                    core.restype = ctypes.c_char_p
                    text.append(f"{core().decode()} kernels")
                if text:
                    return ", ".join(text) + f" ({Path(path).name})"
    return "unknown"


def _git_describe() -> str:
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO,
                             capture_output=True, text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                               capture_output=True, text=True, timeout=10).stdout.strip()
        return rev + (" (with uncommitted changes)" if dirty else "")
    except Exception:  # noqa: BLE001
        return "unknown"


def _environment() -> str:
    """Environment variables that change what the libraries do."""
    keys = sorted(k for k in os.environ if k.startswith(("OPENBLAS_", "OMP_", "MKL_", "PADDLE_MLIR_"))
                  or k == "GOTO_NUM_THREADS")
    text = ", ".join(f"{k}={os.environ[k]}" for k in keys) or "none set"
    unset = os.environ.get("BENCH_UNSET_OPENBLAS_CORETYPE")
    if unset is not None:
        text += (f"; OPENBLAS_CORETYPE={unset} was set and has been unset for the run, so that "
                 "OpenBLAS uses its kernels for this CPU (keep it with --keep-openblas-coretype)")
    return text


def load_1min() -> float | None:
    try:
        return float(Path("/proc/loadavg").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def machine_info(parallel: bool) -> dict:
    import importlib.metadata as md

    lscpu = _lscpu()
    model = _cpuinfo_model()
    if lscpu.get("CPU family"):
        model += f" (family {lscpu.get('CPU family')}, model {lscpu.get('Model')})"
    flags = lscpu.get("Flags", "")
    isa = [f for f in ("avx2", "fma", "avx512f", "avx512_bf16") if f" {f}" in f" {flags}"]
    try:
        affinity = len(os.sched_getaffinity(0))
    except AttributeError:
        affinity = os.cpu_count()
    try:
        blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
        blas_text = f"{blas.get('name')} {blas.get('version')} ({blas.get('openblas configuration', '').strip()})"
    except Exception:  # noqa: BLE001
        blas_text = "unknown"
    mlir = "unknown"
    for dist in ("xtc-mlir-python-bindings", "mlir-python-bindings", "mlir"):
        try:
            mlir = f"{md.version(dist)} ({dist})"
            break
        except md.PackageNotFoundError:
            continue
    caches = ", ".join(f"{k} {lscpu[k]}" for k in ("L1d cache", "L2 cache", "L3 cache") if k in lscpu)
    return {
        "cpu": model,
        "isa": " ".join(isa),
        "caches": caches,
        "cores": f"{os.cpu_count()} logical CPUs ({affinity} usable), "
                 f"{lscpu.get('Core(s) per socket', '?')} cores/socket, "
                 f"{lscpu.get('Thread(s) per core', '?')} thread(s)/core"
                 + (f", {lscpu['Hypervisor vendor']} guest" if "Hypervisor vendor" in lscpu else ""),
        "numpy": f"{np.__version__}; BLAS: {blas_text}; {_openblas_threads()}",
        "ours_threads": ("parallel=True: scf.parallel loops run on paddle-mlir's thread pool "
                         "(the async runtime ABI)" if parallel else "parallel=False: one thread"),
        "torch": (f"torch {torch.__version__} ({torch.get_num_threads()} threads)" if torch is not None
                  else f"not importable ({TORCH_ERROR})"),
        "mlir": mlir,
        "env": _environment(),
        "python": platform.python_version(),
        "commit": _git_describe(),
        "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
    }
