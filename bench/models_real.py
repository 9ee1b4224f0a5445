#!/usr/bin/env python3
"""Real Paddle models (random weights): paddle-mlir next to ONNX Runtime,
OpenVINO and Paddle Inference, in one run; writes build/bench/benchmarks-models.md
(`--out docs/benchmarks-models.md` updates the tracked report).

    .venv/bin/python bench/models_real.py                          # everything
    .venv/bin/python bench/models_real.py --only resnet18_b1 --quick --no-write
    .venv/bin/python bench/models_real.py --set conv-layers   # ResNet-50's convolutions

Paddle 3.3.1 and the peers live in a venv of their own (never .venv), made
and filled by this script when it lacks them (--venv, default
~/.cache/paddle-mlir/bench-venv): paddlepaddle==3.3.1 paddle2onnx==2.1.0
onnxruntime openvino "numpy<2" (plus onnx-graphsurgeon and sympy, which
paddle2onnx's constant folding would otherwise pip-install on first use).

The models are exported once into --models-dir (default
~/.cache/paddle-mlir/bench-models) by bench/real_export.py in that venv:
NAME.json + NAME.pdiparams (paddle.jit.save), NAME.onnx (paddle2onnx, opset
17), NAME.io.npz (inputs, Paddle's outputs) and NAME.in.npz (inputs keyed by
feed name). A model is re-exported only when its files are missing (or with
--reexport).

Per model, each in a fresh process (the method of
shared/reference/benchmarking.md):

1. `paddle-mlir run MODEL.json --input NAME.in.npz --output OUT.npz` with an
   empty compile cache (PADDLE_MLIR_CACHE_DIR set to a new directory): its wall
   time is the cold compile time (process start to outputs written); the
   outputs are checked against Paddle's (as tools/corpus_check.py does: rtol
   1e-4, atol 1e-4 times the output's magnitude where it is above 1). Then the same
   again: the warm compile time (the compile cache filled by the first).
2. `paddle-mlir bench MODEL.json --input NAME.in.npz --json` (5 warm-up runs,
   at least 20 runs and 1 s, at most 200),
3. the peers (bench/real_peers.py in the venv): ONNX Runtime intra_op 1 and 2,
   OpenVINO, Paddle Inference oneDNN off/on x 1/2 threads; each checks its
   outputs against Paddle's before timing,
4. `paddle-mlir bench`, ONNX Runtime intra_op 2 and OpenVINO again, in turn,
   `--rounds` - 1 times (default 3 rounds in all): ours and each peer
   configuration that runs on both cores is the best of as many medians, from
   runs interleaved with each other's. This machine switches between a fast
   and a slow mode (20-80% apart) every few seconds to minutes; one run of
   each caught the two engines in different modes often enough to move a
   model's ratio by 0.2. Right before each run, a speed probe (numpy's 1024^3
   float32 matmul on all threads: about 11 ms in the fast mode, 20 ms in the
   slow one) is timed; the per-configuration tables list the runs in the
   order they ran, each with its probe.

Peak RSS is each child's ru_maxrss (os.wait4). Each child has a time limit
(--compile-timeout for ours, --peer-timeout for a peer); a model whose
export, compile or outputs fail gets a row with the error, and the run goes
on. --quick makes fewer runs (2 warm-up, >= 5 runs and 0.2 s, <= 20): for
checking the script, not for numbers.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from real_compare import compare  # bench/ is the script's directory

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO / "bench"
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "paddle-mlir"
DEFAULT_VENV = CACHE / "bench-venv"
DEFAULT_MODELS = CACHE / "bench-models"
DEFAULT_OUT = REPO / "build" / "bench" / "benchmarks-models.md"
PACKAGES = ["paddlepaddle==3.3.1", "paddle2onnx==2.1.0", "onnxruntime", "openvino", "numpy<2",
            "onnx-graphsurgeon", "sympy"]
VENV_CHECK = r"""
import json, os, sys
os.environ.setdefault("GLOG_minloglevel", "3")
import warnings; warnings.filterwarnings("ignore")
import numpy, onnxruntime, openvino, paddle, paddle2onnx
assert paddle.__version__ == "3.3.1", paddle.__version__
assert paddle2onnx.__version__ == "2.1.0", paddle2onnx.__version__
assert int(numpy.__version__.split(".")[0]) < 2, numpy.__version__
print(json.dumps({"python": sys.version.split()[0], "paddlepaddle": paddle.__version__,
                  "paddle2onnx": paddle2onnx.__version__, "onnxruntime": onnxruntime.__version__,
                  "openvino": openvino.__version__.split("-")[0], "numpy": numpy.__version__}))
"""


# -- child processes -----------------------------------------------------------------
@dataclass
class Child:
    rc: int
    stdout: str
    stderr: str
    wall_s: float
    maxrss_kb: int
    timed_out: bool = False

    def json(self) -> dict | None:
        for line in reversed(self.stdout.strip().splitlines()):
            if line.startswith("{"):
                try:
                    return json.loads(line)
                except ValueError:
                    return None
        return None

    def error(self) -> str:
        """One line saying why the child failed."""
        if self.timed_out:
            return f"timed out after {self.wall_s:.0f} s"
        j = self.json()
        if j and j.get("error"):
            return j["error"]
        lines = [ln.strip() for ln in self.stderr.strip().splitlines() if ln.strip()]
        named = [ln for ln in lines if ln.startswith("paddle-mlir:") and "compil" not in ln[:40]]
        line = (named or lines or [f"exit status {self.rc}"])[-1]
        if self.rc < 0:
            line = f"killed by signal {-self.rc}: {line}"
        return " ".join(line.split())[:240]


def run_child(cmd: list[str], timeout: float, env: dict | None = None) -> Child:
    """Runs cmd in a new session; its wall time and peak RSS (wait4)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=env, cwd=REPO,
                                start_new_session=True)
        timed_out = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > timeout:
                timed_out = True
                os.killpg(proc.pid, signal.SIGKILL)
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.01)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        out.seek(0)
        err.seek(0)
        return Child(proc.returncode, out.read().decode(errors="replace"),
                     err.read().decode(errors="replace"), wall, usage.ru_maxrss, timed_out)


# -- the Paddle venv and the models --------------------------------------------------
def venv_python(venv: Path) -> Path:
    return venv / "bin" / "python"


def ensure_venv(venv: Path, python: str | None) -> dict:
    """The venv's package versions; creates and fills it when they are missing."""
    py = venv_python(venv)
    if py.exists():
        c = run_child([str(py), "-c", VENV_CHECK], 300)
        if c.rc == 0 and c.json():
            return c.json()
        print(f"[venv] {venv} lacks the packages ({c.error()}); installing", flush=True)
    else:
        base = python or getattr(sys, "_base_executable", None) or sys.executable
        print(f"[venv] creating {venv} with {base}", flush=True)
        venv.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([base, "-m", "venv", str(venv)], check=True)
    print(f"[venv] pip install {' '.join(PACKAGES)} (a few minutes)", flush=True)
    subprocess.run([str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q",
                    *PACKAGES], check=True)
    c = run_child([str(py), "-c", VENV_CHECK], 300)
    if c.rc != 0 or not c.json():
        raise SystemExit(f"[venv] {venv} still lacks the packages: {c.error()}")
    return c.json()


#: --set: real_export.py's listing flag, the default report, its title.
SETS = {
    "models": ("--list", DEFAULT_OUT,
               "paddle-mlir on real Paddle models, next to ONNX Runtime, OpenVINO and "
               "Paddle Inference"),
    "conv-layers": ("--list-conv-layers", REPO / "build" / "bench" / "benchmarks-conv-layers.md",
                    "paddle-mlir on ResNet-50's convolutions, one at a time, next to ONNX "
                    "Runtime"),
}


def model_list(py: Path, which: str = "models") -> dict[str, tuple]:
    """name -> (description, GFLOP of one inference, how many times ResNet-50
    has it), the last two where the set knows them."""
    flag = SETS[which][0]
    c = run_child([str(py), str(BENCH / "real_export.py"), flag], 300)
    if c.rc != 0:
        raise SystemExit(f"bench/real_export.py {flag} failed: {c.error()}")
    models = {}
    for line in c.stdout.strip().splitlines():
        parts = line.split("\t")
        if len(parts) >= 2:
            models[parts[0]] = (parts[1], float(parts[2]) if len(parts) > 2 else None,
                                int(parts[3]) if len(parts) > 3 else None)
    return models


def exported(models_dir: Path, name: str) -> bool:
    p = models_dir / name
    have = all(Path(f"{p}{s}").exists() for s in (".json", ".pdiparams", ".io.npz", ".in.npz"))
    return have and (Path(f"{p}.onnx").exists() or Path(f"{p}.onnx.err").exists())


def ensure_export(py: Path, models_dir: Path, name: str, force: bool, timeout: float) -> str | None:
    """None when the model's files are there, else the export error."""
    if exported(models_dir, name) and not force:
        return None
    print(f"[export] {name} -> {models_dir}", flush=True)
    Path(models_dir / f"{name}.io.npz").unlink(missing_ok=True)
    c = run_child([str(py), str(BENCH / "real_export.py"), "--models-dir", str(models_dir), name],
                  timeout)
    if c.rc != 0 or not exported(models_dir, name):
        return f"export failed: {c.error()}"
    for line in c.stdout.splitlines():
        if line.startswith(name + ":"):
            print(f"[export] {line}", flush=True)
    return None


# -- measuring -----------------------------------------------------------------------
@dataclass
class Timing:
    label: str                      # "ours", "ort", "ov", "paddle"
    config: str = ""
    median_us: float | None = None
    runs: int = 0
    load_ms: float | None = None    # model load (and compile) to the first result
    max_abs_err: float | None = None
    ok: bool | None = None          # outputs match Paddle's
    maxrss_kb: int | None = None
    error: str | None = None
    extra: dict = field(default_factory=dict)
    probe_ms: float | None = None   # speed_probe_ms() right before the run
    seq: int = 0                    # order of the runs of one model


#: Runs started so far (Timing.seq).
_RUNS_STARTED = [0]


def speed_probe_ms() -> float:
    """Median ms of numpy's 1024^3 float32 matmul (OpenBLAS, all threads), timed
    right before a run: this machine switches between a fast mode (~11 ms) and
    a slow one (~20 ms: the second thread adds nothing), which moves every
    engine's latency by 20-80%; the per-configuration tables show which mode
    each run started in."""
    rng = np.random.default_rng(0)
    a = rng.standard_normal((1024, 1024), dtype=np.float32)
    b = rng.standard_normal((1024, 1024), dtype=np.float32)
    a @ b
    times = []
    for _ in range(7):
        t = time.perf_counter()
        a @ b
        times.append(time.perf_counter() - t)
    return float(np.median(times)) * 1e3


def start_timing(t: "Timing") -> None:
    t.probe_ms = speed_probe_ms()
    _RUNS_STARTED[0] += 1
    t.seq = _RUNS_STARTED[0]


@dataclass
class ModelResult:
    name: str
    description: str = ""
    gflop: float | None = None      # floating-point work of one inference, where known
    count: int | None = None        # a layer: how many times its network has it
    export_error: str | None = None
    onnx_error: str | None = None
    ours_error: str | None = None       # compile/run failure or mismatch, one line
    ours_ok: bool | None = None
    ours_err: float | None = None       # max abs error vs Paddle
    ours_rel_err: float | None = None
    cold_s: float | None = None
    warm_s: float | None = None
    cold_rss_kb: int | None = None
    pd_ops: int | None = None           # ops of the imported pd program ...
    pd_parameters: int | None = None    # ... of which pd.get_parameter
    ours: list = field(default_factory=list)    # the `bench` Timings (A, B)
    peers: list = field(default_factory=list)   # Timings
    load_before: float | None = None
    ref_max: float | None = None

    def ours_rss_kb(self) -> int | None:
        """Peak RSS of `paddle-mlir bench` running the model: a process that found
        it in the compile cache when there is one (a compiling one peaks higher)."""
        runs = [t for t in self.ours if t.maxrss_kb and t.median_us is not None]
        cached = [t for t in runs if t.extra.get("cached")]
        return min(t.maxrss_kb for t in (cached or runs)) if runs else None

    def best(self, label: str) -> Timing | None:
        pool = self.ours if label == "ours" else [t for t in self.peers if t.label == label]
        timed = [t for t in pool if t.median_us is not None]
        return min(timed, key=lambda t: t.median_us) if timed else None


def load_reference(prefix: Path):
    with np.load(f"{prefix}.io.npz", allow_pickle=False) as f:
        fetches = [str(n) for n in f["meta/fetches"]]
        outs = []
        while f"out/{len(outs)}" in f.files:
            outs.append(f[f"out/{len(outs)}"])
        est_us = float(f["meta/paddle_us"]) if "meta/paddle_us" in f.files else None
    return fetches, outs, est_us


def compare_outputs(path: Path, fetches: list, ref: list):
    """(max abs error, max error relative to 1 + |ref|, ok, note) of OUT.npz vs Paddle's."""
    with np.load(path, allow_pickle=False) as f:
        names = list(f.files)
        got = {n: f[n] for n in names}
    if len(names) != len(ref):
        return math.inf, math.inf, False, f"{len(names)} outputs, Paddle has {len(ref)}"
    order = fetches if sorted(names) == sorted(fetches) else names
    return compare([got[n] for n in order], ref, order)


class Runner:
    def __init__(self, args, py: Path):
        self.args = args
        self.py = py
        self.cli = args.cli
        if args.quick:
            self.warmup, self.min_runs, self.max_runs, self.min_time = 2, 5, 20, 0.2
        else:
            self.warmup, self.min_runs, self.max_runs, self.min_time = 5, 20, 200, 1.0
        c = run_child([self.cli, "bench", "--help"], 120)
        # `--runs N --min-time S --max-runs M`: at least N runs and S seconds, at most M.
        self.cli_min_time = "--min-time" in c.stdout and "--max-runs" in c.stdout

    def ours_env(self, cache_dir: Path) -> dict:
        env = dict(os.environ)
        env["PADDLE_MLIR_CACHE_DIR"] = str(cache_dir)
        env["PADDLE_MLIR_PROGRESS"] = "0"
        return env

    def bench_flags(self, estimate_us: float | None) -> list[str]:
        flags = ["--warmup", str(self.warmup)]
        if self.cli_min_time:
            return flags + ["--runs", str(self.min_runs), "--min-time", str(self.min_time),
                            "--max-runs", str(self.max_runs)]
        # An older CLI: a fixed count, from an estimate of the latency.
        est = max(estimate_us or 1000.0, 1.0)
        runs = min(self.max_runs, max(self.min_runs, math.ceil(self.min_time * 1e6 / est)))
        return flags + ["--runs", str(runs)]

    def ours_bench(self, r: ModelResult, prefix: Path, cache: Path, estimate_us) -> Timing:
        t = Timing("ours")
        start_timing(t)
        c = run_child([self.cli, "bench", f"{prefix}.json", "--input", f"{prefix}.in.npz",
                       "--json", *self.bench_flags(estimate_us)],
                      self.args.compile_timeout + 600, self.ours_env(cache))
        t.maxrss_kb = c.maxrss_kb
        j = c.json()
        if c.rc != 0 or not j or "median_us" not in j:
            t.error = c.error()
        else:
            t.median_us, t.runs = j["median_us"], j.get("runs", 0)
            t.load_ms = j.get("open_ms", j.get("compile_ms"))
            t.extra = j
            t.config = (f"paddle-mlir bench, {j.get('threads', '?')} threads"
                        + (", compile cache hit" if j.get("cached") else ""))
        print(f"  ours bench: {fmt_us(t.median_us) if t.median_us else t.error} "
              f"({t.runs} runs, rss {fmt_mb(t.maxrss_kb)}; probe {t.probe_ms:.1f} ms)", flush=True)
        return t

    def peer(self, engine: str, prefix: Path, *opts: str) -> Timing:
        cmd = [str(self.py), str(BENCH / "real_peers.py"), engine, str(prefix), *opts,
               "--warmup", str(self.warmup), "--min-runs", str(self.min_runs),
               "--max-runs", str(self.max_runs), "--min-time", str(self.min_time)]
        t = Timing(engine, config=" ".join(opts))
        start_timing(t)
        c = run_child(cmd, self.args.peer_timeout)
        t.maxrss_kb = c.maxrss_kb
        j = c.json()
        if c.rc != 0 or not j or "median_us" not in j:
            t.error = c.error()
        else:
            t.median_us, t.runs, t.load_ms = j["median_us"], j["runs"], j["load_ms"]
            t.max_abs_err, t.ok, t.config = j["max_abs_err"], j["ok"], j["config"]
            t.extra = j
        print(f"  {t.config or engine}: {fmt_us(t.median_us) if t.median_us else t.error}"
              f" (probe {t.probe_ms:.1f} ms)"
              f"{'' if t.ok in (None, True) else ' (outputs differ from Paddle: ' + str(j.get('note')) + ')'}",
              flush=True)
        return t

    def model(self, name: str, description: str, gflop: float | None = None,
              count: int | None = None) -> ModelResult:
        args = self.args
        r = ModelResult(name, description, gflop, count)
        print(f"[{name}] {description}", flush=True)
        r.export_error = ensure_export(self.py, args.models_dir, name, args.reexport,
                                       args.export_timeout)
        if r.export_error:
            print(f"  {r.export_error}", flush=True)
            return r
        prefix = args.models_dir / name
        err_file = Path(f"{prefix}.onnx.err")
        if err_file.exists() and not Path(f"{prefix}.onnx").exists():
            r.onnx_error = "paddle2onnx: " + err_file.read_text().strip()
        fetches, ref, est_us = load_reference(prefix)
        r.ref_max = max(float(np.max(np.abs(o))) for o in ref) if ref else None
        r.pd_ops, r.pd_parameters = pd_op_counts(f"{prefix}.json")
        r.load_before = os.getloadavg()[0]
        engines = set(args.engines.split(","))

        with tempfile.TemporaryDirectory(prefix="paddle-mlir-bench-") as tmp:
            cache = Path(tmp) / "compile-cache"   # empty: the first run compiles cold
            ours_ok_to_time = "ours" in engines
            if "ours" in engines:
                out = Path(tmp) / "out.npz"
                for attempt in ("cold", "warm"):
                    out.unlink(missing_ok=True)
                    c = run_child([self.cli, "run", f"{prefix}.json", "--input",
                                   f"{prefix}.in.npz", "--output", str(out)],
                                  args.compile_timeout, self.ours_env(cache))
                    if c.rc != 0 or not out.exists():
                        r.ours_error = f"{attempt} run: {c.error()}"
                        print(f"  ours {attempt} run failed: {r.ours_error}", flush=True)
                        ours_ok_to_time = False
                        break
                    if attempt == "cold":
                        r.cold_s, r.cold_rss_kb = c.wall_s, c.maxrss_kb
                        r.ours_err, r.ours_rel_err, r.ours_ok, note = compare_outputs(
                            out, fetches, ref)
                        if not r.ours_ok:
                            r.ours_error = note
                        print(f"  ours cold run {c.wall_s:.1f} s (rss {fmt_mb(c.maxrss_kb)}); "
                              f"max error {r.ours_err:.3g} "
                              f"{'ok' if r.ours_ok else 'MISMATCH: ' + note}", flush=True)
                    else:
                        r.warm_s = c.wall_s
                        print(f"  ours warm run {c.wall_s:.1f} s", flush=True)
                if ours_ok_to_time:
                    r.ours.append(self.ours_bench(r, prefix, cache, est_us and est_us / 2))
            if "ort" in engines and not r.onnx_error:
                for threads in (1, 2):
                    r.peers.append(self.peer("ort", prefix, "--threads", str(threads)))
            if "ov" in engines and not r.onnx_error:
                r.peers.append(self.peer("ov", prefix))
            if "paddle" in engines:
                for onednn in (0, 1):
                    for threads in (1, 2):
                        r.peers.append(self.peer("paddle", prefix, "--threads", str(threads),
                                                 "--onednn", str(onednn)))
            # Ours and the peers' 2-thread configurations again, in turn:
            # each engine the best of `rounds` runs that the others' runs
            # separate (this machine's speed switches by 20% and more).
            for _ in range(max(1, self.args.rounds) - 1):
                if ours_ok_to_time:
                    first = r.ours[0].median_us if r.ours else None
                    r.ours.append(self.ours_bench(r, prefix, cache, first or est_us))
                if "ort" in engines and not r.onnx_error:
                    r.peers.append(self.peer("ort", prefix, "--threads", "2"))
                if "ov" in engines and not r.onnx_error:
                    r.peers.append(self.peer("ov", prefix))
        return r


# -- the report ----------------------------------------------------------------------
def fmt_us(us: float | None) -> str:
    if us is None:
        return "—"
    return f"{us:,.0f}" if us >= 100 else f"{us:.1f}"


def fmt_mb(kb: int | None) -> str:
    return "—" if kb is None else f"{kb / 1024:.0f} MB"


def fmt_err(e: float | None) -> str:
    return "—" if e is None else ("inf" if math.isinf(e) else f"{e:.1e}")


def machine() -> dict:
    cpu = flags = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name") and not cpu:
                cpu = line.split(":", 1)[1].strip()
            if line.startswith("flags") and not flags:
                have = set(line.split(":", 1)[1].split())
                flags = " ".join(f for f in ("avx2", "fma", "avx512f", "avx512_vnni",
                                             "avx512_bf16", "amx_tile") if f in have)
    except OSError:
        pass
    mem = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split("\n")[0].split()[1])
        mem = f"{kb / 1024 / 1024:.0f} GB"
    except (OSError, ValueError, IndexError):
        pass
    try:
        nproc = len(os.sched_getaffinity(0))
    except AttributeError:
        nproc = os.cpu_count()
    return {"nproc": nproc, "cpu": cpu or "unknown", "flags": flags, "memory": mem}


def git_revision() -> str:
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, text=True,
                             capture_output=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=REPO, text=True, capture_output=True).stdout.strip()
        return rev + (" (with uncommitted changes)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def geomean(xs: list[float]) -> float | None:
    xs = [x for x in xs if x and x > 0 and math.isfinite(x)]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None


def ratio(r: ModelResult, label: str) -> float | None:
    """ours / peer (> 1: ours is slower); only where both outputs match Paddle's."""
    ours, peer = r.best("ours"), r.best(label)
    if not ours or not peer or not r.ours_ok or peer.ok is False:
        return None
    return ours.median_us / peer.median_us


def peer_cell(r: ModelResult, label: str) -> str:
    t = r.best(label)
    if t is None:
        errs = [p.error for p in r.peers if p.label == label and p.error]
        if label in ("ort", "ov") and r.onnx_error:
            return "no ONNX"
        return "failed" if errs else "—"
    return fmt_us(t.median_us) + ("" if t.ok else " ✗")


# Counted in a child process: this one never loads MLIR.
_COUNT_OPS = """
import sys
from paddle_mlir.backend import aot
program = aot.load_program(sys.argv[1])  # alive while its ops are read
names = [op.operation.name for op in program.ops]
print(len(names), names.count("pd.get_parameter"))
"""


def pd_op_counts(model_json: str) -> tuple:
    """(ops of the imported pd program, of which pd.get_parameter), the count
    that compile time per op is measured against; (None, None) if it fails."""
    try:
        out = subprocess.run([sys.executable, "-c", _COUNT_OPS, model_json], capture_output=True,
                             text=True, timeout=300, check=True).stdout.split()
        return int(out[0]), int(out[1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None, None


def compile_per_op_ms(r) -> float | None:
    return r.cold_s * 1e3 / r.pd_ops if r.cold_s and r.pd_ops else None


def report_header(title: str, script: str, info: dict) -> list[str]:
    """The title, the command that reproduces the report and the machine's
    first lines (shared by bench/dynamic_batch.py)."""
    m = info["machine"]
    return [
        f"# {title}",
        "",
        f"Generated by `{script}` on {info['date']} (paddle-mlir {info['revision']}).",
        "Reproduce:",
        "",
        "```sh",
        info["command"],
        "```",
        "",
        "## Machine",
        "",
        f"- nproc: {m['nproc']}; CPU: {m['cpu']}"
        + (f" ({m['flags']})" if m["flags"] else "") + (f"; memory {m['memory']}" if m["memory"] else ""),
        f"- load average (1, 5, 15 min) before: {info['load_before']}; after: {info['load_after']}",
    ]


def report(results: list[ModelResult], info: dict, title: str = SETS["models"][2]) -> str:
    with_flops = any(r.gflop for r in results)
    lines = report_header(title, "bench/models_real.py", info) + [
        "- peers: " + ", ".join(f"{k} {v}" for k, v in info["versions"].items()),
        f"- runs: {info['runs']}",
        "",
        "## Latency",
        "",
        "Median µs of one inference, each engine in a fresh process. **ours** = "
        f"`paddle-mlir bench` (Predictor.run), the best of {info.get('rounds', 2)} runs interleaved "
        "with the peers'; **ORT** = ONNX Runtime, best of intra_op 1/2 threads (2 threads: "
        f"the best of {info.get('rounds', 2)} runs, in turn with ours); **OpenVINO** = "
        f"LATENCY hint, f32 (also the best of {info.get('rounds', 2)} runs); **Paddle Inf.** = "
        "paddle.inference 3.3.1, best of oneDNN "
        "off/on × 1/2 threads; ORT and OpenVINO read paddle2onnx's ONNX (opset 17) of the "
        "same model. **ours/ORT** > 1 means paddle-mlir is slower. **compile** = wall time of "
        "`paddle-mlir run` (process start to outputs written) with an empty compile cache "
        "(cold) and again with the cache the first run filled (warm), and in parentheses the "
        "cold run's peak resident memory; **pd ops** = ops of the imported program, parameters "
        "(`pd.get_parameter`) counted, and the cold compile per op. **max err** = largest |ours − Paddle| over the "
        "outputs (checked at rtol 1e-4, atol 1e-4 × max(1, max |Paddle's|), as tools/corpus_check.py does). **RSS** = peak resident memory of "
        "`paddle-mlir bench` (a process that found the model in the compile cache, where one "
        "did) and of the fastest ORT process. ✗ = outputs differ from Paddle's (not used in "
        "ratios).",
        "",
        "| model | ours µs | ORT µs | OpenVINO µs | Paddle Inf. µs | ours/ORT | ours/OpenVINO "
        "| ours/Paddle Inf. | compile cold / warm s (RSS) | pd ops (parameters): cold ms/op "
        "| max err | RSS ours / ORT | "
        + ("GFLOP/s ours / ORT | " if with_flops else "") + "note |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|" + ("--:|" if with_flops else "") + "---|",
    ]
    ratios = {"ort": [], "ov": [], "paddle": []}
    for r in results:
        if r.export_error:
            lines.append(f"| {r.name} |" + " — |" * (12 if with_flops else 11)
                         + f" {r.export_error} |")
            continue
        ours = r.best("ours")
        notes = []
        if r.ours_error:
            notes.append("paddle-mlir: " + r.ours_error)
        elif r.ours and not ours:
            notes.append("paddle-mlir bench: " + (r.ours[-1].error or "failed"))
        if r.onnx_error:
            notes.append(r.onnx_error)
        for label, what in (("ort", "ONNX Runtime"), ("ov", "OpenVINO"),
                            ("paddle", "Paddle Inference")):
            bad = [p for p in r.peers if p.label == label and p.ok is False]
            if bad and not any(p.ok for p in r.peers if p.label == label):
                notes.append(f"{what} outputs differ from Paddle's "
                             f"(max abs error {fmt_err(bad[0].max_abs_err)})")
            errs = [p for p in r.peers if p.label == label and p.error]
            if errs and r.best(label) is None:
                notes.append(f"{what}: {errs[0].error}")
        cells = []
        for label in ("ort", "ov", "paddle"):
            x = ratio(r, label)
            if x is not None:
                ratios[label].append(x)
            cells.append("—" if x is None else f"**{x:.2f}**")
        ours_cell = "—" if not ours else fmt_us(ours.median_us) + ("" if r.ours_ok else " ✗")
        ort = r.best("ort")
        compile_cell = ("—" if r.cold_s is None else
                        f"{r.cold_s:.1f} / " + ("—" if r.warm_s is None else f"{r.warm_s:.1f}")
                        + f" ({fmt_mb(r.cold_rss_kb)})")
        per_op = compile_per_op_ms(r)
        ops_cell = ("—" if r.pd_ops is None else f"{r.pd_ops} ({r.pd_parameters})"
                    + ("" if per_op is None else f": {per_op:.1f}"))
        rss = f"{fmt_mb(r.ours_rss_kb())} / {fmt_mb(ort.maxrss_kb) if ort else '—'}"
        flops = ""
        if with_flops:
            rate = [f"{r.gflop / (t.median_us * 1e-6):.0f}" if r.gflop and t else "—"
                    for t in (ours, ort)]
            flops = f"{rate[0]} / {rate[1]} | "
        lines.append(f"| {r.name} | {ours_cell} | {peer_cell(r, 'ort')} | {peer_cell(r, 'ov')} | "
                     f"{peer_cell(r, 'paddle')} | {' | '.join(cells)} | {compile_cell} | {ops_cell} | "
                     f"{fmt_err(r.ours_err)} | {rss} | {flops}{'; '.join(notes)} |")
    lines.append("")
    counted = [r for r in results if r.count and r.best("ours") and r.best("ort")]
    if counted:
        ours_sum = sum(r.count * r.best("ours").median_us for r in counted) / 1e3
        ort_sum = sum(r.count * r.best("ort").median_us for r in counted) / 1e3
        lines += [f"Each layer times the number of times ResNet-50 has it, summed over "
                  f"{sum(r.count for r in counted)} convolutions: ours **{ours_sum:.2f} ms**, "
                  f"ORT **{ort_sum:.2f} ms** (ratio {ours_sum / ort_sum:.2f}).", ""]
    gm = {k: geomean(v) for k, v in ratios.items()}
    lines.append("Geometric mean of the ratios (models where both sides match Paddle's "
                 "outputs): " + ", ".join(
                     f"ours/{n} **{gm[k]:.2f}** over {len(ratios[k])} models" if gm[k] else
                     f"ours/{n} —" for k, n in (("ort", "ORT"), ("ov", "OpenVINO"),
                                                ("paddle", "Paddle Inference"))) + ".")
    timed = [r for r in results if compile_per_op_ms(r) is not None]
    if timed:
        ops = sum(r.pd_ops for r in timed)
        params = sum(r.pd_parameters for r in timed)
        cold = sum(r.cold_s for r in timed)
        lines += ["", f"Compile time: the cold `paddle-mlir run`s took {cold:.1f} s for {ops} pd "
                  f"ops over {len(timed)} models, **{cold * 1e3 / ops:.1f} ms per op** "
                  f"({cold * 1e3 / (ops - params):.1f} ms per op not counting the {params} "
                  "`pd.get_parameter`s); the mean of the models' own ms per op is "
                  f"{sum(compile_per_op_ms(r) for r in timed) / len(timed):.1f}."]
    lines += ["", "## Models", "",
              "Random weights (seeded), BatchNorm statistics and affine parameters, LayerNorm "
              "parameters and biases randomized (see `bench/real_export.py`); inputs: "
              "N(0, 1) images, uniform token ids.", "",
              "| model | architecture | largest |output| |", "|---|---|--:|"]
    for r in results:
        lines.append(f"| {r.name} | {r.description} | "
                     f"{'—' if r.ref_max is None else f'{r.ref_max:.3g}'} |")
    lines += ["", "## Every configuration", "",
              "Each row is one fresh process, in the order they ran; load = model load (and "
              "compile) to the first result inside it; RSS = its peak resident memory; "
              "probe = median ms of numpy's 1024³ float32 matmul on all threads right before "
              "the run (about 11 ms when this machine is in its fast mode, about 20 ms in its "
              "slow one, where a second thread adds nothing; slowdowns of memory-bound code "
              "it can miss).", ""]
    for r in results:
        if r.export_error:
            continue
        lines += [f"### {r.name}", "",
                  f"1-minute load average when it started: {r.load_before:.2f}. "
                  + ("" if r.cold_s is None else
                     f"`paddle-mlir run`: cold {r.cold_s:.1f} s (RSS {fmt_mb(r.cold_rss_kb)}), "
                     f"warm {'—' if r.warm_s is None else f'{r.warm_s:.1f} s'}."), "",
                  "| engine | configuration | median µs | runs | load ms | max abs err | RSS "
                  "| probe ms |",
                  "|---|---|--:|--:|--:|--:|--:|--:|"]
        for t in sorted(r.ours + r.peers, key=lambda t: t.seq):
            probe = "—" if t.probe_ms is None else f"{t.probe_ms:.1f}"
            name = {"ours": "paddle-mlir", "ort": "ONNX Runtime", "ov": "OpenVINO",
                    "paddle": "Paddle Inference"}[t.label]
            err = fmt_err(r.ours_err if t.label == "ours" else t.max_abs_err)
            if t.error:
                lines.append(f"| {name} | {t.config} | failed: {t.error} | | | | "
                             f"{fmt_mb(t.maxrss_kb)} | {probe} |")
            else:
                ok = "" if (r.ours_ok if t.label == "ours" else t.ok) else " ✗"
                load = "—" if t.load_ms is None else f"{t.load_ms:,.0f}"
                lines.append(f"| {name} | {t.config} | {fmt_us(t.median_us)}{ok} | {t.runs} | "
                             f"{load} | {err} | {fmt_mb(t.maxrss_kb)} | {probe} |")
        lines.append("")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--venv", type=Path, default=DEFAULT_VENV,
                    help=f"the venv with Paddle and the peers (default: {DEFAULT_VENV})")
    ap.add_argument("--python", help="the interpreter that creates the venv (default: the "
                    "one running this script); Paddle 3.3.1 wants Python 3.9-3.13")
    ap.add_argument("--models-dir", type=Path, default=DEFAULT_MODELS,
                    help=f"where the exported models live (default: {DEFAULT_MODELS})")
    ap.add_argument("--set", choices=list(SETS), default="models",
                    help="models: the real models (default); conv-layers: ResNet-50's "
                         "convolutions one at a time (Conv2D + BatchNorm + ReLU, batch 1), "
                         "with GFLOP/s")
    ap.add_argument("--only", help="NAME[,NAME...]: only these models")
    ap.add_argument("--engines",
                    help="a subset of ours,ort,ov,paddle (default: all; ours,ort for "
                         "--set conv-layers)")
    ap.add_argument("--quick", action="store_true", help="fewer runs (to check the script)")
    ap.add_argument("--rounds", type=int, default=3,
                    help="times ours, ONNX Runtime (2 threads) and OpenVINO are each timed, "
                         "in turn; each reports its best median (default: 3)")
    ap.add_argument("--export-only", action="store_true", help="export the models and stop")
    ap.add_argument("--reexport", action="store_true", help="export the models again")
    ap.add_argument("--cli", default=str(REPO / ".venv" / "bin" / "paddle-mlir"),
                    help="the paddle-mlir command (default: .venv/bin/paddle-mlir)")
    ap.add_argument("--compile-timeout", type=float, default=900,
                    help="seconds for one `paddle-mlir run` (default: 900)")
    ap.add_argument("--peer-timeout", type=float, default=600,
                    help="seconds for one peer process (default: 600)")
    ap.add_argument("--export-timeout", type=float, default=900,
                    help="seconds to export one model (default: 900)")
    ap.add_argument("--out", type=Path,
                    help="the Markdown report (default: build/bench/benchmarks-models.md, "
                         "or benchmarks-conv-layers.md; the tracked reports in docs/ only "
                         "when given)")
    ap.add_argument("--no-write", action="store_true", help="print the report, write nothing")
    ap.add_argument("--json", type=Path, help="also write the raw results as JSON here")
    args = ap.parse_args()
    args.engines = args.engines or ("ours,ort" if args.set == "conv-layers" else
                                    "ours,ort,ov,paddle")
    args.out = args.out or SETS[args.set][1]
    args.models_dir = args.models_dir.expanduser().resolve()
    args.venv = args.venv.expanduser().absolute()
    unknown_engines = set(args.engines.split(",")) - {"ours", "ort", "ov", "paddle"}
    if unknown_engines:
        ap.error(f"unknown engine(s) {', '.join(sorted(unknown_engines))}")

    versions = ensure_venv(args.venv, args.python)
    py = venv_python(args.venv)
    models = model_list(py, args.set)
    names = list(models)
    if args.only:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = [n for n in names if n not in models]
        if unknown:
            ap.error(f"unknown model(s) {', '.join(unknown)}; known: {', '.join(models)}")
    args.models_dir.mkdir(parents=True, exist_ok=True)
    if args.export_only:
        status = 0
        for name in names:
            err = ensure_export(py, args.models_dir, name, args.reexport, args.export_timeout)
            if err:
                print(f"[export] {name}: {err}", flush=True)
                status = 1
        return status
    if "ours" in args.engines.split(",") and not shutil.which(args.cli):
        ap.error(f"{args.cli} not found (build paddle-mlir first: make build)")

    info = {"machine": machine(), "versions": versions, "revision": git_revision(),
            "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
            "command": shlex.join([".venv/bin/python", "bench/models_real.py", *sys.argv[1:]]),
            "load_before": ", ".join(f"{x:.2f}" for x in os.getloadavg())}
    runner = Runner(args, py)
    info["runs"] = (f"{runner.warmup} warm-up, then at least {runner.min_runs} runs and "
                    f"{runner.min_time:g} s, at most {runner.max_runs}"
                    + (" (--quick: not for numbers)" if args.quick else ""))
    info["rounds"] = max(1, args.rounds)
    print(f"machine: {info['machine']}; load {info['load_before']}", flush=True)
    results = []
    for name in names:
        results.append(runner.model(name, *models[name]))
    info["load_after"] = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    text = report(results, info, SETS[args.set][2])
    if args.json:
        args.json.write_text(json.dumps({"info": info, "results": [
            {**{k: v for k, v in r.__dict__.items() if k not in ("ours", "peers")},
             "ours": [t.__dict__ for t in r.ours], "peers": [t.__dict__ for t in r.peers]}
            for r in results]}, indent=1, default=str))
    if args.no_write:
        print(text)
    else:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
        print(f"wrote {args.out}")
    bad = [r.name for r in results if r.export_error or r.ours_error or not r.best("ours")]
    if bad and "ours" in args.engines.split(","):
        print(f"paddle-mlir failed or mismatched on: {', '.join(bad)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
