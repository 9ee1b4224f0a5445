"""The op cases of the numerics harness: inputs, a program builder and the
numpy reference for every forward op of the pd spec.

A Case feeds numpy arrays through `static.data` (declared with the case's
shapes: None is a dynamic dim), builds the op with the Paddle-style builder
and compares each fetched output with the reference (float outputs at the
op's tolerance, ints and bools exactly; NaN and inf must match in place).
Random ops have a `check` that tests shape, range and statistics instead.

Cases with the same `group` are compiled into one program by the test (feed
names get a per-case prefix), which keeps the number of JIT compilations
small; a group that fails is bisected so each failure lands on its case.
"""

from __future__ import annotations

import dataclasses
import math
import zlib
from typing import Any, Callable

import numpy as np

from paddle_mlir.dialects import pd

from . import references as R

F32, F64, I32, I64, BOOL = "float32", "float64", "int32", "int64", "bool"
FLOATS = (F32, F64)
INTS = (I32, I64)
inf, nan = math.inf, math.nan

# -- tolerances ------------------------------------------------------------------
# (rtol, atol) per float dtype; |out - ref| <= atol + rtol * |ref|.
DEFAULT_TOLERANCE = {F32: (1e-5, 1e-5), F64: (1e-9, 1e-12)}

# op -> ({dtype: (rtol, atol)}, reason). Documented in numerics/__init__.py;
# test_numerics.py checks that the two agree.
TOLERANCES = {
    "digamma": ({F64: (1e-8, 1e-10)},
                "no libm digamma: the lowering evaluates a recurrence + asymptotic series, "
                "measured 3.5e-10 relative error near the root at 1.46 (libm-based ops: ~1e-16)"),
}


def tolerance(op: str, dtype: str) -> tuple[float, float]:
    per_op = TOLERANCES.get(op, ({}, ""))[0]
    if dtype in per_op:
        return per_op[dtype]
    return DEFAULT_TOLERANCE.get(dtype, (0.0, 0.0))


# -- cases -----------------------------------------------------------------------

@dataclasses.dataclass
class Case:
    op: str                      # the spec op under test
    dtype: str                   # the dtype the case is about (id label)
    name: str                    # what the case covers (id label)
    inputs: dict                 # feed name -> numpy array
    build: Callable[..., Any]    # build(**feed values) -> Value | tuple | list
    expected: Callable[..., Any] | None = None  # expected(**arrays) -> array(s), None skips one
    shapes: dict = dataclasses.field(default_factory=dict)  # declared feed shapes (None: dynamic)
    check: Callable[..., None] | None = None  # check(outputs, **arrays) for random ops
    tol: tuple[float, float] | None = None  # overrides tolerance(op, dtype)
    group: str | None = None     # cases of a group compile into one program
    marks: tuple = ()            # pytest marks (xfail of known lowering bugs)

    @property
    def id(self) -> str:
        return f"{self.op}-{self.dtype}-{self.name}"

    def tolerance(self) -> tuple[float, float]:
        return self.tol if self.tol is not None else tolerance(self.op, self.dtype)

    def declared_shape(self, name: str) -> list:
        return list(self.shapes.get(name, self.inputs[name].shape))


CASES: list[Case] = []
_SECTION = "misc"


def add(op, dtype, name, inputs, build, expected=None, *, shapes=None, check=None, tol=None,
        group=True, marks=()):
    """Registers a case; `group=True` groups it by section and dtype."""
    if group is True:
        group = f"{_SECTION}-{dtype}"
    CASES.append(Case(op, dtype, name, dict(inputs), build, expected, dict(shapes or {}), check,
                      tol, group or None, tuple(marks)))


def _section(name):
    global _SECTION
    _SECTION = name


def rng_for(*key) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32("/".join(map(str, key)).encode()))


def rand(rng, shape, dtype, lo=-1.0, hi=1.0):
    """Uniform floats in [lo, hi), ints in [lo, hi], bools half true."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if np.issubdtype(dtype, np.integer):
        return rng.integers(int(lo), int(hi), size=shape, endpoint=True).astype(dtype)
    return rng.uniform(lo, hi, size=shape).astype(dtype)


def nonzero_rand(rng, shape, dtype, lo, hi):
    """Values with |v| in [lo, hi] and a random sign (divisors)."""
    mag = rand(rng, shape, dtype, lo, hi)
    sign = np.where(rng.random(shape) < 0.5, -1, 1).astype(dtype)
    return (mag * sign).astype(dtype)


def out(value, dtype):
    """A reference value in the op's output dtype (overflow becomes inf)."""
    with np.errstate(all="ignore"):
        return np.asarray(value).astype(dtype)


def f64(a):
    return np.asarray(a, np.float64)


def _np(dtype):
    return np.dtype(dtype)


# ====================================================================================
# Elementwise unary
# ====================================================================================
_section("unary")


@dataclasses.dataclass
class U:
    lo: float = -5.0
    hi: float = 5.0
    edge: tuple = ()
    ints: bool = False             # also int32 / int64 (abs, sign, square)
    attrs: tuple = ()              # extra attribute variants (dicts)
    signed_domain: bool = False    # draw |x| in [lo, hi] with random sign


UNARY_SPECS = {
    "abs": U(edge=(0.0, -0.0, 1e30, -1e30, inf, -inf, nan), ints=True),
    "acos": U(-0.99, 0.99, edge=(-1.0, 1.0, 0.0, 1.5, -1.5, nan)),
    "acosh": U(1.01, 5.0, edge=(1.0, 1e20, inf, 0.5, nan)),
    "asin": U(-0.99, 0.99, edge=(-1.0, 1.0, 0.0, -0.0, 2.0, nan)),
    "asinh": U(edge=(0.0, -0.0, 1e20, -1e20, inf, -inf, nan)),
    "atan": U(edge=(0.0, -0.0, 1e30, -1e30, inf, -inf, nan)),
    "atanh": U(-0.99, 0.99, edge=(0.0, 1.0, -1.0, 2.0, nan)),
    "ceil": U(edge=(0.0, -0.0, 0.5, -0.5, 2.0, -2.0, 1e20, inf, -inf, nan)),
    "cos": U(edge=(0.0, 1000.0, -1000.0, inf, -inf, nan)),
    "cosh": U(edge=(0.0, 100.0, -100.0, inf, -inf, nan)),
    "exp": U(edge=(0.0, 100.0, -100.0, 88.0, inf, -inf, nan)),
    "expm1": U(edge=(0.0, 1e-7, -1e-7, 100.0, inf, -inf, nan)),
    "floor": U(edge=(0.0, -0.0, 0.5, -0.5, 2.0, -2.0, 1e20, inf, -inf, nan)),
    "log": U(0.01, 10.0, edge=(0.0, 1.0, -1.0, 1e-30, 1e30, inf, nan)),
    "log10": U(0.01, 10.0, edge=(0.0, 1.0, 1000.0, -1.0, inf, nan)),
    "log1p": U(-0.99, 5.0, edge=(0.0, 1e-7, -1.0, -2.0, inf, nan)),
    "log2": U(0.01, 10.0, edge=(0.0, 1.0, 1024.0, -1.0, inf, nan)),
    "reciprocal": U(0.1, 5.0, signed_domain=True, edge=(0.0, -0.0, inf, -inf, nan)),
    "round": U(edge=(0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 1e20, inf, -inf, nan),
               attrs=({"decimals": 2},)),
    "rsqrt": U(0.01, 10.0, edge=(0.0, 1.0, inf, -1.0, nan)),
    "sigmoid": U(-8.0, 8.0, edge=(0.0, 100.0, -100.0, inf, -inf, nan)),
    "sign": U(edge=(0.0, -0.0, 1e-30, -1e-30, inf, -inf), ints=True),
    "sin": U(edge=(0.0, -0.0, 1000.0, -1000.0, inf, -inf, nan)),
    "sinh": U(edge=(0.0, 100.0, -100.0, inf, -inf, nan)),
    "sqrt": U(0.0, 10.0, edge=(0.0, 1e-30, 1e30, inf, -1.0, nan)),
    "square": U(edge=(0.0, 1e20, -1e20, inf, -inf, nan), ints=True),
    "tan": U(-1.2, 1.2, edge=(0.0, -0.0, inf, nan)),
    "tanh": U(edge=(0.0, 20.0, -20.0, 100.0, inf, -inf, nan)),
    "trunc": U(edge=(0.0, 0.5, -0.5, 2.7, -2.7, 1e20, inf, -inf, nan)),
    "erf": U(-3.0, 3.0, edge=(0.0, 10.0, -10.0, inf, -inf, nan)),
    "erfinv": U(-0.99, 0.99, edge=(0.0, 0.999, -0.999, 1.0, -1.0, 2.0, nan)),
    "digamma": U(0.1, 10.0, edge=(1.0, 0.5, 100.0, -0.5, -1.5, -2.3)),
    # Both Chebyshev ranges (|x| <= 8 and beyond), odd and even orders.
    "i0": U(-12.0, 12.0, edge=(0.0, -0.0, 8.0, -8.0, 8.5, 30.0, -30.0, nan)),
    "i0e": U(-12.0, 12.0, edge=(0.0, 8.0, -8.0, 30.0, 500.0, -1e4, inf, nan)),
    "i1": U(-12.0, 12.0, edge=(0.0, -0.0, 8.0, -8.0, 8.5, 30.0, -30.0, nan)),
    "i1e": U(-12.0, 12.0, edge=(0.0, 8.0, -8.0, 30.0, -500.0, 1e4, -inf, nan)),
    "lgamma": U(0.1, 10.0, edge=(1.0, 2.0, 0.5, 100.0, 1e-3, -0.5, -2.5, 0.0, inf)),
    "gammaln": U(0.1, 10.0, edge=(1.0, 2.0, 0.5, 100.0, 1e-3, -0.5, -2.5, 0.0, inf)),
    "rint": U(-5.0, 5.0, edge=(0.5, 1.5, 2.5, -0.5, -2.5, 0.49999997, -0.0, inf, -inf, nan)),
    "relu": U(edge=(0.0, -0.0, inf, -inf)),
    "relu6": U(-3.0, 9.0, edge=(0.0, 6.0, inf, -inf)),
    "silu": U(-8.0, 8.0, edge=(0.0, 100.0, -100.0, nan)),
    "swish": U(-8.0, 8.0, edge=(0.0, 100.0, -100.0, nan)),
    "hardswish": U(edge=(0.0, -3.0, 3.0, 1e6, inf)),
    "hardsigmoid": U(edge=(0.0, -2.5, 2.5, inf, -inf), attrs=({"slope": 1 / 6, "offset": 0.5},)),
    "hardtanh": U(-5.0, 30.0, edge=(0.0, 24.0, inf, -inf), attrs=({"t_min": -1.0, "t_max": 1.0},)),
    "mish": U(edge=(0.0, 25.0, -100.0, inf), attrs=({"lambda_": 2.0},)),
    "softplus": U(edge=(0.0, 25.0, -100.0, inf, -inf), attrs=({"beta": 2.0, "threshold": 5.0},)),
    "softsign": U(edge=(0.0, 1e30, -1e30, inf, nan)),
    "elu": U(edge=(0.0, -100.0, inf, -inf), attrs=({"alpha": 0.5},)),
    "celu": U(edge=(0.0, -100.0, inf, -inf), attrs=({"alpha": 2.0},)),
    "selu": U(edge=(0.0, -100.0, inf, -inf)),
    "leaky_relu": U(edge=(0.0, inf, -inf), attrs=({"negative_slope": 0.1},)),
    "gelu": U(edge=(0.0, 10.0, -10.0, inf), attrs=({"approximate": True},)),
    "logsigmoid": U(-8.0, 8.0, edge=(0.0, 100.0, -100.0, inf)),
    "tanh_shrink": U(edge=(0.0, 20.0, -20.0, inf, -inf, nan)),
    "softshrink": U(-2.0, 2.0, edge=(0.0, 0.5, -0.5, inf, -inf), attrs=({"threshold": 1.0},)),
    "hardshrink": U(-2.0, 2.0, edge=(0.0, 0.5, -0.5, inf, -inf), attrs=({"threshold": 1.0},)),
    "thresholded_relu": U(-3.0, 3.0, edge=(0.0, 1.0, inf),
                          attrs=({"threshold": 0.5}, {"threshold": 0.5, "value": -1.0})),
    "logit": U(0.01, 0.99, edge=(0.0, 1.0, 1e-8, -1.0, 2.0), attrs=({"eps": 0.0},)),
    "stanh": U(edge=(0.0, inf, -inf, nan), attrs=({"scale_a": 1.0, "scale_b": 2.0},)),
}

# logit with eps = 0 has no clipping: values outside [0, 1] become NaN.
_LOGIT_EPS0_EDGE = (0.0, 1.0, -0.5, 1.5, 0.5)


def _unary_build(op, attrs):
    fn = getattr(pd, op)
    return lambda x: fn(x, **attrs)


def float_attrs(op, attrs):
    """`attrs` plus the op's other `float` attributes at their spec defaults,
    all rounded to float32: Paddle keeps these attributes as C++ `float`, so
    even a float64 kernel computes with the float32-rounded value."""
    from paddle_mlir.dialects._pd_spec import OPS

    full = dict(attrs)
    for name, kind, default in OPS[op]["args"]:
        key = name + "_" if name == "lambda" else name
        if kind != "float":
            continue
        value = full.get(key, None if default is None else float(default))
        if value is not None:
            full[key] = float(np.float32(value))
    return full


def _unary_expected(op, attrs):
    ref = R.UNARY[op]
    attrs = float_attrs(op, attrs)

    def expected(x):
        if np.issubdtype(x.dtype, np.integer):
            return out(ref(x.astype(np.int64), **attrs), x.dtype)
        extra = {"dtype": x.dtype} if op == "logit" else {}
        with np.errstate(all="ignore"):
            return out(ref(f64(x), **attrs, **extra), x.dtype)
    return expected


def _attr_label(attrs):
    return "_".join(f"{k.rstrip('_')}{v:g}" if isinstance(v, float) else f"{k.rstrip('_')}{v}"
                    for k, v in attrs.items())


def _unary_input(op, spec, rng, shape, dtype):
    if np.issubdtype(_np(dtype), np.integer):
        return rand(rng, shape, dtype, -50, 50)
    if spec.signed_domain:
        return nonzero_rand(rng, shape, dtype, spec.lo, spec.hi)
    x = rand(rng, shape, dtype, spec.lo, spec.hi)
    if op in ("digamma", "lgamma", "gammaln"):  # keep clear of the poles at 0, -1, ...
        x = np.maximum(x, 0.1).astype(dtype)
    return x


for _op, _spec in UNARY_SPECS.items():
    for _dt in FLOATS:
        _r = rng_for(_op, _dt)
        add(_op, _dt, "rand", {"x": _unary_input(_op, _spec, _r, (3, 4), _dt)},
            _unary_build(_op, {}), _unary_expected(_op, {}))
    _r = rng_for(_op, "dyn")
    add(_op, F32, "dyn", {"x": _unary_input(_op, _spec, _r, (5, 4), F32)},
        _unary_build(_op, {}), _unary_expected(_op, {}), shapes={"x": [None, 4]})
    if _spec.edge:
        add(_op, F32, "edge", {"x": np.array(_spec.edge, np.float32)},
            _unary_build(_op, {}), _unary_expected(_op, {}))
        add(_op, F64, "edge", {"x": np.array(_spec.edge, np.float64)},
            _unary_build(_op, {}), _unary_expected(_op, {}))
    for _attrs in _spec.attrs:
        _r = rng_for(_op, "attrs", _attr_label(_attrs))
        _x = _unary_input(_op, _spec, _r, (3, 4), F32)
        if _op == "logit" and _attrs.get("eps") == 0.0:
            _x = np.concatenate([_x.reshape(-1), np.array(_LOGIT_EPS0_EDGE, np.float32)])
        add(_op, F32, _attr_label(_attrs), {"x": _x},
            _unary_build(_op, _attrs), _unary_expected(_op, _attrs))
    if _spec.ints:
        for _dt in INTS:
            _r = rng_for(_op, _dt)
            add(_op, _dt, "rand", {"x": _unary_input(_op, _spec, _r, (3, 4), _dt)},
                _unary_build(_op, {}), _unary_expected(_op, {}))

# One value fetched twice (and two equal values that CSE merges) must compile.
add("relu", F32, "fetched_twice", {"x": rand(rng_for("relu", "twice"), (3, 4), F32)},
    lambda x: (lambda y: (y, y))(pd.relu(x)),
    lambda x: [np.maximum(x, 0)] * 2, group=False)
add("relu", F32, "computed_twice", {"x": rand(rng_for("relu", "twice2"), (3, 4), F32)},
    lambda x: (pd.relu(x), pd.relu(x)),
    lambda x: [np.maximum(x, 0)] * 2, group=False)

# Ops on any dtype with a bool (or same-dtype) result.
_CLASSIFY_EDGE = np.array([0.0, -1.5, 2.0, inf, -inf, nan, 1e30, -0.0])
for _op, _ref in (("isnan", np.isnan), ("isinf", np.isinf), ("isfinite", np.isfinite)):
    for _dt in FLOATS:
        add(_op, _dt, "edge", {"x": _CLASSIFY_EDGE.astype(_dt)}, getattr(pd, _op),
            (lambda ref: lambda x: ref(x))(_ref))
        _r = rng_for(_op, _dt)
        _x = rand(_r, (4, 5), _dt)
        _x[0, 1], _x[2, 3], _x[3, 0] = nan, inf, -inf
        add(_op, _dt, "rand", {"x": _x}, getattr(pd, _op), (lambda ref: lambda x: ref(x))(_ref))
    for _dt in INTS:
        add(_op, _dt, "rand", {"x": rand(rng_for(_op, _dt), (3, 4), _dt, -9, 9)}, getattr(pd, _op),
            (lambda ref: lambda x: ref(x.astype(np.float64)))(_ref))
    add(_op, F32, "dyn", {"x": _CLASSIFY_EDGE.astype(F32).reshape(2, 4)}, getattr(pd, _op),
        (lambda ref: lambda x: ref(x))(_ref), shapes={"x": [None, 4]})

for _dt in (BOOL, I32, F32):
    _x = rand(rng_for("logical_not", _dt), (3, 4), _dt, -2, 2)
    if _dt == F32:
        _x = np.round(_x).astype(_dt)  # zeros included
    add("logical_not", _dt, "rand", {"x": _x}, pd.logical_not, lambda x: np.logical_not(x))
add("logical_not", BOOL, "dyn", {"x": rand(rng_for("logical_not", "dyn"), (5, 4), BOOL)},
    pd.logical_not, lambda x: np.logical_not(x), shapes={"x": [None, 4]})

for _dt in (BOOL, I32, I64):
    add("bitwise_not", _dt, "rand", {"x": rand(rng_for("bitwise_not", _dt), (3, 4), _dt, -100, 100)},
        pd.bitwise_not, lambda x: np.invert(x))
add("bitwise_not", I32, "edge",
    {"x": np.array([0, -1, 1, 2**31 - 1, -2**31], np.int32)}, pd.bitwise_not, lambda x: np.invert(x))

# scale, pow, clip, assign, cast, increment
for _dt in FLOATS + INTS:
    _lo, _hi = (-5, 5) if _dt in FLOATS else (-50, 50)
    _x = rand(rng_for("scale", _dt), (3, 4), _dt, _lo, _hi)
    add("scale", _dt, "after", {"x": _x}, lambda x: pd.scale(x, 3.0, 2.0, True),
        lambda x: out(R.scale(x.astype(np.float64), 3.0, 2.0, True), x.dtype))
    add("scale", _dt, "before", {"x": _x}, lambda x: pd.scale(x, -2.0, 1.0, False),
        lambda x: out(R.scale(x.astype(np.float64), -2.0, 1.0, False), x.dtype))
add("scale", F32, "frac_dyn", {"x": rand(rng_for("scale", "dyn"), (5, 4), F32)},
    lambda x: pd.scale(x, 0.5, -0.25), lambda x: out(f64(x) * 0.5 - 0.25, x.dtype),
    shapes={"x": [None, 4]})
add("scale", F32, "edge", {"x": np.array([0.0, inf, -inf, nan, 1e38], np.float32)},
    lambda x: pd.scale(x, 2.0, 1.0), lambda x: out(f64(x) * 2.0 + 1.0, x.dtype))

for _y in (2.0, 3.0, 0.5, -1.5, 0.0):
    for _dt in FLOATS:
        _x = rand(rng_for("pow", _dt, _y), (3, 4), _dt, 0.1, 3.0)
        add("pow", _dt, f"y{_y:g}", {"x": _x}, (lambda y: lambda x: pd.pow(x, y))(_y),
            (lambda y: lambda x: out(np.power(f64(x), y), x.dtype))(_y))
add("pow", F32, "neg_base", {"x": np.array([-2.0, -1.5, -3.0, 0.0], np.float32)},
    lambda x: pd.pow(x, 2.0), lambda x: out(np.power(f64(x), 2.0), x.dtype))
add("pow", F32, "neg_base_odd", {"x": np.array([-2.0, -1.5, -3.0, 0.0], np.float32)},
    lambda x: pd.pow(x, 3.0), lambda x: out(np.power(f64(x), 3.0), x.dtype))
add("pow", F32, "edge", {"x": np.array([0.0, inf, nan, 1.0, -8.0], np.float32)},
    lambda x: pd.pow(x, 0.5), lambda x: out(np.power(f64(x), 0.5), x.dtype))
add("pow", F32, "dyn", {"x": rand(rng_for("pow", "dyn"), (5, 4), F32, 0.1, 3.0)},
    lambda x: pd.pow(x, 1.5), lambda x: out(np.power(f64(x), 1.5), x.dtype),
    shapes={"x": [None, 4]})

for _dt in FLOATS + INTS:
    _lo, _hi = (-5, 5) if _dt in FLOATS else (-10, 10)
    _x = rand(rng_for("clip", _dt), (4, 5), _dt, _lo, _hi)
    add("clip", _dt, "rand", {"x": _x}, lambda x: pd.clip(x, -2.0, 3.0),
        lambda x: np.clip(x, -2, 3).astype(x.dtype))
add("clip", F32, "frac_dyn", {"x": rand(rng_for("clip", "dyn"), (5, 4), F32, -2, 2)},
    lambda x: pd.clip(x, -0.5, 0.25), lambda x: np.clip(x, np.float32(-0.5), np.float32(0.25)),
    shapes={"x": [None, 4]})
add("clip", F32, "edge", {"x": np.array([inf, -inf, -2.0, 3.0, 0.0], np.float32)},
    lambda x: pd.clip(x, -2.0, 3.0), lambda x: np.clip(x, -2, 3).astype(x.dtype))

for _dt in FLOATS + INTS + (BOOL,):
    _x = rand(rng_for("assign", _dt), (3, 4), _dt, -9, 9)
    add("assign", _dt, "rand", {"x": _x}, pd.assign, lambda x: x.copy())
add("assign", F32, "dyn", {"x": rand(rng_for("assign", "dyn"), (5, 4), F32)}, pd.assign,
    lambda x: x.copy(), shapes={"x": [None, None]})

_CASTS = [(F32, I32), (F32, I64), (F32, F64), (F64, F32), (I32, F32), (I64, F64), (I64, I32),
          (I32, I64), (F32, BOOL), (I32, BOOL), (BOOL, F32), (BOOL, I64)]
for _src, _dst in _CASTS:
    _r = rng_for("cast", _src, _dst)
    if _src == BOOL:
        _x = rand(_r, (3, 4), BOOL)
    elif _src in INTS:
        _x = rand(_r, (3, 4), _src, -1000, 1000)
        _x[0, :2] = 0
    else:
        _x = rand(_r, (3, 4), _src, -100, 100)
        _x[0, 0], _x[0, 1], _x[0, 2], _x[0, 3] = 0.0, -0.7, 0.7, 2.5
    add("cast", _src, f"to_{_dst}", {"x": _x}, (lambda d: lambda x: pd.cast(x, d))(_dst),
        (lambda d: lambda x: R.cast(x, d))(_dst), tol=(0.0, 0.0))  # conversions are exact
add("cast", F32, "to_int32_dyn", {"x": rand(rng_for("cast", "dyn"), (5, 4), F32, -9, 9)},
    lambda x: pd.cast(x, I32), lambda x: R.cast(x, I32), shapes={"x": [None, 4]})
add("cast", F64, "to_float32_edge", {"x": np.array([inf, -inf, nan, 1e300, 1e-300, -0.0])},
    lambda x: pd.cast(x, F32), lambda x: out(x, F32))

for _dt in FLOATS + INTS:
    _x = rand(rng_for("increment", _dt), (1,), _dt, -9, 9)
    add("increment", _dt, "one", {"x": _x}, lambda x: pd.increment(x),
        lambda x: (x + 1).astype(x.dtype))
    add("increment", _dt, "value3", {"x": _x}, lambda x: pd.increment(x, 3.0),
        lambda x: (x + 3).astype(x.dtype))
add("increment", F32, "frac", {"x": np.array([1.25], np.float32)}, lambda x: pd.increment(x, -0.5),
    lambda x: (x - np.float32(0.5)).astype(x.dtype))

# numel / shape / shape64: results from the (specialized) shapes.
for _dt in (F32, I64, BOOL):
    _x = rand(rng_for("meta", _dt), (2, 3, 4), _dt)
    add("numel", _dt, "static", {"x": _x}, pd.numel, lambda x: np.array(x.size, np.int64))
    add("shape", _dt, "static", {"x": _x}, lambda x: pd.shape(x), lambda x: np.array(x.shape, np.int32))
    add("shape64", _dt, "static", {"x": _x}, lambda x: pd.shape64(x), lambda x: np.array(x.shape, np.int64))
_x = rand(rng_for("meta", "dyn"), (5, 3, 2), F32)
add("numel", F32, "dyn", {"x": _x}, pd.numel, lambda x: np.array(x.size, np.int64),
    shapes={"x": [None, 3, None]})
add("shape", F32, "dyn", {"x": _x}, lambda x: pd.shape(x), lambda x: np.array(x.shape, np.int32),
    shapes={"x": [None, 3, None]})
add("shape64", F32, "dyn", {"x": _x}, lambda x: pd.shape64(x), lambda x: np.array(x.shape, np.int64),
    shapes={"x": [None, 3, None]})
add("numel", F32, "scalar", {"x": np.array(2.5, np.float32)}, pd.numel,
    lambda x: np.array(1, np.int64))
add("shape", F32, "scalar", {"x": np.array(2.5, np.float32)}, lambda x: pd.shape(x),
    lambda x: np.zeros((0,), np.int32))

# softmax, log_softmax
for _op, _ref in (("softmax", R.softmax), ("log_softmax", R.log_softmax)):
    for _dt in FLOATS:
        _x = rand(rng_for(_op, _dt), (3, 5), _dt, -5, 5)
        add(_op, _dt, "last", {"x": _x}, (lambda o: lambda x: getattr(pd, o)(x))(_op),
            (lambda ref: lambda x: out(ref(f64(x), -1), x.dtype))(_ref))
        _x3 = rand(rng_for(_op, _dt, 3), (2, 3, 4), _dt, -5, 5)
        add(_op, _dt, "axis1", {"x": _x3}, (lambda o: lambda x: getattr(pd, o)(x, axis=1))(_op),
            (lambda ref: lambda x: out(ref(f64(x), 1), x.dtype))(_ref))
        add(_op, _dt, "axis0", {"x": _x3}, (lambda o: lambda x: getattr(pd, o)(x, axis=0))(_op),
            (lambda ref: lambda x: out(ref(f64(x), 0), x.dtype))(_ref))
    add(_op, F32, "large", {"x": np.array([[1000.0, 1001.0, 1002.0], [-1000.0, 0.0, 1000.0]],
                                          np.float32)},
        (lambda o: lambda x: getattr(pd, o)(x))(_op),
        (lambda ref: lambda x: out(ref(f64(x), -1), x.dtype))(_ref))
    # Rows that are not whole vectors of 16: one vector per row (37, 250)
    # or, past 256, vectors of 16 with a masked tail (300); softmax's rows of
    # 197 (a ViT's tokens) below.
    for _w in (37, 250, 300):
        add(_op, F32, f"width{_w}", {"x": rand(rng_for(_op, "width", _w), (3, 4, _w), F32, -8, 8)},
            (lambda o: lambda x: getattr(pd, o)(x))(_op),
            (lambda ref: lambda x: out(ref(f64(x), -1), x.dtype))(_ref))
    add(_op, F32, "dyn", {"x": rand(rng_for(_op, "dyn"), (5, 7), F32, -5, 5)},
        (lambda o: lambda x: getattr(pd, o)(x))(_op),
        (lambda ref: lambda x: out(ref(f64(x), -1), x.dtype))(_ref), shapes={"x": [None, None]})

# prelu
_x = rand(rng_for("prelu", "x"), (2, 3, 4, 5), F32, -3, 3)
add("prelu", F32, "all", {"x": _x, "alpha": np.array([0.25], np.float32)},
    lambda x, alpha: pd.prelu(x, alpha), lambda x, alpha: out(R.prelu(f64(x), f64(alpha)), F32))
add("prelu", F32, "channel", {"x": _x, "alpha": np.array([0.1, -0.2, 0.3], np.float32)},
    lambda x, alpha: pd.prelu(x, alpha, mode="channel"),
    lambda x, alpha: out(R.prelu(f64(x), f64(alpha), "NCHW", "channel"), F32))
add("prelu", F32, "channel_nhwc", {"x": _x.transpose(0, 2, 3, 1).copy(),
                                    "alpha": rand(rng_for("prelu", "a5"), (3,), F32)},
    lambda x, alpha: pd.prelu(x, alpha, data_format="NHWC", mode="channel"),
    lambda x, alpha: out(R.prelu(f64(x), f64(alpha), "NHWC", "channel"), F32))
add("prelu", F32, "element", {"x": _x, "alpha": rand(rng_for("prelu", "el"), (1, 3, 4, 5), F32)},
    lambda x, alpha: pd.prelu(x, alpha, mode="element"),
    lambda x, alpha: out(R.prelu(f64(x), f64(alpha), "NCHW", "element"), F32))
add("prelu", F64, "channel", {"x": _x.astype(F64), "alpha": np.array([0.1, -0.2, 0.3])},
    lambda x, alpha: pd.prelu(x, alpha, mode="channel"),
    lambda x, alpha: R.prelu(x, alpha, "NCHW", "channel"))
add("prelu", F32, "channel_dyn", {"x": _x, "alpha": np.array([0.1, -0.2, 0.3], np.float32)},
    lambda x, alpha: pd.prelu(x, alpha, mode="channel"),
    lambda x, alpha: out(R.prelu(f64(x), f64(alpha), "NCHW", "channel"), F32),
    shapes={"x": [None, 3, None, None]})


# ====================================================================================
# Elementwise binary (broadcasting), comparisons, logic, where
# ====================================================================================
_section("binary")

# shape cases: name -> (x shape, y shape, declared x, declared y)
_BCAST = {
    "same": ((3, 4), (3, 4), None, None),
    "bcast_row": ((3, 4), (4,), None, None),
    "bcast_both": ((2, 1, 4), (3, 1), None, None),
    "bcast_one": ((3, 4), (1,), None, None),
    "dyn": ((5, 4), (4,), [None, 4], None),
    "dyn_bcast": ((3, 1), (1, 4), [None, 1], [1, None]),
}
_BCAST_BY_DTYPE = {F32: tuple(_BCAST), F64: ("same", "bcast_both"), I32: ("same", "bcast_both"),
                   I64: ("same", "bcast_row"), BOOL: ("same", "bcast_both")}


def _gen_default(rng, shape, dtype, which):
    return rand(rng, shape, dtype, -5, 5) if dtype in FLOATS else rand(rng, shape, dtype, -50, 50)


def _gen_divisor(rng, shape, dtype, which):
    if which == "x":
        return _gen_default(rng, shape, dtype, which)
    return nonzero_rand(rng, shape, dtype, 0.5, 4) if dtype in FLOATS else \
        nonzero_rand(rng, shape, dtype, 1, 7)


def _gen_pow(rng, shape, dtype, which):
    if dtype in FLOATS:
        return rand(rng, shape, dtype, 0.1, 3) if which == "x" else rand(rng, shape, dtype, -2, 2)
    return rand(rng, shape, dtype, -4, 4) if which == "x" else rand(rng, shape, dtype, 0, 4)


def _gen_small_set(rng, shape, dtype, which):
    """Values from a small set, so that comparisons see equal elements."""
    if dtype == BOOL:
        return rand(rng, shape, dtype)
    if dtype in FLOATS:
        return (rng.integers(-3, 4, size=shape) * 0.5).astype(dtype)
    return rng.integers(-3, 4, size=shape).astype(dtype)


def _gen_heaviside(rng, shape, dtype, which):
    if which == "x":
        return rng.integers(-2, 3, size=shape).astype(dtype)
    return _gen_default(rng, shape, dtype, which)


def _gen_bits(rng, shape, dtype, which):
    if dtype == BOOL:
        return rand(rng, shape, dtype)
    return rand(rng, shape, dtype, -1000, 1000)


def _gen_logical(rng, shape, dtype, which):
    if dtype == BOOL:
        return rand(rng, shape, dtype)
    return rng.integers(-1, 2, size=shape).astype(dtype)


@dataclasses.dataclass
class B:
    dtypes: tuple
    gen: Callable = _gen_default
    edge: tuple = ()   # (x, y) float pairs, float32/float64


_CMP_EDGE = ((nan, nan), (nan, 1.0), (1.0, nan), (inf, inf), (-inf, inf), (0.0, -0.0), (1.0, 1.0),
             (-1.0, 2.0))
BINARY_SPECS = {
    "add": B(FLOATS + INTS, edge=((inf, 1.0), (inf, -inf), (nan, 1.0), (3e38, 3e38), (-0.0, 0.0))),
    "subtract": B(FLOATS + INTS, edge=((inf, inf), (inf, 1.0), (nan, 1.0), (3e38, -3e38))),
    "multiply": B(FLOATS + INTS, edge=((inf, 0.0), (inf, -2.0), (nan, 1.0), (1e30, 1e30))),
    "divide": B(FLOATS + INTS, _gen_divisor,
                edge=((1.0, 0.0), (-1.0, 0.0), (0.0, 0.0), (inf, inf), (1.0, inf), (1.0, -0.0))),
    "maximum": B(FLOATS + INTS, _gen_small_set, edge=((inf, -inf), (-inf, 1.0), (0.0, -0.0))),
    "minimum": B(FLOATS + INTS, _gen_small_set, edge=((inf, -inf), (-inf, 1.0), (0.0, -0.0))),
    "elementwise_pow": B(FLOATS + INTS, _gen_pow,
                         edge=((0.0, 0.0), (0.0, -1.0), (-2.0, 0.5), (inf, 0.0), (2.0, inf),
                               (-2.0, 2.0), (-2.0, 3.0), (nan, 0.0), (1.0, nan))),
    "floor_divide": B(FLOATS + INTS, _gen_divisor,
                      edge=((7.0, 2.0), (-7.0, 2.0), (7.0, -2.0), (-7.0, -2.0), (6.0, 3.0),
                            (-6.0, 3.0), (1.0, 0.0), (-1.0, 0.0), (0.5, -0.25))),
    "remainder": B(FLOATS + INTS, _gen_divisor,
                   edge=((7.0, 2.0), (-7.0, 2.0), (7.0, -2.0), (-7.0, -2.0), (6.0, 3.0),
                         (5.5, 2.0), (-5.5, 2.0), (1.0, 0.0), (inf, 2.0))),
    "fmax": B(FLOATS + INTS, _gen_small_set,
              edge=((nan, 1.0), (1.0, nan), (nan, nan), (inf, -inf), (-inf, nan))),
    "fmin": B(FLOATS + INTS, _gen_small_set,
              edge=((nan, 1.0), (1.0, nan), (nan, nan), (inf, -inf), (-inf, nan))),
    "heaviside": B(FLOATS + INTS, _gen_heaviside, edge=((0.0, 0.5), (-0.0, 0.5), (inf, 0.5),
                                                         (-inf, 0.5), (0.0, nan))),
    "copysign": B(FLOATS, edge=((1.0, -0.0), (-1.0, 0.0), (inf, -1.0), (nan, -1.0),
                                (0.0, -2.0), (-0.0, 3.0))),
    "trunc_divide": B(FLOATS + INTS, _gen_divisor,
                      edge=((7.0, 2.0), (-7.0, 2.0), (7.0, -2.0), (-7.0, -2.0), (6.0, 3.0),
                            (1.0, 0.0), (-1.0, 0.0), (0.0, 0.0), (inf, 2.0))),
    "atan2": B(FLOATS, edge=((0.0, 0.0), (1.0, 0.0), (-1.0, 0.0), (0.0, -1.0), (inf, inf),
                             (-inf, 1.0), (nan, 1.0))),
    "bitwise_and": B(INTS + (BOOL,), _gen_bits),
    "bitwise_or": B(INTS + (BOOL,), _gen_bits),
    "bitwise_xor": B(INTS + (BOOL,), _gen_bits),
    "logical_and": B((BOOL, I32, F32), _gen_logical),
    "logical_or": B((BOOL, I32, F32), _gen_logical),
    "logical_xor": B((BOOL, I32, F32), _gen_logical),
    "equal": B(FLOATS + INTS + (BOOL,), _gen_small_set, edge=_CMP_EDGE),
    "not_equal": B(FLOATS + INTS + (BOOL,), _gen_small_set, edge=_CMP_EDGE),
    "less_than": B(FLOATS + INTS, _gen_small_set, edge=_CMP_EDGE),
    "less_equal": B(FLOATS + INTS, _gen_small_set, edge=_CMP_EDGE),
    "greater_than": B(FLOATS + INTS, _gen_small_set, edge=_CMP_EDGE),
    "greater_equal": B(FLOATS + INTS, _gen_small_set, edge=_CMP_EDGE),
}


def _binary_expected(op):
    ref = R.BINARY[op]

    def expected(x, y):
        with np.errstate(all="ignore"):
            result = ref(x, y)
        if result.dtype == np.bool_ or op.startswith(("logical_", "bitwise_")):
            return np.asarray(result)
        if op in ("floor_divide", "trunc_divide", "remainder", "maximum", "minimum", "fmax",
                  "fmin", "heaviside", "copysign") \
                or x.dtype not in (np.float32, np.float64):
            return out(result, x.dtype)  # exact or dtype-dependent: computed in x's dtype
        return out(ref(f64(x), f64(y)), x.dtype)
    return expected


for _op, _spec in BINARY_SPECS.items():
    _fn = getattr(pd, _op)
    for _dt in _spec.dtypes:
        for _case in _BCAST_BY_DTYPE.get(_dt, ("same",)):
            _xs, _ys, _xd, _yd = _BCAST[_case]
            _r = rng_for(_op, _dt, _case)
            _inputs = {"x": _spec.gen(_r, _xs, _dt, "x"), "y": _spec.gen(_r, _ys, _dt, "y")}
            _shapes = {k: v for k, v in (("x", _xd), ("y", _yd)) if v is not None}
            add(_op, _dt, _case, _inputs, _fn, _binary_expected(_op), shapes=_shapes)
    if _spec.edge:
        for _dt in FLOATS:
            _x = np.array([p[0] for p in _spec.edge], _dt)
            _y = np.array([p[1] for p in _spec.edge], _dt)
            add(_op, _dt, "edge", {"x": _x, "y": _y}, _fn, _binary_expected(_op))

# Integer edge cases: C truncation vs. Python floor, signs of remainders.
_IX = np.array([7, -7, 7, -7, 6, -6, 0, 1], np.int64)
_IY = np.array([2, 2, -2, -2, 3, 3, 5, -1], np.int64)
for _op in ("divide", "floor_divide", "remainder"):
    for _dt in INTS:
        add(_op, _dt, "signs", {"x": _IX.astype(_dt), "y": _IY.astype(_dt)}, getattr(pd, _op),
            _binary_expected(_op))
add("add", I32, "wrap", {"x": np.array([2**31 - 1, -2**31], np.int32),
                         "y": np.array([1, -1], np.int32)}, pd.add,
    lambda x, y: (x.astype(np.int64) + y).astype(np.int32))

# where
for _dt in FLOATS + INTS + (BOOL,):
    _r = rng_for("where", _dt)
    add("where", _dt, "same", {"condition": rand(_r, (3, 4), BOOL), "x": rand(_r, (3, 4), _dt, -9, 9),
                               "y": rand(_r, (3, 4), _dt, -9, 9)},
        pd.where, lambda condition, x, y: np.where(condition, x, y))
_r = rng_for("where", "bcast")
add("where", F32, "bcast", {"condition": rand(_r, (3, 1), BOOL), "x": rand(_r, (3, 4), F32),
                            "y": rand(_r, (4,), F32)},
    pd.where, lambda condition, x, y: np.where(condition, x, y))
add("where", F32, "bcast_cond", {"condition": rand(_r, (2, 3, 4), BOOL), "x": rand(_r, (3, 1), F32),
                                 "y": rand(_r, (1,), F32)},
    pd.where, lambda condition, x, y: np.where(condition, x, y))
add("where", F32, "dyn", {"condition": rand(_r, (5, 4), BOOL), "x": rand(_r, (5, 4), F32),
                          "y": rand(_r, (5, 4), F32)},
    pd.where, lambda condition, x, y: np.where(condition, x, y),
    shapes={"condition": [None, 4], "x": [None, 4], "y": [None, 4]})
add("where", F32, "edge", {"condition": np.array([True, False, True, False]),
                           "x": np.array([nan, nan, inf, 1.0], np.float32),
                           "y": np.array([1.0, 2.0, nan, -inf], np.float32)},
    pd.where, lambda condition, x, y: np.where(condition, x, y))


# Bitwise shifts: amounts below 0 or from the bit width up give 0 (-1 for an
# arithmetic right shift of a negative value), as Paddle's kernels.
_SHIFT_AMOUNTS = {I32: (-3, 40), I64: (-3, 70), "int16": (-3, 20), "uint8": (0, 10)}
for _dt, (_lo, _hi) in _SHIFT_AMOUNTS.items():
    _r = rng_for("shift", _dt)
    _big = np.iinfo(_dt)
    _x = rand(_r, (4, 6), _dt, max(_big.min, -2**20), min(_big.max, 2**20))
    _x.flat[:2] = (_big.min, _big.max)
    _y = rand(_r, (4, 6), _dt, _lo, _hi)
    for _op, _arith in (("bitwise_left_shift", True), ("bitwise_right_shift", True),
                        ("bitwise_right_shift", False)):
        add(_op, _dt, "arith" if _arith else "logic", {"x": _x, "y": _y},
            lambda x, y, _op=_op, _arith=_arith: getattr(pd, _op)(x, y, is_arithmetic=_arith),
            lambda x, y, _op=_op, _arith=_arith: R.bitwise_shift(x, y, _op == "bitwise_left_shift",
                                                                 _arith))
_r = rng_for("shift", "bcast")
add("bitwise_left_shift", I32, "bcast", {"x": rand(_r, (3, 1), I32, -50, 50),
                                        "y": rand(_r, (4,), I32, 0, 31)},
    pd.bitwise_left_shift, lambda x, y: R.bitwise_shift(x, y, True, True))

# nextafter: random pairs, then zeros, infinities, NaN and equal values.
for _dt in FLOATS:
    _r = rng_for("nextafter", _dt)
    add("nextafter", _dt, "rand", {"x": rand(_r, (3, 5), _dt, -4, 4), "y": rand(_r, (3, 5), _dt, -4, 4)},
        pd.nextafter, lambda x, y: np.nextafter(x, y), tol=(0.0, 0.0))
    _e = [(0.0, 1.0), (0.0, -1.0), (-0.0, 1.0), (1.0, 1.0), (-2.0, -2.0), (inf, 0.0), (-inf, 0.0),
          (1.0, inf), (nan, 1.0), (1.0, nan), (-1.0, 0.0), (-1.0, -2.0), (1e-45, 0.0),
          (np.finfo(_dt).max, inf), (0.0, 0.0), (0.0, -0.0)]
    add("nextafter", _dt, "edge", {"x": np.array([e[0] for e in _e], _dt),
                                   "y": np.array([e[1] for e in _e], _dt)},
        pd.nextafter, lambda x, y: np.nextafter(x, y), tol=(0.0, 0.0))
add("nextafter", F32, "bcast", {"x": rand(rng_for("nextafter", "b"), (2, 3), F32),
                                "y": np.array([0.0, 5.0, -5.0], np.float32)},
    pd.nextafter, lambda x, y: np.nextafter(x, y), tol=(0.0, 0.0))

# isclose: Paddle's bound (atol + rtol * |y| in double, then in x's dtype);
# equal infinities are close, NaN only to NaN and only with equal_nan.
for _dt in FLOATS:
    _r = rng_for("isclose", _dt)
    _x = rand(_r, (4, 6), _dt, -2, 2)
    _noise = rand(_r, (4, 6), _dt, -1, 1) * np.array([1e-9, 1e-6, 1e-5, 1e-4, 1e-2, 0.0], _dt)
    _y = (_x + _noise * np.abs(_x) + rand(_r, (4, 6), _dt, -1e-8, 1e-8)).astype(_dt)
    for _rt, _at, _en in ((1e-5, 1e-8, False), (1e-3, 0.0, False), (0.0, 1e-6, True)):
        add("isclose", _dt, f"rtol{_rt:g}_atol{_at:g}_nan{int(_en)}", {"x": _x, "y": _y},
            lambda x, y, _rt=_rt, _at=_at, _en=_en: pd.isclose(x, y, rtol=_rt, atol=_at,
                                                               equal_nan=_en),
            lambda x, y, _rt=_rt, _at=_at, _en=_en: R.isclose(x, y, _rt, _at, _en))
    _e = [(inf, inf), (-inf, inf), (inf, 1e30), (nan, nan), (nan, 1.0), (1.0, nan), (0.0, -0.0),
          (1.0, 1.0 + 1e-6), (1.0, 1.0 + 1e-4), (1e-9, 0.0), (-1e-7, 1e-7)]
    for _en in (False, True):
        add("isclose", _dt, f"edge_nan{int(_en)}", {"x": np.array([e[0] for e in _e], _dt),
                                                    "y": np.array([e[1] for e in _e], _dt)},
            lambda x, y, _en=_en: pd.isclose(x, y, equal_nan=_en),
            lambda x, y, _en=_en: R.isclose(x, y, 1e-5, 1e-8, _en))
add("isclose", F32, "bcast", {"x": rand(rng_for("isclose", "b"), (3, 1), F32),
                              "y": np.array([0.0, 0.5, -0.5, 1.0], np.float32)},
    pd.isclose, lambda x, y: R.isclose(x, y, 1e-5, 1e-8, False))

# lerp: x + weight * (y - x), the three broadcast together.
for _dt in FLOATS:
    _r = rng_for("lerp", _dt)
    add("lerp", _dt, "same", {"x": rand(_r, (3, 4), _dt, -5, 5), "y": rand(_r, (3, 4), _dt, -5, 5),
                              "weight": rand(_r, (3, 4), _dt, -0.5, 1.5)},
        pd.lerp, lambda x, y, weight: out(f64(x) + f64(weight) * (f64(y) - f64(x)), x.dtype))
_r = rng_for("lerp", "bcast")
add("lerp", F32, "bcast", {"x": rand(_r, (2, 1, 4), F32), "y": rand(_r, (3, 4), F32),
                           "weight": np.array([0.25], np.float32)},
    pd.lerp, lambda x, y, weight: out(f64(x) + f64(weight) * (f64(y) - f64(x)), x.dtype))
add("lerp", F32, "dyn", {"x": rand(_r, (5, 4), F32), "y": rand(_r, (5, 4), F32),
                         "weight": rand(_r, (5, 4), F32)},
    pd.lerp, lambda x, y, weight: out(f64(x) + f64(weight) * (f64(y) - f64(x)), x.dtype),
    shapes={"x": [None, 4], "y": [None, 4], "weight": [None, 4]})

# masked_fill: one value where the (broadcast) mask is set.
for _dt in FLOATS + INTS + (BOOL,):
    _r = rng_for("masked_fill", _dt)
    add("masked_fill", _dt, "same", {"x": rand(_r, (3, 4), _dt, -9, 9), "mask": rand(_r, (3, 4), BOOL),
                                     "value": np.array(rand(_r, (), _dt, -9, 9))},
        pd.masked_fill, lambda x, mask, value: np.where(mask, value, x))
_r = rng_for("masked_fill", "bcast")
add("masked_fill", F32, "bcast", {"x": rand(_r, (3, 4), F32), "mask": rand(_r, (3, 1), BOOL),
                                  "value": np.array([nan], np.float32)},
    pd.masked_fill, lambda x, mask, value: np.where(mask, value, x))
add("masked_fill", F32, "bcast_x", {"x": rand(_r, (4,), F32), "mask": rand(_r, (2, 3, 4), BOOL),
                                    "value": np.array(-inf, np.float32)},
    pd.masked_fill, lambda x, mask, value: np.where(mask, value, x))

# ====================================================================================
# Matrix products, convolution, pooling, normalization, NN misc
# ====================================================================================
_section("nn")


def _matmul_case(dtype, name, xs, ys, tx=False, ty=False, shapes=None):
    r = rng_for("matmul", dtype, name)
    add("matmul", dtype, name, {"x": rand(r, xs, dtype), "y": rand(r, ys, dtype)},
        lambda x, y: pd.matmul(x, y, transpose_x=tx, transpose_y=ty),
        lambda x, y: out(R.matmul(f64(x), f64(y), tx, ty), x.dtype), shapes=shapes)


for _dt in FLOATS:
    _matmul_case(_dt, "2d", (3, 5), (5, 4))
    _matmul_case(_dt, "batch_bcast", (2, 1, 3, 5), (3, 5, 4))
    _matmul_case(_dt, "trans_x", (5, 3), (5, 4), tx=True)
    _matmul_case(_dt, "trans_y", (3, 5), (4, 5), ty=True)
_matmul_case(F32, "trans_both_batch", (2, 5, 3), (2, 4, 5), tx=True, ty=True)
_matmul_case(F32, "vec_mat", (5,), (5, 4))
_matmul_case(F32, "mat_vec", (3, 5), (5,))
_matmul_case(F32, "vec_vec", (5,), (5,))
# One column (pd-tile-and-vectorize's matvec kernel: vectors along k): in
# parallel blocks of 4 rows, the last rows and the last k % 16 masked, k a
# multiple of 16, a transposed matrix (not contiguous along k: the matmul
# kernels), a 1-D vector.
_matmul_case(F32, "matvec_column", (960, 240), (240, 1))
_matmul_case(F32, "matvec_tails", (6, 20), (20, 1))
_matmul_case(F32, "matvec_k16", (5, 16), (16, 1))
_matmul_case(F32, "matvec_rows7", (7, 100), (100, 1))
_matmul_case(F32, "matvec_trans_x", (40, 9), (40, 1), tx=True)
_matmul_case(F32, "matvec_1d", (9, 40), (40,))
_matmul_case(F32, "dyn", (6, 5), (5, 4), shapes={"x": [None, 5]})
_matmul_case(F32, "dyn_batch", (2, 3, 5), (5, 4), shapes={"x": [None, None, 5], "y": [5, None]})
_matmul_case(F32, "k64", (4, 64), (64, 3))
# A few columns over whole vectors (pd-tile-and-vectorize's narrow kernel:
# the columns copied contiguous, dot products along k): 49 = 32 + 16 + 1
# with rows 4 KB apart (8-row tiles), 196 = 192 + 4 with a row remainder
# and a masked k tail, 5 columns alone (blocks of 4 rows and one of 1), a
# transposed right operand (columns strided).
_matmul_case(F32, "cols49_k1024", (64, 1024), (1024, 49))
_matmul_case(F32, "cols196_tails", (70, 300), (300, 196))
_matmul_case(F32, "narrow_cols5", (13, 200), (200, 5))
_matmul_case(F32, "narrow_trans_y", (9, 144), (3, 144), ty=True)
# Rows of y 2 KB apart: each cache tile of y is copied into a panel first
# (a depth of 300 in blocks of 150); 402 = 2 x 3 x 67 rows: tiles of 60
# rows and a 42-row op.
_matmul_case(F32, "right_panel", (64, 300), (300, 512))
_matmul_case(F32, "rows402", (402, 64), (64, 128))

for _dt in FLOATS:
    _r = rng_for("bmm", _dt)
    add("bmm", _dt, "rand", {"x": rand(_r, (2, 3, 5), _dt), "y": rand(_r, (2, 5, 4), _dt)}, pd.bmm,
        lambda x, y: out(np.matmul(f64(x), f64(y)), x.dtype))
_r = rng_for("bmm", "dyn")
add("bmm", F32, "dyn", {"x": rand(_r, (3, 2, 5), F32), "y": rand(_r, (3, 5, 4), F32)}, pd.bmm,
    lambda x, y: out(np.matmul(f64(x), f64(y)), x.dtype),
    shapes={"x": [None, 2, 5], "y": [None, 5, 4]})

for _dt in FLOATS:
    _r = rng_for("addmm", _dt)
    add("addmm", _dt, "full", {"input": rand(_r, (3, 4), _dt), "x": rand(_r, (3, 5), _dt),
                               "y": rand(_r, (5, 4), _dt)},
        lambda input, x, y: pd.addmm(input, x, y, beta=0.5, alpha=2.0),
        lambda input, x, y: out(R.addmm(f64(input), f64(x), f64(y), 0.5, 2.0), x.dtype))
_r = rng_for("addmm", "bcast")
add("addmm", F32, "bcast_input", {"input": rand(_r, (4,), F32), "x": rand(_r, (3, 5), F32),
                                  "y": rand(_r, (5, 4), F32)},
    lambda input, x, y: pd.addmm(input, x, y),
    lambda input, x, y: out(R.addmm(f64(input), f64(x), f64(y)), F32))
add("addmm", F32, "dyn", {"input": rand(_r, (6, 4), F32), "x": rand(_r, (6, 5), F32),
                          "y": rand(_r, (5, 4), F32)},
    lambda input, x, y: pd.addmm(input, x, y, beta=-1.0, alpha=0.5),
    lambda input, x, y: out(R.addmm(f64(input), f64(x), f64(y), -1.0, 0.5), F32),
    shapes={"input": [None, 4], "x": [None, 5]})


# dot (1-D: 0-D, 2-D: per row), mv, trace and diagonal (offsets on either
# side and past the matrix, other axes).
for _dt in FLOATS + INTS:
    _r = rng_for("dot", _dt)
    add("dot", _dt, "1d", {"x": rand(_r, (7,), _dt, -9, 9), "y": rand(_r, (7,), _dt, -9, 9)},
        pd.dot, lambda x, y: out(np.dot(f64(x), f64(y)), x.dtype))
    add("dot", _dt, "2d", {"x": rand(_r, (3, 5), _dt, -9, 9), "y": rand(_r, (3, 5), _dt, -9, 9)},
        pd.dot, lambda x, y: out((f64(x) * f64(y)).sum(-1), x.dtype))
    _r = rng_for("mv", _dt)
    add("mv", _dt, "rand", {"x": rand(_r, (4, 6), _dt, -9, 9), "vec": rand(_r, (6,), _dt, -9, 9)},
        pd.mv, lambda x, vec: out(f64(x) @ f64(vec), x.dtype))
    _r = rng_for("trace", _dt)
    add("trace", _dt, "matrix", {"x": rand(_r, (4, 5), _dt, -9, 9)},
        pd.trace, lambda x: out(np.trace(f64(x)), x.dtype))
_r = rng_for("dot", "dyn")
add("dot", F32, "dyn", {"x": rand(_r, (6, 4), F32), "y": rand(_r, (6, 4), F32)},
    pd.dot, lambda x, y: out((f64(x) * f64(y)).sum(-1), F32), shapes={"x": [None, 4], "y": [None, 4]})
_r = rng_for("mv", "dyn")
add("mv", F32, "dyn", {"x": rand(_r, (5, 3), F32), "vec": rand(_r, (3,), F32)},
    pd.mv, lambda x, vec: out(f64(x) @ f64(vec), F32), shapes={"x": [None, 3]})
_r = rng_for("trace", "more")
_t = rand(_r, (2, 3, 4), F32)
for _off, _a1, _a2 in ((1, 0, 1), (-1, 2, 0), (2, -1, 1), (5, 0, 2), (-3, 1, 2)):
    add("trace", F32, f"off{_off}_ax{_a1}{_a2}", {"x": _t},
        lambda x, _o=_off, _p=_a1, _q=_a2: pd.trace(x, _o, _p, _q),
        lambda x, _o=_off, _p=_a1, _q=_a2: out(np.trace(f64(x), _o, _p, _q), F32))
for _dt in FLOATS + INTS + (BOOL,):
    _r = rng_for("diagonal", _dt)
    _x = rand(_r, (3, 4, 5), _dt, -9, 9)
    for _off, _a1, _a2 in ((0, 0, 1), (2, 1, 2), (-1, 2, 0), (-2, -1, -3), (9, 0, 1)):
        add("diagonal", _dt, f"off{_off}_ax{_a1}{_a2}".replace("-", "m"), {"x": _x},
            lambda x, _o=_off, _p=_a1, _q=_a2: pd.diagonal(x, _o, _p, _q),
            lambda x, _o=_off, _p=_a1, _q=_a2: np.diagonal(x, _o, _p, _q).copy())

# allclose: all of isclose (Paddle's kernel, broadcast); equal_all: false
# for other shapes, NaN equal to nothing.
for _dt in FLOATS:
    _r = rng_for("allclose", _dt)
    _x = rand(_r, (3, 4), _dt, -2, 2)
    for _name, _y, _en in (("equal", _x.copy(), False), ("near", _x * (1 + 1e-7), False),
                           ("far", _x + np.where(np.arange(12).reshape(3, 4) == 7, 1e-3, 0), False),
                           ("nan", np.where(np.eye(3, 4) > 0, nan, _x), False),
                           ("nan_equal", np.where(np.eye(3, 4) > 0, nan, _x), True)):
        _xx = np.where(np.eye(3, 4) > 0, nan, _x) if _name.startswith("nan") else _x
        add("allclose", _dt, _name, {"x": _xx.astype(_dt), "y": _y.astype(_dt)},
            lambda x, y, _en=_en: pd.allclose(x, y, equal_nan=_en),
            lambda x, y, _en=_en: np.array(R.isclose(x, y, 1e-5, 1e-8, _en).all()))
add("allclose", F32, "bcast", {"x": np.full((2, 3), 0.5, np.float32),
                               "y": np.array([0.5], np.float32)},
    lambda x, y: pd.allclose(x, y, rtol=0.0, atol=0.0),
    lambda x, y: np.array(R.isclose(x, y, 0.0, 0.0, False).all()))
for _dt in FLOATS + INTS + (BOOL,):
    _r = rng_for("equal_all", _dt)
    _x = rand(_r, (2, 3), _dt, -9, 9)
    _y = _x.copy()
    _y[1, 2] = _x[1, 2] == 0 if _dt == BOOL else _x[1, 2] + 1
    add("equal_all", _dt, "equal", {"x": _x, "y": _x.copy()}, pd.equal_all,
        lambda x, y: np.array(np.array_equal(x, y)))
    add("equal_all", _dt, "differ", {"x": _x, "y": _y}, pd.equal_all,
        lambda x, y: np.array(np.array_equal(x, y)))
    add("equal_all", _dt, "shapes", {"x": _x, "y": _x[:1]}, pd.equal_all,
        lambda x, y: np.array(np.array_equal(x, y)))
add("equal_all", F32, "nan", {"x": np.array([1.0, nan], np.float32),
                              "y": np.array([1.0, nan], np.float32)},
    pd.equal_all, lambda x, y: np.array(np.array_equal(x, y)))

# add_n: the inputs summed in order.
for _dt in FLOATS + INTS:
    _r = rng_for("add_n", _dt)
    add("add_n", _dt, "three", {"a": rand(_r, (2, 3), _dt, -9, 9), "b": rand(_r, (2, 3), _dt, -9, 9),
                                "c": rand(_r, (2, 3), _dt, -9, 9)},
        lambda a, b, c: pd.add_n([a, b, c]), lambda a, b, c: out(f64(a) + f64(b) + f64(c), a.dtype))
_r = rng_for("add_n", "more")
add("add_n", F32, "one", {"a": rand(_r, (4,), F32)}, lambda a: pd.add_n([a]), lambda a: a)
add("add_n", F32, "dyn", {"a": rand(_r, (5, 2), F32), "b": rand(_r, (5, 2), F32)},
    lambda a, b: pd.add_n([a, b]), lambda a, b: out(f64(a) + f64(b), F32),
    shapes={"a": [None, 2], "b": [None, 2]})


def _conv_case(op, dtype, name, xs, ws, shapes=None, **kw):
    r = rng_for(op, dtype, name)
    channels_last = kw.get("data_format", "NCHW") in ("NHWC", "NDHWC")
    groups = kw.get("groups", 1)
    nd = len(ws) - 2
    strides = kw.get("strides", [1] * nd)
    paddings = kw.get("paddings", [0] * nd)
    dilations = kw.get("dilations", [1] * nd)
    algo = kw.get("padding_algorithm", "EXPLICIT")
    fn = getattr(pd, op)
    add(op, dtype, name, {"input": rand(r, xs, dtype), "filter": rand(r, ws, dtype)},
        lambda input, filter: fn(input, filter, **kw),
        lambda input, filter: out(R.conv_nd(f64(input), f64(filter), strides, paddings, dilations,
                                            groups, algo, channels_last), input.dtype),
        shapes=shapes)


for _dt in FLOATS:
    _conv_case("conv2d", _dt, "basic", (2, 3, 6, 6), (4, 3, 3, 3))
    _conv_case("conv2d", _dt, "stride_pad", (1, 2, 7, 6), (3, 2, 3, 3), strides=[2, 2],
               paddings=[1, 1])
_conv_case("conv2d", F32, "asym_pad", (1, 2, 5, 6), (3, 2, 3, 2), paddings=[1, 0, 2, 1])
_conv_case("conv2d", F32, "dilation", (1, 2, 8, 8), (2, 2, 3, 3), dilations=[2, 2], paddings=[2, 2])
_conv_case("conv2d", F32, "groups", (2, 4, 5, 5), (6, 2, 3, 3), groups=2, paddings=[1, 1])
_conv_case("conv2d", F32, "nhwc", (2, 6, 6, 3), (4, 3, 3, 3), data_format="NHWC", paddings=[1, 1])
_conv_case("conv2d", F32, "same", (1, 2, 7, 7), (3, 2, 3, 3), strides=[2, 2],
           padding_algorithm="SAME")
_conv_case("conv2d", F32, "valid", (1, 2, 7, 6), (3, 2, 2, 3), padding_algorithm="VALID",
           paddings=[5, 5])
_conv_case("conv2d", F32, "kernel1", (2, 3, 4, 4), (5, 3, 1, 1))
# 14x14 and 7x7 maps: 196 = 192 + 4 and 49 = 32 + 16 + 1 columns, the
# last ones as dot products over the im2col panel or the input itself.
_conv_case("conv2d", F32, "map14_3x3", (1, 16, 14, 14), (32, 16, 3, 3), paddings=[1, 1])
_conv_case("conv2d", F32, "map7_1x1", (1, 64, 7, 7), (64, 64, 1, 1))
# Two 16x16 images: each image's patches in a panel of 72 rows of 256
# columns, padded to 272 (rows 1 KB apart would share cache sets).
_conv_case("conv2d", F32, "panel_rows_1k", (2, 8, 16, 16), (64, 8, 3, 3), paddings=[1, 1])
_conv_case("conv2d", F32, "map7_batch2", (2, 32, 7, 7), (48, 32, 3, 3), paddings=[1, 1])
# Convolutions with a bias + relu epilogue on each cache tile: k = 576 is
# one depth block (the tile's result on the stack until the epilogue reads
# it; 16x16 = 256 columns in tiles of 8 whole rows, which keep the panel
# within fused-tile-bytes); k = 1440 two blocks of 720; a 1x1 with k = 1024
# reads the input itself.
def _conv_epilogue_case(name, xs, ws, paddings):
    r = rng_for("conv2d", F32, name)
    depth = ws[1] * ws[2] * ws[3]
    filt = (rand(r, ws, F32) / np.sqrt(depth)).astype(np.float32)  # outputs of order 1
    add("conv2d", F32, name, {"input": rand(r, xs, F32), "filter": filt,
                              "bias": rand(r, (1, ws[0], 1, 1), F32)},
        lambda input, filter, bias: pd.relu(pd.add(pd.conv2d(input, filter, paddings=paddings),
                                                   bias)),
        lambda input, filter, bias: out(np.maximum(R.conv_nd(
            f64(input), f64(filter), [1, 1], paddings, [1, 1], 1, "EXPLICIT", False)
            + f64(bias), 0), input.dtype),
        tol=(1e-5, 1e-5 * np.sqrt(depth) / 8))  # float32 sums of up to 1440 products


_conv_epilogue_case("epilogue_k576", (1, 64, 16, 16), (48, 64, 3, 3), [1, 1])
_conv_epilogue_case("epilogue_k1440", (1, 160, 9, 9), (32, 160, 3, 3), [1, 1])
_conv_epilogue_case("epilogue_1x1_k1024", (1, 1024, 14, 14), (72, 1024, 1, 1), [0, 0])
_conv_case("conv2d", F32, "dyn_batch", (3, 2, 6, 6), (4, 2, 3, 3), paddings=[1, 1],
           shapes={"input": [None, 2, 6, 6]})
_conv_case("conv2d", F32, "dyn_hw", (1, 2, 7, 5), (4, 2, 3, 3), paddings=[1, 1],
           shapes={"input": [1, 2, None, None]})
for _dt in FLOATS:
    _conv_case("depthwise_conv2d", _dt, "basic", (2, 3, 6, 6), (3, 1, 3, 3), groups=3,
               paddings=[1, 1])
_conv_case("depthwise_conv2d", F32, "multiplier2_stride", (1, 2, 7, 7), (4, 1, 3, 3), groups=2,
           strides=[2, 2])
_conv_case("depthwise_conv2d", F32, "nhwc", (1, 5, 5, 4), (4, 1, 3, 3), groups=4,
           data_format="NHWC", paddings=[1, 1])
for _dt in FLOATS:
    _conv_case("conv3d", _dt, "basic", (1, 2, 4, 5, 5), (3, 2, 3, 3, 3), paddings=[1, 1, 1])
_conv_case("conv3d", F32, "stride_groups", (2, 4, 5, 5, 5), (4, 2, 2, 2, 2), strides=[2, 2, 2],
           groups=2)
_conv_case("conv3d", F32, "ndhwc", (1, 4, 4, 4, 2), (3, 2, 3, 3, 3), data_format="NDHWC")


def _convt_case(dtype, name, xs, ws, shapes=None, **kw):
    r = rng_for("conv2d_transpose", dtype, name)
    channels_last = kw.get("data_format", "NCHW") == "NHWC"
    add("conv2d_transpose", dtype, name, {"x": rand(r, xs, dtype), "filter": rand(r, ws, dtype)},
        lambda x, filter: pd.conv2d_transpose(x, filter, **kw),
        lambda x, filter: out(R.conv2d_transpose(
            f64(x), f64(filter), kw.get("strides", [1, 1]), kw.get("paddings", [0, 0]),
            kw.get("output_padding", ()), kw.get("dilations", [1, 1]), kw.get("groups", 1),
            kw.get("output_size", ()), channels_last), x.dtype), shapes=shapes)


for _dt in FLOATS:
    _convt_case(_dt, "basic", (2, 3, 4, 4), (3, 2, 3, 3))
_convt_case(F32, "stride2_pad", (1, 2, 4, 5), (2, 3, 3, 3), strides=[2, 2], paddings=[1, 1])
_convt_case(F32, "output_padding", (1, 2, 4, 4), (2, 3, 3, 3), strides=[2, 2], paddings=[1, 1],
            output_padding=[1, 1])
_convt_case(F32, "dilation_groups", (1, 4, 3, 3), (4, 2, 2, 2), dilations=[2, 2], groups=2)
_convt_case(F32, "nhwc", (1, 4, 4, 2), (2, 3, 3, 3), strides=[2, 2], data_format="NHWC")
_convt_case(F32, "dyn_batch", (3, 2, 4, 4), (2, 3, 3, 3), strides=[2, 2],
            shapes={"x": [None, 2, 4, 4]})


def _pool_case(dtype, name, xs, shapes=None, lo=-5.0, hi=5.0, **kw):
    args = dict(kernel_size=[2, 2], strides=[2, 2], paddings=[0, 0], ceil_mode=False,
                exclusive=True, data_format="NCHW", pooling_type="max", global_pooling=False,
                adaptive=False, padding_algorithm="EXPLICIT")
    args.update(kw)
    r = rng_for("pool2d", dtype, name)
    add("pool2d", dtype, name, {"x": rand(r, xs, dtype, lo, hi)},
        lambda x: pd.pool2d(x, **args),
        lambda x: out(R.pool2d(f64(x), **args), x.dtype), shapes=shapes)


for _dt in FLOATS:
    _pool_case(_dt, "max", (2, 3, 6, 6))
    _pool_case(_dt, "avg", (2, 3, 6, 6), pooling_type="avg")
_pool_case(F32, "max_pad_stride1", (1, 2, 5, 5), kernel_size=[3, 3], strides=[1, 1], paddings=[1, 1])
_pool_case(F32, "avg_pad_exclusive", (1, 2, 5, 5), kernel_size=[3, 3], strides=[2, 2],
           paddings=[1, 1], pooling_type="avg", exclusive=True)
_pool_case(F32, "avg_pad_inclusive", (1, 2, 5, 5), kernel_size=[3, 3], strides=[2, 2],
           paddings=[1, 1], pooling_type="avg", exclusive=False)
_pool_case(F32, "max_ceil", (1, 2, 7, 7), kernel_size=[3, 3], strides=[2, 2], ceil_mode=True)
_pool_case(F32, "avg_ceil", (1, 2, 7, 7), kernel_size=[2, 2], strides=[2, 2], ceil_mode=True,
           pooling_type="avg")
_pool_case(F32, "global_avg", (2, 3, 5, 4), kernel_size=[1, 1], global_pooling=True,
           pooling_type="avg")
_pool_case(F32, "global_max", (2, 3, 5, 4), kernel_size=[1, 1], global_pooling=True)
_pool_case(F32, "adaptive_avg", (1, 2, 7, 5), kernel_size=[3, 2], adaptive=True, pooling_type="avg")
_pool_case(F32, "adaptive_max", (1, 2, 6, 6), kernel_size=[3, 4], adaptive=True)
_pool_case(F32, "adaptive_avg_1x1", (2, 3, 5, 5), kernel_size=[1, 1], adaptive=True,
           pooling_type="avg")
_pool_case(F32, "nhwc_max", (1, 6, 6, 3), data_format="NHWC")
# Rows long enough for the vectorized window kernel: whole vectors and a
# masked tail, strides 1 to 3 (deinterleaved loads), padding.
for _dt in FLOATS:
    _pool_case(_dt, "max_3x3_s2_rows", (1, 4, 37, 37), kernel_size=[3, 3], strides=[2, 2],
               paddings=[1, 1])
_pool_case(F32, "avg_3x3_s1_rows", (1, 3, 20, 35), kernel_size=[3, 3], strides=[1, 1],
           paddings=[1, 1], pooling_type="avg")
_pool_case(F32, "max_3x3_s3_rows", (1, 2, 20, 50), kernel_size=[3, 3], strides=[3, 3])
_pool_case(F32, "avg_2x2_s2_rows", (2, 5, 28, 28), pooling_type="avg")


# max_pool2d_with_index: windows clipped to the map (padding, ceil_mode),
# adaptive and global windows; the mask as PHI scans it. unpool puts a
# pool's maxima back at their positions (a map's positions are distinct:
# with overlapping windows, one input can be the maximum of two windows and
# is written twice, with the same value).
_MAXPOOL_INDEX = [("pad_ceil", [3, 3], [2, 2], [1, 1], False, False, True),
                  ("adaptive", [2, 3], [1, 1], [0, 0], False, True, False),
                  ("plain", [2, 2], [2, 2], [0, 0], False, False, False),
                  ("global", [1, 1], [1, 1], [0, 0], True, False, False)]
for _dt in FLOATS:
    for _name, _k, _s, _p, _g, _a, _c in _MAXPOOL_INDEX:
        _r = rng_for("max_pool2d_with_index", _dt, _name)
        add("max_pool2d_with_index", _dt, _name, {"x": rand(_r, (2, 3, 7, 9), _dt, -5, 5)},
            (lambda k, s, p, g, a, c: lambda x: list(pd.max_pool2d_with_index(x, k, s, p, g, a, c)))(
                _k, _s, _p, _g, _a, _c),
            (lambda k, s, p, g, a, c: lambda x: (
                lambda o, m: [out(o, x.dtype), m])(*R.max_pool2d_with_index(f64(x), k, s, p, g, a, c)))(
                _k, _s, _p, _g, _a, _c))
for _dt in FLOATS:
    _r = rng_for("unpool", _dt)
    _x = rand(_r, (2, 3, 7, 9), _dt, -5, 5)
    _pooled, _mask = R.max_pool2d_with_index(_x, [2, 2], [2, 2], [0, 0])
    add("unpool", _dt, "after_pool", {"x": _pooled.astype(_dt), "indices": _mask},
        lambda x, indices: pd.unpool(x, indices, [2, 2], [2, 2], [0, 0], [7, 9], "NCHW"),
        lambda x, indices: R.unpool(x, indices, [7, 9]))
_r = rng_for("unpool", "int64")
add("unpool", F32, "int64_indices", {"x": rand(_r, (1, 2, 3, 3), F32),
                                     "indices": _r.permutation(25)[:9].reshape(1, 1, 3, 3).repeat(2, 1).astype(np.int64)},
    lambda x, indices: pd.unpool(x, indices, [2, 2], [2, 2], [0, 0], [5, 5], "NCHW"),
    lambda x, indices: R.unpool(x, indices, [5, 5]))


def _pool3d_case(dtype, name, xs, **kw):
    args = dict(kernel_size=[2, 2, 2], strides=[2, 2, 2], paddings=[0, 0, 0], ceil_mode=False,
                exclusive=True, data_format="NCDHW", pooling_type="max", global_pooling=False,
                adaptive=False, padding_algorithm="EXPLICIT")
    args.update(kw)
    r = rng_for("pool3d", dtype, name)
    add("pool3d", dtype, name, {"x": rand(r, xs, dtype, -5.0, 5.0)},
        lambda x: pd.pool3d(x, **args),
        lambda x: out(R.pool3d(f64(x), **args), x.dtype))


# pool3d (video models; LRN pools squared channels with it) against an N-D
# numpy reference of PHI's windows.
for _dt in FLOATS:
    _pool3d_case(_dt, "max", (2, 3, 4, 6, 6))
    _pool3d_case(_dt, "avg", (2, 3, 4, 6, 6), pooling_type="avg")
_pool3d_case(F32, "avg_pad_exclusive", (1, 2, 5, 5, 4), kernel_size=[3, 3, 3], strides=[2, 2, 1],
             paddings=[1, 1, 1], pooling_type="avg")
_pool3d_case(F32, "avg_pad_inclusive", (1, 2, 5, 5, 4), kernel_size=[3, 3, 3], strides=[2, 2, 1],
             paddings=[1, 1, 1], pooling_type="avg", exclusive=False)
_pool3d_case(F32, "max_ceil", (1, 2, 5, 7, 7), kernel_size=[2, 3, 3], strides=[2, 2, 2],
             ceil_mode=True)
_pool3d_case(F32, "max_same", (1, 2, 5, 6, 7), kernel_size=[3, 3, 3], strides=[2, 2, 2],
             padding_algorithm="SAME")
_pool3d_case(F32, "lrn_window", (1, 1, 8, 12, 1), kernel_size=[3, 1, 1], strides=[1, 1, 1],
             pooling_type="avg")
_pool3d_case(F32, "global_avg", (2, 3, 3, 5, 4), kernel_size=[1, 1, 1], global_pooling=True,
             pooling_type="avg")
_pool3d_case(F32, "adaptive_avg", (1, 2, 5, 7, 5), kernel_size=[2, 3, 2], adaptive=True,
             pooling_type="avg")
_pool3d_case(F32, "adaptive_max", (1, 2, 4, 6, 6), kernel_size=[3, 3, 4], adaptive=True)
_pool3d_case(F32, "ndhwc_max", (1, 4, 6, 6, 3), data_format="NDHWC")
# A whole map is one row reduction per channel (vectorized, channels on
# threads): a squeeze-and-excitation block's 28x28 average, a 7x7 map's
# (49: a masked tail), channels last, a max over a 1x1 map.
_pool_case(F32, "global_avg_28x28", (1, 120, 28, 28), kernel_size=[1, 1], global_pooling=True,
           pooling_type="avg")
_pool_case(F32, "adaptive_avg_7x7", (2, 64, 7, 7), kernel_size=[1, 1], adaptive=True,
           pooling_type="avg")
_pool_case(F32, "global_max_nhwc", (2, 6, 5, 16), kernel_size=[1, 1], global_pooling=True,
           data_format="NHWC")
_pool_case(F32, "global_max_1x1", (1, 4, 1, 1), kernel_size=[1, 1], global_pooling=True)
_pool_case(F32, "same", (1, 2, 7, 7), kernel_size=[3, 3], strides=[2, 2], padding_algorithm="SAME")
_pool_case(F32, "dyn", (3, 2, 6, 6), shapes={"x": [None, 2, None, None]})
# All inputs negative: max pooling must not see the padding as zeros.
_pool_case(F32, "max_pad_negative_inputs", (1, 1, 4, 4), kernel_size=[3, 3], strides=[1, 1],
           paddings=[1, 1], lo=-5.0, hi=-1.0)


def f32(v: float) -> float:
    """A `float` attribute as the kernel sees it (C++ float, even in float64 kernels)."""
    return float(np.float32(v))


def _bn_case(dtype, name, xs, is_test, data_format="NCHW", shapes=None, affine=True,
             use_global_stats=False, fetch_saved=None):
    r = rng_for("batch_norm", dtype, name)
    c = xs[-1] if data_format == "NHWC" or len(xs) == 2 else xs[1]
    inputs = {"x": rand(r, xs, dtype, -2, 3), "mean": rand(r, (c,), dtype, -0.5, 0.5),
              "variance": rand(r, (c,), dtype, 0.5, 2.0)}
    if affine:
        inputs["scale"] = rand(r, (c,), dtype, 0.5, 1.5)
        inputs["bias"] = rand(r, (c,), dtype, -0.5, 0.5)

    # saved_mean/saved_variance are only defined when batch statistics are
    # computed; reserve_space (cuDNN's workspace, no fixed size) never is.
    global_stats = is_test or use_global_stats
    n_fetch = 5 if (fetch_saved if fetch_saved is not None else not global_stats) else 3

    def build(x, mean, variance, scale=None, bias=None):
        return pd.batch_norm(x, mean, variance, scale, bias, is_test, 0.9, 1e-5, data_format,
                             use_global_stats, False)[:n_fetch]

    def expected(x, mean, variance, scale=None, bias=None):
        res = R.batch_norm(f64(x), f64(mean), f64(variance), None if scale is None else f64(scale),
                           None if bias is None else f64(bias), is_test, f32(0.9), f32(1e-5),
                           data_format, use_global_stats, False)
        return [None if v is None else out(v, dtype) for v in res][:n_fetch]

    add("batch_norm", dtype, name, inputs, build, expected, shapes=shapes)


for _dt in FLOATS:
    _bn_case(_dt, "test", (2, 3, 4, 4), True)
    _bn_case(_dt, "train", (4, 3, 3, 3), False)
_bn_case(F32, "test_nhwc", (2, 4, 4, 3), True, "NHWC")
_bn_case(F32, "train_nhwc", (3, 4, 4, 3), False, "NHWC")
_bn_case(F32, "train_2d", (8, 5), False)
_bn_case(F32, "test_no_affine", (2, 3, 4, 4), True, affine=False)
_bn_case(F32, "global_stats", (2, 3, 4, 4), False, use_global_stats=True)
_bn_case(F32, "test_dyn", (3, 3, 5, 4), True, shapes={"x": [None, 3, None, None]})
# Fetching the (unspecified) saved statistics in test mode must still compile.
_bn_case(F32, "test_fetch_saved", (2, 3, 4, 4), True, fetch_saved=True)


def _ln_case(dtype, name, xs, begin, affine=True, shapes=None, eps=1e-5):
    r = rng_for("layer_norm", dtype, name)
    norm = int(np.prod(xs[begin:]))
    inputs = {"x": rand(r, xs, dtype, -2, 3)}
    if affine:
        inputs["scale"] = rand(r, (norm,), dtype, 0.5, 1.5)
        inputs["bias"] = rand(r, (norm,), dtype, -0.5, 0.5)
    add("layer_norm", dtype, name, inputs,
        lambda x, scale=None, bias=None: pd.layer_norm(x, scale, bias, eps, begin),
        lambda x, scale=None, bias=None: [out(v, dtype) for v in R.layer_norm(
            f64(x), None if scale is None else f64(scale), None if bias is None else f64(bias),
            f32(eps), begin)], shapes=shapes)


for _dt in FLOATS:
    _ln_case(_dt, "last", (3, 8), 1)
    _ln_case(_dt, "begin1_3d", (2, 3, 4), 1)
_ln_case(F32, "begin2", (2, 3, 4), 2)
_ln_case(F32, "no_affine", (4, 6), 1, affine=False)
_ln_case(F32, "eps_large", (4, 6), 1, eps=0.1)
_ln_case(F32, "dyn", (5, 3, 4), 2, shapes={"x": [None, None, 4]})


def _gn_case(dtype, name, xs, groups, affine=True, data_format="NCHW", shapes=None):
    r = rng_for("group_norm", dtype, name)
    c = xs[-1] if data_format == "NHWC" else xs[1]
    inputs = {"x": rand(r, xs, dtype, -2, 3)}
    if affine:
        inputs["scale"] = rand(r, (c,), dtype, 0.5, 1.5)
        inputs["bias"] = rand(r, (c,), dtype, -0.5, 0.5)
    add("group_norm", dtype, name, inputs,
        lambda x, scale=None, bias=None: pd.group_norm(x, scale, bias, 1e-5, groups, data_format),
        lambda x, scale=None, bias=None: [out(v, dtype) for v in R.group_norm(
            f64(x), None if scale is None else f64(scale), None if bias is None else f64(bias),
            f32(1e-5), groups, data_format)], shapes=shapes)


for _dt in FLOATS:
    _gn_case(_dt, "g2", (2, 4, 3, 3), 2)
_gn_case(F32, "g1", (2, 3, 4, 4), 1)
_gn_case(F32, "g_eq_c", (2, 3, 4, 4), 3, affine=False)
_gn_case(F32, "nhwc", (2, 3, 3, 4), 2, data_format="NHWC")
_gn_case(F32, "dyn", (3, 4, 3, 3), 2, shapes={"x": [None, 4, None, None]})


def _in_case(dtype, name, xs, affine=True, shapes=None):
    r = rng_for("instance_norm", dtype, name)
    c = xs[1]
    inputs = {"x": rand(r, xs, dtype, -2, 3)}
    if affine:
        inputs["scale"] = rand(r, (c,), dtype, 0.5, 1.5)
        inputs["bias"] = rand(r, (c,), dtype, -0.5, 0.5)
    add("instance_norm", dtype, name, inputs,
        lambda x, scale=None, bias=None: pd.instance_norm(x, scale, bias, 1e-5),
        lambda x, scale=None, bias=None: [out(v, dtype) for v in R.instance_norm(
            f64(x), None if scale is None else f64(scale), None if bias is None else f64(bias),
            f32(1e-5))], shapes=shapes)


for _dt in FLOATS:
    _in_case(_dt, "basic", (2, 3, 4, 4))
_in_case(F32, "no_affine", (2, 3, 5, 4), affine=False)
_in_case(F32, "dyn", (3, 2, 4, 4), shapes={"x": [None, 2, None, None]})

for _dt in FLOATS:
    for _idt in INTS:
        _r = rng_for("embedding", _dt, _idt)
        add("embedding", _dt, f"ids_{_idt}", {"x": rand(_r, (3, 4), _idt, 0, 9),
                                              "weight": rand(_r, (10, 5), _dt)},
            lambda x, weight: pd.embedding(x, weight),
            lambda x, weight: R.embedding(x, weight))
_r = rng_for("embedding", "pad")
_ids = rand(_r, (4, 5), I64, 0, 6)
_ids[0, :3] = 2
add("embedding", F32, "padding_idx", {"x": _ids, "weight": rand(_r, (7, 3), F32)},
    lambda x, weight: pd.embedding(x, weight, padding_idx=2),
    lambda x, weight: R.embedding(x, weight, 2))
add("embedding", F32, "dyn", {"x": rand(_r, (6,), I64, 0, 6), "weight": rand(_r, (7, 3), F32)},
    lambda x, weight: pd.embedding(x, weight), lambda x, weight: R.embedding(x, weight),
    shapes={"x": [None]})


def _ce_case(dtype, name, xs, axis=-1, soft=False, ignore_index=-100, use_softmax=True,
             labels=None, shapes=None):
    r = rng_for("cross_entropy_with_softmax", dtype, name)
    ax = axis % len(xs)
    logits = rand(r, xs, dtype, -3, 3)
    if not use_softmax:
        logits = R.softmax(f64(logits), ax).astype(dtype)
    if soft:
        label = R.softmax(rand(r, xs, F64, -2, 2), ax).astype(dtype)
    else:
        lshape = list(xs)
        lshape[ax] = 1
        label = rand(r, lshape, I64, 0, xs[ax] - 1) if labels is None else labels
    add("cross_entropy_with_softmax", dtype, name, {"input": logits, "label": label},
        lambda input, label: pd.cross_entropy_with_softmax(
            input, label, soft_label=soft, use_softmax=use_softmax, ignore_index=ignore_index,
            axis=axis),
        lambda input, label: [out(v, dtype) for v in R.cross_entropy_with_softmax(
            f64(input), label, soft, use_softmax, ignore_index, axis)], shapes=shapes)


for _dt in FLOATS:
    _ce_case(_dt, "hard", (4, 5))
    _ce_case(_dt, "soft", (4, 5), soft=True)
_ce_case(F32, "hard_axis1", (2, 4, 3), axis=1)
_ce_case(F32, "ignore_index", (4, 5), ignore_index=1,
         labels=np.array([[1], [0], [1], [4]], np.int64))
_ce_case(F32, "no_softmax", (3, 4), use_softmax=False)
_ce_case(F32, "hard_int32_label", (3, 4), labels=np.array([[0], [3], [2]], np.int32))
_ce_case(F32, "dyn", (6, 5), shapes={"input": [None, 5], "label": [None, 1]})


def _interp_case(op, dtype, name, xs, out_h=0, out_w=0, scale=(), align_corners=True,
                 align_mode=1, data_format="NCHW", shapes=None):
    r = rng_for(op, dtype, name)
    fn = getattr(pd, op)

    def build(x):
        return fn(x, None, None, None, data_format=data_format, out_h=out_h, out_w=out_w,
                  scale=list(scale), align_corners=align_corners, align_mode=align_mode)

    def expected(x):
        last = data_format == "NHWC"
        h, w = (x.shape[1:3] if last else x.shape[2:])
        oh, ow = (int(h * scale[0]), int(w * scale[-1])) if scale else (out_h, out_w)
        if op == "bilinear_interp":
            res = R.bilinear_interp(f64(x), oh, ow, align_corners, align_mode, data_format,
                                    list(scale) or None)
        else:
            res = R.nearest_interp(f64(x), oh, ow, align_corners, data_format, list(scale) or None)
        return out(res, dtype)

    add(op, dtype, name, {"x": rand(r, xs, dtype, -3, 3)}, build, expected, shapes=shapes)


for _op in ("bilinear_interp", "nearest_interp"):
    for _dt in FLOATS:
        _interp_case(_op, _dt, "up_corners", (1, 2, 3, 4), out_h=5, out_w=7)
    _interp_case(_op, F32, "up_half_pixel", (1, 2, 3, 4), out_h=6, out_w=8, align_corners=False,
                 align_mode=0)
    _interp_case(_op, F32, "up_asym", (1, 2, 3, 4), out_h=7, out_w=5, align_corners=False,
                 align_mode=1)
    _interp_case(_op, F32, "down", (2, 1, 8, 6), out_h=3, out_w=4, align_corners=False,
                 align_mode=0)
    _interp_case(_op, F32, "scale2", (1, 2, 3, 3), scale=(2.0, 2.0), align_corners=False)
    # A scale that is not in / out (5 * 1.7 = 8.5 -> 8 rows): the ratio is
    # 1 / scale, as in PHI (the lowering used to read only f32 scales and
    # fell back to in / out for the f64 attribute the spec declares).
    _interp_case(_op, F32, "scale_fraction", (1, 2, 5, 4), scale=(1.7, 1.3),
                 align_corners=False, align_mode=0)
    _interp_case(_op, F32, "nhwc", (1, 3, 4, 2), out_h=6, out_w=5, data_format="NHWC")
    _interp_case(_op, F32, "dyn_batch", (3, 2, 4, 4), out_h=6, out_w=6,
                 shapes={"x": [None, 2, 4, 4]})

# linear (3-D), trilinear (5-D), bicubic (4-D) and 3-D nearest interpolation
# against numpy references of PHI's kernels (checked equal to Paddle 3.3.1's
# outputs within 4e-6 in float32; float64 cases use ratios exact in float,
# as PHI keeps the linear ones' ratios and fractions in float32).
def _interp_nd_case(op, dtype, name, xs, sizes=(), scale=(), align_corners=True, align_mode=1,
                    data_format="NCHW", shapes=None):
    r = rng_for(op, dtype, name)
    fn = getattr(pd, op)
    last = data_format in ("NHWC", "NDHWC", "NWC")
    spatial = len(xs) - 2
    named = dict(zip(("out_d", "out_h", "out_w")[3 - spatial:], sizes))

    def build(x):
        return fn(x, None, None, None, data_format=data_format, scale=list(scale),
                  align_corners=align_corners, align_mode=align_mode, **named)

    def expected(x):
        dims = x.shape[1:-1] if last else x.shape[2:]
        outs = ([int(d * (scale[0] if len(scale) == 1 else scale[i])) for i, d in enumerate(dims)]
                if scale else list(sizes))
        xf, sc = f64(x), list(scale) or None
        if op == "bicubic_interp":
            res = R.bicubic_interp(xf, outs[0], outs[1], align_corners, last, sc)
        elif op == "nearest_interp":
            res = R.nearest_interp_nd(xf, outs, align_corners, last, sc)
        else:
            res = R.linear_interp_nd(xf, outs, align_corners, align_mode, last, sc)
        return out(res, dtype)

    add(op, dtype, name, {"x": rand(r, xs, dtype, -3, 3)}, build, expected, shapes=shapes)


for _dt in FLOATS:
    _interp_nd_case("linear_interp", _dt, "up_corners", (2, 3, 5), sizes=(9,))
    _interp_nd_case("linear_interp", _dt, "half_pixel", (2, 3, 5), sizes=(10,),
                    align_corners=False, align_mode=0)
    _interp_nd_case("trilinear_interp", _dt, "up_corners", (1, 2, 3, 5, 5), sizes=(5, 9, 9))
    _interp_nd_case("bicubic_interp", _dt, "up_corners", (2, 3, 4, 5), sizes=(7, 9))
    _interp_nd_case("bicubic_interp", _dt, "half_pixel", (2, 3, 4, 5), sizes=(7, 9),
                    align_corners=False)
_interp_nd_case("linear_interp", F32, "asym_scale", (2, 3, 5), scale=(1.7,), align_corners=False)
_interp_nd_case("linear_interp", F32, "down_nwc", (1, 7, 3), sizes=(3,), align_corners=False,
                align_mode=0, data_format="NWC")
_interp_nd_case("trilinear_interp", F32, "half_pixel", (1, 2, 3, 4, 5), sizes=(5, 3, 8),
                align_corners=False, align_mode=0)
_interp_nd_case("trilinear_interp", F32, "scale_ndhwc", (1, 3, 4, 5, 2), scale=(2.0, 1.5, 0.7),
                align_corners=False, data_format="NDHWC")
_interp_nd_case("bicubic_interp", F32, "scale", (1, 2, 4, 5), scale=(1.5, 2.5),
                align_corners=False)
_interp_nd_case("bicubic_interp", F32, "down_nhwc", (1, 8, 7, 3), sizes=(3, 2),
                data_format="NHWC")
_interp_nd_case("bicubic_interp", F32, "dyn_batch", (3, 2, 4, 4), sizes=(6, 6),
                shapes={"x": [None, 2, 4, 4]})
_interp_nd_case("nearest_interp", F32, "3d", (1, 2, 3, 4, 5), sizes=(5, 7, 3), align_corners=False)
_interp_nd_case("nearest_interp", F64, "3d_scale_ndhwc", (1, 3, 4, 5, 2), scale=(2.0, 2.0, 2.0),
                align_corners=False, data_format="NDHWC")

for _dt in FLOATS:
    add("pixel_shuffle", _dt, "r2", {"x": rand(rng_for("pixel_shuffle", _dt), (2, 8, 3, 2), _dt)},
        lambda x: pd.pixel_shuffle(x, 2), lambda x: R.pixel_shuffle(x, 2))
add("pixel_shuffle", F32, "r3_nhwc", {"x": rand(rng_for("pixel_shuffle", "nhwc"), (1, 2, 3, 9), F32)},
    lambda x: pd.pixel_shuffle(x, 3, "NHWC"), lambda x: R.pixel_shuffle(x, 3, "NHWC"))
add("pixel_shuffle", I64, "r2", {"x": rand(rng_for("pixel_shuffle", I64), (1, 4, 2, 2), I64, 0, 99)},
    lambda x: pd.pixel_shuffle(x, 2), lambda x: R.pixel_shuffle(x, 2))
add("pixel_shuffle", F32, "dyn", {"x": rand(rng_for("pixel_shuffle", "dyn"), (3, 4, 2, 3), F32)},
    lambda x: pd.pixel_shuffle(x, 2), lambda x: R.pixel_shuffle(x, 2),
    shapes={"x": [None, 4, None, None]})

# pixel_unshuffle, channel_shuffle, maxout (references checked against Paddle 3.3.1)
for _dt in FLOATS:
    add("pixel_unshuffle", _dt, "r2", {"x": rand(rng_for("pixel_unshuffle", _dt), (2, 3, 4, 6), _dt)},
        lambda x: pd.pixel_unshuffle(x, 2), lambda x: R.pixel_unshuffle(x, 2))
add("pixel_unshuffle", F32, "r3_nhwc",
    {"x": rand(rng_for("pixel_unshuffle", "nhwc"), (1, 6, 3, 2), F32)},
    lambda x: pd.pixel_unshuffle(x, 3, "NHWC"), lambda x: R.pixel_unshuffle(x, 3, "NHWC"))
add("pixel_unshuffle", I64, "r2",
    {"x": rand(rng_for("pixel_unshuffle", I64), (1, 2, 4, 2), I64, 0, 99)},
    lambda x: pd.pixel_unshuffle(x, 2), lambda x: R.pixel_unshuffle(x, 2))
for _dt in FLOATS:
    add("channel_shuffle", _dt, "g2", {"x": rand(rng_for("channel_shuffle", _dt), (2, 6, 3, 2), _dt)},
        lambda x: pd.channel_shuffle(x, 2), lambda x: R.channel_shuffle(x, 2))
add("channel_shuffle", F32, "g3_nhwc",
    {"x": rand(rng_for("channel_shuffle", "nhwc"), (1, 2, 3, 6), F32)},
    lambda x: pd.channel_shuffle(x, 3, "NHWC"), lambda x: R.channel_shuffle(x, 3, "NHWC"))
for _dt in FLOATS:
    add("maxout", _dt, "g2", {"x": rand(rng_for("maxout", _dt), (2, 6, 3, 4), _dt)},
        lambda x: pd.maxout(x, 2), lambda x: R.maxout(x, 2))
add("maxout", F32, "g3_last", {"x": rand(rng_for("maxout", "last"), (2, 3, 2, 9), F32)},
    lambda x: pd.maxout(x, 3, -1), lambda x: R.maxout(x, 3, -1))

# bilinear (nn.Bilinear): with and without bias; float64.
for _dt in FLOATS:
    _r = rng_for("bilinear", _dt)
    add("bilinear", _dt, "bias", {"x": rand(_r, (4, 5), _dt), "y": rand(_r, (4, 6), _dt),
                                  "weight": rand(_r, (3, 5, 6), _dt), "bias": rand(_r, (1, 3), _dt)},
        lambda x, y, weight, bias: pd.bilinear(x, y, weight, bias),
        lambda x, y, weight, bias: out(R.bilinear(f64(x), f64(y), f64(weight), f64(bias)),
                                       x.dtype))
_r = rng_for("bilinear", "nobias")
add("bilinear", F32, "no_bias", {"x": rand(_r, (2, 7), F32), "y": rand(_r, (2, 3), F32),
                                 "weight": rand(_r, (5, 7, 3), F32)},
    lambda x, y, weight: pd.bilinear(x, y, weight, None),
    lambda x, y, weight: out(R.bilinear(f64(x), f64(y), f64(weight)), x.dtype))

# grid_sample: every mode x padding_mode x align_corners on a grid reaching
# past the borders (references checked against Paddle 3.3.1); float64; a
# grid with NaN and huge values reads nothing outside x (0, or the clamped
# border).
def _grid(seed, shape, lo=-1.6, hi=1.6):
    return np.random.default_rng(seed).uniform(lo, hi, shape).astype(np.float32)


for _mode in ("bilinear", "nearest"):
    for _pad in ("zeros", "border", "reflection"):
        for _ac in (True, False):
            add("grid_sample", F32, f"{_mode}_{_pad}_align{int(_ac)}",
                {"x": rand(rng_for("grid_sample", _mode, _pad, _ac), (2, 3, 5, 6), F32),
                 "grid": _grid(17, (2, 4, 7, 2))},
                (lambda m, p, a: lambda x, grid: pd.grid_sample(x, grid, m, p, a))(
                    _mode, _pad, _ac),
                (lambda m, p, a: lambda x, grid: out(R.grid_sample(f64(x), f64(grid), m, p, a),
                                                     x.dtype))(_mode, _pad, _ac))
add("grid_sample", F64, "bilinear_zeros",
    {"x": rand(rng_for("grid_sample", F64), (1, 2, 4, 4), F64),
     "grid": _grid(18, (1, 3, 3, 2)).astype(np.float64)},
    lambda x, grid: pd.grid_sample(x, grid, "bilinear", "zeros", False),
    lambda x, grid: R.grid_sample(x, grid, "bilinear", "zeros", False))
_wild = _grid(19, (1, 2, 3, 2))
_wild[0, 0, 0] = [np.nan, 0.5]
_wild[0, 0, 1] = [1e30, -1e30]
_wild[0, 1, 2] = [-np.inf, np.inf]


def _check_wild_grid(outputs, x, grid):
    (y,) = outputs
    assert y.shape == (1, 2, 2, 3), y.shape
    assert np.isnan(y[0, :, 0, 0]).all() and np.isnan(y[0, :, 1, 2]).all()  # NaN, inf
    np.testing.assert_array_equal(y[0, :, 0, 1], 0)  # far outside: zeros
    tame = np.where(np.isfinite(grid) & (np.abs(grid) < 2), grid, 0)
    ref = R.grid_sample(f64(x), f64(tame), "bilinear", "zeros", True)
    keep = [(0, 2), (1, 0), (1, 1)]
    for i, j in keep:
        np.testing.assert_allclose(y[0, :, i, j], ref[0, :, i, j], rtol=1e-5, atol=1e-6)


add("grid_sample", F32, "nan_and_huge_zeros",
    {"x": rand(rng_for("grid_sample", "wild"), (1, 2, 4, 4), F32), "grid": _wild},
    lambda x, grid: pd.grid_sample(x, grid, "bilinear", "zeros", True),
    check=_check_wild_grid)

# affine_grid: 2-D with and without align_corners, 3-D, one row (NaN with
# align_corners, as Paddle 3.3.1 gives; references checked against it).
for _dt in FLOATS:
    for _ac in (True, False):
        add("affine_grid", _dt, f"2d_align{int(_ac)}",
            {"input": rand(rng_for("affine_grid", _dt, _ac), (2, 2, 3), _dt)},
            (lambda ac: lambda input: pd.affine_grid(input, [2, 3, 4, 5], ac))(_ac),
            (lambda ac: lambda input: out(R.affine_grid(f64(input), [2, 3, 4, 5], ac),
                                          input.dtype))(_ac))
add("affine_grid", F32, "3d", {"input": rand(rng_for("affine_grid", "3d"), (1, 3, 4), F32)},
    lambda input: pd.affine_grid(input, [1, 2, 2, 3, 4], False),
    lambda input: out(R.affine_grid(f64(input), [1, 2, 2, 3, 4], False), input.dtype))
add("affine_grid", F32, "one_row_align",
    {"input": rand(rng_for("affine_grid", "row"), (2, 2, 3), F32)},
    lambda input: pd.affine_grid(input, [2, 1, 1, 3], True),
    lambda input: out(R.affine_grid(f64(input), [2, 1, 1, 3], True), input.dtype))

# unfold (im2col): a 2x3 window with stride (1, 2) and padding [1, 0, 1, 2]
# (top, left, bottom, right; references checked against Paddle 3.3.1);
# dilation 2; integers.
for _dt in FLOATS:
    add("unfold", _dt, "window2x3",
        {"x": rand(rng_for("unfold", _dt), (2, 3, 6, 7), _dt)},
        lambda x: pd.unfold(x, [2, 3], [1, 2], [1, 0, 1, 2], [1, 1]),
        lambda x: R.unfold(x, [2, 3], [1, 2], [1, 0, 1, 2], [1, 1]))
add("unfold", F32, "dilation2",
    {"x": rand(rng_for("unfold", "dil"), (1, 2, 7, 7), F32)},
    lambda x: pd.unfold(x, [3, 3], [1, 1], [2, 2, 2, 2], [2, 2]),
    lambda x: R.unfold(x, [3, 3], [1, 1], [2, 2, 2, 2], [2, 2]))
add("unfold", I64, "window2x2",
    {"x": rand(rng_for("unfold", I64), (1, 2, 4, 4), I64, -9, 9)},
    lambda x: pd.unfold(x, [2, 2], [2, 2], [0, 0, 0, 0], [1, 1]),
    lambda x: R.unfold(x, [2, 2], [2, 2], [0, 0, 0, 0], [1, 1]))

# temporal_shift (PP-TSM): 2 clips of 3 frames; 10 channels at 0.25 shift
# 2 back and 3 forward (int(2.5), int(5.0)); one frame per clip (all
# shifted channels zero); NHWC; integers (references checked against
# Paddle 3.3.1)
for _dt in FLOATS:
    add("temporal_shift", _dt, "t3",
        {"x": rand(rng_for("temporal_shift", _dt), (6, 10, 2, 3), _dt)},
        lambda x: pd.temporal_shift(x, 3), lambda x: R.temporal_shift(x, 3))
add("temporal_shift", F32, "t1_ratio_0_4",
    {"x": rand(rng_for("temporal_shift", "t1"), (2, 5, 2, 2), F32)},
    lambda x: pd.temporal_shift(x, 1, 0.4), lambda x: R.temporal_shift(x, 1, 0.4))
add("temporal_shift", F32, "nhwc",
    {"x": rand(rng_for("temporal_shift", "nhwc"), (4, 2, 3, 8), F32)},
    lambda x: pd.temporal_shift(x, 2, 0.125, "NHWC"),
    lambda x: R.temporal_shift(x, 2, 0.125, "NHWC"))
add("temporal_shift", I64, "t4",
    {"x": rand(rng_for("temporal_shift", I64), (4, 8, 1, 2), I64, -50, 50)},
    lambda x: pd.temporal_shift(x, 4), lambda x: R.temporal_shift(x, 4))

# Losses: huber_loss (out and residual), log_loss ([N, 1]), bce_loss (the
# log clamped at -100 at 0 and 1), kldiv_loss (each reduction, log_target),
# sigmoid_cross_entropy_with_logits (ignored labels, pos_weight, normalize).
# Float attributes are float32, as in Paddle.
for _dt in FLOATS:
    _r = rng_for("losses", _dt)
    add("huber_loss", _dt, "delta", {"x": rand(_r, (4, 5), _dt, -3, 3), "y": rand(_r, (4, 5), _dt, -3, 3)},
        lambda x, y: list(pd.huber_loss(x, y, 0.7)),
        lambda x, y: [out(v, x.dtype) for v in R.huber_loss(f64(x), f64(y), float(np.float32(0.7)))])
    add("log_loss", _dt, "rows", {"p": rand(_r, (6, 1), _dt, 0.0, 1.0),
                                  "l": rand(_r, (6, 1), _dt, 0.0, 1.0).round()},
        lambda p, l: pd.log_loss(p, l, 1e-4),
        lambda p, l: out(R.log_loss(f64(p), f64(l), float(np.float32(1e-4))), p.dtype))
    # Scores on both sides of the margin (and on it: 1 - 1 * 1 = 0).
    _s = rand(_r, (7, 1), _dt, -2.0, 2.0)
    _s[0, 0] = 1.0
    add("hinge_loss", _dt, "rows", {"s": _s, "l": np.array([[1], [0], [1], [0], [1], [0], [1]], _dt)},
        lambda s, l: pd.hinge_loss(s, l), lambda s, l: out(R.hinge_loss(f64(s), f64(l)), s.dtype))
    _p = rand(_r, (3, 4), _dt, 0.0, 1.0)
    _p[0, :2] = [0.0, 1.0]  # log(0): clamped at -100
    add("bce_loss", _dt, "probabilities", {"p": _p, "l": rand(_r, (3, 4), _dt, 0.0, 1.0)},
        lambda p, l: pd.bce_loss(p, l), lambda p, l: out(R.bce_loss(f64(p), f64(l)), p.dtype))
    for _red in ("none", "mean", "batchmean", "sum"):
        for _lt in (False, True):
            add("kldiv_loss", _dt, f"{_red}{'_log_target' if _lt else ''}",
                {"x": rand(_r, (3, 4), _dt, -2, 2), "l": rand(_r, (3, 4), _dt, -0.5, 1.0)},
                lambda x, l, _red=_red, _lt=_lt: pd.kldiv_loss(x, l, _red, _lt),
                lambda x, l, _red=_red, _lt=_lt: out(R.kldiv_loss(f64(x), f64(l), _red, _lt),
                                                     x.dtype))
    _l = rand(_r, (3, 4), _dt, 0.0, 1.0).round()
    _l[0, 1], _l[1, 2], _l[2, 3] = -100, -100.5, 0.3  # ignored (int(-100.5) = -100), soft
    for _norm in (False, True):
        add("sigmoid_cross_entropy_with_logits", _dt, f"plain{'_normalize' if _norm else ''}",
            {"x": rand(_r, (3, 4), _dt, -6, 6), "l": _l},
            lambda x, l, _norm=_norm: pd.sigmoid_cross_entropy_with_logits(x, l, None, _norm),
            lambda x, l, _norm=_norm: out(R.sigmoid_cross_entropy_with_logits(
                f64(x), f64(l), None, _norm), x.dtype))
        add("sigmoid_cross_entropy_with_logits", _dt, f"pos_weight{'_normalize' if _norm else ''}",
            {"x": rand(_r, (3, 4), _dt, -6, 6), "l": _l, "w": rand(_r, (3, 4), _dt, 0.5, 2.0)},
            lambda x, l, w, _norm=_norm: pd.sigmoid_cross_entropy_with_logits(x, l, w, _norm),
            lambda x, l, w, _norm=_norm: out(R.sigmoid_cross_entropy_with_logits(
                f64(x), f64(l), f64(w), _norm), x.dtype))
add("sigmoid_cross_entropy_with_logits", F32, "all_ignored_normalize",
    {"x": rand(rng_for("losses", "ignored"), (2, 3), F32), "l": np.full((2, 3), -100, np.float32)},
    lambda x, l: pd.sigmoid_cross_entropy_with_logits(x, l, None, True, -100),
    lambda x, l: out(R.sigmoid_cross_entropy_with_logits(f64(x), f64(l), None, True), x.dtype))

# cummax / cummin (NaN propagation, ties take the later index, int32
# indices, integers), kthvalue (distinct values: Paddle's index among equal
# ones is unspecified), renorm.
for _dt in FLOATS:
    _r = rng_for("cum_max_min", _dt)
    _x = rand(_r, (3, 6), _dt, -3, 3).round()  # ties
    _x[1, 2], _x[2, 4] = np.nan, np.nan
    for _axis in (1, 0):
        add("cummax", _dt, f"axis{_axis}", {"x": _x},
            lambda x, _axis=_axis: list(pd.cummax(x, _axis)),
            lambda x, _axis=_axis: R.cum_max_min(x, _axis, True))
        add("cummin", _dt, f"axis{_axis}", {"x": _x},
            lambda x, _axis=_axis: list(pd.cummin(x, _axis, "int32")),
            lambda x, _axis=_axis: [R.cum_max_min(x, _axis, False)[0],
                                    R.cum_max_min(x, _axis, False)[1].astype(np.int32)])
add("cummax", I32, "ints", {"x": rand(rng_for("cum_max_min", "i32"), (2, 7), I32, -5, 5)},
    lambda x: list(pd.cummax(x, -1)), lambda x: R.cum_max_min(x, -1, True))
add("cummin", I64, "ints", {"x": rand(rng_for("cum_max_min", "i64"), (7,), I64, -5, 5)},
    lambda x: list(pd.cummin(x, 0)), lambda x: R.cum_max_min(x, 0, False))
for _dt in FLOATS:
    _r = rng_for("kthvalue", _dt)
    _z = (np.stack([_r.permutation(7) for _ in range(4)]) + _r.uniform(0, 0.5, (4, 7))).astype(_dt)
    for _k, _axis, _keep in ((1, 1, False), (3, -1, True), (7, 1, False), (2, 0, False)):
        add("kthvalue", _dt, f"k{_k}_axis{_axis}{'_keepdim' if _keep else ''}", {"x": _z},
            lambda x, _k=_k, _axis=_axis, _keep=_keep: list(pd.kthvalue(x, _k, _axis, _keep)),
            lambda x, _k=_k, _axis=_axis, _keep=_keep: R.kthvalue(x, _k, _axis, _keep))
    for _p, _axis, _mn in ((2.0, 0, 2.0), (1.0, 1, 3.0), (3.0, -1, 1.0)):
        add("renorm", _dt, f"p{_p:g}_axis{_axis}",
            {"x": rand(rng_for("renorm", _dt), (3, 4, 5), _dt)},
            lambda x, _p=_p, _axis=_axis, _mn=_mn: pd.renorm(x, _p, _axis, _mn),
            lambda x, _p=_p, _axis=_axis, _mn=_mn: out(
                R.renorm(f64(x), _p, _axis, _mn), x.dtype))

# index_add: repeated and negative indices, another axis, int32 indices,
# integer values.
for _dt in FLOATS:
    _r = rng_for("index_add", _dt)
    add("index_add", _dt, "rows", {"x": rand(_r, (4, 3), _dt), "v": rand(_r, (5, 3), _dt),
                                   "i": np.array([1, -1, 1, 0, 2], np.int64)},
        lambda x, v, i: pd.index_add(x, i, v, 0),
        lambda x, v, i: R.index_add(x, [1, 3, 1, 0, 2], v, 0))
    add("index_add", _dt, "axis1", {"x": rand(_r, (2, 5), _dt), "v": rand(_r, (2, 3), _dt),
                                    "i": np.array([4, 0, 4], np.int32)},
        lambda x, v, i: pd.index_add(x, i, v, 1),
        lambda x, v, i: R.index_add(x, i, v, 1))
add("index_add", I64, "ints", {"x": rand(rng_for("index_add", "i64"), (3, 2, 2), I64, -9, 9),
                               "v": rand(rng_for("index_add", "v64"), (3, 2, 3), I64, -9, 9),
                               "i": np.array([-1, 0, -1], np.int64)},
    lambda x, v, i: pd.index_add(x, i, v, -1),
    lambda x, v, i: R.index_add(x, [1, 0, 1], v, -1))

# shuffle_channel (the legacy NCHW channel_shuffle), affine_channel (the
# channel dim 1 for NCHW, the last for NHWC and AnyLayout; 2-D x too).
for _dt in FLOATS:
    _r = rng_for("shuffle_affine_channel", _dt)
    add("shuffle_channel", _dt, "g3", {"x": rand(_r, (2, 6, 3, 2), _dt)},
        lambda x: pd.shuffle_channel(x, 3), lambda x: R.channel_shuffle(x, 3))
    for _layout, _shape in (("NCHW", (2, 6, 3, 2)), ("NHWC", (2, 3, 2, 6)),
                            ("AnyLayout", (3, 6)), ("NCHW", (3, 6))):
        add("affine_channel", _dt, f"{_layout}_{len(_shape)}d",
            {"x": rand(_r, _shape, _dt), "s": rand(_r, (6,), _dt), "b": rand(_r, (6,), _dt)},
            lambda x, s, b, _layout=_layout: pd.affine_channel(x, s, b, _layout),
            lambda x, s, b, _layout=_layout: R.affine_channel(x, s, b, _layout))

# label_smooth, swiglu
for _dt in FLOATS:
    _r = rng_for("label_smooth", _dt)
    add("label_smooth", _dt, "uniform", {"label": rand(_r, (4, 5), _dt, 0.0, 1.0)},
        lambda label: pd.label_smooth(label, None, 0.1),
        # epsilon is a float32 attribute, as in Paddle
        lambda label: out(R.label_smooth(f64(label), None, float(np.float32(0.1))), label.dtype))
_r = rng_for("label_smooth", "prior")
add("label_smooth", F32, "prior", {"label": rand(_r, (3, 2, 5), F32, 0.0, 1.0),
                                   "prior": rand(_r, (1, 5), F32, 0.0, 1.0)},
    lambda label, prior: pd.label_smooth(label, prior, 0.2),
    lambda label, prior: out(R.label_smooth(f64(label), f64(prior), float(np.float32(0.2))),
                             label.dtype))
for _dt in FLOATS:
    _r = rng_for("swiglu", _dt)
    add("swiglu", _dt, "xy", {"x": rand(_r, (3, 20), _dt, -4, 4), "y": rand(_r, (3, 20), _dt)},
        pd.swiglu, lambda x, y: out(R.swiglu(f64(x), f64(y)), x.dtype))
add("swiglu", F32, "halves", {"x": rand(rng_for("swiglu", "halves"), (2, 3, 34), F32, -4, 4)},
    lambda x: pd.swiglu(x, None), lambda x: out(R.swiglu(f64(x)), x.dtype))

# rnn: every mode, one and two layers, both directions, sequence lengths
# (int64 and int32; rows past their length keep their state and output 0),
# a batch of one. The dropout state is any tensor (inference reads none).
def _rnn_case(dt, mode, layers, bidirec, lengths, batch=3, steps=4, size=5, hidden=4):
    r = rng_for("rnn", dt, mode, layers, bidirec, lengths is not None, batch)
    gates = {"LSTM": 4, "GRU": 3}.get(mode, 1)
    directions = 2 if bidirec else 1
    cells = layers * directions
    inputs = {"x": rand(r, (steps, batch, size), dt),
              "h0": rand(r, (cells, batch, hidden), dt)}
    if mode == "LSTM":
        inputs["c0"] = rand(r, (cells, batch, hidden), dt)
    shapes = []
    for layer in range(layers):
        width = size if layer == 0 else directions * hidden
        shapes += [(gates * hidden, width), (gates * hidden, hidden)] * directions
    shapes += [(gates * hidden,)] * (2 * cells)
    names = [f"w{i}" for i in range(len(shapes))]
    inputs.update({n: rand(r, shape, dt) for n, shape in zip(names, shapes)})
    if lengths is not None:
        inputs["lengths"] = lengths

    def build(**f):
        states = [f["h0"], f["c0"]] if mode == "LSTM" else [f["h0"]]
        out, _, final, _ = pd.rnn(f["x"], states, [f[n] for n in names], f.get("lengths"),
                                  f["x"], 0.0, bidirec, size, hidden, layers, mode, 0, True)
        return [out, *final]

    def expected(**f):
        y, final = R.rnn(f["x"], [f["h0"], f.get("c0")], [f[n] for n in names],
                         f.get("lengths"), mode, bidirec, layers, hidden)
        return [out(v, dt) for v in [y, *final]]

    kind = "" if lengths is None else f"_len{lengths.dtype.itemsize * 8}"
    add("rnn", dt, f"{mode}_l{layers}{'_bi' if bidirec else ''}{kind}_b{batch}", inputs,
        build, expected)


for _dt in FLOATS:
    _rnn_case(_dt, "LSTM", 2, True, np.array([4, 1, 3], np.int64))
    _rnn_case(_dt, "GRU", 1, False, None)
    _rnn_case(_dt, "GRU", 2, True, np.array([2, 4, 0], np.int32))
    _rnn_case(_dt, "RNN_TANH", 1, True, None)
    _rnn_case(_dt, "RNN_RELU", 2, False, np.array([3, 4, 2], np.int32))
_rnn_case(F32, "LSTM", 1, False, None, batch=1)

def _f32(v):
    return float(np.float32(v))


# yolo_box: iou_aware or not, clipped or not, scale_x_y; the confidences
# of random logits straddle conf_thresh, so some boxes are zeroed. The
# boxes are ~100 in size: float32 at 2e-5 relative.
for _dt in FLOATS:
    for _iou, _clip in ((False, True), (True, False)):
        _r = rng_for("yolo_box", _dt, _iou, _clip)
        _anchors, _classes = [10, 13, 16, 30, 33, 23], 3
        add("yolo_box", _dt, f"{'iou_' if _iou else ''}{'clip' if _clip else 'noclip'}",
            {"x": rand(_r, (2, 3 * (5 + _classes + (1 if _iou else 0)), 4, 5), _dt, -2, 2),
             "img": np.array([[64, 80], [50, 40]], np.int32)},
            lambda x, img, _iou=_iou, _clip=_clip, _anchors=_anchors, _classes=_classes:
                list(pd.yolo_box(x, img, _anchors, _classes, 0.4, 16, _clip, 1.2, _iou, 0.4)),
            lambda x, img, _iou=_iou, _clip=_clip, _anchors=_anchors, _classes=_classes:
                # (the float attributes are float32, as in Paddle)
                [out(v, x.dtype) for v in R.yolo_box(f64(x), img, _anchors, _classes, _f32(0.4),
                                                     16, _clip, _f32(1.2), _iou, _f32(0.4))],
            tol=(2e-5, 1e-5) if _dt == F32 else None)

# put_along_axis: every reduce, with and without arr's own value, repeated
# and negative indices, another axis, int64 values (mean floor-divides).
for _dt in (F32, F64, I64):
    for _reduce in ("assign", "add", "mul", "mean", "amin", "amax"):
        for _self in ((True, False) if _reduce != "assign" else (True,)):
            _r = rng_for("put_along_axis", _dt, _reduce, _self)
            _axis = 1 if _reduce in ("add", "mean") else 0
            _ishape = (3, 4) if _axis == 1 else (4, 5)
            add("put_along_axis", _dt, f"{_reduce}{'' if _self else '_noself'}_axis{_axis}",
                {"arr": rand(_r, (3, 5), _dt, -9, 9), "v": rand(_r, _ishape, _dt, -9, 9),
                 "i": rand(_r, _ishape, I64, -3, 2)},
                lambda arr, v, i, _axis=_axis, _reduce=_reduce, _self=_self:
                    pd.put_along_axis(arr, i, v, _axis, _reduce, _self),
                lambda arr, v, i, _axis=_axis, _reduce=_reduce, _self=_self:
                    R.put_along_axis(arr, i, v, _axis, _reduce, _self))

# roi_align: aligned or not, the adaptive grid (sampling_ratio -1) or a
# fixed one, a spatial scale; rois partly outside the image, one past its
# end, int32 and int64 boxes_num, none for one image.
_ROI_BOXES = np.array([[1, 1, 6, 5], [0.5, 2, 9.5, 7.9], [-2, -1, 3, 4], [4, 3, 12, 10]])
for _dt in FLOATS:
    for _aligned, _sr, _scale, _num in ((False, -1, 1.0, np.array([1, 3], np.int32)),
                                        (True, 2, 0.5, np.array([3, 1], np.int64)),
                                        (False, 1, 0.75, None)):
        _r = rng_for("roi_align", _dt, _aligned, _sr)
        _inputs = {"x": rand(_r, (1 if _num is None else 2, 3, 8, 10), _dt),
                   "boxes": _ROI_BOXES.astype(_dt)}
        if _num is not None:
            _inputs["num"] = _num
        add("roi_align", _dt, f"{'aligned' if _aligned else 'plain'}_sr{_sr}"
            f"{'' if _num is None else '_num' + str(_num.dtype.itemsize * 8)}", _inputs,
            lambda x, boxes, num=None, _aligned=_aligned, _sr=_sr, _scale=_scale:
                pd.roi_align(x, boxes, num, 2, 3, _scale, _sr, _aligned),
            lambda x, boxes, num=None, _aligned=_aligned, _sr=_sr, _scale=_scale:
                out(R.roi_align(f64(x), f64(boxes), num, 2, 3, _f32(_scale), _sr, _aligned),
                    x.dtype))

# rrelu (inference: the mean slope), frobenius_norm (axes, keep_dim,
# reduce_all), squared_l2_norm ([1]), l1_norm (0-D), multiplex (int32 and
# int64 index), sequence_mask (float, int and bool masks; lengths past
# max_len and 0).
for _dt in FLOATS:
    _r = rng_for("legacy_norms", _dt)
    add("rrelu", _dt, "test", {"x": rand(_r, (3, 5), _dt)},
        lambda x: list(pd.rrelu(x, 0.1, 0.3, True)),
        lambda x: [out(v, x.dtype) for v in R.rrelu_inference(f64(x), _f32(0.1), _f32(0.3))])
    for _axis, _keep, _all in (([0, 1], False, False), ([1], True, False), ([0], False, True)):
        add("frobenius_norm", _dt, f"axis{''.join(map(str, _axis))}{'_keep' if _keep else ''}"
            f"{'_all' if _all else ''}", {"x": rand(_r, (3, 4, 2), _dt)},
            lambda x, _axis=_axis, _keep=_keep, _all=_all: pd.frobenius_norm(x, _axis, _keep, _all),
            lambda x, _axis=_axis, _keep=_keep, _all=_all: out(
                np.sqrt((f64(x) ** 2).sum(axis=None if _all else tuple(_axis),
                                          keepdims=_keep and not _all)), x.dtype))
    add("squared_l2_norm", _dt, "all", {"x": rand(_r, (3, 4), _dt)}, pd.squared_l2_norm,
        lambda x: out(np.array([(f64(x) ** 2).sum()]), x.dtype))
    add("l1_norm", _dt, "all", {"x": rand(_r, (2, 3, 4), _dt)}, pd.l1_norm,
        lambda x: out(np.abs(f64(x)).sum(), x.dtype))
    for _idt in (I32, I64):
        add("multiplex", _dt, f"index_{_idt}",
            {"a": rand(_r, (4, 3), _dt), "b": rand(_r, (4, 3), _dt), "c": rand(_r, (4, 3), _dt),
             "i": np.array([[2], [0], [1], [2]], _idt)},
            lambda a, b, c, i: pd.multiplex([a, b, c], i),
            lambda a, b, c, i: R.multiplex([a, b, c], i))
for _odt in (F32, F64, I64, BOOL):
    add("sequence_mask", _odt, "max4", {"x": np.array([[2, 0, 5], [4, 1, 3]], np.int64)},
        lambda x, _odt=_odt: pd.sequence_mask(x, 4, _odt),
        lambda x, _odt=_odt: R.sequence_mask(x, 4).astype(_odt))
add("sequence_mask", F32, "int32_lengths", {"x": np.array([3, 1], np.int32)},
    lambda x: pd.sequence_mask(x, 3, F32), lambda x: R.sequence_mask(x, 3).astype(F32))

# kron, cross, diag
for _dt in FLOATS:
    _r = rng_for("kron", _dt)
    add("kron", _dt, "rank2_3", {"x": rand(_r, (2, 3), _dt), "y": rand(_r, (3, 1, 2), _dt)},
        pd.kron, lambda x, y: out(np.kron(f64(x), f64(y)), x.dtype))
_r = rng_for("kron", I64)
add("kron", I64, "vectors", {"x": rand(_r, (3,), I64, -9, 9), "y": rand(_r, (4,), I64, -9, 9)},
    pd.kron, lambda x, y: np.kron(x, y))
for _dt in FLOATS:
    _r = rng_for("cross", _dt)
    add("cross", _dt, "default_axis", {"x": rand(_r, (4, 3, 5), _dt), "y": rand(_r, (4, 3, 5), _dt)},
        pd.cross, lambda x, y: out(np.cross(f64(x), f64(y), axis=1), x.dtype))
_r = rng_for("cross", "last")
add("cross", F32, "axis_last", {"x": rand(_r, (2, 3, 3), F32), "y": rand(_r, (2, 3, 3), F32)},
    lambda x, y: pd.cross(x, y, axis=-1), lambda x, y: out(np.cross(f64(x), f64(y), axis=-1), x.dtype))
for _dt in FLOATS:
    add("diag", _dt, "vector_offset", {"x": rand(rng_for("diag", _dt), (4,), _dt)},
        lambda x: pd.diag(x, offset=-1, padding_value=7.0), lambda x: R.diag(x, -1, 7.0))
add("diag", F32, "vector_pos_offset", {"x": rand(rng_for("diag", "pos"), (3,), F32)},
    lambda x: pd.diag(x, offset=2), lambda x: R.diag(x, 2))
add("diag", F32, "matrix", {"x": rand(rng_for("diag", "matrix"), (3, 5), F32)},
    lambda x: pd.diag(x, offset=1), lambda x: R.diag(x, 1))
add("diag", I64, "vector", {"x": rand(rng_for("diag", I64), (3,), I64, 0, 9)},
    lambda x: pd.diag(x), lambda x: R.diag(x))

# diag_embed: the last dim on a (shifted) diagonal of two new dims.
for _dt in FLOATS + (I64,):
    add("diag_embed", _dt, "default", {"x": rand(rng_for("diag_embed", _dt), (2, 3), _dt, -9, 9)},
        lambda x: pd.diag_embed(x), lambda x: R.diag_embed(x))
_r = rng_for("diag_embed", "dims")
add("diag_embed", F32, "offset_dims", {"x": rand(_r, (2, 3, 4), F32)},
    lambda x: pd.diag_embed(x, offset=1, dim1=0, dim2=2), lambda x: R.diag_embed(x, 1, 0, 2))
add("diag_embed", F32, "neg_offset_swapped", {"x": rand(_r, (3, 2), F32)},
    lambda x: pd.diag_embed(x, offset=-2, dim1=-1, dim2=0), lambda x: R.diag_embed(x, -2, -1, 0))

# multi_dot: a chain of matmuls, 1-D ends as a row and a column.
for _dt in FLOATS:
    _r = rng_for("multi_dot", _dt)
    add("multi_dot", _dt, "three", {"a": rand(_r, (3, 4), _dt), "b": rand(_r, (4, 5), _dt),
                                    "c": rand(_r, (5, 2), _dt)},
        lambda a, b, c: pd.multi_dot([a, b, c]),
        lambda a, b, c: out(np.linalg.multi_dot([f64(a), f64(b), f64(c)]), a.dtype))
_r = rng_for("multi_dot", "vectors")
add("multi_dot", F32, "vector_ends", {"a": rand(_r, (4,), F32), "b": rand(_r, (4, 3), F32),
                                      "c": rand(_r, (3, 6), F32), "d": rand(_r, (6,), F32)},
    lambda a, b, c, d: pd.multi_dot([a, b, c, d]),
    lambda a, b, c, d: out(np.linalg.multi_dot([f64(a), f64(b), f64(c), f64(d)]), F32))
add("multi_dot", F32, "two", {"a": rand(_r, (2, 7), F32), "b": rand(_r, (7,), F32)},
    lambda a, b: pd.multi_dot([a, b]), lambda a, b: out(f64(a) @ f64(b), F32))

# crop: a window of x (a size of -1 runs to the end).
for _dt in FLOATS + (I32,):
    add("crop", _dt, "window", {"x": rand(rng_for("crop", _dt), (3, 5, 4), _dt, -9, 9)},
        lambda x: pd.crop(x, [2, 3, 2], [1, 1, 2]), lambda x: R.crop(x, [2, 3, 2], [1, 1, 2]))
add("crop", F32, "to_end", {"x": rand(rng_for("crop", "end"), (4, 6), F32)},
    lambda x: pd.crop(x, [-1, 2], [1, 4]), lambda x: R.crop(x, [-1, 2], [1, 4]))

# baddbmm: beta * input + alpha * (x @ y) per batch, input broadcast
for _dt in FLOATS:
    _r = rng_for("baddbmm", _dt)
    add("baddbmm", _dt, "rand", {"input": rand(_r, (2, 3, 5), _dt), "x": rand(_r, (2, 3, 4), _dt),
                                 "y": rand(_r, (2, 4, 5), _dt)},
        lambda input, x, y: pd.baddbmm(input, x, y, beta=0.5, alpha=2.0),
        lambda input, x, y: out(0.5 * f64(input) + 2.0 * (f64(x) @ f64(y)), x.dtype))
_r = rng_for("baddbmm", "bcast")
add("baddbmm", F32, "bcast_input", {"input": rand(_r, (1, 5), F32), "x": rand(_r, (2, 3, 4), F32),
                                    "y": rand(_r, (2, 4, 5), F32)},
    lambda input, x, y: pd.baddbmm(input, x, y),
    lambda input, x, y: out(f64(input) + f64(x) @ f64(y), x.dtype))

# einsum: matmul, implicit output, transpose, diagonal and trace, batch
# dims under "..." that broadcast, an outer product, a full contraction.
_EINSUM = [("matmul", "ij,jk->ik", [(3, 4), (4, 5)]), ("implicit", "ij,jk", [(3, 4), (4, 5)]),
           ("transpose", "ij->ji", [(3, 4)]), ("diagonal", "ii->i", [(4, 4)]),
           ("trace", "ii", [(4, 4)]), ("ellipsis", "...ij,...jk->...ik", [(2, 3, 4), (1, 4, 6)]),
           ("attention", "bhqd,bhkd->bhqk", [(2, 2, 3, 4), (2, 2, 5, 4)]),
           ("outer", "i,j->ij", [(4,), (5,)]), ("contract_all", "ij,ij->", [(3, 4), (3, 4)]),
           ("three", "ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]), ("sum_rows", "...j->...", [(2, 3, 4)])]
for _dt in FLOATS:
    for _name, _eq, _shapes in _EINSUM:
        _r = rng_for("einsum", _dt, _name)
        _feeds = {f"x{i}": rand(_r, s, _dt) for i, s in enumerate(_shapes)}
        _n = len(_shapes)
        add("einsum", _dt, _name, _feeds,
            (lambda eq, n: lambda **kw: pd.einsum([kw[f"x{i}"] for i in range(n)], eq)[0])(_eq, _n),
            (lambda eq, n: lambda **kw: out(np.einsum(eq, *[f64(kw[f"x{i}"]) for i in range(n)]),
                                            kw["x0"].dtype))(_eq, _n))
_r = rng_for("einsum", I32)
add("einsum", I32, "matmul", {"a": rand(_r, (3, 4), I32, -5, 5), "b": rand(_r, (4, 2), I32, -5, 5)},
    lambda a, b: pd.einsum([a, b], "ij,jk->ik")[0],
    lambda a, b: np.einsum("ij,jk->ik", a.astype(np.int64), b.astype(np.int64)).astype(np.int32))

# broadcast_tensors: numpy's broadcast of every input to the common shape.
for _dt in FLOATS:
    _r = rng_for("broadcast_tensors", _dt)
    add("broadcast_tensors", _dt, "three", {"a": rand(_r, (3, 1), _dt), "b": rand(_r, (4,), _dt),
                                            "c": rand(_r, (2, 1, 1), _dt)},
        lambda a, b, c: pd.broadcast_tensors([a, b, c]),
        lambda a, b, c: [np.ascontiguousarray(t) for t in np.broadcast_arrays(a, b, c)])

# index_sample, meshgrid
for _dt in FLOATS:
    _r = rng_for("index_sample", _dt)
    add("index_sample", _dt, "rand", {"x": rand(_r, (3, 5), _dt), "index": rand(_r, (3, 7), I64, 0, 4)},
        pd.index_sample, lambda x, index: np.take_along_axis(x, index, 1))
_r = rng_for("index_sample", I32)
add("index_sample", I64, "int32_index", {"x": rand(_r, (2, 4), I64, -9, 9),
                                         "index": rand(_r, (2, 3), I32, 0, 3)},
    pd.index_sample, lambda x, index: np.take_along_axis(x, index.astype(np.int64), 1))
for _dt in FLOATS:
    _r = rng_for("meshgrid", _dt)
    add("meshgrid", _dt, "three", {"a": rand(_r, (3,), _dt), "b": rand(_r, (2,), _dt),
                                   "c": rand(_r, (4,), _dt)},
        lambda a, b, c: pd.meshgrid([a, b, c]),
        lambda a, b, c: [g.copy() for g in np.meshgrid(a, b, c, indexing="ij")])
add("meshgrid", I64, "scalar_and_vector", {"a": np.array(5, np.int64),
                                           "b": rand(rng_for("meshgrid", I64), (3,), I64, 0, 9)},
    lambda a, b: pd.meshgrid([a, b]),
    lambda a, b: [g.copy() for g in np.meshgrid(a.reshape(1), b, indexing="ij")])

# logcumsumexp (stable: a running maximum), searchsorted, dist
for _dt in FLOATS:
    _x = rand(rng_for("logcumsumexp", _dt), (3, 6), _dt, -30, 30)
    add("logcumsumexp", _dt, "axis1", {"x": _x}, lambda x: pd.logcumsumexp(x, 1),
        lambda x: out(R.logcumsumexp(f64(x), 1), x.dtype))
_x = rand(rng_for("logcumsumexp", "flags"), (2, 3, 4), F32, -5, 5)
for _ex, _rev in ((True, False), (False, True), (True, True)):
    add("logcumsumexp", F32, f"axis0_ex{int(_ex)}_rev{int(_rev)}", {"x": _x},
        (lambda e, r: lambda x: pd.logcumsumexp(x, 0, exclusive=e, reverse=r))(_ex, _rev),
        (lambda e, r: lambda x: R.logcumsumexp(x, 0, exclusive=e, reverse=r))(_ex, _rev))
add("logcumsumexp", F32, "flatten", {"x": _x}, lambda x: pd.logcumsumexp(x, flatten=True),
    lambda x: out(R.logcumsumexp(f64(x), flatten=True), x.dtype))
add("logcumsumexp", F32, "wide_range", {"x": np.array([-100.0, 100.0, -50.0, 80.0], np.float32)},
    lambda x: pd.logcumsumexp(x, 0), lambda x: out(R.logcumsumexp(f64(x), 0), x.dtype))
_seq = np.sort(rand(rng_for("searchsorted", "seq"), (9,), F32, -5, 5))
_val = rand(rng_for("searchsorted", "val"), (3, 4), F32, -6, 6)
_val[0, :2] = _seq[[2, 5]]  # ties: left and right differ
for _right in (False, True):
    add("searchsorted", F32, f"right{int(_right)}", {"seq": _seq, "values": _val},
        (lambda r: lambda seq, values: pd.searchsorted(seq, values, right=r))(_right),
        (lambda r: lambda seq, values: R.searchsorted(seq, values, right=r))(_right))
add("searchsorted", F64, "right0", {"seq": _seq.astype(np.float64), "values": _val.astype(np.float64)},
    lambda seq, values: pd.searchsorted(seq, values), lambda seq, values: R.searchsorted(seq, values))
_seq2 = np.sort(rand(rng_for("searchsorted", "rows"), (2, 5), I64, 0, 20), axis=-1)
add("searchsorted", I64, "rows_int32", {"seq": _seq2,
                                        "values": rand(rng_for("searchsorted", "rv"), (2, 3), I64, 0, 20)},
    lambda seq, values: pd.searchsorted(seq, values, out_int32=True),
    lambda seq, values: R.searchsorted(seq, values, out_int32=True))
_r = rng_for("dist", F64)
add("dist", F64, "p2", {"x": rand(_r, (2, 3), F64), "y": rand(_r, (2, 3), F64)},
    lambda x, y: pd.dist(x, y, 2.0), lambda x, y: R.dist(x, y, 2.0))
for _p in (2.0, 1.0, 3.0, 0.0, float("inf"), float("-inf")):
    _r = rng_for("dist", str(_p))
    _x, _y = rand(_r, (3, 4), F32), rand(_r, (4,), F32)
    _x[0, 0] = _y[0]  # a zero difference for p = 0
    add("dist", F32, f"p{_p}", {"x": _x, "y": _y},
        (lambda p: lambda x, y: pd.dist(x, y, p))(_p),
        (lambda p: lambda x, y: out(R.dist(f64(x), f64(y), p), x.dtype))(_p))

# dropout: deterministic in test mode; training draws a mask (checked statistically).
_x = rand(rng_for("dropout", "x"), (4, 5), F32, 0.5, 2.0)
add("dropout", F32, "test_upscale", {"x": _x},
    lambda x: pd.dropout(x, None, p=0.3, is_test=True, mode="upscale_in_train"),
    lambda x: [x.copy(), None])
add("dropout", F32, "test_downgrade", {"x": _x},
    lambda x: pd.dropout(x, None, p=0.3, is_test=True, mode="downgrade_in_infer"),
    lambda x: [out(f64(x) * 0.7, F32), None])
add("dropout", F64, "test_downgrade", {"x": _x.astype(F64)},
    lambda x: pd.dropout(x, None, p=0.25, is_test=True, mode="downgrade_in_infer"),
    lambda x: [x * 0.75, None])
add("dropout", F32, "train_p0", {"x": _x},
    lambda x: pd.dropout(x, None, p=0.0, is_test=False),
    lambda x: [x.copy(), np.ones(x.shape, np.uint8)])
add("dropout", F32, "train_p1", {"x": _x},
    lambda x: pd.dropout(x, None, p=1.0, is_test=False),
    lambda x: [np.zeros_like(x), np.zeros(x.shape, np.uint8)])


def _check_dropout(p, mode):
    def check(outputs, x):
        y, mask = outputs
        assert y.shape == x.shape and y.dtype == x.dtype, (y.shape, y.dtype)
        assert mask.shape == x.shape and mask.dtype == np.uint8, (mask.shape, mask.dtype)
        assert set(np.unique(mask)) <= {0, 1}, f"mask values {np.unique(mask)}"
        kept = mask.astype(bool)
        scale = 1.0 / (1.0 - p) if mode == "upscale_in_train" else 1.0
        np.testing.assert_allclose(y[kept], x[kept] * scale, rtol=1e-6, atol=1e-6,
                                   err_msg="kept elements must be x * scale")
        assert np.all(y[~kept] == 0), "dropped elements must be 0"
        frac = 1.0 - kept.mean()
        sigma = math.sqrt(p * (1 - p) / x.size)
        assert abs(frac - p) < 6 * sigma, f"dropped fraction {frac:.4f}, expected {p} (sigma {sigma:.4f})"
    return check


_xbig = rand(rng_for("dropout", "big"), (100, 100), F32, 0.5, 2.0)
add("dropout", F32, "train_upscale_stats", {"x": _xbig},
    lambda x: pd.dropout(x, None, p=0.3, is_test=False, mode="upscale_in_train"),
    check=_check_dropout(0.3, "upscale_in_train"), group="random")
add("dropout", F32, "train_downgrade_stats", {"x": _xbig},
    lambda x: pd.dropout(x, None, p=0.6, is_test=False, mode="downgrade_in_infer"),
    check=_check_dropout(0.6, "downgrade_in_infer"), group="random")
add("dropout", F64, "train_upscale_stats_dyn", {"x": _xbig.astype(F64)},
    lambda x: pd.dropout(x, None, p=0.5, is_test=False, mode="upscale_in_train"),
    check=_check_dropout(0.5, "upscale_in_train"), shapes={"x": [None, 100]}, group="random")


# ====================================================================================
# Reductions, arg-reductions, scans, sorting
# ====================================================================================
_section("reduce")

_REDUCE_AXES = {"all": [], "axis1": [1], "axis_neg": [-1], "axes02": [0, 2]}


def _reduce_expected(np_fn, axis, keepdim, out_dtype=None, via_f64=True):
    def expected(x):
        axes = R.reduce_axes(x, axis)
        src = f64(x) if (via_f64 and x.dtype.kind == "f") else x
        res = np_fn(src, axis=axes, keepdims=keepdim)
        return out(res, out_dtype or x.dtype)
    return expected


def _int_sum(x, axis, keepdims):
    return np.sum(x.astype(np.int64), axis=axis, keepdims=keepdims)


for _dt in FLOATS + INTS + (BOOL,):
    _x = rand(rng_for("sum", _dt), (3, 4, 5), _dt, -5 if _dt in FLOATS else -50,
              5 if _dt in FLOATS else 50)
    _odt = I64 if _dt in (I32, BOOL) else _dt
    for _name, _axes in _REDUCE_AXES.items():
        if _dt != F32 and _name in ("axis_neg",):
            continue
        add("sum", _dt, _name, {"x": _x}, (lambda a: lambda x: pd.sum(x, axis=a))(_axes),
            _reduce_expected(_int_sum if _dt in INTS + (BOOL,) else np.sum, _axes, False, _odt))
    add("sum", _dt, "keepdim", {"x": _x}, lambda x: pd.sum(x, axis=[1], keepdim=True),
        _reduce_expected(_int_sum if _dt in INTS + (BOOL,) else np.sum, [1], True, _odt))
add("sum", F32, "dtype_f64", {"x": rand(rng_for("sum", "d"), (3, 4), F32)},
    lambda x: pd.sum(x, axis=[0], dtype=F64), _reduce_expected(np.sum, [0], False, F64))
add("sum", I32, "dtype_i32", {"x": rand(rng_for("sum", "di"), (3, 4), I32, -9, 9)},
    lambda x: pd.sum(x, axis=[1], dtype=I32), _reduce_expected(np.sum, [1], False, I32))
add("sum", F32, "dyn", {"x": rand(rng_for("sum", "dyn"), (6, 5), F32)},
    lambda x: pd.sum(x, axis=[0]), _reduce_expected(np.sum, [0], False), shapes={"x": [None, 5]})
add("sum", F32, "dyn_all", {"x": rand(rng_for("sum", "dyn"), (6, 5), F32)},
    lambda x: pd.sum(x), _reduce_expected(np.sum, [], False), shapes={"x": [None, None]})
add("sum", F32, "edge", {"x": np.array([[1.0, inf], [nan, 2.0], [inf, -inf]], np.float32)},
    lambda x: pd.sum(x, axis=[1]), _reduce_expected(np.sum, [1], False))

for _op, _fn in (("mean", np.mean), ("max", np.max), ("min", np.min), ("amax", np.max),
                 ("amin", np.min)):
    _dts = FLOATS if _op == "mean" else FLOATS + INTS
    for _dt in _dts:
        _x = rand(rng_for(_op, _dt), (3, 4, 5), _dt, -5 if _dt in FLOATS else -50,
                  5 if _dt in FLOATS else 50)
        for _name, _axes in _REDUCE_AXES.items():
            if _dt != F32 and _name == "axis_neg":
                continue
            add(_op, _dt, _name, {"x": _x}, (lambda o, a: lambda x: getattr(pd, o)(x, axis=a))(_op, _axes),
                _reduce_expected(_fn, _axes, False))
        add(_op, _dt, "keepdim", {"x": _x},
            (lambda o: lambda x: getattr(pd, o)(x, axis=[0, 2], keepdim=True))(_op),
            _reduce_expected(_fn, [0, 2], True))
    add(_op, F32, "dyn", {"x": rand(rng_for(_op, "dyn"), (6, 5), F32)},
        (lambda o: lambda x: getattr(pd, o)(x, axis=[1]))(_op), _reduce_expected(_fn, [1], False),
        shapes={"x": [None, None]})
    if _op != "mean":
        add(_op, F32, "edge", {"x": np.array([[1.0, inf, -inf], [-inf, -inf, -3.0]], np.float32)},
            (lambda o: lambda x: getattr(pd, o)(x, axis=[1]))(_op), _reduce_expected(_fn, [1], False))

# Long rows: one (masked) vector per row reduced in 16-lane slices (rows of 64,
# 197, 1030), or blocks of 1024 (3136); a NaN in a row propagates for max/min.
for _op, _fn in (("sum", np.sum), ("max", np.max), ("min", np.min), ("mean", np.mean)):
    for _cols in (64, 197, 1030, 3136):
        _x = rand(rng_for(_op, "row", _cols), (3, _cols), F32, -5, 5)
        add(_op, F32, f"row{_cols}", {"x": _x},
            (lambda o: lambda x: getattr(pd, o)(x, axis=[-1]))(_op), _reduce_expected(_fn, [-1], False))
    if _op in ("max", "min"):
        _x = rand(rng_for(_op, "nanrow"), (2, 197), F32, -5, 5)
        _x[1, 150] = nan
        add(_op, F32, "row_nan", {"x": _x}, (lambda o: lambda x: getattr(pd, o)(x, axis=[-1]))(_op),
            _reduce_expected(_fn, [-1], False))
# Paddle Inference's fused ops and the LLM-era norms: fc (relu, bias,
# padded weights), matmul_with_flatten, skip_layernorm, rms_norm,
# add_position_encoding; the masked softmaxes of attention; reduce_as;
# shard_index.
for _dt in FLOATS:
    _r = rng_for("fused_ops", _dt)
    _x = rand(_r, (2, 3, 4), _dt)
    _w = rand(_r, (4, 5), _dt)
    _b = rand(_r, (5,), _dt)
    add("fc", _dt, "relu_bias", {"input": _x, "w": _w, "bias": _b},
        lambda input, w, bias: pd.fc(input, w, bias, 2, "relu"),
        lambda input, w, bias: out(R.fc(input, w, bias, 2, "relu"), input.dtype))
    _wp = rand(_r, (16, 9), _dt)
    add("fc", _dt, "padded_weights", {"input": _x, "w": _wp},
        lambda input, w: pd.fc(input, w, None, 1, "", True),
        lambda input, w: out(R.fc(input, w, None, 1, "", True), input.dtype))
    _y = rand(_r, (3, 4, 5, 2), _dt)
    add("matmul_with_flatten", _dt, "flatten_2", {"x": _x, "y": _y},
        lambda x, y: pd.matmul_with_flatten(x, y, 1, 2),
        lambda x, y: out(R.matmul_with_flatten(x, y, 1, 2), x.dtype))
    _s, _sb = rand(_r, (4,), _dt, 0.5, 1.5), rand(_r, (4,), _dt)
    add("skip_layernorm", _dt, "last_axis",
        {"x": _x, "y": rand(_r, (2, 3, 4), _dt), "scale": _s, "bias": _sb},
        lambda x, y, scale, bias: pd.skip_layernorm(x, y, scale, bias, 1e-5, 2),
        lambda x, y, scale, bias: out(R.layer_norm(f64(x) + y, scale, bias, 1e-5, 2)[0],
                                      x.dtype))
    _s2 = rand(_r, (3, 4), _dt, 0.5, 1.5)
    add("rms_norm", _dt, "two_dims", {"x": _x, "scale": _s2},
        lambda x, scale: pd.rms_norm(x, scale, [3, 4], 1e-6),
        lambda x, scale: tuple(out(v, x.dtype) for v in R.rms_norm(x, scale, [3, 4], 1e-6)))
    add("rms_norm", _dt, "no_scale", {"x": _x},
        lambda x: pd.rms_norm(x, None, [4]),
        lambda x: tuple(out(v, x.dtype) for v in R.rms_norm(x, None, [4])))
    for _e in (2, 8):
        _xe = rand(_r, (2, 5, _e), _dt)
        add("add_position_encoding", _dt, f"features{_e}", {"x": _xe},
            lambda x: pd.add_position_encoding(x, 0.5, 2.0),
            lambda x: out(R.add_position_encoding(x, 0.5, 2.0), x.dtype))
    _sc = rand(_r, (2, 3, 5, 5), _dt, -4, 4)
    _mask = np.where(rand(_r, (2, 1, 5, 5), _dt) > 0.5, -1e4, 0.0).astype(_dt)
    add("fused_softmax_mask", _dt, "padding_mask", {"x": _sc, "mask": _mask},
        lambda x, mask: pd.fused_softmax_mask(x, mask),
        lambda x, mask: out(R.softmax(f64(x) + mask), x.dtype))
    add("fused_softmax_mask_upper_triangle", _dt, "causal", {"X": _sc},
        lambda X: pd.fused_softmax_mask_upper_triangle(X),
        lambda X: out(R.fused_softmax_mask_upper_triangle(X), X.dtype))
    add("reduce_as", _dt, "lead_and_ones", {"x": _x, "target": np.zeros((3, 1), _dt)},
        lambda x, target: pd.reduce_as(x, target),
        lambda x, target: out(R.reduce_as(x, target), x.dtype))
for _idt in INTS:
    _xi = rand(rng_for("reduce_as", _idt), (2, 3), _idt, -9, 9)
    add("reduce_as", _idt, "ints", {"x": _xi, "target": np.zeros((3,), _idt)},
        lambda x, target: pd.reduce_as(x, target), R.reduce_as)
for _idt in INTS:
    _ids = rand(rng_for("shard_index", _idt), (6, 1), _idt, 0, 19)
    add("shard_index", _idt, "two_shards", {"input": _ids},
        lambda input: pd.shard_index(input, 20, 2, 1),
        lambda input: R.shard_index(input, 20, 2, 1))
_x = rand(rng_for("softmax", "rows197"), (2, 3, 197), F32, -8, 8)
add("softmax", F32, "rows197", {"x": _x}, lambda x: pd.softmax(x),
    lambda x: out(R.softmax(f64(x), -1), x.dtype))

for _dt in FLOATS + INTS:
    _x = rand(rng_for("prod", _dt), (3, 4, 2), _dt, 0.5 if _dt in FLOATS else -3,
              1.5 if _dt in FLOATS else 3)
    add("prod", _dt, "axis1", {"x": _x}, lambda x: pd.prod(x, [1], False, False),
        _reduce_expected(np.prod, [1], False))
    add("prod", _dt, "keepdim", {"x": _x}, lambda x: pd.prod(x, [0, 2], True, False),
        _reduce_expected(np.prod, [0, 2], True))
    add("prod", _dt, "reduce_all", {"x": _x}, lambda x: pd.prod(x, [0], False, True),
        _reduce_expected(np.prod, [], False))
add("prod", F32, "dyn", {"x": rand(rng_for("prod", "dyn"), (5, 3), F32, 0.5, 1.5)},
    lambda x: pd.prod(x, [-1], False, False), _reduce_expected(np.prod, [-1], False),
    shapes={"x": [None, 3]})

for _op, _fn in (("all", np.all), ("any", np.any)):
    _r = rng_for(_op)
    _x = _r.random((3, 4, 5)) < (0.85 if _op == "all" else 0.1)
    for _name, _axes in _REDUCE_AXES.items():
        add(_op, BOOL, _name, {"x": _x}, (lambda o, a: lambda x: getattr(pd, o)(x, axis=a))(_op, _axes),
            _reduce_expected(_fn, _axes, False, BOOL))
    add(_op, BOOL, "keepdim", {"x": _x}, (lambda o: lambda x: getattr(pd, o)(x, axis=[2], keepdim=True))(_op),
        _reduce_expected(_fn, [2], True, BOOL))
    add(_op, BOOL, "dyn", {"x": _x.reshape(12, 5)}, (lambda o: lambda x: getattr(pd, o)(x, axis=[1]))(_op),
        _reduce_expected(_fn, [1], False, BOOL), shapes={"x": [None, 5]})
    _xf = np.round(rand(_r, (3, 4), F32, -1, 1))
    add(_op, F32, "axis1", {"x": _xf}, (lambda o: lambda x: getattr(pd, o)(x, axis=[1]))(_op),
        _reduce_expected(_fn, [1], False, BOOL))

for _dt in FLOATS:
    _x = rand(rng_for("logsumexp", _dt), (3, 4, 5), _dt, -5, 5)
    add("logsumexp", _dt, "axis0", {"x": _x}, lambda x: pd.logsumexp(x),
        lambda x: out(R.logsumexp(f64(x), (0,)), x.dtype))
    add("logsumexp", _dt, "axes12_keep", {"x": _x}, lambda x: pd.logsumexp(x, [1, 2], True),
        lambda x: out(R.logsumexp(f64(x), (1, 2), True), x.dtype))
    add("logsumexp", _dt, "reduce_all", {"x": _x}, lambda x: pd.logsumexp(x, [0], False, True),
        lambda x: out(R.logsumexp(f64(x), (0, 1, 2)), x.dtype))
add("logsumexp", F32, "large", {"x": np.array([[1000.0, 1000.0], [-1000.0, 0.0]], np.float32)},
    lambda x: pd.logsumexp(x, [-1]), lambda x: out(R.logsumexp(f64(x), (1,)), x.dtype))
add("logsumexp", F32, "dyn", {"x": rand(rng_for("logsumexp", "dyn"), (6, 5), F32, -5, 5)},
    lambda x: pd.logsumexp(x, [1]), lambda x: out(R.logsumexp(f64(x), (1,)), x.dtype),
    shapes={"x": [None, 5]})

for _dt in FLOATS:
    _x = rand(rng_for("mean_all", _dt), (3, 4, 5), _dt, -5, 5)
    add("mean_all", _dt, "rand", {"x": _x}, pd.mean_all, lambda x: out(np.mean(f64(x)), x.dtype))
add("mean_all", F32, "dyn", {"x": rand(rng_for("mean_all", "dyn"), (7, 3), F32)}, pd.mean_all,
    lambda x: out(np.mean(f64(x)), x.dtype), shapes={"x": [None, None]})

for _op, _largest in (("argmax", True), ("argmin", False)):
    for _dt in FLOATS + INTS:
        _x = rand(rng_for(_op, _dt), (3, 4, 5), _dt, -5 if _dt in FLOATS else -4,
                  5 if _dt in FLOATS else 4)  # ints: ties -> first index
        add(_op, _dt, "axis1", {"x": _x}, (lambda o: lambda x: getattr(pd, o)(x, 1))(_op),
            (lambda l: lambda x: R.arg_reduce(x, 1, largest=l))(_largest))
        add(_op, _dt, "axis_neg_keep", {"x": _x},
            (lambda o: lambda x: getattr(pd, o)(x, -1, keepdims=True))(_op),
            (lambda l: lambda x: R.arg_reduce(x, -1, keepdims=True, largest=l))(_largest))
    _x = rand(rng_for(_op, "f"), (3, 4), F32)
    add(_op, F32, "flatten", {"x": _x}, (lambda o: lambda x: getattr(pd, o)(x, 0, flatten=True))(_op),
        (lambda l: lambda x: R.arg_reduce(x, 0, flatten=True, largest=l))(_largest))
    add(_op, F32, "int32_out", {"x": _x},
        (lambda o: lambda x: getattr(pd, o)(x, 0, dtype=I32))(_op),
        (lambda l: lambda x: R.arg_reduce(x, 0, dtype=np.int32, largest=l))(_largest))
    add(_op, F32, "dyn", {"x": rand(rng_for(_op, "dyn"), (6, 5), F32)},
        (lambda o: lambda x: getattr(pd, o)(x, 1))(_op),
        (lambda l: lambda x: R.arg_reduce(x, 1, largest=l))(_largest), shapes={"x": [None, 5]})
    add(_op, F32, "ties_inf", {"x": np.array([[1.0, 3.0, 3.0, -inf], [inf, 2.0, inf, -inf]], np.float32)},
        (lambda o: lambda x: getattr(pd, o)(x, 1))(_op),
        (lambda l: lambda x: R.arg_reduce(x, 1, largest=l))(_largest))

for _dt in FLOATS + INTS:
    _x = rand(rng_for("cumsum", _dt), (3, 4), _dt, -5 if _dt in FLOATS else -50,
              5 if _dt in FLOATS else 50)
    add("cumsum", _dt, "last", {"x": _x}, lambda x: pd.cumsum(x),
        lambda x: out(R.cumulative(x, -1, np.cumsum), x.dtype))
    add("cumsum", _dt, "axis0", {"x": _x}, lambda x: pd.cumsum(x, 0),
        lambda x: out(R.cumulative(x, 0, np.cumsum), x.dtype))
_x = rand(rng_for("cumsum", "opts"), (3, 4), F32)
for _name, _kw in (("exclusive", dict(exclusive=True)), ("reverse", dict(reverse=True)),
                   ("exclusive_reverse", dict(exclusive=True, reverse=True)),
                   ("flatten", dict(flatten=True))):
    add("cumsum", F32, _name, {"x": _x}, (lambda kw: lambda x: pd.cumsum(x, 1, **kw))(_kw),
        (lambda kw: lambda x: out(R.cumulative(f64(x), 1, np.cumsum, **kw), x.dtype))(_kw))
add("cumsum", F32, "dyn", {"x": rand(rng_for("cumsum", "dyn"), (6, 5), F32)},
    lambda x: pd.cumsum(x, 0), lambda x: out(R.cumulative(f64(x), 0, np.cumsum), x.dtype),
    shapes={"x": [None, 5]})

for _dt in FLOATS + INTS:
    _x = rand(rng_for("cumprod", _dt), (3, 4), _dt, 0.5 if _dt in FLOATS else -3,
              1.5 if _dt in FLOATS else 3)
    add("cumprod", _dt, "dim1", {"x": _x}, lambda x: pd.cumprod(x, 1),
        lambda x: out(R.cumulative(x, 1, np.cumprod), x.dtype))
    add("cumprod", _dt, "dim0", {"x": _x}, lambda x: pd.cumprod(x, 0),
        lambda x: out(R.cumulative(x, 0, np.cumprod), x.dtype))
_x = rand(rng_for("cumprod", "opts"), (3, 4), F32, 0.5, 1.5)
for _name, _kw in (("exclusive", dict(exclusive=True)), ("reverse", dict(reverse=True)),
                   ("exclusive_reverse", dict(exclusive=True, reverse=True))):
    add("cumprod", F32, _name, {"x": _x}, (lambda kw: lambda x: pd.cumprod(x, -1, **kw))(_kw),
        (lambda kw: lambda x: out(R.cumulative(f64(x), -1, np.cumprod, **kw), x.dtype))(_kw))
add("cumprod", F32, "dyn", {"x": rand(rng_for("cumprod", "dyn"), (6, 3), F32, 0.5, 1.5)},
    lambda x: pd.cumprod(x, 0), lambda x: out(R.cumulative(f64(x), 0, np.cumprod), x.dtype),
    shapes={"x": [None, 3]})


def _distinct(rng, shape, dtype):
    """A permutation scaled: no ties, so sort orders are unique."""
    n = int(np.prod(shape))
    vals = rng.permutation(n) - n // 2
    return (vals * 0.5 if dtype in FLOATS else vals).astype(dtype).reshape(shape)


for _dt in FLOATS + INTS:
    _x = _distinct(rng_for("topk", _dt), (3, 6), _dt)
    add("topk", _dt, "k3", {"x": _x}, lambda x: pd.topk(x, 3), lambda x: list(R.topk(x, 3)))
    add("topk", _dt, "smallest_axis0", {"x": _x}, lambda x: pd.topk(x, 2, axis=0, largest=False),
        lambda x: list(R.topk(x, 2, axis=0, largest=False)))
_x = _distinct(rng_for("topk", "dyn"), (5, 6), F32)
add("topk", F32, "dyn", {"x": _x}, lambda x: pd.topk(x, 2), lambda x: list(R.topk(x, 2)),
    shapes={"x": [None, 6]})
add("topk", F32, "k_all", {"x": _x}, lambda x: pd.topk(x, 6), lambda x: list(R.topk(x, 6)))
# k a tensor fed at run time: as many columns as it says (a size known only
# at run time), 1-D and 3-D inputs.
add("topk", F32, "runtime_k", {"x": _x, "k": np.array([4], np.int32)},
    lambda x, k: pd.topk(x, k), lambda x, k: list(R.topk(x, int(k[0]))))
_x3 = _distinct(rng_for("topk", "runtime_3d"), (2, 3, 5), F32)
add("topk", F32, "runtime_k_3d", {"x": _x3, "k": np.array([2], np.int64)},
    lambda x, k: pd.topk(x, k, largest=False), lambda x, k: list(R.topk(x, int(k[0]), largest=False)))
add("topk", F32, "runtime_k_1d", {"x": _x3.reshape(-1)[:7].copy(), "k": np.array([7], np.int32)},
    lambda x, k: pd.topk(x, k), lambda x, k: list(R.topk(x, int(k[0]))))

for _dt in FLOATS + INTS:
    _x = _distinct(rng_for("argsort", _dt), (3, 5), _dt)
    add("argsort", _dt, "last", {"x": _x}, lambda x: pd.argsort(x), lambda x: list(R.argsort(x)))
    add("argsort", _dt, "desc_axis0", {"x": _x}, lambda x: pd.argsort(x, 0, descending=True),
        lambda x: list(R.argsort(x, 0, descending=True)))
_x = np.array([[3.0, 1.0, 3.0, 1.0, 2.0], [0.0, 0.0, -1.0, 0.0, 5.0]], np.float32)
add("argsort", F32, "stable_ties", {"x": _x}, lambda x: pd.argsort(x, stable=True),
    lambda x: list(R.argsort(x)))
add("argsort", F32, "dyn", {"x": _distinct(rng_for("argsort", "dyn"), (6, 4), F32)},
    lambda x: pd.argsort(x), lambda x: list(R.argsort(x)), shapes={"x": [None, 4]})
# Rows longer than the rank sort's limit (the merge sort): ties kept in
# column order, NaN last when ascending, ints, odd lengths.
_r = rng_for("argsort", "long")
_x = np.round(rand(_r, (2, 301), F32, -20, 20))
_x[0, [5, 77, 200]] = np.nan
add("argsort", F32, "long_ties_nan", {"x": _x}, lambda x: pd.argsort(x), lambda x: list(R.argsort(x)))
add("argsort", F32, "long_desc", {"x": np.nan_to_num(_x)}, lambda x: pd.argsort(x, descending=True),
    lambda x: list(R.argsort(x, descending=True)))
add("argsort", I64, "long_int", {"x": rand(_r, (3, 257), I64, -50, 50)},
    lambda x: pd.argsort(x), lambda x: list(R.argsort(x)))
add("topk", F32, "long_row", {"x": np.nan_to_num(_x)}, lambda x: pd.topk(x, 17),
    lambda x: list(R.topk(x, 17)))

for _p in (2.0, 1.0, 3.0, 0.0, inf, -inf):
    _x = rand(rng_for("p_norm", _p), (3, 4), F32, -3, 3)
    _x[0, 1] = 0.0
    _label = {inf: "inf", -inf: "neginf"}.get(_p, f"p{_p:g}")
    add("p_norm", F32, _label, {"x": _x}, (lambda p: lambda x: pd.p_norm(x, p, 1))(_p),
        (lambda p: lambda x: out(R.p_norm(f64(x), p, 1), F32))(_p))
_x = rand(rng_for("p_norm", "f64"), (3, 4, 2), F64, -3, 3)
add("p_norm", F64, "p2_axis0_keep", {"x": _x}, lambda x: pd.p_norm(x, 2.0, 0, keepdim=True),
    lambda x: R.p_norm(x, 2.0, 0, keepdim=True))
add("p_norm", F32, "asvector", {"x": _x.astype(F32)}, lambda x: pd.p_norm(x, 2.0, 0, asvector=True),
    lambda x: out(R.p_norm(f64(x), 2.0, asvector=True), F32))
add("p_norm", F32, "dyn", {"x": _x.astype(F32)}, lambda x: pd.p_norm(x, 2.0, -1),
    lambda x: out(R.p_norm(f64(x), 2.0, -1), F32), shapes={"x": [None, 4, 2]})


# ====================================================================================
# Shape manipulation, indexing
# ====================================================================================
_section("manip")

MANIP_DTYPES = (F32, F64, I32, I64)


def _mx(key, shape, dtype):
    return rand(rng_for(*key), shape, dtype, -9, 9)


for _dt in MANIP_DTYPES + (BOOL,):
    _x = _mx(("reshape", _dt), (2, 3, 4), _dt)
    add("reshape", _dt, "infer", {"x": _x}, lambda x: pd.reshape(x, [4, -1]),
        lambda x: R.reshape(x, [4, -1]))
add("reshape", F32, "copy_dim0", {"x": _mx(("reshape", "c"), (2, 3, 4), F32)},
    lambda x: pd.reshape(x, [0, 12]), lambda x: R.reshape(x, [0, 12]))
add("reshape", F32, "to_scalar", {"x": np.array([3.5], np.float32)}, lambda x: pd.reshape(x, []),
    lambda x: x.reshape(()))
add("reshape", F32, "dyn", {"x": _mx(("reshape", "d"), (5, 3, 4), F32)},
    lambda x: pd.reshape(x, [0, -1]), lambda x: R.reshape(x, [0, -1]),
    shapes={"x": [None, 3, 4]})
add("reshape", F32, "dyn_infer", {"x": _mx(("reshape", "d"), (5, 3, 4), F32)},
    lambda x: pd.reshape(x, [-1, 6]), lambda x: R.reshape(x, [-1, 6]),
    shapes={"x": [None, 3, 4]})

for _dt in MANIP_DTYPES + (BOOL,):
    _x = _mx(("transpose", _dt), (2, 3, 4), _dt)
    add("transpose", _dt, "perm120", {"x": _x}, lambda x: pd.transpose(x, [1, 2, 0]),
        lambda x: x.transpose(1, 2, 0))
add("transpose", F32, "2d", {"x": _mx(("transpose", "2d"), (3, 5), F32)},
    lambda x: pd.transpose(x, [1, 0]), lambda x: x.T.copy())
add("transpose", F32, "dyn", {"x": _mx(("transpose", "d"), (5, 3, 4), F32)},
    lambda x: pd.transpose(x, [2, 0, 1]), lambda x: x.transpose(2, 0, 1),
    shapes={"x": [None, 3, None]})

for _dt in MANIP_DTYPES + (BOOL,):
    _r = rng_for("concat", _dt)
    add("concat", _dt, "axis1", {"a": rand(_r, (2, 3), _dt, -9, 9), "b": rand(_r, (2, 1), _dt, -9, 9),
                                 "c": rand(_r, (2, 4), _dt, -9, 9)},
        lambda a, b, c: pd.concat([a, b, c], 1), lambda a, b, c: np.concatenate([a, b, c], 1))
_r = rng_for("concat", "more")
add("concat", F32, "axis0", {"a": rand(_r, (2, 3), F32), "b": rand(_r, (4, 3), F32)},
    lambda a, b: pd.concat([a, b]), lambda a, b: np.concatenate([a, b], 0))
add("concat", F32, "axis_neg", {"a": rand(_r, (2, 3, 2), F32), "b": rand(_r, (2, 3, 1), F32)},
    lambda a, b: pd.concat([a, b], -1), lambda a, b: np.concatenate([a, b], -1))
add("concat", F32, "dyn", {"a": rand(_r, (5, 3), F32), "b": rand(_r, (5, 2), F32)},
    lambda a, b: pd.concat([a, b], 1), lambda a, b: np.concatenate([a, b], 1),
    shapes={"a": [None, 3], "b": [None, 2]})
add("concat", F32, "dyn_axis", {"a": rand(_r, (2, 3), F32), "b": rand(_r, (4, 3), F32)},
    lambda a, b: pd.concat([a, b], 0), lambda a, b: np.concatenate([a, b], 0),
    shapes={"a": [None, 3], "b": [None, 3]})
add("concat", F32, "single", {"a": rand(_r, (2, 3), F32)},
    lambda a: pd.concat([a], 0), lambda a: a.copy())

for _dt in MANIP_DTYPES + (BOOL,):
    _r = rng_for("stack", _dt)
    _a, _b = rand(_r, (2, 3), _dt, -9, 9), rand(_r, (2, 3), _dt, -9, 9)
    add("stack", _dt, "axis0", {"a": _a, "b": _b}, lambda a, b: pd.stack([a, b]),
        lambda a, b: np.stack([a, b], 0))
add("stack", F32, "axis_neg", {"a": rand(_r, (2, 3), F32), "b": rand(_r, (2, 3), F32),
                               "c": rand(_r, (2, 3), F32)},
    lambda a, b, c: pd.stack([a, b, c], -1), lambda a, b, c: np.stack([a, b, c], -1))
add("stack", F32, "dyn", {"a": rand(_r, (4, 3), F32), "b": rand(_r, (4, 3), F32)},
    lambda a, b: pd.stack([a, b], 1), lambda a, b: np.stack([a, b], 1),
    shapes={"a": [None, 3], "b": [None, 3]})

for _dt in MANIP_DTYPES:
    _x = _mx(("split", _dt), (4, 6), _dt)
    add("split", _dt, "sections", {"x": _x}, lambda x: pd.split(x, [1, 2, 3], 1),
        lambda x: R.split(x, [1, 2, 3], 1))
_x = _mx(("split", "more"), (6, 4), F32)
add("split", F32, "infer_axis0", {"x": _x}, lambda x: pd.split(x, [2, -1], 0),
    lambda x: R.split(x, [2, -1], 0))
add("split", F32, "dyn", {"x": _x}, lambda x: pd.split(x, [1, 3], -1),
    lambda x: R.split(x, [1, 3], -1), shapes={"x": [None, 4]})

for _dt in MANIP_DTYPES:
    _x = _mx(("split_with_num", _dt), (4, 6), _dt)
    add("split_with_num", _dt, "num3", {"x": _x}, lambda x: pd.split_with_num(x, 3, 1),
        lambda x: np.split(x, 3, 1))
add("split_with_num", F32, "axis0_dyn", {"x": _mx(("swn", "d"), (4, 3), F32)},
    lambda x: pd.split_with_num(x, 2, 0), lambda x: np.split(x, 2, 0), shapes={"x": [4, None]})

for _op in ("unstack", "unbind"):
    for _dt in MANIP_DTYPES:
        _x = _mx((_op, _dt), (3, 2, 4), _dt)
        add(_op, _dt, "axis0", {"x": _x}, (lambda o: lambda x: getattr(pd, o)(x, 0))(_op),
            lambda x: [x[i] for i in range(x.shape[0])])
    add(_op, F32, "axis_neg", {"x": _mx((_op, "n"), (3, 2, 4), F32)},
        (lambda o: lambda x: getattr(pd, o)(x, -1))(_op),
        lambda x: [x[..., i] for i in range(x.shape[-1])])
    add(_op, F32, "dyn", {"x": _mx((_op, "d"), (5, 2, 3), F32)},
        (lambda o: lambda x: getattr(pd, o)(x, 1))(_op),
        lambda x: [x[:, i] for i in range(x.shape[1])], shapes={"x": [None, 2, 3]})

for _dt in MANIP_DTYPES:
    _x = _mx(("slice", _dt), (4, 5, 6), _dt)
    add("slice", _dt, "basic", {"input": _x},
        lambda input: pd.slice(input, [0, 2], [1, 2], [3, 5], [1, 1], []),
        lambda input: R.slice_(input, [0, 2], [1, 2], [3, 5]))
_x = _mx(("slice", "more"), (4, 5, 6), F32)
add("slice", F32, "negative", {"input": _x},
    lambda input: pd.slice(input, [1, 2], [-3, -4], [-1, 100], [1, 1], []),
    lambda input: R.slice_(input, [1, 2], [-3, -4], [-1, 100]))
add("slice", F32, "decrease", {"input": _x},
    lambda input: pd.slice(input, [0, 1], [2, 0], [3, 5], [1, 1], [0]),
    lambda input: R.slice_(input, [0, 1], [2, 0], [3, 5], [0]))
add("slice", F32, "decrease_all", {"input": _x},
    lambda input: pd.slice(input, [0, 1, 2], [1, 2, 3], [2, 3, 4], [1, 1, 1], [0, 1, 2]),
    lambda input: R.slice_(input, [0, 1, 2], [1, 2, 3], [2, 3, 4], [0, 1, 2]))
add("slice", F32, "dyn", {"input": _x},
    lambda input: pd.slice(input, [1], [1], [4], [1], []),
    lambda input: R.slice_(input, [1], [1], [4]), shapes={"input": [None, 5, None]})
add("slice", F32, "dyn_sliced_axis", {"input": _x},
    lambda input: pd.slice(input, [0], [1], [-1], [1], []),
    lambda input: R.slice_(input, [0], [1], [-1]), shapes={"input": [None, 5, 6]})

for _dt in MANIP_DTYPES:
    _x = _mx(("strided_slice", _dt), (6, 7), _dt)
    add("strided_slice", _dt, "stride2", {"x": _x},
        lambda x: pd.strided_slice(x, [0, 1], [0, 1], [6, 7], [2, 3]),
        lambda x: R.strided_slice(x, [0, 1], [0, 1], [6, 7], [2, 3]))
_x = _mx(("strided_slice", "neg"), (6, 7), F32)
add("strided_slice", F32, "negative_stride", {"x": _x},
    lambda x: pd.strided_slice(x, [1], [5], [0], [-2]),
    lambda x: R.strided_slice(x, [1], [5], [0], [-2]))
add("strided_slice", F32, "negative_start", {"x": _x},
    lambda x: pd.strided_slice(x, [0], [-5], [-1], [2]),
    lambda x: R.strided_slice(x, [0], [-5], [-1], [2]))
add("strided_slice", F32, "dyn", {"x": _x},
    lambda x: pd.strided_slice(x, [1], [1], [6], [2]),
    lambda x: R.strided_slice(x, [1], [1], [6], [2]), shapes={"x": [None, 7]})

for _dt in MANIP_DTYPES:
    _x = _mx(("set_value", _dt), (6, 7), _dt)
    add("set_value", _dt, "strided", {"x": _x},
        lambda x: pd.set_value(x, [1, 0], [5, 7], [2, 3], [0, 1], [], [], [1], [3]),
        lambda x: R.set_value(x, 3, [0, 1], [1, 0], [5, 7], [2, 3]))
_x = _mx(("set_value", "neg"), (6, 7), F32)
add("set_value", F32, "negative_step_values", {"x": _x},
    lambda x: pd.set_value(x, [5, 2], [0, 3], [-2, 1], [0, 1], [], [], [1], [1.5]),
    lambda x: R.set_value(x, 1.5, [0, 1], [5, 2], [0, 3], [-2, 1]))
add("set_value", F32, "row_of_values", {"x": _x},
    lambda x: pd.set_value(x, [2], [3], [1], [0], [0], [], [7], [float(i) for i in range(7)]),
    lambda x: R.set_value(x, np.arange(7, dtype=np.float32), [0], [2], [3], [1], [0]))
for _dt in MANIP_DTYPES:
    _x = _mx(("set_value_with_tensor", _dt), (6, 7), _dt)
    _v = _mx(("set_value_with_tensor", "v", _dt), (3, 1), _dt)
    add("set_value_with_tensor", _dt, "broadcast", {"x": _x, "values": _v},
        lambda x, values: pd.set_value_with_tensor(x, values, [0, 2], [6, 6], [2, 1], [0, 1], [], []),
        lambda x, values: R.set_value(x, values, [0, 1], [0, 2], [6, 6], [2, 1]))
_x = _mx(("set_value_with_tensor", "neg"), (6, 7), F32)
_v = _mx(("set_value_with_tensor", "v", "neg"), (7,), F32)
add("set_value_with_tensor", F32, "reversed_row", {"x": _x, "values": _v},
    lambda x, values: pd.set_value_with_tensor(x, values, [4, 2147483647], [5, -1], [1, -1], [0, 1], [0], []),
    lambda x, values: R.set_value(x, values[None, :], [0, 1], [4, 6], [5, None], [1, -1], [0]))

for _dt in MANIP_DTYPES:
    _x = _mx(("squeeze", _dt), (1, 3, 1, 4), _dt)
    add("squeeze", _dt, "axes", {"x": _x}, lambda x: pd.squeeze(x, [0, 2]),
        lambda x: R.squeeze(x, [0, 2]))
_x = _mx(("squeeze", "more"), (1, 3, 1, 4), F32)
add("squeeze", F32, "all", {"x": _x}, lambda x: pd.squeeze(x), lambda x: R.squeeze(x))
add("squeeze", F32, "negative", {"x": _x}, lambda x: pd.squeeze(x, [-2]),
    lambda x: R.squeeze(x, [-2]))
add("squeeze", F32, "non_one_ignored", {"x": _x}, lambda x: pd.squeeze(x, [1, 2]),
    lambda x: R.squeeze(x, [1, 2]))
add("squeeze", F32, "dyn", {"x": _mx(("squeeze", "d"), (5, 1, 3), F32)},
    lambda x: pd.squeeze(x, [1]), lambda x: R.squeeze(x, [1]), shapes={"x": [None, 1, 3]})

for _dt in MANIP_DTYPES:
    _x = _mx(("unsqueeze", _dt), (3, 4), _dt)
    add("unsqueeze", _dt, "axes", {"x": _x}, lambda x: pd.unsqueeze(x, [0, 2]),
        lambda x: R.unsqueeze(x, [0, 2]))
_x = _mx(("unsqueeze", "more"), (3, 4), F32)
add("unsqueeze", F32, "negative", {"x": _x}, lambda x: pd.unsqueeze(x, [-1]),
    lambda x: R.unsqueeze(x, [-1]))
add("unsqueeze", F32, "scalar", {"x": np.array(1.5, np.float32)}, lambda x: pd.unsqueeze(x, [0]),
    lambda x: x.reshape(1))
add("unsqueeze", F32, "dyn", {"x": _x}, lambda x: pd.unsqueeze(x, [1]),
    lambda x: R.unsqueeze(x, [1]), shapes={"x": [None, 4]})

for _dt in MANIP_DTYPES:
    _x = _mx(("flatten", _dt), (2, 3, 4, 5), _dt)
    add("flatten", _dt, "1_2", {"x": _x}, lambda x: pd.flatten(x, 1, 2), lambda x: R.flatten(x, 1, 2))
_x = _mx(("flatten", "more"), (2, 3, 4, 5), F32)
add("flatten", F32, "all", {"x": _x}, lambda x: pd.flatten(x, 0, -1), lambda x: R.flatten(x, 0, -1))
add("flatten", F32, "dyn", {"x": _x}, lambda x: pd.flatten(x, 1, -1), lambda x: R.flatten(x, 1, -1),
    shapes={"x": [None, 3, 4, None]})

for _dt in MANIP_DTYPES + (BOOL,):
    _x = _mx(("expand", _dt), (3, 1), _dt)
    add("expand", _dt, "bcast", {"x": _x}, lambda x: pd.expand(x, [2, 3, 4]),
        lambda x: R.expand(x, [2, 3, 4]))
_x = _mx(("expand", "more"), (3, 1), F32)
add("expand", F32, "keep_minus1", {"x": _x}, lambda x: pd.expand(x, [-1, 5]),
    lambda x: R.expand(x, [-1, 5]))
add("expand", F32, "dyn", {"x": _x}, lambda x: pd.expand(x, [2, -1, 4]),
    lambda x: R.expand(x, [2, -1, 4]), shapes={"x": [None, 1]})

for _dt in MANIP_DTYPES:
    _r = rng_for("expand_as", _dt)
    add("expand_as", _dt, "bcast", {"x": rand(_r, (1, 4), _dt, -9, 9), "y": rand(_r, (3, 4), _dt)},
        lambda x, y: pd.expand_as(x, y, [3, 4]), lambda x, y: np.broadcast_to(x, y.shape).copy())
add("expand_as", F32, "rank_up", {"x": rand(_r, (3, 1), F32), "y": rand(_r, (2, 3, 5), F32)},
    lambda x, y: pd.expand_as(x, y, [2, 3, 5]), lambda x, y: np.broadcast_to(x, y.shape).copy())
add("expand_as", F32, "shape_only", {"x": rand(_r, (3, 1), F32)},
    lambda x: pd.expand_as(x, None, [3, 4]), lambda x: np.broadcast_to(x, (3, 4)).copy())

for _dt in MANIP_DTYPES + (BOOL,):
    _x = _mx(("tile", _dt), (2, 3), _dt)
    add("tile", _dt, "2x2", {"x": _x}, lambda x: pd.tile(x, [2, 2]), lambda x: np.tile(x, [2, 2]))
_x = _mx(("tile", "more"), (2, 3), F32)
add("tile", F32, "rank_up", {"x": _x}, lambda x: pd.tile(x, [2, 1, 3]),
    lambda x: np.tile(x, [2, 1, 3]))
add("tile", F32, "short", {"x": _x}, lambda x: pd.tile(x, [3]), lambda x: np.tile(x, [3]))
add("tile", F32, "dyn", {"x": _x}, lambda x: pd.tile(x, [2, 2]), lambda x: np.tile(x, [2, 2]),
    shapes={"x": [None, 3]})

for _dt in MANIP_DTYPES:
    for _idt in INTS:
        _r = rng_for("gather", _dt, _idt)
        add("gather", _dt, f"axis0_{_idt}", {"x": rand(_r, (5, 3), _dt, -9, 9),
                                             "index": np.array([4, 0, 2, 2], _idt)},
            lambda x, index: pd.gather(x, index), lambda x, index: np.take(x, index, 0))
_r = rng_for("gather", "more")
add("gather", F32, "axis1", {"x": rand(_r, (2, 5, 3), F32), "index": np.array([3, 1], np.int64)},
    lambda x, index: pd.gather(x, index, 1), lambda x, index: np.take(x, index, 1))
add("gather", F32, "dyn", {"x": rand(_r, (6, 3), F32), "index": np.array([5, 1, 0], np.int64)},
    lambda x, index: pd.gather(x, index), lambda x, index: np.take(x, index, 0),
    shapes={"x": [None, 3], "index": [None]})

# scatter_nd_add: whole rows and single elements, a repeated position
# (accumulates), a negative one (wraps), index with 2 leading dims.
for _dt in (F32, F64, I32):
    _r = rng_for("scatter_nd_add", _dt)
    add("scatter_nd_add", _dt, "rows", {"x": rand(_r, (3, 4, 2), _dt, -9, 9),
                                        "index": np.array([[1], [-1], [1]], np.int64),
                                        "updates": rand(_r, (3, 4, 2), _dt, -9, 9)},
        pd.scatter_nd_add, R.scatter_nd_add)
_r = rng_for("scatter_nd_add", "more")
add("scatter_nd_add", F32, "elements", {"x": rand(_r, (3, 4, 2), F32),
                                        "index": np.array([[[0, 1, 1], [2, -1, 0]],
                                                           [[0, 1, 1], [1, 2, 1]]], np.int32),
                                        "updates": rand(_r, (2, 2), F32)},
    pd.scatter_nd_add, R.scatter_nd_add)

# nonzero, masked_select: results whose length depends on the values (the
# compiled program returns a buffer of the bound and the shape it filled):
# some, none and all selected; a mask that broadcasts against x.
for _dt in (F32, I32, BOOL):
    _r = rng_for("nonzero", _dt)
    _x = rand(_r, (3, 4, 2), _dt, -1, 1)
    if _dt == F32:
        _x[_r.random(_x.shape) < 0.5] = 0
    add("nonzero", _dt, "some", {"condition": _x}, pd.nonzero, lambda condition: np.argwhere(condition))
add("nonzero", F32, "none", {"condition": np.zeros((2, 5), np.float32)}, pd.nonzero,
    lambda condition: np.argwhere(condition))
add("nonzero", F32, "nan_is_nonzero", {"condition": np.array([1.0, np.nan, -2.0], np.float32)},
    pd.nonzero, lambda condition: np.argwhere(condition))
for _dt in (F32, F64, I64, BOOL):
    _r = rng_for("masked_select", _dt)
    add("masked_select", _dt, "same_shape", {"x": rand(_r, (4, 5), _dt, -9, 9),
                                             "mask": rand(_r, (4, 5), BOOL)},
        pd.masked_select, lambda x, mask: x[mask])
_r = rng_for("masked_select", "more")
add("masked_select", F32, "mask_row_broadcast", {"x": rand(_r, (3, 4), F32), "mask": np.array([[True, False, True, True]])},
    pd.masked_select, lambda x, mask: x[np.broadcast_to(mask, x.shape)])
add("masked_select", F32, "x_broadcast", {"x": rand(_r, (1, 4), F32), "mask": rand(_r, (3, 4), BOOL)},
    pd.masked_select, lambda x, mask: np.broadcast_to(x, mask.shape)[mask])
add("masked_select", F32, "none", {"x": rand(_r, (2, 3), F32), "mask": np.zeros((2, 3), bool)},
    pd.masked_select, lambda x, mask: x[mask])
add("masked_select", F32, "all", {"x": rand(_r, (2, 3), F32), "mask": np.ones((2, 3), bool)},
    pd.masked_select, lambda x, mask: x[mask])

# unique (of the flattened input, sorted): values, first indices, inverse,
# counts, as numpy.unique; int32 indices; one value repeated everywhere.
def _unique_ref(x):
    values, first, inverse, counts = np.unique(x, return_index=True, return_inverse=True,
                                               return_counts=True)
    return values, first, inverse.reshape(-1), counts


for _dt in (F32, F64, I32, I64):
    _r = rng_for("unique", _dt)
    add("unique", _dt, "repeats", {"x": rand(_r, (3, 5), _dt, -4, 4).round()},
        lambda x: pd.unique(x, True, True, True, [], "int64", True), _unique_ref)
_r = rng_for("unique", "more")
add("unique", F32, "int32_indices", {"x": rand(_r, (7,), F32, -3, 3).round()},
    lambda x: pd.unique(x, True, True, True, [], "int32", True),
    lambda x: tuple(a.astype(np.int32) if i else a for i, a in enumerate(_unique_ref(x))))
add("unique", I64, "one_value", {"x": np.full((2, 3), 7, np.int64)},
    lambda x: pd.unique(x, True, True, True, [], "int64", True), _unique_ref)
add("unique", F32, "long", {"x": np.round(rand(rng_for("unique", "long"), (3, 100), F32, -30, 30))},
    lambda x: pd.unique(x, True, True, True, [], "int64", True), _unique_ref)


def _unique_consecutive_ref(x, dtype=np.int64):
    """Runs of equal consecutive values of the flattened x (NaN is never
    equal): their values, each element's run, the runs' lengths."""
    flat = x.ravel()
    starts = [0] + [i for i in range(1, flat.size) if not flat[i] == flat[i - 1]]
    bounds = starts + [flat.size]
    counts = np.diff(bounds)
    return (flat[starts], np.repeat(np.arange(len(starts)), counts).astype(dtype),
            counts.astype(dtype))


for _dt in FLOATS:
    _u = np.array([[1, 1, 2, 2, 3], [3, np.nan, np.nan, 1, 1]], _dt)
    add("unique_consecutive", _dt, "runs_nan", {"x": _u},
        lambda x: pd.unique_consecutive(x, True, True, [], "int64"), _unique_consecutive_ref)
add("unique_consecutive", I32, "int32_index", {"x": np.array([5, 5, 5, -1, 5, 0, 0], np.int32)},
    lambda x: pd.unique_consecutive(x, True, True, [], "int32"),
    lambda x: _unique_consecutive_ref(x, np.int32))
add("unique_consecutive", I64, "one_run", {"x": np.full((2, 3), 4, np.int64)},
    lambda x: pd.unique_consecutive(x, True, True, [], "int64"), _unique_consecutive_ref)

# multiclass_nms3 against PHI's algorithm in numpy: overlapping boxes
# (pixel and normalized coordinates), nms_top_k / keep_top_k cutting or
# not, an adaptive threshold (nms_eta < 1), no background class, nothing
# above the score threshold (no rows), tied scores (kept in box order).
def _nms_inputs(rng, dtype, n=2, classes=3, m=12, scale=1.0):
    xy = rng.uniform(0, 0.6, (n, m, 2)) * scale
    wh = rng.uniform(0.05, 0.4, (n, m, 2)) * scale
    return {"bboxes": np.concatenate([xy, xy + wh], -1).astype(dtype),
            "scores": rng.uniform(0, 1, (n, classes, m)).astype(dtype)}


def _nms_case(name, dtype, inputs, *args):
    add("multiclass_nms3", dtype, name, inputs,
        lambda bboxes, scores: pd.multiclass_nms3(bboxes, scores, None, *args),
        lambda bboxes, scores: R.multiclass_nms3(bboxes, scores, *args))


for _dt in (F32, F64):
    _r = rng_for("multiclass_nms3", _dt)
    _nms_case("cut", _dt, _nms_inputs(_r, _dt), 0.3, 6, 5, 0.45, True, 1.0, 0)
_r = rng_for("multiclass_nms3", "more")
_nms_case("no_cuts_pixels", F32, _nms_inputs(_r, F32, scale=50.0), 0.2, -1, -1, 0.3, False, 1.0, 0)
_nms_case("adaptive_no_background", F32, _nms_inputs(_r, F32, m=16), 0.1, 10, 20, 0.9, True, 0.7, -1)
_nms_case("nothing_kept", F32, _nms_inputs(_r, F32), 1.5, 6, 5, 0.45, True, 1.0, 0)
_tied = _nms_inputs(_r, F32, n=1, classes=2, m=6)
_tied["scores"][:] = 0.5
_nms_case("tied_scores", F32, _tied, 0.3, -1, 4, 0.45, True, 1.0, 0)

for _dt in MANIP_DTYPES:
    _r = rng_for("gather_nd", _dt)
    add("gather_nd", _dt, "full_index", {"x": rand(_r, (3, 4, 2), _dt, -9, 9),
                                         "index": np.array([[0, 1, 1], [2, 3, 0]], np.int64)},
        pd.gather_nd, R.gather_nd)
_r = rng_for("gather_nd", "more")
add("gather_nd", F32, "partial", {"x": rand(_r, (3, 4, 2), F32),
                                  "index": np.array([[[2], [0]], [[1], [1]]], np.int64)},
    pd.gather_nd, R.gather_nd)
add("gather_nd", F32, "int32_index", {"x": rand(_r, (3, 4), F32),
                                      "index": np.array([[2, 1], [0, 3]], np.int32)},
    pd.gather_nd, R.gather_nd)
add("gather_nd", F32, "dyn", {"x": rand(_r, (5, 4), F32), "index": np.array([[4, 1], [0, 3]], np.int64)},
    pd.gather_nd, R.gather_nd, shapes={"x": [None, 4], "index": [None, 2]})

for _dt in MANIP_DTYPES:
    _r = rng_for("index_select", _dt)
    add("index_select", _dt, "axis0", {"x": rand(_r, (4, 3), _dt, -9, 9),
                                       "index": np.array([3, 3, 0], np.int64)},
        lambda x, index: pd.index_select(x, index), lambda x, index: np.take(x, index, 0))
_r = rng_for("index_select", "more")
add("index_select", F32, "axis1_int32", {"x": rand(_r, (2, 5), F32), "index": np.array([4, 0], np.int32)},
    lambda x, index: pd.index_select(x, index, 1), lambda x, index: np.take(x, index, 1))
add("index_select", F32, "dyn", {"x": rand(_r, (5, 3), F32), "index": np.array([1, 4], np.int64)},
    lambda x, index: pd.index_select(x, index, 0), lambda x, index: np.take(x, index, 0),
    shapes={"x": [None, 3]})

for _dt in MANIP_DTYPES:
    _r = rng_for("scatter", _dt)
    _x = rand(_r, (5, 3), _dt, -9, 9)
    add("scatter", _dt, "overwrite", {"x": _x, "index": np.array([3, 0], np.int64),
                                      "updates": rand(_r, (2, 3), _dt, -9, 9)},
        lambda x, index, updates: pd.scatter(x, index, updates),
        lambda x, index, updates: R.scatter(x, index, updates))
    add("scatter", _dt, "accumulate", {"x": _x, "index": np.array([1, 4, 1], np.int64),
                                       "updates": rand(_r, (3, 3), _dt, -9, 9)},
        lambda x, index, updates: pd.scatter(x, index, updates, overwrite=False),
        lambda x, index, updates: R.scatter(x, index, updates, overwrite=False))
_r = rng_for("scatter", "dyn")
add("scatter", F32, "dyn", {"x": rand(_r, (6, 2), F32), "index": np.array([5, 2], np.int32),
                            "updates": rand(_r, (2, 2), F32)},
    lambda x, index, updates: pd.scatter(x, index, updates),
    lambda x, index, updates: R.scatter(x, index, updates), shapes={"x": [None, 2]})

for _dt in MANIP_DTYPES:
    _r = rng_for("take_along_axis", _dt)
    _x = rand(_r, (3, 4), _dt, -9, 9)
    add("take_along_axis", _dt, "axis1", {"arr": _x, "indices": rand(_r, (3, 2), I64, 0, 3)},
        lambda arr, indices: pd.take_along_axis(arr, indices, 1),
        lambda arr, indices: np.take_along_axis(arr, indices, 1))
_r = rng_for("take_along_axis", "more")
add("take_along_axis", F32, "axis0_int32", {"arr": rand(_r, (3, 4), F32),
                                            "indices": rand(_r, (5, 4), I32, 0, 2)},
    lambda arr, indices: pd.take_along_axis(arr, indices, 0),
    lambda arr, indices: np.take_along_axis(arr, indices, 0))
add("take_along_axis", F32, "dyn", {"arr": rand(_r, (5, 4), F32), "indices": rand(_r, (5, 1), I64, 0, 3)},
    lambda arr, indices: pd.take_along_axis(arr, indices, 1),
    lambda arr, indices: np.take_along_axis(arr, indices, 1),
    shapes={"arr": [None, 4], "indices": [None, 1]})

for _dt in MANIP_DTYPES + (BOOL,):
    _x = _mx(("flip", _dt), (2, 3, 4), _dt)
    add("flip", _dt, "axes", {"x": _x}, lambda x: pd.flip(x, [0, 2]), lambda x: np.flip(x, (0, 2)).copy())
add("flip", F32, "negative_dyn", {"x": _mx(("flip", "d"), (5, 3), F32)},
    lambda x: pd.flip(x, [-1]), lambda x: np.flip(x, -1).copy(), shapes={"x": [None, 3]})

for _dt in MANIP_DTYPES:
    _x = _mx(("roll", _dt), (3, 4), _dt)
    add("roll", _dt, "axis1", {"x": _x}, lambda x: pd.roll(x, [1], [1]), lambda x: R.roll(x, [1], [1]))
_x = _mx(("roll", "more"), (3, 4), F32)
add("roll", F32, "two_axes_neg", {"x": _x}, lambda x: pd.roll(x, [-1, 5], [0, 1]),
    lambda x: R.roll(x, [-1, 5], [0, 1]))
add("roll", F32, "flat", {"x": _x}, lambda x: pd.roll(x, [2]), lambda x: R.roll(x, [2]))
add("roll", F32, "dyn", {"x": _x}, lambda x: pd.roll(x, [2], [0]), lambda x: R.roll(x, [2], [0]),
    shapes={"x": [None, 4]})

for _dt in MANIP_DTYPES:
    _x = _mx(("pad", _dt), (2, 3), _dt)
    add("pad", _dt, "basic", {"x": _x}, lambda x: pd.pad(x, [1, 0, 2, 1], 0.0),
        lambda x: R.pad(x, [1, 0, 2, 1], 0))
add("pad", F32, "value", {"x": _mx(("pad", "v"), (2, 2, 2), F32)},
    lambda x: pd.pad(x, [0, 1, 1, 0, 0, 2], 1.5), lambda x: R.pad(x, [0, 1, 1, 0, 0, 2], 1.5))
add("pad", F32, "dyn", {"x": _mx(("pad", "d"), (4, 3), F32)},
    lambda x: pd.pad(x, [1, 1, 0, 2], -1.0), lambda x: R.pad(x, [1, 1, 0, 2], -1.0),
    shapes={"x": [None, 3]})

for _mode in ("constant", "reflect", "replicate", "circular"):
    for _dt in FLOATS:
        _x = _mx(("pad3d", _mode, _dt), (1, 2, 3, 4, 4), _dt)
        add("pad3d", _dt, _mode, {"x": _x},
            (lambda m: lambda x: pd.pad3d(x, [1, 2, 2, 1, 1, 0], m, 0.5))(_mode),
            (lambda m: lambda x: R.pad3d(x, [1, 2, 2, 1, 1, 0], m, 0.5))(_mode))
add("pad3d", F32, "ndhwc", {"x": _mx(("pad3d", "ndhwc"), (1, 3, 3, 3, 2), F32)},
    lambda x: pd.pad3d(x, [1, 1, 0, 2, 1, 0], "reflect", 0.0, "NDHWC"),
    lambda x: R.pad3d(x, [1, 1, 0, 2, 1, 0], "reflect", 0.0, "NDHWC"))
add("pad3d", F32, "dyn", {"x": _mx(("pad3d", "dyn"), (2, 2, 3, 3, 3), F32)},
    lambda x: pd.pad3d(x, [1, 1, 1, 1, 1, 1], "replicate"),
    lambda x: R.pad3d(x, [1, 1, 1, 1, 1, 1], "replicate"), shapes={"x": [None, 2, 3, 3, 3]})

for _idt in INTS:
    _x = rand(rng_for("one_hot", _idt), (2, 3), _idt, 0, 4)
    add("one_hot", _idt, "rand", {"x": _x}, lambda x: pd.one_hot(x, 5), lambda x: R.one_hot(x, 5))
add("one_hot", I64, "dyn", {"x": rand(rng_for("one_hot", "dyn"), (6,), I64, 0, 2)},
    lambda x: pd.one_hot(x, 3), lambda x: R.one_hot(x, 3), shapes={"x": [None]})

for _op, _fn in (("tril", np.tril), ("triu", np.triu)):
    for _dt in MANIP_DTYPES + (BOOL,):
        _x = _mx((_op, _dt), (4, 5), _dt)
        add(_op, _dt, "diag0", {"x": _x}, (lambda o: lambda x: getattr(pd, o)(x, 0))(_op),
            (lambda f: lambda x: f(x, 0))(_fn))
    _x = _mx((_op, "more"), (2, 4, 5), F32)
    for _k in (1, -2):
        add(_op, F32, f"diag{_k}_batch", {"x": _x}, (lambda o, k: lambda x: getattr(pd, o)(x, k))(_op, _k),
            (lambda f, k: lambda x: f(x, k))(_fn, _k))
    add(_op, F32, "dyn", {"x": _x}, (lambda o: lambda x: getattr(pd, o)(x, 1))(_op),
        (lambda f: lambda x: f(x, 1))(_fn), shapes={"x": [None, None, 5]})

# fill_diagonal as PHI walks it: a tall matrix with and without wrap,
# positive and negative offsets, a cube (PHI fills only d[1]^2 positions).
for _dt in MANIP_DTYPES:
    _x = _mx(("fill_diagonal", _dt), (7, 5), _dt)
    for _v, _k, _w in ((-1.0, 0, True), (2.0, 2, False), (3.0, -2, True), (4.0, -1, False)):
        add("fill_diagonal", _dt, f"7x5_offset{_k}_{'wrap' if _w else 'nowrap'}", {"x": _x},
            (lambda v, k, w: lambda x: pd.fill_diagonal(x, v, k, w))(_v, _k, _w),
            (lambda v, k, w: lambda x: R.fill_diagonal(x, v, k, w))(_v, _k, _w))
add("fill_diagonal", F32, "cube", {"x": _mx(("fill_diagonal", "cube"), (3, 3, 3), F32)},
    lambda x: pd.fill_diagonal(x, 9.0, 0, False), lambda x: R.fill_diagonal(x, 9.0, 0, False))
add("fill_diagonal", F64, "wide_wrap", {"x": _mx(("fill_diagonal", "wide"), (3, 8), F64)},
    lambda x: pd.fill_diagonal(x, 0.5, 1, True), lambda x: R.fill_diagonal(x, 0.5, 1, True))

for _dt in MANIP_DTYPES:
    _x = _mx(("repeat_interleave", _dt), (2, 3), _dt)
    add("repeat_interleave", _dt, "axis1", {"x": _x}, lambda x: pd.repeat_interleave(x, 2, 1),
        lambda x: np.repeat(x, 2, 1))
add("repeat_interleave", F32, "axis0_dyn", {"x": _mx(("ri", "d"), (3, 2), F32)},
    lambda x: pd.repeat_interleave(x, 3, 0), lambda x: np.repeat(x, 3, 0), shapes={"x": [None, 2]})


# ====================================================================================
# Creation
# ====================================================================================
_section("create")

for _dt, _vals in ((F32, [1.5, -2.0, 0.25, 3.0, 0.0, -1.0]), (I32, [1, -2, 3, 4, 0, 7]),
                   (I64, [10, 20, 30, -40, 50, 60]), (BOOL, [True, False, True, True, False, False]),
                   (F64, [0.1, 0.2, 0.3, 0.4, 0.5, 0.6])):
    add("assign_value", _dt, "2x3", {},
        (lambda d, v: lambda: pd.assign_value([2, 3], d, v))(_dt, _vals),
        (lambda d, v: lambda: np.array(v, d).reshape(2, 3))(_dt, _vals))

for _dt in FLOATS + INTS + (BOOL,):
    _x = _mx(("full_like", _dt), (2, 3), _dt)
    _v = True if _dt == BOOL else 3.0
    add("full_like", _dt, "same_dtype", {"x": _x}, (lambda v: lambda x: pd.full_like(x, v))(_v),
        (lambda v: lambda x: np.full(x.shape, v, x.dtype))(_v))
add("full_like", F32, "to_int64", {"x": _mx(("full_like", "c"), (2, 3), F32)},
    lambda x: pd.full_like(x, 7, I64), lambda x: np.full(x.shape, 7, np.int64))
add("full_like", I32, "to_float32", {"x": _mx(("full_like", "c2"), (2, 3), I32)},
    lambda x: pd.full_like(x, -0.5, F32), lambda x: np.full(x.shape, -0.5, np.float32))
add("full_like", F32, "dyn", {"x": _mx(("full_like", "d"), (5, 3), F32)},
    lambda x: pd.full_like(x, 2.5), lambda x: np.full(x.shape, 2.5, np.float32),
    shapes={"x": [None, 3]})
add("full_like", F32, "inf", {"x": _mx(("full_like", "i"), (2,), F32)},
    lambda x: pd.full_like(x, inf), lambda x: np.full(x.shape, inf, np.float32))


def _check_shape_dtype(shape_fn, dtype):
    def check(outputs, **arrays):
        (y,) = outputs
        want = tuple(shape_fn(**arrays))
        assert y.shape == want, f"shape {y.shape}, expected {want}"
        assert y.dtype == np.dtype(dtype), f"dtype {y.dtype}, expected {dtype}"
    return check


for _dt in (F32, I64, BOOL):
    add("empty", _dt, "2x3", {}, (lambda d: lambda: pd.empty([2, 3], d))(_dt),
        check=_check_shape_dtype(lambda: (2, 3), _dt))
add("empty", F32, "scalar", {}, lambda: pd.empty([], F32), check=_check_shape_dtype(lambda: (), F32))
for _dt in (F32, I32):
    add("empty_like", _dt, "same", {"x": _mx(("empty_like", _dt), (2, 3), _dt)},
        lambda x: pd.empty_like(x), check=_check_shape_dtype(lambda x: x.shape, _dt))
add("empty_like", F32, "to_int64_dyn", {"x": _mx(("empty_like", "d"), (5, 3), F32)},
    lambda x: pd.empty_like(x, I64), check=_check_shape_dtype(lambda x: x.shape, I64),
    shapes={"x": [None, 3]})

for _dt in FLOATS + INTS + (BOOL,):
    _v = np.array([1], _dt) if _dt == BOOL else np.array([3], _dt)
    add("full_with_tensor", _dt, "2x3", {"value": _v},
        (lambda d: lambda value: pd.full_with_tensor(value, [2, 3], d))(_dt),
        (lambda d: lambda value: np.full((2, 3), value[0], d))(_dt))
add("full_with_tensor", F32, "cast_from_f64", {"value": np.array([2.5])},
    lambda value: pd.full_with_tensor(value, [3], F32), lambda value: np.full((3,), 2.5, np.float32))
add("full_with_tensor", F32, "scalar_value", {"value": np.array(-1.25, np.float32)},
    lambda value: pd.full_with_tensor(value, [2, 2], F32),
    lambda value: np.full((2, 2), -1.25, np.float32))

for _name, (_s, _e, _st, _dt) in {"int64": (0, 10, 3, I64), "int32_neg_step": (5, -4, -2, I32),
                                  "float32": (0.5, 3.0, 0.5, F32),
                                  "float64_frac": (-1.0, 1.0, 0.375, F64),
                                  "float32_neg": (2.0, -1.0, -0.75, F32)}.items():
    add("arange", _dt, _name, {}, (lambda s, e, st, d: lambda: pd.arange(s, e, st, d))(_s, _e, _st, _dt),
        (lambda s, e, st, d: lambda: R.arange(s, e, st, d))(_s, _e, _st, _dt))

for _name, (_s, _e, _n, _dt) in {"float32": (0.0, 1.0, 5, F32), "float64": (-2.0, 3.0, 7, F64),
                                 "float32_desc": (1.0, -1.0, 4, F32), "one": (2.5, 9.0, 1, F32),
                                 "int32": (0, 10, 6, I32), "int64_trunc": (0, 10, 4, I64)}.items():
    add("linspace", _dt, _name, {}, (lambda s, e, n, d: lambda: pd.linspace(s, e, n, d))(_s, _e, _n, _dt),
        (lambda s, e, n, d: lambda: R.linspace(s, e, n, d))(_s, _e, _n, _dt))

# logspace: base ** linspace; an integer dtype converts start, stop and base
# first (base 2.5 is 2), then truncates each power (PHI's kernel).
for _name, (_s, _e, _n, _b, _dt) in {"float32": (0.0, 2.0, 5, 10.0, F32),
                                     "float64": (1.0, 3.7, 4, 2.0, F64),
                                     "float32_desc": (1.0, -2.0, 6, 3.0, F32),
                                     "one": (-2.0, 2.5, 1, 3.0, F32),
                                     "int32": (0, 10, 7, 2, I32),
                                     "int64_base_trunc": (1.5, 2.9, 3, 2.5, I64)}.items():
    add("logspace", _dt, _name, {},
        (lambda s, e, n, b, d: lambda: pd.logspace(s, e, n, b, d))(_s, _e, _n, _b, _dt),
        (lambda s, e, n, b, d: lambda: R.logspace(s, e, n, b, d))(_s, _e, _n, _b, _dt))

# tril_indices / triu_indices: compile-time constants, numpy's order.
for _name, (_rows, _cols, _off, _dt) in {"square": (4, 4, 0, I64), "wide_pos": (3, 5, 1, I32),
                                         "tall_neg": (5, 3, -1, I64), "empty": (2, 3, -4, I64)}.items():
    add("tril_indices", _dt, _name, {},
        (lambda r, c, o, d: lambda: pd.tril_indices(r, c, o, d))(_rows, _cols, _off, _dt),
        (lambda r, c, o, d: lambda: np.stack(np.tril_indices(r, o, c)).astype(d))(_rows, _cols, _off, _dt))
    add("triu_indices", _dt, _name, {},
        (lambda r, c, o, d: lambda: pd.triu_indices(r, c, o, d))(_rows, _cols, _off, _dt),
        (lambda r, c, o, d: lambda: np.stack(np.triu_indices(r, o, c)).astype(d))(_rows, _cols, _off, _dt))

for _name, (_r, _c, _dt) in {"square": (3, 3, F32), "wide": (2, 4, F32), "tall_int64": (4, 2, I64),
                             "cols_minus1": (3, -1, F64), "bool": (2, 3, BOOL)}.items():
    add("eye", _dt, _name, {}, (lambda r, c, d: lambda: pd.eye(r, c, d))(_r, _c, _dt),
        (lambda r, c, d: lambda: np.eye(r, r if c == -1 else c, dtype=d))(_r, _c, _dt))


# -- random creation: shape, range and moments ---------------------------------------

def _check_uniform(shape, dtype, lo, hi):
    def check(outputs):
        (y,) = outputs
        assert y.shape == tuple(shape) and y.dtype == np.dtype(dtype), (y.shape, y.dtype)
        assert np.all(np.isfinite(y)), "non-finite samples"
        assert y.min() >= lo and y.max() <= hi, f"range [{y.min()}, {y.max()}] outside [{lo}, {hi})"
        n = y.size
        mean, std = (lo + hi) / 2, (hi - lo) / math.sqrt(12)
        assert abs(y.mean() - mean) < 6 * std / math.sqrt(n), f"mean {y.mean()}, expected {mean}"
        assert abs(y.std() - std) < 0.05 * std, f"std {y.std()}, expected {std}"
        # Spread over the whole range: each tenth holds about n/10 samples.
        counts = np.histogram(y, bins=10, range=(lo, hi))[0]
        assert counts.min() > n / 10 * 0.7, f"uneven histogram {counts}"
        assert len(np.unique(y)) > n // 2, "too many repeated samples"
    return check


def _check_gaussian(shape, dtype, mean, std):
    def check(outputs):
        (y,) = outputs
        assert y.shape == tuple(shape) and y.dtype == np.dtype(dtype), (y.shape, y.dtype)
        assert np.all(np.isfinite(y)), "non-finite samples"
        n = y.size
        assert abs(y.mean() - mean) < 6 * std / math.sqrt(n), f"mean {y.mean()}, expected {mean}"
        assert abs(y.std() - std) < 0.05 * std, f"std {y.std()}, expected {std}"
        z = (y - mean) / std
        within1 = np.mean(np.abs(z) < 1)
        assert abs(within1 - 0.6827) < 0.03, f"{within1:.3f} within 1 sigma, expected 0.683"
        assert abs(np.mean(z ** 3)) < 0.15, f"skewness {np.mean(z ** 3):.3f}"
    return check


def _check_randint(shape, dtype, low, high):
    def check(outputs):
        (y,) = outputs
        assert y.shape == tuple(shape) and y.dtype == np.dtype(dtype), (y.shape, y.dtype)
        assert y.min() >= low and y.max() < high, f"range [{y.min()}, {y.max()}] outside [{low}, {high})"
        values, counts = np.unique(y, return_counts=True)
        assert list(values) == list(range(low, high)), f"values {values}"
        expect = y.size / (high - low)
        assert counts.min() > 0.7 * expect and counts.max() < 1.3 * expect, f"counts {counts}"
    return check


_section("stats")
# nansum (NaN as 0, int32 sums into int64), var / std (correction 1 and 0,
# keepdim, all axes), variance (population), identity_loss (sum, mean,
# none), clip_by_norm (scaled and untouched), angle (negatives, -0, NaN),
# conj (a copy), reverse (IntArray axes).
for _dt in FLOATS:
    _x = rand(rng_for("stats", _dt), (3, 4, 5), _dt, -2, 2)
    _n = _x.copy()
    _n[0, 1, 2] = _n[2, 3, 0] = _n[1, 0, 4] = np.nan
    _n[2, :, 1] = np.nan  # a slice of NaN only sums to 0
    for _axes, _keep in (([1], False), ([0, 2], True), ([], False)):
        _tag = f"axes{''.join(map(str, _axes)) or '_all'}{'_keep' if _keep else ''}"
        add("nansum", _dt, _tag, {"x": _n},
            lambda x, _axes=_axes, _keep=_keep: pd.nansum(x, _axes, None, _keep),
            lambda x, _axes=_axes, _keep=_keep: out(
                np.nansum(f64(x), axis=tuple(_axes) or None, keepdims=_keep), x.dtype))
        for _corr in (1.0, 0.0):
            add("var", _dt, f"{_tag}_ddof{_corr:g}", {"x": _x},
                lambda x, _axes=_axes, _keep=_keep, _corr=_corr: pd.var(
                    x, _axes, _keep, _corr == 1.0, _corr),
                lambda x, _axes=_axes, _keep=_keep, _corr=_corr: out(
                    np.var(f64(x), axis=tuple(_axes) or None, keepdims=_keep, ddof=int(_corr)),
                    x.dtype))
            add("std", _dt, f"{_tag}_ddof{_corr:g}", {"x": _x},
                lambda x, _axes=_axes, _keep=_keep, _corr=_corr: pd.std(
                    x, _axes, _keep, _corr == 1.0, _corr),
                lambda x, _axes=_axes, _keep=_keep, _corr=_corr: out(
                    np.std(f64(x), axis=tuple(_axes) or None, keepdims=_keep, ddof=int(_corr)),
                    x.dtype))
        add("variance", _dt, _tag, {"x": _x},
            lambda x, _axes=_axes, _keep=_keep: pd.variance(x, _axes, _keep),
            lambda x, _axes=_axes, _keep=_keep: out(
                np.var(f64(x), axis=tuple(_axes) or None, keepdims=_keep), x.dtype))
    for _red, _ref in ((0, lambda a: a.sum()), (1, lambda a: a.mean()), (2, lambda a: a)):
        add("identity_loss", _dt, f"reduction{_red}", {"x": _x},
            lambda x, _red=_red: pd.identity_loss(x, _red),
            lambda x, _ref=_ref: out(_ref(f64(x)), x.dtype))
    for _max in (1.0, 100.0):
        add("clip_by_norm", _dt, f"max{_max:g}", {"x": _x},
            lambda x, _max=_max: pd.clip_by_norm(x, _max),
            lambda x, _max=_max: out(f64(x) * min(1.0, _max / np.linalg.norm(f64(x))), x.dtype))
    _a = np.array([-2.5, -0.0, 0.0, 3.0, np.nan, -np.inf, np.inf, -1e-30], _dt)
    add("angle", _dt, "signs_nan", {"x": _a}, lambda x: pd.angle(x),
        lambda x: out(np.where(np.isnan(x), x, np.where(x < 0, np.pi, 0.0)), x.dtype))
    add("conj", _dt, "real", {"x": _x}, lambda x: pd.conj(x), lambda x: x.copy())
    add("reverse", _dt, "axes02", {"x": _x}, lambda x: pd.reverse(x, [0, -1]),
        lambda x: x[::-1, :, ::-1].copy())
# median / nanmedian (odd and even counts, avg and min, several axes, all
# axes; distinct values: Paddle's index among equal ones is unspecified;
# NaN rows), mode (ties: the smallest value, its last column; NaN).
for _dt in FLOATS:
    _r = rng_for("median", _dt)
    _m = (_r.permutation(3 * 4 * 6).reshape(3, 4, 6) + _r.uniform(0, 0.5, (3, 4, 6))).astype(_dt)
    for _axes, _keep in (([2], True), ([1], False), ([0, 2], False), ([], True), ([], False)):
        for _mode in ("avg", "min"):
            _tag = f"axes{''.join(map(str, _axes)) or '_all'}_{_mode}{'_keep' if _keep else ''}"
            add("median", _dt, _tag, {"x": _m},
                lambda x, _axes=_axes, _keep=_keep, _mode=_mode: list(
                    pd.median(x, _axes, _keep, _mode)),
                lambda x, _axes=_axes, _keep=_keep, _mode=_mode: R.median(
                    x, _axes, _keep, _mode))
    _nm = _m.copy()
    _nm[0, 1, 3] = _nm[1, 2, 0] = _nm[1, 2, 5] = np.nan
    _nm[2, 3, :] = np.nan  # nanmedian: NaN and -1
    for _mode in ("avg", "min"):
        add("nanmedian", _dt, f"axis2_{_mode}", {"x": _nm},
            lambda x, _mode=_mode: list(pd.nanmedian(x, [2], False, _mode)),
            lambda x, _mode=_mode: R.median(x, [2], False, _mode, skip_nan=True))
        add("nanmedian", _dt, f"axes01_{_mode}", {"x": _nm},
            lambda x, _mode=_mode: list(pd.nanmedian(x, [0, 1], True, _mode)),
            lambda x, _mode=_mode: R.median(x, [0, 1], True, _mode, skip_nan=True))
    add("median", _dt, "nan_rows_min", {"x": _nm},
        lambda x: list(pd.median(x, [2], False, "min")),
        lambda x: R.median(x, [2], False, "min"))
    _t = rand(rng_for("mode", _dt), (4, 9), _dt, 0, 3).round()  # ties
    _t[3, :] = [2, 1, 1, 2, np.nan, 0, 0, 2, 1]  # 1 and 2 both thrice: 1, column 8
    for _axis, _keep in ((1, False), (0, True), (-1, True)):
        add("mode", _dt, f"axis{_axis}{'_keep' if _keep else ''}", {"x": _t},
            lambda x, _axis=_axis, _keep=_keep: list(pd.mode(x, _axis, _keep)),
            lambda x, _axis=_axis, _keep=_keep: R.mode(x, _axis, _keep))
    add("mode", _dt, "all_nan", {"x": np.full((2, 3), np.nan, _dt)},
        lambda x: list(pd.mode(x, 1)), lambda x: R.mode(x, 1))
add("mode", I64, "ints", {"x": rand(rng_for("mode", "i64"), (5, 7), I64, -2, 2)},
    lambda x: list(pd.mode(x, 1)), lambda x: R.mode(x, 1))
add("median", I32, "ints_min", {"x": np.array([[5, -3, 9, 1], [2, 8, -7, 4]], np.int32)},
    lambda x: list(pd.median(x, [1], False, "min")), lambda x: R.median(x, [1], False, "min"))
# fold (strides, dilations, paddings; blocks that overlap), lp_pool2d
# (p = 2 and 1, strides, padding, ceil_mode), nll_loss (2-D and 4-D, class
# weights, ignore_index, the three reductions, all ignored).
for _dt in FLOATS:
    for _out, _k, _s, _p, _d in (((5, 6), (2, 3), (1, 1), (0, 0), (1, 1)),
                                 ((6, 7), (3, 3), (2, 2), (1, 1), (1, 1)),
                                 ((7, 7), (2, 2), (1, 2), (1, 0), (2, 1))):
        _bh = (_out[0] + 2 * _p[0] - (_d[0] * (_k[0] - 1) + 1)) // _s[0] + 1
        _bw = (_out[1] + 2 * _p[1] - (_d[1] * (_k[1] - 1) + 1)) // _s[1] + 1
        _fx = rand(rng_for("fold", _dt, *_out), (2, 3 * _k[0] * _k[1], _bh * _bw), _dt)
        add("fold", _dt, f"out{_out[0]}x{_out[1]}_k{_k[0]}{_k[1]}_s{_s[0]}{_s[1]}_p{_p[0]}{_p[1]}"
            f"_d{_d[0]}{_d[1]}", {"x": _fx},
            lambda x, _out=_out, _k=_k, _s=_s, _p=_p, _d=_d: pd.fold(
                x, list(_out), list(_k), list(_s), [_p[0], _p[1], _p[0], _p[1]], list(_d)),
            lambda x, _out=_out, _k=_k, _s=_s, _p=_p, _d=_d: out(
                R.fold(x, _out, _k, _s, _p, _d), x.dtype))
    _px = rand(rng_for("lp_pool2d", _dt), (2, 3, 7, 8), _dt, 0.1, 2.0)
    for _k, _s, _p, _norm, _ceil in (((2, 2), (2, 2), (0, 0), 2.0, False),
                                     ((3, 3), (2, 2), (1, 1), 1.0, False),
                                     ((3, 2), (2, 3), (0, 0), 3.0, True)):
        add("lp_pool2d", _dt, f"k{_k[0]}{_k[1]}_s{_s[0]}{_s[1]}_p{_p[0]}_norm{_norm:g}"
            f"{'_ceil' if _ceil else ''}", {"x": _px},
            lambda x, _k=_k, _s=_s, _p=_p, _norm=_norm, _ceil=_ceil: pd.lp_pool2d(
                x, list(_k), list(_s), list(_p), _ceil, True, "NCHW", "lp", False, False,
                "EXPLICIT", _norm),
            lambda x, _k=_k, _s=_s, _p=_p, _norm=_norm, _ceil=_ceil: out(
                R.lp_pool2d(x, _k, _s, _p, _norm, _ceil), x.dtype))
    _r = rng_for("nll_loss", _dt)
    _lx = rand(_r, (5, 4), _dt, -3, 0)
    _ll = np.array([0, 3, -100, 2, 1], np.int64)
    _lw = rand(_r, (4,), _dt, 0.5, 2)
    _lx4 = rand(_r, (2, 3, 2, 3), _dt, -3, 0)
    _ll4 = _r.integers(0, 3, (2, 2, 3)).astype(np.int64)
    _ll4[1, 0, 2] = 7  # another ignore_index
    for _red in ("mean", "sum", "none"):
        add("nll_loss", _dt, f"2d_weighted_{_red}", {"x": _lx, "l": _ll, "w": _lw},
            lambda x, l, w, _red=_red: list(pd.nll_loss(x, l, w, -100, _red)),
            lambda x, l, w, _red=_red: [out(v, x.dtype) for v in R.nll_loss(x, l, w, -100, _red)])
        add("nll_loss", _dt, f"4d_{_red}", {"x": _lx4, "l": _ll4},
            lambda x, l, _red=_red: list(pd.nll_loss(x, l, None, 7, _red)),
            lambda x, l, _red=_red: [out(v, x.dtype) for v in R.nll_loss(x, l, None, 7, _red)])
    add("nll_loss", _dt, "all_ignored_mean", {"x": _lx, "l": np.full(5, -100, np.int64)},
        lambda x, l: list(pd.nll_loss(x, l, None)),
        lambda x, l: [out(v, x.dtype) for v in R.nll_loss(x, l)])
# histogram: a given range (values outside it dropped, max in the last
# bin), the data's range, weights, density, integers, a range of one value.
for _dt in FLOATS:
    _h = rand(rng_for("histogram", _dt), (6, 7), _dt, -3, 3)
    _h[0, 0], _h[1, 1] = 2.0, -2.0  # exactly max and min
    _hw = rand(rng_for("histogram", _dt, "w"), (6, 7), _dt, 0, 1)
    add("histogram", _dt, "range", {"x": _h}, lambda x: pd.histogram(x, None, 8, -2.0, 2.0),
        lambda x: R.histogram(x, 8, -2.0, 2.0))
    add("histogram", _dt, "data_range", {"x": _h}, lambda x: pd.histogram(x, None, 5),
        lambda x: R.histogram(x, 5))
    add("histogram", _dt, "weighted", {"x": _h, "w": _hw},
        lambda x, w: pd.histogram(x, w, 6, -1.0, 2.5), lambda x, w: R.histogram(x, 6, -1.0, 2.5, w))
    add("histogram", _dt, "density", {"x": _h}, lambda x: pd.histogram(x, None, 4, 0.0, 0.0, True),
        lambda x: R.histogram(x, 4, density=True))
    add("histogram", _dt, "one_value", {"x": np.full((5,), 1.5, _dt)},
        lambda x: pd.histogram(x, None, 4), lambda x: R.histogram(x, 4))
add("histogram", I32, "ints", {"x": rand(rng_for("histogram", "i32"), (40,), I32, -5, 9)},
    lambda x: pd.histogram(x, None, 7), lambda x: R.histogram(x, 7))
add("histogram", I64, "ints_range", {"x": rand(rng_for("histogram", "i64"), (40,), I64, -5, 9)},
    lambda x: pd.histogram(x, None, 3, 0.0, 6.0), lambda x: R.histogram(x, 3, 0.0, 6.0))
# prior_box (max sizes, flipped ratios, clip; explicit steps and offset;
# min_max_aspect_ratios_order), box_coder (encode and decode on both axes,
# normalized or not, variances from a tensor or the attribute).
for _dt in FLOATS:
    _fm, _img = np.zeros((1, 3, 4, 5), _dt), np.zeros((1, 3, 40, 48), _dt)
    for _tag, _kw in (("max_flip_clip", dict(min_sizes=[8.0, 16.0], max_sizes=[12.0, 24.0],
                                              aspect_ratios=[2.0, 3.0], flip=True, clip=True)),
                      ("steps_offset", dict(min_sizes=[10.0], aspect_ratios=[2.0], flip=False,
                                            clip=False, step_w=9.0, step_h=11.0, offset=0.3)),
                      ("ordered", dict(min_sizes=[8.0, 16.0], max_sizes=[12.0, 24.0],
                                       aspect_ratios=[2.0], flip=True, clip=False, ordered=True))):
        add("prior_box", _dt, _tag, {"x": _fm, "img": _img},
            lambda x, img, _kw=_kw: list(pd.prior_box(
                x, img, _kw["min_sizes"], _kw.get("max_sizes", []), _kw["aspect_ratios"],
                [0.1, 0.2, 0.3, 0.4], _kw["flip"], _kw["clip"], _kw.get("step_w", 0.0),
                _kw.get("step_h", 0.0), _kw.get("offset", 0.5), _kw.get("ordered", False))),
            lambda x, img, _kw=_kw: [out(v, x.dtype) for v in R.prior_box(
                4, 5, 40, 48, _kw["min_sizes"], _kw.get("max_sizes", ()), _kw["aspect_ratios"],
                (0.1, 0.2, 0.3, 0.4), _kw["flip"], _kw["clip"], _kw.get("step_w", 0.0),
                _kw.get("step_h", 0.0), _kw.get("offset", 0.5), _kw.get("ordered", False))])
    _r = rng_for("box_coder", _dt)
    _corner = _r.uniform(0, 10, (5, 2))
    _pb = np.concatenate([_corner, _corner + _r.uniform(1, 5, (5, 2))], 1).astype(_dt)
    _pv = _r.uniform(0.1, 0.3, (5, 4)).astype(_dt)
    _tb = (_pb[:3] + np.array([0.5, 0.2, 1.0, 0.3])).astype(_dt)
    _t3 = _r.uniform(-1, 1, (3, 5, 4)).astype(_dt)
    for _norm in (True, False):
        _n = "normalized" if _norm else "pixels"
        add("box_coder", _dt, f"encode_var_{_n}", {"p": _pb, "v": _pv, "t": _tb},
            lambda p, v, t, _norm=_norm: pd.box_coder(p, v, t, "encode_center_size", _norm),
            lambda p, v, t, _norm=_norm: out(R.box_coder(p, v, t, "encode_center_size", _norm),
                                             p.dtype))
        add("box_coder", _dt, f"encode_attr_{_n}", {"p": _pb, "t": _tb},
            lambda p, t, _norm=_norm: pd.box_coder(p, None, t, "encode_center_size", _norm, 0,
                                                   [0.1, 0.1, 0.2, 0.2]),
            lambda p, t, _norm=_norm: out(R.box_coder(p, None, t, "encode_center_size", _norm,
                                                      variance=[0.1, 0.1, 0.2, 0.2]), p.dtype))
        add("box_coder", _dt, f"decode_axis0_{_n}", {"p": _pb, "v": _pv, "t": _t3},
            lambda p, v, t, _norm=_norm: pd.box_coder(p, v, t, "decode_center_size", _norm, 0),
            lambda p, v, t, _norm=_norm: out(R.box_coder(p, v, t, "decode_center_size", _norm, 0),
                                             p.dtype))
        add("box_coder", _dt, f"decode_axis1_{_n}", {"p": _pb[:3], "t": _t3},
            lambda p, t, _norm=_norm: pd.box_coder(p, None, t, "decode_center_size", _norm, 1),
            lambda p, t, _norm=_norm: out(R.box_coder(p, None, t, "decode_center_size", _norm, 1),
                                          p.dtype))
# index_put: a mask with one value or a row per selected slice (written
# or added), integer indices broadcast together (negative, repeated with
# accumulate), into ints too.
for _dt in FLOATS:
    _r = rng_for("index_put", _dt)
    _x = rand(_r, (4, 3, 5), _dt)
    _m1 = np.array([True, False, True, True])
    _m2 = _r.random((4, 3)) < 0.5
    _m2[0, 0], _m2[3, 2] = True, False
    _rows = rand(_r, (int(_m2.sum()), 5), _dt)
    for _acc in (False, True):
        _a = "_add" if _acc else ""
        add("index_put", _dt, f"mask_scalar{_a}", {"x": _x, "m": _m1, "v": np.array(2.5, _dt)},
            lambda x, m, v, _acc=_acc: pd.index_put(x, [m], v, _acc),
            lambda x, m, v, _acc=_acc: R.index_put(x, [m], v, _acc))
        add("index_put", _dt, f"mask_rows{_a}", {"x": _x, "m": _m2, "v": _rows},
            lambda x, m, v, _acc=_acc: pd.index_put(x, [m], v, _acc),
            lambda x, m, v, _acc=_acc: R.index_put(x, [m], v, _acc))
        _i0 = np.array([[0], [-1], [2]], np.int64)
        _i1 = np.array([1, 0], np.int32)
        add("index_put", _dt, f"ints_broadcast{_a}",
            {"x": _x, "i": _i0, "j": _i1, "v": rand(_r, (3, 2, 5), _dt)},
            lambda x, i, j, v, _acc=_acc: pd.index_put(x, [i, j], v, _acc),
            lambda x, i, j, v, _acc=_acc: R.index_put(x, [i, j], v, _acc))
    add("index_put", _dt, "repeated_add", {"x": _x, "i": np.array([1, 3, 1, 1], np.int64),
                                           "v": rand(_r, (5,), _dt)},
        lambda x, i, v: pd.index_put(x, [i], v, True),
        lambda x, i, v: R.index_put(x, [i], v, True))
add("index_put", I64, "ints", {"x": rand(rng_for("index_put", "i64"), (3, 4), I64, -9, 9),
                               "i": np.array([2, 0], np.int64), "j": np.array([3, -4], np.int64),
                               "v": np.array([7, 8], np.int64)},
    lambda x, i, j, v: pd.index_put(x, [i, j], v), lambda x, i, j, v: R.index_put(x, [i, j], v))
# Linear algebra on well-conditioned matrices (diagonally dominant; one
# that needs pivoting; a batch): det, slogdet (a negative determinant, a
# singular matrix), inverse, solve (a matrix, a vector, broadcast batches),
# matrix_power (0, 1, 5, -2), triangular_solve (upper/lower, transposed,
# unit diagonal), cholesky (lower, upper).
def _conditioned(r, shape, dt):
    a = r.uniform(-1, 1, shape)
    n = shape[-1]
    return (a + n * np.eye(n)).astype(dt)


for _dt in FLOATS:
    _r = rng_for("linalg", _dt)
    _a = _conditioned(_r, (2, 3, 4, 4), _dt)
    _p = np.array([[0.0, 2, 1], [1, 1, 3], [4, 0, 1]], _dt)  # a zero first pivot, det < 0
    _sing = np.array([[1.0, 2, 3], [2, 4, 6], [1, 0, 1]], _dt)
    add("det", _dt, "batched", {"x": _a}, lambda x: pd.det(x),
        lambda x: out(np.linalg.det(f64(x)), x.dtype))
    add("det", _dt, "pivoting", {"x": _p}, lambda x: pd.det(x),
        lambda x: out(np.linalg.det(f64(x)), x.dtype))
    for _tag, _m in (("batched", _a), ("pivoting", _p), ("singular", _sing)):
        add("slogdet", _dt, _tag, {"x": _m}, lambda x: pd.slogdet(x),
            lambda x: out(np.stack(np.linalg.slogdet(f64(x))), x.dtype))
    add("inverse", _dt, "batched", {"x": _a}, lambda x: pd.inverse(x),
        lambda x: out(np.linalg.inv(f64(x)), x.dtype))
    add("inverse", _dt, "pivoting", {"x": _p}, lambda x: pd.inverse(x),
        lambda x: out(np.linalg.inv(f64(x)), x.dtype))
    _b = rand(_r, (3, 4, 2), _dt)
    add("solve", _dt, "broadcast_batch", {"x": _a, "y": _b}, lambda x, y: pd.solve(x, y),
        lambda x, y: out(np.linalg.solve(f64(x), f64(y)), x.dtype))
    add("solve", _dt, "vector", {"x": _p, "y": rand(_r, (3,), _dt)}, lambda x, y: pd.solve(x, y),
        lambda x, y: out(np.linalg.solve(f64(x), f64(y)), x.dtype))
    _m = (_conditioned(_r, (2, 3, 3), _dt) / 3).astype(_dt)
    for _n in (0, 1, 5, -2):
        add("matrix_power", _dt, f"n{_n}", {"x": _m}, lambda x, _n=_n: pd.matrix_power(x, _n),
            lambda x, _n=_n: out(np.linalg.matrix_power(f64(x), _n), x.dtype))
    _t = _conditioned(_r, (2, 4, 4), _dt)
    _ty = rand(_r, (2, 4, 3), _dt)
    for _upper, _trans, _unit in ((True, False, False), (False, False, False),
                                  (True, True, False), (False, True, True)):
        def _tri_ref(x, y, _upper=_upper, _trans=_trans, _unit=_unit):
            t = np.triu(f64(x)) if _upper else np.tril(f64(x))
            if _unit:
                idx = np.arange(t.shape[-1])
                t[..., idx, idx] = 1.0
            if _trans:
                t = np.swapaxes(t, -1, -2)
            return out(np.linalg.solve(t, f64(y)), x.dtype)
        add("triangular_solve", _dt,
            f"{'upper' if _upper else 'lower'}{'_T' if _trans else ''}{'_unit' if _unit else ''}",
            {"x": _t, "y": _ty},
            lambda x, y, _upper=_upper, _trans=_trans, _unit=_unit: pd.triangular_solve(
                x, y, _upper, _trans, _unit),
            _tri_ref)
    _spd = _r.uniform(-1, 1, (2, 4, 4))
    _spd = (_spd @ np.swapaxes(_spd, -1, -2) + 4 * np.eye(4)).astype(_dt)
    for _upper in (False, True):
        add("cholesky", _dt, "upper" if _upper else "lower", {"x": _spd},
            lambda x, _upper=_upper: pd.cholesky(x, _upper),
            lambda x, _upper=_upper: out(np.swapaxes(np.linalg.cholesky(f64(x)), -1, -2)
                                         if _upper else np.linalg.cholesky(f64(x)), x.dtype))
# lu (a tall and a wide batch, a zero first pivot, a singular matrix with
# its infos), lu_unpack of those factors, cholesky_solve (lower, upper,
# broadcast batches).
for _dt in FLOATS:
    _r = rng_for("lu", _dt)
    _zero_pivot = np.array([[0.0, 1, 2], [0, 3, 4], [1, 1, 1]], _dt)
    _singular = np.array([[1.0, 2], [2, 4]], _dt)
    for _tag, _m in (("tall", rand(_r, (2, 5, 3), _dt)), ("wide", rand(_r, (3, 4), _dt)),
                     ("zero_pivot", _zero_pivot), ("singular", _singular),
                     ("zero", np.zeros((3, 3), _dt))):
        add("lu", _dt, _tag, {"x": _m}, lambda x: pd.lu(x),
            lambda x: tuple(out(v, v.dtype if v.dtype != np.float64 else x.dtype)
                            for v in R.lu(x)))
        _f, _pv, _ = R.lu(_m)
        add("lu_unpack", _dt, _tag, {"x": _f.astype(_dt), "y": _pv},
            lambda x, y: pd.lu_unpack(x, y),
            lambda x, y: tuple(out(v, x.dtype) for v in R.lu_unpack(f64(x), y)))
    _l = np.tril(_r.uniform(-1, 1, (2, 1, 4, 4))) + 3 * np.eye(4)
    _rhs = rand(_r, (3, 4, 2), _dt)
    for _upper in (False, True):
        _fac = (np.swapaxes(_l, -1, -2) if _upper else _l).astype(_dt)
        add("cholesky_solve", _dt, "upper" if _upper else "lower", {"x": _rhs, "y": _fac},
            lambda x, y, _upper=_upper: pd.cholesky_solve(x, y, _upper),
            lambda x, y, _upper=_upper: out(R.cholesky_solve(x, y, _upper), x.dtype))
_i = rand(rng_for("stats", "int"), (4, 6), I32, -50, 50)
add("nansum", I32, "ints_into_int64", {"x": _i}, lambda x: pd.nansum(x, [1]),
    lambda x: x.astype(np.int64).sum(1))
add("conj", I64, "ints", {"x": _i.astype(np.int64)}, lambda x: pd.conj(x), lambda x: x.copy())


_section("random")
for _dt in FLOATS:
    add("uniform", _dt, "stats", {}, (lambda d: lambda: pd.uniform([100, 50], d, -2.0, 3.0, 0))(_dt),
        check=_check_uniform((100, 50), _dt, -2.0, 3.0), group="random")
add("uniform", F32, "seeded", {}, lambda: pd.uniform([4000], F32, 0.0, 1.0, 42),
    check=_check_uniform((4000,), F32, 0.0, 1.0), group="random")
for _dt in FLOATS:
    add("gaussian", _dt, "stats", {}, (lambda d: lambda: pd.gaussian([100, 50], 1.0, 2.0, 0, d))(_dt),
        check=_check_gaussian((100, 50), _dt, 1.0, 2.0), group="random")
add("gaussian", F32, "seeded_std_normal", {}, lambda: pd.gaussian([5000], 0.0, 1.0, 7, F32),
    check=_check_gaussian((5000,), F32, 0.0, 1.0), group="random")
for _dt in INTS:
    add("randint", _dt, "stats", {}, (lambda d: lambda: pd.randint(-3, 5, [4000], d))(_dt),
        check=_check_randint((4000,), _dt, -3, 5), group="random")
add("randint", I64, "seeded_2d", {}, lambda: pd.randint(0, 2, [50, 40], I64, seed=3),
    check=_check_randint((50, 40), I64, 0, 2), group="random")


def _check_bernoulli(p):
    def check(outputs, **inputs):
        (y,) = outputs
        assert y.shape == p.shape and y.dtype == p.dtype, (y.shape, y.dtype)
        assert set(np.unique(y)) <= {0.0, 1.0}, f"values {np.unique(y)}"
        assert (y[p == 0] == 0).all() and (y[p == 1] == 1).all()
        for q in (0.2, 0.7):
            rate = y[p == q].mean()
            assert abs(rate - q) < 0.05, f"{rate:.3f} ones where p = {q}"
    return check


def _check_randperm(n, dtype):
    def check(outputs, **inputs):
        (y,) = outputs
        assert y.shape == (n,) and y.dtype == np.dtype(dtype), (y.shape, y.dtype)
        assert sorted(y.tolist()) == list(range(n)), "not a permutation"
        assert (y != np.arange(n)).mean() > 0.9, "barely shuffled"
    return check


def _check_multinomial(p, k, replacement):
    def check(outputs, **inputs):
        (y,) = outputs
        rows = p.reshape(-1, p.shape[-1])
        got = y.reshape(rows.shape[0], k)
        assert y.dtype == np.int64 and y.shape == p.shape[:-1] + (k,), (y.shape, y.dtype)
        for r, row in enumerate(rows):
            assert (row[got[r]] > 0).all(), "a category of probability 0 drawn"
            if not replacement:
                assert len(set(got[r].tolist())) == k, "a category drawn twice"
            else:
                freq = np.bincount(got[r], minlength=row.size) / k
                assert np.abs(freq - row / row.sum()).max() < 0.05, f"frequencies {freq}"
    return check


def _check_gumbel_softmax(shape, axis, hard):
    def check(outputs, **inputs):
        (y,) = outputs
        assert y.shape == shape, y.shape
        sums = y.sum(axis=axis)
        assert np.allclose(sums, 1.0, atol=1e-5), f"sums {sums}"
        assert (y >= 0).all()
        if hard:
            assert set(np.unique(y)) <= {0.0, 1.0} and (y.max(axis=axis) == 1).all()
    return check


_section("sampling")
for _dt in FLOATS:
    _bp = np.repeat(np.array([0.0, 0.2, 0.7, 1.0], _dt), 1000).reshape(40, 100)
    add("bernoulli", _dt, "rates", {"p": _bp}, lambda p: pd.bernoulli(p),
        check=_check_bernoulli(_bp), group="sampling")
    _mp = np.array([[0.1, 0.0, 0.6, 0.3], [0.25, 0.25, 0.25, 0.25]], _dt)
    add("multinomial", _dt, "with_replacement", {"p": _mp},
        lambda p: pd.multinomial(p, 4000, True), check=_check_multinomial(_mp, 4000, True),
        group="sampling")
    add("multinomial", _dt, "without_replacement", {"p": _mp},
        lambda p: pd.multinomial(p, 3, False), check=_check_multinomial(_mp, 3, False),
        group="sampling")
    _g = rand(rng_for("gumbel", _dt), (3, 5, 4), _dt, -2, 2)
    for _axis, _hard in ((-1, False), (1, True)):
        add("gumbel_softmax", _dt, f"axis{_axis}{'_hard' if _hard else ''}", {"x": _g},
            lambda x, _axis=_axis, _hard=_hard: pd.gumbel_softmax(x, 0.5, _hard, _axis),
            check=_check_gumbel_softmax((3, 5, 4), _axis, _hard), group="sampling")
for _dt, _n in ((I64, 50), (I32, 300)):
    add("randperm", _dt, f"n{_n}", {}, (lambda n, d: lambda: pd.randperm(n, d))(_n, _dt),
        check=_check_randperm(_n, _dt), group="sampling")


# ====================================================================================
# Groups: a few cases per program
# ====================================================================================
# Compiling N ops in one program costs less than N programs, but compile time
# grows faster than linearly with program size (measured: the 212 float32 nn
# and manipulation cases took 27 s as two programs, 10 s one by one; all
# cases took 67 s in whole groups, 25 s in programs of 8), so groups are cut
# into programs of GROUP_SIZE cases.
GROUP_SIZE = 8


def _cut_groups():
    members: dict[str, list[Case]] = {}
    for c in CASES:
        if c.group:
            members.setdefault(c.group, []).append(c)
    for name, cases in members.items():
        for i, c in enumerate(cases):
            c.group = f"{name}/{i // GROUP_SIZE}"


_cut_groups()


# ====================================================================================
# Coverage
# ====================================================================================

def forward_ops() -> list[str]:
    """The spec's forward ops: every op but the in-place variants `x_`."""
    from paddle_mlir.dialects._pd_spec import OPS

    return [n for n in OPS if not (n.endswith("_") and n[:-1] in OPS)]


def covered_ops() -> set[str]:
    return {c.op for c in CASES}


def cases_by_group() -> dict[str, list[Case]]:
    groups: dict[str, list[Case]] = {}
    for c in CASES:
        if c.group:
            groups.setdefault(c.group, []).append(c)
    return groups
