#!/usr/bin/env python3
"""One peer engine, one configuration, one model: the child process of
bench/models_real.py. Runs in the benchmark venv (Paddle 3.3.1, onnxruntime,
openvino), never in paddle-mlir's .venv:

    BENCH_VENV/bin/python bench/real_peers.py ort    DIR/NAME --threads 1
    BENCH_VENV/bin/python bench/real_peers.py ov     DIR/NAME
    BENCH_VENV/bin/python bench/real_peers.py paddle DIR/NAME --threads 2 --onednn 1

It loads the model (ONNX Runtime and OpenVINO read DIR/NAME.onnx, Paddle
Inference DIR/NAME.json + .pdiparams), binds the inputs of DIR/NAME.io.npz
once (outputs into preallocated buffers where the API allows it), checks the
outputs against Paddle's (`out/<i>` of the .io.npz; real_compare.close: rtol
1e-4, atol 1e-4 x max(1, max |Paddle's|)), then
times the run call: --warmup runs, then at least --min-runs runs and at least
--min-time seconds, at most --max-runs runs. It prints one JSON line:
median_us, runs, load_ms (model load to first result), max_abs_err,
max_rel_err (max |ours - ref| / (1 + |ref|)), ok (outputs match), maxrss_kb,
and a config string; on failure {"error": "..."} (status 1).
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
        inputs = {n: np.ascontiguousarray(f[f"in/{n}"]) for n in feeds}
        outs = []
        while f"out/{len(outs)}" in f.files:
            outs.append(f[f"out/{len(outs)}"])
    return feeds, inputs, outs


def time_it(fn, args):
    for _ in range(args.warmup):
        fn()
    times = []
    clock = time.perf_counter_ns
    deadline = clock() + int(args.min_time * 1e9)
    while len(times) < args.max_runs and (len(times) < args.min_runs or clock() < deadline):
        t = clock()
        fn()
        times.append(clock() - t)
    return float(np.median(times)) / 1e3, len(times)


def ort_engine(prefix, feeds, inputs, ref, args):
    import onnxruntime as ort
    so = ort.SessionOptions()
    so.intra_op_num_threads = args.threads
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    sess = ort.InferenceSession(prefix + ".onnx", so, providers=["CPUExecutionProvider"])
    names = [i.name for i in sess.get_inputs()]
    if len(names) != len(feeds):
        raise RuntimeError(f"ONNX inputs {names} vs Paddle feeds {feeds}")
    binding = sess.io_binding()
    for name, feed in zip(names, feeds):  # paddle2onnx keeps the feed order and names
        binding.bind_cpu_input(name, inputs[feed if feed in inputs else name])
    outs = [np.empty(r.shape, r.dtype) for r in ref]
    onames = [o.name for o in sess.get_outputs()]
    if len(onames) != len(outs):
        raise RuntimeError(f"ONNX has {len(onames)} outputs, Paddle {len(outs)}")
    for name, buf in zip(onames, outs):
        binding.bind_ortvalue_output(name, ort.OrtValue.ortvalue_from_numpy(buf))

    def run():
        sess.run_with_iobinding(binding)
    return run, lambda: outs, f"onnxruntime {ort.__version__}, intra_op {args.threads}, inter_op 1"


def ov_engine(prefix, feeds, inputs, ref, args):
    import openvino as ov
    core = ov.Core()
    model = core.read_model(prefix + ".onnx")
    compiled = core.compile_model(model, "CPU", {"PERFORMANCE_HINT": "LATENCY",
                                                 "INFERENCE_PRECISION_HINT": "f32"})
    request = compiled.create_infer_request()
    if len(compiled.inputs) != len(feeds):
        raise RuntimeError(f"{len(compiled.inputs)} OpenVINO inputs vs Paddle feeds {feeds}")
    for i, feed in enumerate(feeds):
        request.set_input_tensor(i, ov.Tensor(inputs[feed], shared_memory=True))
    outs = [np.empty(r.shape, r.dtype) for r in ref]
    try:
        for i, buf in enumerate(outs):
            request.set_output_tensor(i, ov.Tensor(buf, shared_memory=True))
        preallocated = True
    except Exception:  # noqa: BLE001 (OpenVINO allocates the outputs itself)
        preallocated = False

    def result():
        if preallocated:
            return outs
        return [request.get_output_tensor(i).data.copy() for i in range(len(ref))]
    threads = compiled.get_property("INFERENCE_NUM_THREADS")
    return request.infer, result, (f"openvino {ov.__version__.split('-')[0]}, LATENCY, f32, "
                                   f"{threads} threads")


def paddle_engine(prefix, feeds, inputs, ref, args):
    import paddle
    import paddle.inference as pi
    config = pi.Config(prefix + ".json", prefix + ".pdiparams")
    config.disable_gpu()
    config.switch_ir_optim(True)
    config.set_cpu_math_library_num_threads(args.threads)
    if args.onednn:
        config.enable_mkldnn()
    else:
        config.disable_mkldnn()
    config.disable_glog_info()
    predictor = pi.create_predictor(config)
    names = list(predictor.get_input_names())
    for name in names:
        predictor.get_input_handle(name).copy_from_cpu(inputs[name])
    fetches = list(predictor.get_output_names())

    def result():
        return [predictor.get_output_handle(n).copy_to_cpu() for n in fetches]
    return predictor.run, result, (f"paddle.inference {paddle.__version__}, "
                                   f"oneDNN {'on' if args.onednn else 'off'}, "
                                   f"{args.threads} threads")


ENGINES = {"ort": ort_engine, "ov": ov_engine, "paddle": paddle_engine}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine", choices=sorted(ENGINES))
    ap.add_argument("prefix", help="DIR/NAME of the exported model")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--onednn", type=int, default=0)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--min-runs", type=int, default=20)
    ap.add_argument("--max-runs", type=int, default=200)
    ap.add_argument("--min-time", type=float, default=1.0)
    args = ap.parse_args()
    try:
        feeds, inputs, ref = load_io(args.prefix)
        start = time.perf_counter()
        run, result, config = ENGINES[args.engine](args.prefix, feeds, inputs, ref, args)
        run()
        load_ms = (time.perf_counter() - start) * 1e3
        abs_err, rel_err, ok, note = compare(result(), ref)
        median_us, runs = time_it(run, args)
    except Exception as e:  # noqa: BLE001 (one line for the report)
        print(json.dumps({"error": " ".join(f"{type(e).__name__}: {e}".split())[:300]}))
        return 1
    print(json.dumps({"median_us": round(median_us, 3), "runs": runs,
                      "load_ms": round(load_ms, 1), "max_abs_err": abs_err,
                      "max_rel_err": rel_err, "ok": ok, "note": note, "config": config,
                      "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
