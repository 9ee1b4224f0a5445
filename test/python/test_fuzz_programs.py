"""make test's budget of the random-program fuzzer (tools/fuzz/fuzz_programs.py):
random valid pd programs, compiled and run by the Executor in worker
processes, must match numpy (no mismatch, crash or hang). `make fuzz` runs a
longer campaign. Below, the programs it found crashing, as regressions:
empty tensors (a dim of 0) through slices, concats, matmuls and group_norm."""

import numpy as np
import pytest

from paddle_mlir import static
from paddle_mlir.dialects import pd

from conftest import load_fuzz_tool


def test_random_programs_match_numpy(capsys):
    fuzz = load_fuzz_tool("fuzz_programs")
    status = fuzz.main(["--count", "40", "--seed", "1", "--jobs", "2", "--zero-dims", "0.05"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "mismatch 0, crash 0, hang 0" in out


def test_the_checker_finds_a_wrong_value():
    """The comparison is not vacuous: one wrong element, a wrong shape, and
    NaN only where numpy has NaN."""
    fuzz = load_fuzz_tool("fuzz_programs")
    nodes = [fuzz.Node("feed", [], (3, 4)), fuzz.Node("unary", [0], (3, 4), {"op": "tanh"})]
    feeds = fuzz.feeds_for(nodes, 0)
    good = np.tanh(feeds["x0"])
    assert fuzz.check(nodes, [good], feeds) == ""
    bad = good.copy()
    bad[1, 2] += 1e-3
    assert "1 of 12 values differ" in fuzz.check(nodes, [bad], feeds)
    assert "shape" in fuzz.check(nodes, [good[:2]], feeds)
    bad[1, 2] = np.nan
    assert "differ" in fuzz.check(nodes, [bad], feeds)


def test_a_nan_from_an_empty_mean_leaves_the_other_bounds_finite(capsys):
    """Seed 17810: the mean of a [1, 0, 16] feed is NaN, concatenated with
    finite values; the bound's scale (the largest |value|) was NaN, so every
    finite value counted as a mismatch. Replayed, it matches numpy."""
    fuzz = load_fuzz_tool("fuzz_programs")
    fuzz.main(["--zero-dims", "0.05", "--replay", "17810"])
    assert '"outcome": "ok"' in capsys.readouterr().out


@pytest.mark.parametrize("seed", [1134648, 1130692])
def test_campaign_mismatches_replay_as_matches(seed, capsys):
    """The 2026-11-29 campaign's two mismatches: 1134648, a layer norm over
    [16, 1, 17] of constant rows, summed one element at a time (now one
    row of 272: 20x more accurate); 1130692, the cosine of a sum of 3927
    values, which numpy's pairwise float32 sum got 13x closer than any
    blocked sum (the bound now takes numpy's sequential sum too)."""
    fuzz = load_fuzz_tool("fuzz_programs")
    fuzz.main(["--zero-dims", "0.05", "--replay", str(seed)])
    assert '"outcome": "ok"' in capsys.readouterr().out


def test_layer_norm_over_several_dims_of_constant_rows():
    """(x - mean) of constant rows is the rounding of the mean alone, which
    the 1 / sqrt(epsilon) of the normalization multiplies by 316."""
    x = np.full((16, 16, 1, 17), 0.7310586, np.float32)
    w = np.random.default_rng(0).standard_normal((16, 1, 17)).astype(np.float32)
    b = np.random.default_rng(1).standard_normal((16, 1, 17)).astype(np.float32)
    (out,) = _run(lambda x, w, b: (pd.layer_norm(x, w, b, 1e-5, 1)[0],), {"x": x, "w": w, "b": b})
    np.testing.assert_allclose(out, np.broadcast_to(b, x.shape), atol=1e-4 * (1 + np.abs(w).max()))


def _run(build, feeds):
    main = static.Program()
    with static.program_guard(main), main.building():
        values = {name: static.data(name, list(a.shape), str(a.dtype)) for name, a in feeds.items()}
        outs = build(**values)
    return static.Executor("cpu").run(main, feed=feeds, fetch_list=list(outs))


def test_slices_and_concats_of_empty_tensors():
    """A slice at offset 0 of a dim of size 0 was invalid IR (segfault)."""
    a = np.zeros((4, 8, 0), np.float32)
    b = np.zeros((3, 0, 0), np.float32)
    c = np.zeros((7, 0), np.float32)
    d = np.zeros((0, 0), np.float32)

    def build(a, b, c, d):
        s = pd.slice(a, [0], [0], [3], [1], [])
        return (pd.relu6(s), pd.concat([s, b], 1), pd.concat([c, d], 0),
                pd.softmax(c, 1))
    outs = _run(build, {"a": a, "b": b, "c": c, "d": d})
    assert [o.shape for o in outs] == [(3, 8, 0), (3, 8, 0), (7, 0), (7, 0)]


@pytest.mark.parametrize("xs, ys, transpose_y, expected", [
    ((0, 1, 0), (7, 0), True, (0, 1, 7)),      # k = 0, a batch of 0: SIGFPE at compile time
    ((3, 0), (0, 5), False, (3, 5)),           # k = 0: zeros
    ((1, 2, 3), (0, 3, 4), False, (0, 2, 4)),  # a batch of 1 broadcast with 0 is 0
])
def test_matmuls_with_empty_dims(xs, ys, transpose_y, expected):
    x = np.ones(xs, np.float32)
    y = np.ones(ys, np.float32)
    (out,) = _run(lambda x, y: (pd.matmul(x, y, transpose_y=transpose_y),), {"x": x, "y": y})
    assert out.shape == expected
    np.testing.assert_array_equal(out, np.matmul(x, np.swapaxes(y, -1, -2) if transpose_y else y))


def test_group_norm_of_an_empty_batch():
    """numel / (n * c) divided by zero at compile time (SIGFPE)."""
    x = np.zeros((0, 4, 3, 3), np.float32)

    def build(x):
        y = pd.group_norm(x, None, None, 1e-5, 2, "NCHW")
        return (y[0] if isinstance(y, (list, tuple)) else y,)
    (out,) = _run(build, {"x": x})
    assert out.shape == (0, 4, 3, 3)
