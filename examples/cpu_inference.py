"""paddle-mlir on the CPU: build an MLP and a CNN with the Paddle-style
Python API, optimize (`pd-inference-opt`: value semantics, conv+bn folding
on frozen weights, shape refinement), lower (`pd-lower-to-llvm`: linalg,
bufferization, tiling + vectorization, LLVM) and run them with
`static.Executor("cpu")`. Prints each model's max error against an
independent numpy implementation and the median latency.

    make run        (or: .venv/bin/python examples/cpu_inference.py)
"""

from __future__ import annotations

import time

import numpy as np

from paddle_mlir import nn, run_pipeline, static
from paddle_mlir.nn.initializer import set_global_seed
from paddle_mlir.utils import unique_name

TOLERANCE = 1e-5


# -- models ----------------------------------------------------------------------
def mlp(x):
    return nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 128), nn.ReLU(),
                         nn.Linear(128, 10), nn.Softmax())(x)


def cnn(x):
    net = nn.Sequential(
        nn.Conv2D(3, 16, 3, padding=1), nn.BatchNorm2D(16), nn.ReLU(), nn.MaxPool2D(2),
        nn.Conv2D(16, 32, 3, padding=1), nn.BatchNorm2D(32), nn.ReLU(), nn.MaxPool2D(2),
        nn.Flatten(), nn.Linear(32 * 8 * 8, 10))
    net.eval()  # inference batch norm: running statistics, no updates
    return net(x)


# -- numpy references (independent of the compiler) ------------------------------------
def np_linear(x, p, name):
    return x @ p[f"{name}.w_0"] + p[f"{name}.b_0"]


def np_softmax(z):
    e = np.exp(z - z.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def np_conv2d(x, w, b, pad):
    n, c, h, wd = x.shape
    f, _, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    oh, ow = h + 2 * pad - kh + 1, wd + 2 * pad - kw + 1
    cols = np.empty((n, c, kh, kw, oh, ow), x.dtype)
    for i in range(kh):
        for j in range(kw):
            cols[:, :, i, j] = xp[:, :, i:i + oh, j:j + ow]
    out = np.einsum("nckhij,fckh->nfij", cols.reshape(n, c, kh, kw, oh, ow), w, optimize=True)
    return out + b.reshape(1, -1, 1, 1)


def np_batch_norm(x, p, name, eps=1e-5):
    mean, var = p[f"{name}.w_1"], p[f"{name}.w_2"]
    scale, bias = p[f"{name}.w_0"], p[f"{name}.b_0"]
    shape = (1, -1, 1, 1)
    return (x - mean.reshape(shape)) / np.sqrt(var.reshape(shape) + eps) * scale.reshape(shape) \
        + bias.reshape(shape)


def np_max_pool2(x):
    n, c, h, w = x.shape
    return x.reshape(n, c, h // 2, 2, w // 2, 2).max(axis=(3, 5))


def mlp_reference(x, p):
    h = np.maximum(np_linear(x, p, "linear_0"), 0)
    h = np.maximum(np_linear(h, p, "linear_1"), 0)
    return np_softmax(np_linear(h, p, "linear_2"))


def cnn_reference(x, p):
    h = np_conv2d(x, p["conv2d_0.w_0"], p["conv2d_0.b_0"], 1)
    h = np_max_pool2(np.maximum(np_batch_norm(h, p, "batch_norm2d_0"), 0))
    h = np_conv2d(h, p["conv2d_1.w_0"], p["conv2d_1.b_0"], 1)
    h = np_max_pool2(np.maximum(np_batch_norm(h, p, "batch_norm2d_1"), 0))
    return np_linear(h.reshape(h.shape[0], -1), p, "linear_0")


# -- driver -----------------------------------------------------------------------------
def randomize_statistics(store, rng):
    """Fresh batch-norm layers have mean 0 / variance 1; use real-looking
    statistics so the folding is exercised."""
    for name in list(store):
        if name.startswith("batch_norm") and name.endswith(".w_1"):
            store[name] = rng.normal(0, 0.1, store[name].shape).astype(np.float32)
        elif name.startswith("batch_norm") and name.endswith(".w_2"):
            store[name] = rng.uniform(0.5, 1.5, store[name].shape).astype(np.float32)
        elif name.startswith("batch_norm") and name.endswith(".b_0"):
            store[name] = rng.normal(0, 0.1, store[name].shape).astype(np.float32)


def run_model(name, build, reference, input_shape, rng, runs=50):
    set_global_seed(0)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [None, *input_shape[1:]], "float32")
        y = build(x)
        if not isinstance(y, static.Program) and hasattr(y, "owner"):
            main.fetch(y, "out")
    exe = static.Executor("cpu")
    exe.run(startup)
    randomize_statistics(main.parameters, rng)
    weights = {k: main.parameters[k].copy() for k in main.parameters}

    # Inference: weights become constants, then the optimization pipeline.
    main.freeze()
    run_pipeline(main.module, "pd-inference-opt", description=f"{name}: pd-inference-opt")
    x_np = rng.standard_normal(input_shape).astype(np.float32)
    start = time.perf_counter()
    (out,) = exe.run(main, feed={"x": x_np}, fetch_list=["out"])
    compile_s = time.perf_counter() - start
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        exe.run(main, feed={"x": x_np}, fetch_list=["out"])
        times.append(time.perf_counter() - t)
    ref = reference(x_np.astype(np.float64), {k: v.astype(np.float64) for k, v in weights.items()})
    err = float(np.abs(out - ref).max())
    ok = err <= TOLERANCE
    print(f"{name:4s} input {list(input_shape)} -> output {list(out.shape)}: "
          f"max |error| vs numpy = {err:.2e} ({'ok' if ok else 'FAIL'}, tolerance {TOLERANCE:g}); "
          f"median latency {np.median(times) * 1e3:.3f} ms over {runs} runs "
          f"(first run incl. compilation {compile_s * 1e3:.0f} ms)")
    return ok


def main() -> int:
    rng = np.random.default_rng(0)
    ok = run_model("MLP", mlp, mlp_reference, (32, 784), rng)
    ok &= run_model("CNN", cnn, cnn_reference, (8, 3, 32, 32), rng)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
