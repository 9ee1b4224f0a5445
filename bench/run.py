"""paddle-mlir CPU benchmarks, side by side with numpy (and PyTorch if importable).

    .venv/bin/python bench/run.py                    # full run, writes build/bench/benchmarks.md
    .venv/bin/python bench/run.py --out docs/benchmarks.md   # ... updates the tracked report
    .venv/bin/python bench/run.py --quick --no-write # smoke check (< 60 s)

Times matmul, conv2d, a fused elementwise chain and three models (MLP,
CNN, TransformerEncoderLayer) compiled by paddle-mlir (`Executor("cpu")`)
against numpy implementations, verifies every output against a float64
reference, and writes a Markdown report. See bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true",
                   help="small sizes and few runs (a smoke check, < 60 s)")
    p.add_argument("--out", default="build/bench/benchmarks.md",
                   help="Markdown report to write, relative to the repository (default: "
                        "%(default)s; the tracked report, docs/benchmarks.md, only when given)")
    p.add_argument("--no-write", action="store_true", help="print results only, write no report")
    p.add_argument("--runs", type=int, help="timed runs per case (default: 5 quick, 30 full)")
    p.add_argument("--budget", type=float,
                   help="seconds of timed rounds per case before stopping early (at least 3 rounds; "
                        "default: 0.5 quick, 6 full)")
    p.add_argument("--single-thread", action="store_true",
                   help="run ours with parallel=False and numpy's BLAS with 1 thread")
    p.add_argument("--only", action="append", default=[],
                   help="run only the groups named (matmul, conv2d, elementwise, model); repeatable")
    p.add_argument("--in-process", action="store_true",
                   help="measure every case in this process (default: one child process per case, "
                        "so that a crash in compiled code fails that case only)")
    p.add_argument("--keep-openblas-coretype", action="store_true",
                   help="keep OPENBLAS_CORETYPE from the environment (default: unset it, so that "
                        "OpenBLAS picks its kernels for this CPU)")
    p.add_argument("--child", help=argparse.SUPPRESS)  # internal: the index of the case to measure
    return p.parse_args(argv)


ARGS = parse_args() if __name__ == "__main__" else None
if ARGS is not None and not ARGS.child:
    # Before numpy loads its BLAS (child processes inherit the environment).
    if ARGS.single_thread:
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ[var] = "1"
        os.environ["PADDLE_MLIR_THREADS"] = "0"
    if not ARGS.keep_openblas_coretype and "OPENBLAS_CORETYPE" in os.environ:
        # A forced core type (e.g. Haswell, AVX2 only, on an AVX-512 CPU)
        # would handicap numpy; the report says what was removed.
        os.environ["BENCH_UNSET_OPENBLAS_CORETYPE"] = os.environ.pop("OPENBLAS_CORETYPE")

sys.path.insert(0, str(REPO))

from bench import kernels, models  # noqa: E402
from bench.harness import Result, load_1min, load_average, machine_info, measure, torch  # noqa: E402
from bench.report import markdown, summary_line, target_line  # noqa: E402


def suite(quick: bool) -> list:
    if quick:
        return [
            kernels.matmul_case(256), kernels.matmul_case(1024),
            kernels.matmul_case(1024, single_thread=True),
            kernels.conv2d_case(2, 16, 32, 28),
            kernels.elementwise_case(1 << 20), kernels.elementwise_case(1 << 20, "relu(x*2+1)"),
            models.mlp_case(32), models.cnn_case(8),
            models.encoder_case(8, 64, 128),
        ]
    return [
        *(kernels.matmul_case(n) for n in (256, 512, 1024, 2048)),
        *(kernels.matmul_case(n, single_thread=True) for n in (1024, 2048)),
        kernels.conv2d_case(8, 16, 32, 28), kernels.conv2d_case(8, 64, 64, 56),
        *(kernels.elementwise_case(n << 20, chain) for chain in kernels.CHAINS for n in (1, 4, 16)),
        models.mlp_case(32), models.mlp_case(256),
        models.cnn_case(8), models.cnn_case(32),
        models.encoder_case(8, 64, 128), models.encoder_case(8, 128, 256),
    ]


RESULT_TAG = "BENCH_RESULT "
RESULT_FIELDS = ("load", "compile_s", "t_exe", "t_direct", "t_numpy", "t_torch", "err_ours", "err_numpy",
                 "err_torch", "tolerance", "ok", "runs", "error", "note", "spread")


def _case(args, key: str):
    return suite(args.quick)[int(key)]


def child(args, runs: int, budget: float) -> int:
    """Measures one case and prints its result as JSON (the parent parses it)."""
    res = measure(_case(args, args.child), runs=runs, budget_s=budget)
    print(RESULT_TAG + json.dumps({k: getattr(res, k) for k in RESULT_FIELDS}), flush=True)
    return 0


BIG_STACK = 4 << 30  # bytes; glibc also sizes new threads' stacks from this limit


def _run_child(args, key: str, case, runs: int, budget: float, stack: int | None):
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", key, "--runs", str(runs),
           "--budget", str(budget)] + (["--quick"] if args.quick else [])

    def raise_stack_limit():
        _, hard = resource.getrlimit(resource.RLIMIT_STACK)
        limit = stack if hard == resource.RLIM_INFINITY else min(stack, hard)
        resource.setrlimit(resource.RLIMIT_STACK, (limit, hard))

    proc = subprocess.run(cmd, cwd=REPO, stdout=subprocess.PIPE, text=True,
                          env={**os.environ, **(case.env or {})},
                          preexec_fn=raise_stack_limit if stack else None)
    payload = None
    for line in proc.stdout.splitlines():
        if line.startswith(RESULT_TAG):
            payload = json.loads(line[len(RESULT_TAG):])
        else:
            print(line, flush=True)
    code = proc.returncode
    how = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
    return payload, how


def measure_isolated(args, key: str, runs: int, budget: float) -> Result:
    """Measures a case in a child process, so that a crash fails that case
    only. A crash is retried once with a 4 GiB stack limit: if the case then
    runs, it is reported as crashing (a stack overflow) and its timings are
    shown, marked."""
    case = _case(args, key)
    payload, how = _run_child(args, key, case, runs, budget, None)
    res = Result(case, note=case.note, load=load_1min())
    if payload is None:
        res.crash = (f"the process running it crashed ({how}) with the default stack limit "
                     f"({_stack_limit()}); see it with `.venv/bin/python -X faulthandler "
                     f"bench/run.py --in-process --only {case.group}`")
        print(f"  {case.group} {case.name}: CRASHED ({how}); retrying with a "
              f"{BIG_STACK >> 20} MiB stack limit")
        payload, how2 = _run_child(args, key, case, runs, budget, BIG_STACK)
        if payload is None:
            res.error = res.crash + f"; it crashes with a {BIG_STACK >> 20} MiB stack limit too ({how2})"
            return res
        res.crash += (f"; it runs with a {BIG_STACK >> 20} MiB stack limit (so: a stack "
                      f"overflow), the timings shown were measured that way")
    for k, v in payload.items():
        setattr(res, k, v)
    res.spread = {k: tuple(v) for k, v in (payload.get("spread") or {}).items()}
    return res


def _stack_limit() -> str:
    soft, _ = resource.getrlimit(resource.RLIMIT_STACK)
    return "unlimited" if soft == resource.RLIM_INFINITY else f"{soft >> 20} MiB"


def main(args) -> int:
    from paddle_mlir.backend import cpu

    runs = args.runs or (5 if args.quick else 30)
    budget = args.budget if args.budget is not None else (0.5 if args.quick else 6.0)
    if args.child:
        return child(args, runs, budget)
    info = machine_info(cpu.default_parallel())
    command = ".venv/bin/python bench/run.py" + "".join(
        f" {a}" for a in sys.argv[1:])
    print(f"paddle-mlir benchmarks ({'quick' if args.quick else 'full'}): {info['cpu']}, "
          f"{info['cores']}; load average {load_average()}")
    print(f"  numpy {info['numpy']}\n  ours: {info['ours_threads']}\n  PyTorch: {info['torch']}")
    load_before = load_average()
    start = time.perf_counter()
    results = []
    for index, case in enumerate(suite(args.quick)):
        if args.only and case.group not in args.only:
            continue
        if not args.in_process:
            results.append(measure_isolated(args, str(index), runs, budget))
        elif case.env:
            print(f"  {case.group} {case.name}: skipped (needs its own process: "
                  f"{' '.join(f'{k}={v}' for k, v in case.env.items())})")
        else:
            results.append(measure(case, runs=runs, budget_s=budget))
    elapsed = time.perf_counter() - start
    load_after = load_average()

    print(target_line(results))
    print(summary_line(results, elapsed))
    if not args.no_write:
        out = (REPO / args.out) if not Path(args.out).is_absolute() else Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(markdown(results, info, command=command, quick=args.quick, runs=runs,
                                budget=budget, elapsed=elapsed,
                                load=(load_before, load_after), torch_available=torch is not None))
        print(f"wrote {out.relative_to(REPO) if out.is_relative_to(REPO) else out}")
    if any(r.error is None and not r.ok for r in results):
        return 1  # a result disagrees with its reference
    return 2 if any(r.error or r.crash for r in results) else 0  # a case failed to compile or run


if __name__ == "__main__":
    raise SystemExit(main(ARGS))
