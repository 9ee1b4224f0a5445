"""A model with a dynamic batch dim runs at every batch size with one compile.

The Predictor compiles a batch of one and runs a batch of N as N calls on
consecutive samples when `pd-check-batch-separable` finds that the program
computes every sample on its own (backend/batching.py); otherwise it compiles
for each batch size. Paddle's own outputs (stored with the fixtures) are the
reference: a batch made of the fixture's samples in another order must give
Paddle's outputs in that order."""

import json
import pathlib

import numpy as np
import pytest

import paddle_mlir.inference as paddle_infer
from paddle_mlir import nn, ops, static
from paddle_mlir.backend import batching, compile_cache
from paddle_mlir.utils import unique_name

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "paddle"
SEPARABLE = ["mlp", "cnn", "resblock", "encoder", "ln_gelu", "shape_ops"]

pytestmark = pytest.mark.usefixtures("no_pass_manager_threads")


def _fixture(name):
    with np.load(FIXTURES / f"{name}.io.npz", allow_pickle=False) as f:
        return {k: f[k] for k in f.files}


def _predictor(name, *, cache=None, dynamic=True, block=8):
    params = FIXTURES / f"{name}.pdiparams"
    config = paddle_infer.Config(str(FIXTURES / f"{name}.json"),
                                 str(params) if params.exists() else None)
    if cache is None:
        config.disable_compile_cache()
    else:
        config.set_optim_cache_dir(cache)
    config.set_dynamic_batch(dynamic, block)
    return paddle_infer.create_predictor(config)


def _reordered(ref, order):
    """The fixture's input samples in `order`, and Paddle's outputs for them."""
    (x,) = [ref[k] for k in ref if k.startswith("in/")]
    outs = [ref[k] for k in sorted(k for k in ref if k.startswith("out/"))]
    return x[order], [o[order] for o in outs]


@pytest.mark.parametrize("name", SEPARABLE)
def test_every_batch_size_runs_the_batch_of_one(name):
    ref = _fixture(name)
    predictor = _predictor(name)
    (x,) = [ref[k] for k in ref if k.startswith("in/")]
    n = x.shape[0]
    for order in (list(range(n)), [n - 1] + list(range(n)) * 2, [0]):
        batch, expected = _reordered(ref, order)
        outs = predictor.run([batch])
        assert len(outs) == len(expected)
        for got, want in zip(outs, expected):
            assert got.shape == want.shape
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    unit = [[1] + list(x.shape[1:])]
    assert predictor.compiled_shapes() == [unit]


@pytest.mark.parametrize("name", ["mlp", "cnn"])
def test_large_batches_go_a_block_at_a_time(name):
    ref = _fixture(name)
    predictor = _predictor(name, block=4)
    (x,) = [ref[k] for k in ref if k.startswith("in/")]
    order = [i % x.shape[0] for i in range(11)]      # two blocks of 4, then 3 samples
    batch, expected = _reordered(ref, order)
    outs = predictor.run([batch])
    for got, want in zip(outs, expected):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    unit = list(x.shape[1:])
    assert predictor.compiled_shapes() == [[[1] + unit], [[4] + unit]]


def test_a_bad_block_size():
    config = paddle_infer.Config(str(FIXTURES / "mlp.json"), str(FIXTURES / "mlp.pdiparams"))
    with pytest.raises(paddle_infer.InferenceError, match="block must be at least 1"):
        config.set_dynamic_batch(True, 0)


def test_handles_see_the_whole_batch():
    ref = _fixture("cnn")
    predictor = _predictor("cnn")
    batch, (expected,) = _reordered(ref, [1, 0, 1])
    predictor.get_input_handle("image").copy_from_cpu(batch)
    predictor.run()
    out = predictor.get_output_handle(predictor.get_output_names()[0])
    assert out.shape() == [3, 5]
    np.testing.assert_allclose(out.copy_to_cpu(), expected, rtol=1e-5, atol=1e-5)


def test_an_empty_batch():
    predictor = _predictor("mlp")
    (out,) = predictor.run([np.zeros((0, 8), np.float32)])
    assert out.shape == (0, 4)


def test_a_batch_dependent_model_compiles_each_size():
    ref = _fixture("cond")       # branches on a reduction over the whole batch
    predictor = _predictor("cond")
    out = predictor.run([ref["in/x"]])[0]
    np.testing.assert_allclose(out, ref["out/0"], rtol=1e-5, atol=1e-5)
    assert predictor.compiled_shapes() == [[[1, 4]], [list(ref["in/x"].shape)]]


def test_dynamic_batch_can_be_turned_off():
    ref = _fixture("mlp")
    predictor = _predictor("mlp", dynamic=False)
    (out,) = predictor.run([ref["in/x"]])
    np.testing.assert_allclose(out, ref["out/0"], rtol=1e-5, atol=1e-5)
    assert predictor.compiled_shapes() == [[list(ref["in/x"].shape)]]


def test_the_answer_is_cached_with_the_library(tmp_path):
    ref = _fixture("encoder")
    batch, (expected,) = _reordered(ref, [1, 1, 0])
    first = _predictor("encoder", cache=tmp_path)
    first.run([batch])
    second = _predictor("encoder", cache=tmp_path)
    (out,) = second.run([batch])
    assert second.cache_hit is True
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-5)
    libraries = [json.loads((p / "meta.json").read_text())
                 for _, _, p in compile_cache.CompileCache(tmp_path).entries()]
    libraries = [m for m in libraries if m.get("kind") != "signature"]
    assert len(libraries) == 1
    assert libraries[0]["batch"] == {"separable": True, "reason": "", "feeds": ["src"]}


# -- the analysis on programs built here ------------------------------------------------
def _analyze(build):
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [None, 4], "float32")
        main.fetch(build(x), "y")
    static.Executor("cpu").run(startup)
    return batching.analyze(main, {"x": (1, 4)}, ["x"], pipeline="pd-inference-opt")


def test_analysis_accepts_per_sample_layers():
    result = _analyze(lambda x: nn.functional.softmax(nn.Linear(4, 3)(x), axis=-1))
    assert result.separable, result.reason


def test_analysis_refuses_a_reduction_over_the_batch():
    result = _analyze(lambda x: x - ops.mean(x, axis=0, keepdim=True))
    assert not result.separable
    assert "reduces over the batch" in result.reason


def test_analysis_refuses_reading_the_batch_size():
    result = _analyze(lambda x: ops.reshape(x, ops.shape(x)))
    assert not result.separable
    assert "'pd.shape'" in result.reason and "reads the shape of a batched value" in result.reason
