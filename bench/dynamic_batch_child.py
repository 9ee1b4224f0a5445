#!/usr/bin/env python3
"""One engine, one model with a dynamic batch, a sequence of batch sizes: the
child process of bench/dynamic_batch.py.

    .venv/bin/python       bench/dynamic_batch_child.py ours           DIR/NAME
    .venv/bin/python       bench/dynamic_batch_child.py ours-per-shape DIR/NAME
    BENCH_VENV/bin/python  bench/dynamic_batch_child.py ort            DIR/NAME

`ours` is paddle_mlir.inference with its default dynamic batch (a library
compiled once for a batch of one, run on each sample); `ours-per-shape` the
same with `Config.set_dynamic_batch(False)` (a library per batch size);
`ort` ONNX Runtime on paddle2onnx's export (dynamic batch dim). The batch of
size b is the exported input's samples repeated (sample i % n), so Paddle's
outputs, repeated the same way, are the reference. For each batch size in
--batches, in order: the first call's time (which includes any compile), the
outputs checked against Paddle's, then --warmup runs and the median of at
least --min-runs runs and --min-time seconds (at most --max-runs). Prints one
JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time

os.environ.setdefault("GLOG_minloglevel", "3")

import numpy as np  # noqa: E402

from real_compare import compare  # noqa: E402 -- bench/ is the script's directory


def load_io(prefix):
    with np.load(prefix + ".io.npz", allow_pickle=False) as f:
        feeds = [str(n) for n in f["meta/feeds"]]
        inputs = [np.ascontiguousarray(f[f"in/{n}"]) for n in feeds]
        outs = []
        while f"out/{len(outs)}" in f.files:
            outs.append(f[f"out/{len(outs)}"])
    return feeds, inputs, outs


def ours(prefix, threads, dynamic):
    import paddle_mlir.inference as pi
    config = pi.Config(prefix + ".json", prefix + ".pdiparams")
    config.set_cpu_math_library_num_threads(threads)
    config.set_compile_progress(False)
    config.set_dynamic_batch(dynamic)
    predictor = pi.create_predictor(config)

    def stats():
        return {"compiled": predictor.compiled_shapes()}
    return predictor.run, stats


def ort(prefix, threads, _dynamic):
    import onnxruntime as ort
    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    sess = ort.InferenceSession(prefix + ".onnx", so, providers=["CPUExecutionProvider"])
    names = [i.name for i in sess.get_inputs()]

    def run(arrays):
        return sess.run(None, dict(zip(names, arrays)))
    return run, lambda: {"onnxruntime": ort.__version__}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine", choices=["ours", "ours-per-shape", "ort"])
    ap.add_argument("prefix")
    ap.add_argument("--batches", default="1,2,4,8,3")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--min-runs", type=int, default=10)
    ap.add_argument("--min-time", type=float, default=1.0)
    ap.add_argument("--max-runs", type=int, default=100)
    args = ap.parse_args()
    try:
        _feeds, inputs, ref = load_io(args.prefix)
        n = inputs[0].shape[0]
        t0 = time.perf_counter()
        make = ort if args.engine == "ort" else ours
        run, stats = make(args.prefix, args.threads, args.engine == "ours")
        load_ms = (time.perf_counter() - t0) * 1e3
        rows = []
        for b in (int(s) for s in args.batches.split(",")):
            idx = [i % n for i in range(b)]
            arrays = [np.ascontiguousarray(a[idx]) for a in inputs]
            want = [r[idx] for r in ref]
            t = time.perf_counter()
            got = run(arrays)
            first_ms = (time.perf_counter() - t) * 1e3
            abs_err, _rel, ok, note = compare(got, want)
            for _ in range(args.warmup):
                run(arrays)
            times = []
            deadline = time.perf_counter() + args.min_time
            while len(times) < args.max_runs and (len(times) < args.min_runs
                                                   or time.perf_counter() < deadline):
                t = time.perf_counter_ns()
                run(arrays)
                times.append(time.perf_counter_ns() - t)
            rows.append({"batch": b, "first_ms": round(first_ms, 2),
                         "median_us": float(np.median(times)) / 1e3, "runs": len(times),
                         "max_abs_err": abs_err, "ok": bool(ok), "note": note})
        print(json.dumps({"engine": args.engine, "load_ms": round(load_ms, 1), "batches": rows,
                          "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                          **stats()}))
        return 0
    except Exception as e:  # noqa: BLE001 -- one line for the report
        print(json.dumps({"error": " ".join(f"{type(e).__name__}: {e}".split())[:300]}))
        return 1


if __name__ == "__main__":
    sys.exit(main())
