"""Model benchmarks: the MLP and CNN of examples/cpu_inference.py (with
its numpy references) and nn.TransformerEncoderLayer (eval mode) with a
numpy reference written here. Weights are frozen into the program and
`pd-inference-opt` runs before compilation, as in the example; its time is
part of the reported compile time.
"""

from __future__ import annotations

import importlib.util
import time

import numpy as np

from paddle_mlir import nn, run_pipeline, static
from paddle_mlir.nn.initializer import set_global_seed
from paddle_mlir.utils import unique_name

from .harness import REPO, Case, Prepared


def _load_example():
    path = REPO / "examples" / "cpu_inference.py"
    spec = importlib.util.spec_from_file_location("cpu_inference_example", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


example = _load_example()


def randomize(store, rng):
    """Batch-norm statistics as in the example, plus non-trivial biases and
    norm scales (fresh ones are 0 and 1, which would hide mistakes)."""
    example.randomize_statistics(store, rng)
    for name in list(store):
        if name.startswith("batch_norm"):
            continue
        if name.endswith(".b_0"):
            store[name] = rng.normal(0, 0.1, store[name].shape).astype(np.float32)
        elif name.startswith("layer_norm") and name.endswith(".w_0"):
            store[name] = rng.normal(1, 0.1, store[name].shape).astype(np.float32)


def frozen_model(build, input_shape, rng):
    """(program optimized for inference, weights, optimization seconds)."""
    set_global_seed(0)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [None, *input_shape[1:]], "float32")
        main.fetch(build(x), "out")
    static.Executor("cpu").run(startup)
    randomize(main.parameters, rng)
    weights = {k: main.parameters[k].copy() for k in main.parameters}
    start = time.perf_counter()
    main.freeze()
    run_pipeline(main.module, "pd-inference-opt", description="bench: pd-inference-opt")
    return main, weights, time.perf_counter() - start


def model_case(name: str, build, reference, input_shape, *, seed: int = 0, note: str = "") -> Case:
    def prepare() -> Prepared:
        rng = np.random.default_rng(seed)
        program, weights, opt_s = frozen_model(build, input_shape, rng)
        x = rng.standard_normal(input_shape).astype(np.float32)
        w64 = {k: v.astype(np.float64) for k, v in weights.items()}
        return Prepared(program, {"x": x}, numpy_fn=lambda: reference(x, weights),
                        reference=reference(x.astype(np.float64), w64), prepare_s=opt_s)
    return Case("model", name, prepare, numpy_label="numpy reference (f32)", note=note)


def mlp_case(batch: int) -> Case:
    return model_case(f"MLP 784-256-128-10, batch {batch}", example.mlp, example.mlp_reference,
                      (batch, 784))


def cnn_case(batch: int) -> Case:
    return model_case(f"CNN (example), batch {batch}, 3x32x32", example.cnn,
                      example.cnn_reference, (batch, 3, 32, 32))


# -- transformer encoder layer -------------------------------------------------------------
def np_layer_norm(x, w, b, eps=1e-5):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * w + b


def encoder_reference(nhead: int):
    """Paddle's TransformerEncoderLayer (post-norm, relu, dropout off):
    linear_0..3 = q, k, v, out projections; linear_4/5 = the feed-forward;
    layer_norm_0/1 = norm1/norm2."""
    def reference(x, p):
        b, s, d = x.shape
        hd = d // nhead

        def lin(v, i):
            return v @ p[f"linear_{i}.w_0"] + p[f"linear_{i}.b_0"]

        def heads(v):
            return v.reshape(b, s, nhead, hd).transpose(0, 2, 1, 3)

        q, k, v = heads(lin(x, 0)), heads(lin(x, 1)), heads(lin(x, 2))
        scores = (q * hd ** -0.5) @ k.transpose(0, 1, 3, 2)
        weights = example.np_softmax(scores)
        attn = (weights @ v).transpose(0, 2, 1, 3).reshape(b, s, d)
        h = np_layer_norm(x + lin(attn, 3), p["layer_norm_0.w_0"], p["layer_norm_0.b_0"])
        ff = lin(np.maximum(lin(h, 4), 0), 5)
        return np_layer_norm(h + ff, p["layer_norm_1.w_0"], p["layer_norm_1.b_0"])
    return reference


def encoder_build(d_model: int, nhead: int, ff: int):
    def build(x):
        layer = nn.TransformerEncoderLayer(d_model, nhead, ff)
        layer.eval()
        return layer(x)
    return build


def encoder_case(batch: int, seq: int, d_model: int, nhead: int = 4, ff: int | None = None) -> Case:
    ff = ff or 4 * d_model
    return model_case(f"TransformerEncoderLayer d={d_model} h={nhead} ff={ff}, batch {batch} x seq {seq}",
                      encoder_build(d_model, nhead, ff), encoder_reference(nhead),
                      (batch, seq, d_model))
