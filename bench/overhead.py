#!/usr/bin/env python3
"""Per-call overhead of the inference runtime (issue targets: `Predictor.run`
<= 5 us and `Executor.run` <= 20 us above the bare compiled function).

    .venv/bin/python bench/overhead.py [--json]

The model is the issue's: an MLP 784-256-10 at batch 4, built with the
static API, weights from its startup program. Measured in one process,
interleaved in blocks, medians of per-call times in microseconds:

- `predictor.run()` (handles filled once) and `predictor.run([x])` (Paddle 3's
  form) against the library's entry point called through ctypes with the
  same pointers (`bare .so`);
- `Executor.run(main, feed, fetch_list)` against the JIT-compiled function
  called with prepared descriptors (`bare JIT`);
- numpy computing the same MLP, for scale.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))


def _median_us(fn, number: int, blocks: int = 7) -> float:
    per_block = []
    for _ in range(blocks):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        per_block.append((time.perf_counter() - t) / number * 1e6)
    return float(np.median(per_block))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--number", type=int, default=2000, help="calls per block")
    args = parser.parse_args()

    import paddle_mlir.inference as paddle_infer
    from paddle_mlir import nn, static
    from paddle_mlir.utils import unique_name

    main_prog, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main_prog, startup):
        x = static.data("x", [None, 784], "float32")
        y = nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 10))(x)
        main_prog.fetch(y, "y")
    exe = static.Executor("cpu", parallel=False)
    exe.run(startup)
    feed = np.random.default_rng(0).standard_normal((4, 784)).astype(np.float32)
    W = {k: main_prog.parameters[k] for k in main_prog.parameters}

    # Executor.run and its bare JIT call.
    (out,) = exe.run(main_prog, feed={"x": feed}, fetch_list=["y"])
    fast = exe._fast[id(main_prog)]
    inputs = [p.value for p in fast.params] + [feed]
    fast.call(inputs)
    func, packed = fast.call.func, fast.call.packed

    # The predictor on the same program saved with its weights.
    with tempfile.TemporaryDirectory() as tmp:
        main_prog.save(os.path.join(tmp, "mlp.mlir"))
        main_prog.parameters.save(os.path.join(tmp, "mlp.npz"))
        config = paddle_infer.Config(os.path.join(tmp, "mlp.mlir"))
        config.disable_compile_cache()
        # One call per run (no batch slicing): what is measured is the overhead.
        config.set_dynamic_batch(False)
        predictor = paddle_infer.create_predictor(config)
    handle = predictor.get_input_handle("x")
    handle.copy_from_cpu(feed)
    predictor.run()
    binding = predictor._binding
    entry, pointers, _ = binding.calls[0]
    (pout,) = predictor.run([feed])
    ref = np.maximum(feed @ W["linear_0.w_0"] + W["linear_0.b_0"], 0) @ W["linear_1.w_0"] \
        + W["linear_1.b_0"]
    assert np.allclose(out, ref, atol=1e-4) and np.allclose(pout, ref, atol=1e-4)
    predictor.run()
    binding = predictor._binding or predictor._bind()
    entry, pointers, _ = binding.calls[0]

    n = args.number
    rows = {}
    for _ in range(2):   # two interleaved passes; the better median of each
        for name, fn in [
            ("bare .so", lambda: entry(*pointers)),
            ("Predictor.run()", predictor.run),
            ("Predictor.run([x])", lambda: predictor.run([feed])),
            ("bare JIT", lambda: func(packed)),
            ("Executor.run", lambda: exe.run(main_prog, feed={"x": feed}, fetch_list=["y"])),
            ("numpy", lambda: np.maximum(feed @ W["linear_0.w_0"] + W["linear_0.b_0"], 0)
             @ W["linear_1.w_0"] + W["linear_1.b_0"]),
        ]:
            us = _median_us(fn, n)
            rows[name] = min(us, rows.get(name, us))
    result = {k: round(v, 2) for k, v in rows.items()}
    result["predictor_overhead_us"] = round(rows["Predictor.run()"] - rows["bare .so"], 2)
    result["predictor_list_overhead_us"] = round(rows["Predictor.run([x])"] - rows["bare .so"], 2)
    result["executor_overhead_us"] = round(rows["Executor.run"] - rows["bare JIT"], 2)
    if args.json:
        print(json.dumps(result))
    else:
        print("MLP 784-256-10, batch 4, one thread: median us per call")
        for k, v in rows.items():
            print(f"  {k:20s} {v:8.2f}")
        print(f"  overhead: Predictor.run() {result['predictor_overhead_us']:+.2f} us, "
              f"Predictor.run([x]) {result['predictor_list_overhead_us']:+.2f} us over the "
              f"bare .so; Executor.run {result['executor_overhead_us']:+.2f} us over the bare JIT")
    return 0


if __name__ == "__main__":
    sys.exit(main())
