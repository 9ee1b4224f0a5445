"""Outputs whose size depends on the values (nonzero, masked_select): the
compiled program fills a buffer of the bound (every element selected) and
reports the shape it filled (pd-bound-dynamic-results); the Executor, the
Predictor and `paddle-mlir compile` return or describe exactly that part.
The op numerics are in numerics/cases.py."""

import pathlib

import numpy as np
import pytest

import paddle_mlir.inference as paddle_infer
from paddle_mlir import static, ops
from paddle_mlir.backend import aot

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "paddle"


def _program():
    prog = static.Program()
    with static.program_guard(prog):
        x = static.data("x", [3, 4], "float32")
        m = static.data("m", [1, 4], "bool")
        idx = ops.nonzero(x)
        sel = ops.masked_select(x, m)
        doubled = sel * 2.0          # an op on a value of run-time length
    return prog, [idx, sel, doubled]


def test_executor_returns_what_each_run_selected():
    prog, fetches = _program()
    exe = static.Executor()
    rng = np.random.default_rng(3)
    mask = np.array([[True, False, True, True]])
    for zeros in (0, 5, 12, 3):      # counts change from run to run (the fast path too)
        x = rng.uniform(-1, 1, (3, 4)).astype(np.float32)
        x.reshape(-1)[rng.permutation(12)[:zeros]] = 0
        idx, sel, doubled = exe.run(prog, feed={"x": x, "m": mask}, fetch_list=fetches)
        np.testing.assert_array_equal(idx, np.argwhere(x))
        assert idx.dtype == np.int64 and idx.shape == (12 - zeros, 2)
        np.testing.assert_array_equal(sel, x[np.broadcast_to(mask, x.shape)])
        np.testing.assert_allclose(doubled, 2 * sel)


def _fixture_inputs(seed):
    return {"x": np.random.default_rng(seed).uniform(-1, 1, (4, 5)).astype(np.float32)}


def test_predictor_output_shapes_follow_the_run():
    config = paddle_infer.Config(str(FIXTURES / "data_dependent.json"))
    predictor = paddle_infer.create_predictor(config)
    names = predictor.get_output_names()
    assert len(names) == 7  # the shape outputs stay internal
    for seed in (1, 2, 3):
        x = _fixture_inputs(seed)["x"]
        predictor.get_input_handle("x").copy_from_cpu(x)
        predictor.run()
        positive = predictor.get_output_handle(names[0])
        picked = predictor.get_output_handle(names[1])
        want = np.argwhere(x > 0.3)
        assert positive.shape() == list(want.shape)
        np.testing.assert_array_equal(positive.copy_to_cpu(), want)
        np.testing.assert_allclose(picked.copy_to_cpu(),
                                   (2 * x)[np.broadcast_to(x[:1] < 0, x.shape)], rtol=1e-6)
        levels = np.round(x * 2).astype(np.int64)
        values, first, inverse, counts = np.unique(levels, return_index=True,
                                                   return_inverse=True, return_counts=True)
        got = [predictor.get_output_handle(n).copy_to_cpu() for n in names[2:]]
        for g, w in zip(got, (values, first, inverse.reshape(-1), counts, np.unique(levels * 3))):
            np.testing.assert_array_equal(g, w)
        # Paddle 3's form.
        again = predictor.run([x])
        np.testing.assert_array_equal(again[0], want)


def test_compiled_header_names_the_shape_outputs(tmp_path):
    program = aot.load_program(FIXTURES / "data_dependent.json")
    lowered = aot.lower_program(program, {"x": (4, 5)})
    names = [s.name for s in lowered.fetches]
    # 7 fetches (the inverse of unique has a static shape), then one shape
    # output per fetch of run-time size.
    assert len(names) == 13 and all(n.endswith("_shape") for n in names[7:])
    assert lowered.dynamic_fetches == {0: 7, 1: 8, 2: 9, 3: 10, 5: 11, 6: 12}
    assert [s.shape for s in lowered.fetches][:3] == [(20, 2), (20,), (20,)]
    assert lowered.fetches[4].shape == (20,)
    header = aot.header_source(lowered, "dd.h")
    assert "its size depends on the values" in header
    assert f"the shape {lowered.fetches[0].c_name} has after the call" in header



def test_topk_with_a_run_time_k():
    import paddle_mlir.dialects.pd as pd
    from paddle_mlir.backend.runtime_checks import RuntimeCheckError
    prog = static.Program()
    with static.program_guard(prog), prog.building():
        x = static.data("x", [3, 6], "float32")
        k = static.data("k", [1], "int32")
        values, indices = pd.topk(x, k)
    exe = static.Executor()
    xv = np.random.default_rng(4).permutation(18).reshape(3, 6).astype(np.float32)
    for kv in (1, 4, 6):
        v, i = exe.run(prog, feed={"x": xv, "k": np.array([kv], np.int32)},
                       fetch_list=[values, indices])
        want = np.argsort(-xv, axis=1, kind="stable")[:, :kv]
        np.testing.assert_array_equal(i, want)
        np.testing.assert_array_equal(v, np.take_along_axis(xv, want, 1))
    # A k past the dim is PHI's error, not a read past the row.
    with pytest.raises(RuntimeCheckError, match=r"k is outside \[1, 6\]"):
        exe.run(prog, feed={"x": xv, "k": np.array([9], np.int32)}, fetch_list=[values])
