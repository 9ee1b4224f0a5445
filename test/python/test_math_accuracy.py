"""pd-approximate-math replaces f32 exp, log, log1p, tanh and erf by
polynomial approximations: over dense ranges (including the tails and tiny
arguments) they must stay within a few float32 ulp of numpy in float64."""

import numpy as np
import pytest

from paddle_mlir import ops, static

F32_EPS = float(np.finfo(np.float32).eps)


def _run(fn, x):
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        feed = static.data("x", list(x.shape), "float32")
        main.fetch(fn(feed), "y")
    (y,) = static.Executor("cpu").run(main, feed={"x": x}, fetch_list=["y"])
    return y


def _dense(lo, hi, n=200_001, log=False):
    if log:
        return np.geomspace(lo, hi, n).astype(np.float32)
    return np.linspace(lo, hi, n, dtype=np.float32)


@pytest.mark.parametrize("name, ref, x, tol_ulp", [
    ("exp", np.exp, _dense(-87, 88), 4),
    ("expm1", np.expm1, _dense(-20, 20), 4),
    ("expm1", np.expm1, _dense(-1e-3, 1e-3), 4),     # Kahan's correction near 0
    ("log1p", np.log1p, _dense(-1e-3, 1e-3), 4),
    ("log", np.log, _dense(1e-30, 1e30, log=True), 4),
    ("log1p", np.log1p, _dense(-0.999, 1e6), 4),
    ("tanh", np.tanh, _dense(-12, 12), 8),
    ("erf", None, _dense(-6, 6), 8),
])
def test_approximations_stay_within_a_few_ulp(name, ref, x, tol_ulp):
    y = _run(getattr(ops, name), x).astype(np.float64)
    x64 = x.astype(np.float64)
    if ref is None:
        from math import erf
        expected = np.vectorize(erf)(x64)
    else:
        expected = ref(x64)
    err = np.abs(y - expected)
    scale = np.maximum(np.abs(expected), np.finfo(np.float32).tiny)
    # A few ulp of the result, or of 1 where the result is tiny (absolute).
    bound = tol_ulp * F32_EPS * np.maximum(scale, 1e-6 if name in ("erf", "tanh") else 0)
    assert np.all(err <= np.maximum(bound, tol_ulp * F32_EPS * scale)), (
        f"{name}: worst at x={x[np.argmax(err / scale)]}, rel err {np.max(err / scale):.3g}")


@pytest.mark.parametrize("name", ["i0", "i0e", "i1", "i1e"])
def test_bessel_functions_round_correctly_to_float32(name):
    """paddle.i0/i0e/i1/i1e (Cephes' Chebyshev series, evaluated in float64)
    over both of their ranges (|x| <= 8 and beyond), through ops.*: within
    one float32 rounding (1 ulp) of the float64 power series of
    numerics/references.py."""
    from numerics import references as R

    x = np.concatenate([_dense(-20, 20, 40_001), _dense(20, 85, 2_001)])
    if name.endswith("e"):
        x = np.concatenate([x, _dense(85, 1e6, 2_001, log=True), -_dense(85, 1e6, 2_001, log=True)])
    y = _run(getattr(ops, name), x).astype(np.float64)
    expected = getattr(R, name)(x.astype(np.float64))
    scale = np.maximum(np.abs(expected), np.finfo(np.float32).tiny)
    err = np.abs(y - expected) / scale
    assert np.max(err) <= F32_EPS, f"{name}: worst at x={x[np.argmax(err)]}, rel err {np.max(err):.3g}"
