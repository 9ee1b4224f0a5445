#!/usr/bin/env python3
"""Models with a dynamic batch dim at changing batch sizes: paddle-mlir's one
compile for every batch size, next to a compile per batch size and to ONNX
Runtime, in one run; writes build/bench/benchmarks-dynamic-batch.md
(`--out docs/benchmarks-dynamic-batch.md` updates the tracked report).

    .venv/bin/python bench/dynamic_batch.py
    .venv/bin/python bench/dynamic_batch.py --only bert_dyn --quick --no-write

The models (bench/real_export.py --list-dynamic) are exported by Paddle 3.3.1
with InputSpec [None, ...] into --models-dir, in the venv of
bench/models_real.py (same options). Each engine runs in a fresh process
(bench/dynamic_batch_child.py) through the batch sizes --batches in order:

- **one compile**: `paddle_mlir.inference` as a user gets it: a library
  compiled once, for a batch of one, and run on each sample of a batch when
  `pd-check-batch-separable` finds that the model computes every sample on
  its own;
- **per shape**: the same with `Config.set_dynamic_batch(False)`: a library
  compiled for every new batch size (the behaviour before);
- **ORT**: ONNX Runtime (intra_op = --threads) on paddle2onnx's export, whose
  batch dim stays dynamic.

Both paddle-mlir processes start with an empty compile cache. A batch of b is
the exported inputs' samples repeated (sample i % n); Paddle's outputs,
repeated the same way, are the reference (rtol = atol = 1e-4). For each batch
size: the first call (which includes any compile) and the median latency.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shlex
import sys
import tempfile
from pathlib import Path

from models_real import (DEFAULT_MODELS, DEFAULT_VENV, REPO, ensure_export, ensure_venv,
                         fmt_mb, fmt_us, git_revision, machine, report_header, run_child,
                         venv_python)

DEFAULT_OUT = REPO / "build" / "bench" / "benchmarks-dynamic-batch.md"
CHILD = REPO / "bench" / "dynamic_batch_child.py"
ENGINES = {"ours": "one compile", "ours-per-shape": "per shape", "ort": "ORT"}


def dynamic_models(py: Path) -> dict:
    c = run_child([str(py), str(REPO / "bench" / "real_export.py"), "--list-dynamic"], 300)
    if c.rc != 0:
        raise SystemExit(f"bench/real_export.py --list-dynamic failed: {c.error()}")
    return dict(line.split("\t", 1) for line in c.stdout.strip().splitlines() if "\t" in line)


def run_engine(engine: str, prefix: Path, args, bench_py: Path) -> dict:
    py = bench_py if engine == "ort" else REPO / ".venv" / "bin" / "python"
    timing = (["--min-runs", "3", "--min-time", "0.2", "--max-runs", "10", "--warmup", "1"]
              if args.quick else [])
    with tempfile.TemporaryDirectory(prefix="pdm-dyn-cache-") as cache:
        env = dict(os.environ, PADDLE_MLIR_CACHE_DIR=cache, PADDLE_MLIR_PROGRESS="0")
        c = run_child([str(py), str(CHILD), engine, str(prefix), "--batches", args.batches,
                       "--threads", str(args.threads), *timing], args.timeout, env)
    result = c.json() or {}
    if c.rc != 0 or "batches" not in result:
        return {"error": c.error()}
    result["maxrss_kb"] = c.maxrss_kb
    result["wall_s"] = c.wall_s
    return result


def merge(runs: list) -> dict:
    """One engine's processes: the first one's first calls, libraries, time
    and memory (an empty cache), each batch size's best median."""
    good = [r for r in runs if "batches" in r]
    if not good:
        return runs[0]
    merged = dict(good[0], batches=[dict(b) for b in good[0]["batches"]])
    for b in merged["batches"]:
        same = [x for r in good for x in r["batches"] if x["batch"] == b["batch"]]
        b["median_us"] = min(x["median_us"] for x in same)
        b["ok"] = all(x["ok"] for x in same)
    merged["processes"] = len(good)
    return merged


def report(results: dict, info: dict, descriptions: dict) -> str:
    lines = report_header("Dynamic batch: one compile for every batch size",
                          "bench/dynamic_batch.py", info) + [
        f"- {info['threads']} threads for every engine; {info['repeat']} processes per "
        f"engine; onnxruntime "
        f"{info['versions'].get('onnxruntime', '?')}",
        "",
        "## What is compared",
        "",
        "Each engine is one fresh process that runs the batch sizes in the order of the "
        "table. **one compile** = `paddle_mlir.inference` by default: a library compiled "
        "once, for a batch of one, run on each sample of a larger batch (the model was found "
        "to compute every sample on its own by `pd-check-batch-separable`); **per shape** = "
        "`Config.set_dynamic_batch(False)`: a library compiled for each new batch size; "
        "**ORT** = ONNX Runtime on paddle2onnx's export (dynamic batch dim). Both paddle-mlir "
        "processes start with an empty compile cache. **first call** = the first run at that "
        "batch size (with any compile it needs), from the first process; **µs** = median of "
        "the runs after it, the better of the engine's processes (interleaved). "
        "Outputs are checked against Paddle's at every batch size (✗ = differ).",
        "",
    ]
    for name, per_engine in results.items():
        lines += [f"## {name}", "", descriptions.get(name, ""), ""]
        errors = [f"- {ENGINES[e]}: {r['error']}" for e, r in per_engine.items() if "error" in r]
        rows = {}
        for engine, r in per_engine.items():
            for b in r.get("batches", []):
                rows.setdefault(b["batch"], {})[engine] = b
        lines += ["| batch | one compile µs | per shape µs | ORT µs | one compile / ORT | "
                  "per shape / ORT | first call ms: one compile / per shape / ORT |",
                  "|--:|--:|--:|--:|--:|--:|--:|"]
        for batch, cells in rows.items():
            def us(e):
                b = cells.get(e)
                return "—" if b is None else fmt_us(b["median_us"]) + ("" if b["ok"] else " ✗")

            def ratio(e):
                a, o = cells.get(e), cells.get("ort")
                return "—" if not a or not o else f"{a['median_us'] / o['median_us']:.2f}"

            first = " / ".join("—" if e not in cells else f"{cells[e]['first_ms']:,.0f}"
                               for e in ENGINES)
            lines.append(f"| {batch} | {us('ours')} | {us('ours-per-shape')} | {us('ort')} | "
                         f"{ratio('ours')} | {ratio('ours-per-shape')} | {first} |")
        lines.append("")
        summary = []
        for engine, r in per_engine.items():
            if "batches" not in r:
                continue
            extra = ""
            if "compiled" in r:
                extra = f", {len(r['compiled'])} librar{'y' if len(r['compiled']) == 1 else 'ies'}"
            summary.append(f"- {ENGINES[engine]}: process {r['wall_s']:.1f} s in all (model "
                           f"open {r['load_ms'] / 1e3:.1f} s{extra}), peak RSS "
                           f"{fmt_mb(r['maxrss_kb'])}")
        lines += summary + errors + [""]
    return "\n".join(lines).rstrip() + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--venv", type=Path, default=DEFAULT_VENV)
    ap.add_argument("--python", help="the interpreter that creates the venv")
    ap.add_argument("--models-dir", type=Path, default=DEFAULT_MODELS)
    ap.add_argument("--only", help="NAME[,NAME...]: only these models")
    ap.add_argument("--batches", default="1,2,4,8,3", help="batch sizes, in order")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=2,
                    help="processes per engine, interleaved; the best median counts")
    ap.add_argument("--quick", action="store_true", help="fewer runs (to check the script)")
    ap.add_argument("--timeout", type=float, default=1200, help="seconds per process")
    ap.add_argument("--export-timeout", type=float, default=900)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--no-write", action="store_true", help="print the report, write nothing")
    args = ap.parse_args()
    args.models_dir = args.models_dir.expanduser().resolve()
    args.venv = args.venv.expanduser().absolute()

    versions = ensure_venv(args.venv, args.python)
    py = venv_python(args.venv)
    models = dynamic_models(py)
    names = [n.strip() for n in args.only.split(",")] if args.only else list(models)
    unknown = [n for n in names if n not in models]
    if unknown:
        ap.error(f"unknown model(s) {', '.join(unknown)}; known: {', '.join(models)}")
    info = {"machine": machine(), "versions": versions, "revision": git_revision(),
            "threads": args.threads, "repeat": args.repeat,
            "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
            "command": shlex.join([".venv/bin/python", "bench/dynamic_batch.py", *sys.argv[1:]]),
            "load_before": ", ".join(f"{x:.2f}" for x in os.getloadavg())}
    results = {}
    status = 0
    for name in names:
        err = ensure_export(py, args.models_dir, name, False, args.export_timeout)
        if err:
            results[name] = {e: {"error": err} for e in ENGINES}
            status = 1
            continue
        runs = {e: [] for e in ENGINES}
        for rep in range(args.repeat):       # interleaved: ours, per shape, ORT, ours, ...
            for engine in ENGINES:
                print(f"[{name}] {engine} ({rep + 1}/{args.repeat})", flush=True)
                r = run_engine(engine, args.models_dir / name, args, py)
                runs[engine].append(r)
                if "error" in r or not all(b["ok"] for b in r["batches"]):
                    print(f"[{name}] {engine}: {r.get('error') or 'outputs differ'}", flush=True)
                    status = 1 if engine != "ort" else status
        results[name] = {e: merge(rs) for e, rs in runs.items()}
    info["load_after"] = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    text = report(results, info, models)
    if args.no_write:
        print(text)
    else:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text)
        print(f"wrote {args.out}")
    return status


if __name__ == "__main__":
    sys.exit(main())
