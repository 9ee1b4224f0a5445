"""Independent numpy references for the pd ops (Paddle's CPU semantics).

Every function here is written from Paddle's documented / kernel semantics
with numpy (and Python's `math` for erf and lgamma): nothing calls into
paddle_mlir. Floating-point references compute in float64 and return float64;
the case tables cast to the op's output dtype. Ops whose results depend on
the input precision (floor, remainder, comparisons of rounded values) are
computed in the input dtype.

Names that would shadow Python builtins (abs, round, max, sum, ...) live in
the UNARY / BINARY dicts or carry a trailing underscore.
"""

from __future__ import annotations

import math

import numpy as np

F64 = np.float64

# -- special functions (no scipy) ---------------------------------------------

_erf_scalar = np.vectorize(math.erf, otypes=[F64])


def erf(x):
    return _erf_scalar(np.asarray(x, F64))


def _lgamma_scalar(v):
    if math.isnan(v):
        return math.nan
    if math.isinf(v):
        return math.inf
    try:
        return math.lgamma(v)
    except ValueError:  # a pole: 0, -1, -2, ...
        return math.inf


_lgamma_vec = np.vectorize(_lgamma_scalar, otypes=[F64])


def lgamma(x):
    return _lgamma_vec(np.asarray(x, F64))


def _bessel_i(x, order):
    """I_order(x) by its power series, sum_k (x/2)^(2k+order) / (k! (k+order)!),
    summed in float64 until the terms stop mattering (independent of the
    Chebyshev series the lowering and PHI use); inf beyond float64's range."""
    x = np.asarray(x, F64)
    ax = np.abs(x)
    with np.errstate(over="ignore", invalid="ignore"):
        term = np.where(order == 0, 1.0, ax / 2)
        total = term.copy()
        q = (ax / 2) ** 2
        for k in range(1, 2000):
            term = term * q / (k * (k + order))
            total = total + term
            if np.all((term <= 1e-17 * total) | ~np.isfinite(total)):
                break
    total = np.where(np.isinf(ax), np.inf, total)
    return np.where(x < 0, -total, total) if order == 1 else total


def i0(x):
    return _bessel_i(x, 0)


def i1(x):
    return _bessel_i(x, 1)


def _scaled_bessel_i(x, order):
    """exp(-|x|) I(x): the series for |x| <= 700 (within float64), else the
    asymptotic expansion 1/sqrt(2 pi x) (1 - (4n^2 - 1) / (8x) + ...)."""
    x = np.asarray(x, F64)
    ax = np.abs(x)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        near = np.exp(-np.minimum(ax, 700.0)) * np.abs(_bessel_i(np.minimum(ax, 700.0), order))
        mu = 4.0 * order * order
        far = (1 - (mu - 1) / (8 * ax) + (mu - 1) * (mu - 9) / (2 * (8 * ax) ** 2)
               - (mu - 1) * (mu - 9) * (mu - 25) / (6 * (8 * ax) ** 3)) / np.sqrt(2 * np.pi * ax)
    r = np.where(ax <= 700.0, near, far)
    r = np.where(np.isinf(ax), 0.0, r)
    r = np.where(np.isnan(x), np.nan, r)
    return np.where(x < 0, -r, r) if order == 1 else r


def i0e(x):
    return _scaled_bessel_i(x, 0)


def i1e(x):
    return _scaled_bessel_i(x, 1)


def _digamma_scalar(v):
    """psi(v): reflection for v < 0.5, recurrence up to 10, then the
    asymptotic series (error < 1e-13 relative for v >= 10)."""
    if math.isnan(v):
        return math.nan
    if v == math.inf:
        return math.inf
    if v <= 0 and v == math.floor(v):
        return math.nan  # a pole
    result = 0.0
    if v < 0.5:
        # psi(1 - v) - psi(v) = pi / tan(pi v)
        result -= math.pi / math.tan(math.pi * v)
        v = 1.0 - v
    while v < 10.0:
        result -= 1.0 / v
        v += 1.0
    f = 1.0 / (v * v)
    series = f * (1 / 12 - f * (1 / 120 - f * (1 / 252 - f * (1 / 240 - f * (1 / 132)))))
    return result + math.log(v) - 0.5 / v - series


_digamma_vec = np.vectorize(_digamma_scalar, otypes=[F64])


def digamma(x):
    return _digamma_vec(np.asarray(x, F64))


def _erfinv_scalar(y):
    """erf^-1(y): Giles' single-precision approximation refined by Newton
    steps on math.erf (quadratic convergence; 3 steps reach double)."""
    if math.isnan(y) or abs(y) > 1:
        return math.nan
    if y == 1:
        return math.inf
    if y == -1:
        return -math.inf
    w = -math.log((1.0 - y) * (1.0 + y))
    if w < 5.0:
        w -= 2.5
        p = 2.81022636e-08
        for c in (3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
                  -0.00125372503, -0.00417768164, 0.246640727, 1.50140941):
            p = c + p * w
    else:
        w = math.sqrt(w) - 3.0
        p = -0.000200214257
        for c in (0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
                  -0.0076224613, 0.00943887047, 1.00167406, 2.83297682):
            p = c + p * w
    x = p * y
    for _ in range(4):
        err = math.erf(x) - y
        deriv = 2.0 / math.sqrt(math.pi) * math.exp(-x * x)
        if deriv == 0:
            break
        x -= err / deriv
    return x


_erfinv_vec = np.vectorize(_erfinv_scalar, otypes=[F64])


def erfinv(x):
    return _erfinv_vec(np.asarray(x, F64))


# -- elementwise unary ---------------------------------------------------------

def _sigmoid(x):
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + np.exp(-x))


def _softplus(x, beta=1.0, threshold=20.0):
    xb = beta * x
    with np.errstate(over="ignore"):
        soft = np.log1p(np.exp(xb)) / beta
    return np.where(xb > threshold, x, soft)


def _round_half_away(x, decimals=0):
    # Paddle: std::round (half away from zero), numpy's np.round is half-even.
    if decimals == 0:
        return np.sign(x) * np.floor(np.abs(x) + 0.5)
    scale = 10.0 ** decimals
    return np.sign(x) * np.floor(np.abs(x * scale) + 0.5) / scale


def _logit(x, eps=1e-6, dtype=np.float64):
    """Paddle clips to [eps, 1 - eps] in the input dtype: for float32 the
    upper bound is float32(1 - eps), which changes logit(1) noticeably."""
    with np.errstate(divide="ignore", invalid="ignore"):
        if eps:
            lo, hi = F64(np.dtype(dtype).type(eps)), F64(np.dtype(dtype).type(1.0 - eps))
            t = np.clip(x, lo, hi)
            return np.log(t / (1.0 - t))
        out = np.log(x / (1.0 - x))
        return np.where((x < 0) | (x > 1), np.nan, out)


def _gelu(x, approximate=False):
    if approximate:
        return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))


def _sign(x):
    return np.sign(x)


# op -> f(x, **attrs) on float64 (or integer, for the ops that take ints).
UNARY = {
    "abs": np.abs,
    "acos": np.arccos,
    "acosh": np.arccosh,
    "asin": np.arcsin,
    "asinh": np.arcsinh,
    "atan": np.arctan,
    "atanh": np.arctanh,
    "ceil": np.ceil,
    "cos": np.cos,
    "cosh": np.cosh,
    "exp": np.exp,
    "expm1": np.expm1,
    "floor": np.floor,
    "log": np.log,
    "log10": np.log10,
    "log1p": np.log1p,
    "log2": np.log2,
    "reciprocal": lambda x: 1.0 / x,
    "round": _round_half_away,
    "rsqrt": lambda x: 1.0 / np.sqrt(x),
    "sigmoid": _sigmoid,
    "sign": _sign,
    "sin": np.sin,
    "sinh": np.sinh,
    "sqrt": np.sqrt,
    "square": np.square,
    "tan": np.tan,
    "tanh": np.tanh,
    "trunc": np.trunc,
    "erf": erf,
    "erfinv": erfinv,
    "digamma": digamma,
    "i0": i0,
    "i0e": i0e,
    "i1": i1,
    "i1e": i1e,
    "lgamma": lgamma,
    "gammaln": lgamma,
    "rint": np.rint,
    "relu": lambda x: np.maximum(x, 0),
    "relu6": lambda x: np.minimum(np.maximum(x, 0), 6.0),
    "silu": lambda x: x * _sigmoid(x),
    "swish": lambda x: x * _sigmoid(x),  # Paddle 3's swish: beta = 1
    "hardswish": lambda x: x * np.minimum(np.maximum(x + 3.0, 0.0), 6.0) / 6.0,
    "hardsigmoid": lambda x, slope=0.2, offset=0.5: np.clip(slope * x + offset, 0.0, 1.0),
    "hardtanh": lambda x, t_min=0.0, t_max=24.0: np.minimum(np.maximum(x, t_min), t_max),
    "mish": lambda x, lambda_=20.0: x * np.tanh(_softplus(x, 1.0, lambda_)),
    "softplus": _softplus,
    "softsign": lambda x: x / (1.0 + np.abs(x)),
    "elu": lambda x, alpha=1.0: np.where(x > 0, x, alpha * np.expm1(np.minimum(x, 0))),
    "celu": lambda x, alpha=1.0: (np.maximum(x, 0)
                                  + np.minimum(0, alpha * np.expm1(np.minimum(x, 0) / alpha))),
    "selu": lambda x, scale=1.0507009873554804934193349852946,
    alpha=1.6732632423543772848170429916717: scale * np.where(
        x > 0, x, alpha * np.expm1(np.minimum(x, 0))),
    "leaky_relu": lambda x, negative_slope=0.02: np.where(x > 0, x, negative_slope * x),
    "gelu": _gelu,
    "logsigmoid": lambda x: np.minimum(x, 0) - np.log1p(np.exp(-np.abs(x))),
    "tanh_shrink": lambda x: x - np.tanh(x),
    "softshrink": lambda x, threshold=0.5: np.where(
        x > threshold, x - threshold, np.where(x < -threshold, x + threshold, 0.0)),
    "hardshrink": lambda x, threshold=0.5: np.where((x > threshold) | (x < -threshold), x, 0.0),
    "thresholded_relu": lambda x, threshold=1.0, value=0.0: np.where(x > threshold, x, value),
    "logit": _logit,
    "stanh": lambda x, scale_a=0.67, scale_b=1.7159: scale_b * np.tanh(scale_a * x),
}


# -- elementwise binary ----------------------------------------------------------

def _int_trunc_div(x, y):
    # C++ integer division truncates toward zero.
    q = np.abs(x) // np.abs(y)
    return (np.sign(x) * np.sign(y) * q).astype(x.dtype)


def divide(x, y):
    if np.issubdtype(x.dtype, np.integer):
        return _int_trunc_div(x, y)
    with np.errstate(divide="ignore", invalid="ignore"):
        return x / y


def floor_divide(x, y):
    # Python's floor semantics (Paddle >= 2.6 for ints and floats).
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.floor_divide(x, y)


def remainder(x, y):
    # Python's modulo: the result has the divisor's sign.
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.mod(x, y)


def elementwise_pow(x, y):
    if np.issubdtype(x.dtype, np.integer):
        return np.power(x.astype(F64), y.astype(F64)).astype(x.dtype)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return np.power(x, y)


def trunc_divide(x, y):
    """The quotient rounded toward zero; integers as C divides them."""
    if x.dtype.kind == "f":
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            return np.trunc(x / y)
    q = x // y
    return np.where((x % y != 0) & ((x < 0) != (y < 0)), q + 1, q).astype(x.dtype)


def bitwise_shift(x, y, left, arithmetic):
    """Paddle's shifts: an amount outside [0, bits) gives 0, or the sign
    fill for an arithmetic right shift of a signed value; a logical right
    shift of a signed value shifts zeros in."""
    x, y = np.broadcast_arrays(x, y)
    bits = x.dtype.itemsize * 8
    ok = (y >= 0) & (y < bits)
    amount = np.where(ok, y, 0).astype(x.dtype)
    signed = x.dtype.kind == "i"
    if left:
        return np.where(ok, np.left_shift(x, amount), 0).astype(x.dtype)
    if arithmetic or not signed:
        fill = np.where(x < 0, -1, 0) if signed else 0
        return np.where(ok, np.right_shift(x, amount), fill).astype(x.dtype)
    unsigned = x.view(np.dtype(f"u{x.dtype.itemsize}"))
    shifted = np.right_shift(unsigned, amount.view(unsigned.dtype))
    return np.where(ok, shifted.view(x.dtype), 0).astype(x.dtype)


def isclose(x, y, rtol, atol, equal_nan):
    """Paddle's isclose kernel: |x - y| in x's dtype against atol + rtol * |y|
    computed in double and rounded to x's dtype, with a 1e-15 slack."""
    x, y = np.broadcast_arrays(x, y)
    with np.errstate(all="ignore"):
        left = np.abs(x - y)
        right = (atol + rtol * np.abs(y.astype(np.float64))).astype(x.dtype)
        diff = np.abs(left - right)
        close = (x == y) | (left <= right) | (diff <= 1e-15)
    nan_x, nan_y = np.isnan(x), np.isnan(y)
    return np.where(nan_x | nan_y, equal_nan & nan_x & nan_y, close)


def heaviside(x, y):
    return np.where(x == 0, y, (x > 0).astype(x.dtype)).astype(np.result_type(x, y))


BINARY = {
    "add": np.add,
    "subtract": np.subtract,
    "multiply": np.multiply,
    "divide": divide,
    "maximum": np.maximum,
    "minimum": np.minimum,
    "elementwise_pow": elementwise_pow,
    "floor_divide": floor_divide,
    "remainder": remainder,
    "fmax": np.fmax,
    "fmin": np.fmin,
    "heaviside": heaviside,
    "atan2": np.arctan2,
    "copysign": np.copysign,
    "trunc_divide": trunc_divide,
    "bitwise_and": np.bitwise_and,
    "bitwise_or": np.bitwise_or,
    "bitwise_xor": np.bitwise_xor,
    "logical_and": lambda x, y: np.logical_and(x, y),
    "logical_or": lambda x, y: np.logical_or(x, y),
    "logical_xor": lambda x, y: np.logical_xor(x, y),
    "equal": np.equal,
    "not_equal": np.not_equal,
    "less_than": np.less,
    "less_equal": np.less_equal,
    "greater_than": np.greater,
    "greater_equal": np.greater_equal,
}


# -- activations with extra operands, softmax family ------------------------------

def softmax(x, axis=-1):
    m = np.max(x, axis=axis, keepdims=True)
    e = np.exp(x - m)
    return e / np.sum(e, axis=axis, keepdims=True)


def log_softmax(x, axis=-1):
    m = np.max(x, axis=axis, keepdims=True)
    return x - m - np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True))


def prelu(x, alpha, data_format="NCHW", mode="all"):
    if mode == "all":
        a = alpha.reshape(())
    elif mode == "channel":
        if data_format in ("NCHW", "NCL", "NCDHW"):
            a = alpha.reshape((1, -1) + (1,) * (x.ndim - 2))
        else:
            a = alpha.reshape((1,) * (x.ndim - 1) + (-1,))
    else:  # element: alpha is x's shape without the batch dim
        a = alpha.reshape((1,) + x.shape[1:])
    return np.where(x > 0, x, a * x)


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True):
    if bias_after_scale:
        return x * scale + bias
    return (x + bias) * scale


def cast(x, dtype):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return x != 0
    if np.issubdtype(dtype, np.integer) and np.issubdtype(x.dtype, np.floating):
        return np.trunc(x).astype(dtype)
    return x.astype(dtype)


# -- matrix products, convolution, pooling -------------------------------------------

def matmul(x, y, transpose_x=False, transpose_y=False):
    if transpose_x and x.ndim >= 2:
        x = np.swapaxes(x, -1, -2)
    if transpose_y and y.ndim >= 2:
        y = np.swapaxes(y, -1, -2)
    return np.matmul(x, y)


def addmm(input, x, y, beta=1.0, alpha=1.0):
    return beta * input + alpha * (x @ y)


def _conv_paddings(paddings, nd):
    """Paddle's paddings: nd values (symmetric) or 2*nd (before, after) pairs."""
    paddings = list(paddings)
    if len(paddings) == nd:
        return [(p, p) for p in paddings]
    return [(paddings[2 * i], paddings[2 * i + 1]) for i in range(nd)]


def _same_paddings(in_sizes, kernel, strides):
    pads = []
    for size, k, s in zip(in_sizes, kernel, strides):
        out = -(-size // s)
        total = max((out - 1) * s + k - size, 0)
        pads.append((total // 2, total - total // 2))
    return pads


def conv_nd(x, w, strides, paddings, dilations, groups, padding_algorithm="EXPLICIT",
            channels_last=False):
    """N-d convolution (cross-correlation) as Paddle's conv2d/conv3d;
    x is [N, C, *spatial] (or channels-last), w is [O, C/groups, *kernel]."""
    nd = w.ndim - 2
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    kernel = w.shape[2:]
    if padding_algorithm == "SAME":
        pads = _same_paddings(x.shape[2:], kernel, strides)
        dilations = [1] * nd
    elif padding_algorithm == "VALID":
        pads = [(0, 0)] * nd
    else:
        pads = _conv_paddings(paddings, nd)
    x = np.pad(x, [(0, 0), (0, 0)] + pads)
    n, c = x.shape[:2]
    o = w.shape[0]
    cg, og = c // groups, o // groups
    eff = [dilations[i] * (kernel[i] - 1) + 1 for i in range(nd)]
    out_sizes = [(x.shape[2 + i] - eff[i]) // strides[i] + 1 for i in range(nd)]
    out = np.zeros((n, o, *out_sizes), F64)
    for g in range(groups):
        xg = x[:, g * cg:(g + 1) * cg]
        wg = w[g * og:(g + 1) * og]
        for kidx in np.ndindex(*kernel):
            sl = tuple(slice(kidx[i] * dilations[i],
                             kidx[i] * dilations[i] + (out_sizes[i] - 1) * strides[i] + 1,
                             strides[i]) for i in range(nd))
            patch = xg[(slice(None), slice(None)) + sl]  # [n, cg, *out]
            wk = wg[(slice(None), slice(None)) + tuple(kidx)]  # [og, cg]
            out[:, g * og:(g + 1) * og] += np.einsum("nc...,oc->no...", patch, wk)
    if channels_last:
        out = np.moveaxis(out, 1, -1)
    return out


def conv2d_transpose(x, w, strides, paddings, output_padding=(), dilations=(1, 1), groups=1,
                     output_size=(), channels_last=False):
    """Paddle's conv2d_transpose: w is [C_in, C_out/groups, kh, kw]."""
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    n, c, h, wdt = x.shape
    kh, kw = w.shape[2:]
    pads = _conv_paddings(paddings, 2)
    og = w.shape[1]
    cg = c // groups
    full_h = (h - 1) * strides[0] + dilations[0] * (kh - 1) + 1
    full_w = (wdt - 1) * strides[1] + dilations[1] * (kw - 1) + 1
    op = list(output_padding) or [0, 0]
    full = np.zeros((n, og * groups, full_h + op[0], full_w + op[1]), F64)
    for g in range(groups):
        xg = x[:, g * cg:(g + 1) * cg]
        wg = w[g * cg:(g + 1) * cg]  # [cg, og, kh, kw]
        for i in range(kh):
            for j in range(kw):
                contrib = np.einsum("nchw,co->nohw", xg, wg[:, :, i, j])
                hi, wj = i * dilations[0], j * dilations[1]
                full[:, g * og:(g + 1) * og,
                     hi:hi + (h - 1) * strides[0] + 1:strides[0],
                     wj:wj + (wdt - 1) * strides[1] + 1:strides[1]] += contrib
    out_h = full_h - pads[0][0] - pads[0][1] + op[0]
    out_w = full_w - pads[1][0] - pads[1][1] + op[1]
    if output_size:
        out_h, out_w = output_size
    out = full[:, :, pads[0][0]:pads[0][0] + out_h, pads[1][0]:pads[1][0] + out_w]
    if channels_last:
        out = np.moveaxis(out, 1, -1)
    return out


def max_pool2d_with_index(x, kernel_size, strides, paddings, global_pooling=False,
                          adaptive=False, ceil_mode=False):
    """PHI's scan: each window (clipped to the map; adaptive: [i*H/OH,
    ceil((i+1)*H/OH))) row by row from the lowest float, the first strictly
    greater value and its position h * W + w (int32, -1 if none)."""
    n, c, h, w = x.shape
    k, s, p = list(kernel_size), list(strides), list(paddings)
    if global_pooling:
        k, p = [h, w], [0, 0]
    if adaptive:
        oh, ow = k
    else:
        size = lambda a, kk, ss, pp: (a - kk + 2 * pp + (ss - 1 if ceil_mode else 0)) // ss + 1
        oh, ow = size(h, k[0], s[0], p[0]), size(w, k[1], s[1], p[1])
    out = np.full((n, c, oh, ow), -np.finfo(np.float32).max, np.float64)
    mask = np.full((n, c, oh, ow), -1, np.int32)
    for i in range(oh):
        for j in range(ow):
            if adaptive:
                h0, h1 = i * h // oh, -(-(i + 1) * h // oh)
                w0, w1 = j * w // ow, -(-(j + 1) * w // ow)
            else:
                h0, w0 = i * s[0] - p[0], j * s[1] - p[1]
                h1, w1 = min(h0 + k[0], h), min(w0 + k[1], w)
                h0, w0 = max(h0, 0), max(w0, 0)
            for r in range(h0, h1):
                for q in range(w0, w1):
                    value = x[:, :, r, q]
                    better = out[:, :, i, j] < value
                    out[:, :, i, j] = np.where(better, value, out[:, :, i, j])
                    mask[:, :, i, j] = np.where(better, r * w + q, mask[:, :, i, j])
    return out, mask


def unpool(x, indices, output_size):
    """Zeros of [N, C] + output_size with x written at each position of
    `indices` in its map, in order."""
    n, c = x.shape[:2]
    out = np.zeros((n, c, output_size[0] * output_size[1]), x.dtype)
    for b in range(n):
        for ch in range(c):
            for value, at in zip(x[b, ch].ravel(), indices[b, ch].ravel()):
                out[b, ch, at] = value
    return out.reshape(n, c, *output_size)


def pool2d(x, kernel_size, strides, paddings, ceil_mode=False, exclusive=True,
           data_format="NCHW", pooling_type="max", global_pooling=False, adaptive=False,
           padding_algorithm="EXPLICIT"):
    channels_last = data_format == "NHWC"
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    n, c, h, w = x.shape
    if global_pooling:
        kernel_size, strides, paddings, adaptive = [h, w], [1, 1], [0, 0], False
    out = None
    if adaptive:
        oh, ow = kernel_size
        out = np.zeros((n, c, oh, ow), F64)
        for i in range(oh):
            hs, he = (i * h) // oh, -(-((i + 1) * h) // oh)
            for j in range(ow):
                ws, we = (j * w) // ow, -(-((j + 1) * w) // ow)
                win = x[:, :, hs:he, ws:we]
                out[:, :, i, j] = win.max(axis=(2, 3)) if pooling_type == "max" else win.mean(axis=(2, 3))
    else:
        kh, kw = kernel_size
        if padding_algorithm == "SAME":
            pads = _same_paddings((h, w), (kh, kw), strides)
        elif padding_algorithm == "VALID":
            pads = [(0, 0), (0, 0)]
        else:
            pads = _conv_paddings(paddings, 2)

        def out_size(size, k, s, p):
            span = size + p[0] + p[1] - k
            return (span + s - 1) // s + 1 if ceil_mode else span // s + 1

        oh = out_size(h, kh, strides[0], pads[0])
        ow = out_size(w, kw, strides[1], pads[1])
        out = np.zeros((n, c, oh, ow), F64)
        for i in range(oh):
            hs = i * strides[0] - pads[0][0]
            he = min(hs + kh, h + pads[0][1])
            hs_c, he_c = max(hs, 0), min(he, h)
            for j in range(ow):
                ws = j * strides[1] - pads[1][0]
                we = min(ws + kw, w + pads[1][1])
                ws_c, we_c = max(ws, 0), min(we, w)
                win = x[:, :, hs_c:he_c, ws_c:we_c]
                if pooling_type == "max":
                    out[:, :, i, j] = win.max(axis=(2, 3))
                else:
                    count = (he_c - hs_c) * (we_c - ws_c) if exclusive else kh * kw
                    out[:, :, i, j] = win.sum(axis=(2, 3)) / count
    if channels_last:
        out = np.moveaxis(out, 1, -1)
    return out


def pool3d(x, kernel_size, strides, paddings, ceil_mode=False, exclusive=True,
           data_format="NCDHW", pooling_type="max", global_pooling=False, adaptive=False,
           padding_algorithm="EXPLICIT"):
    """PHI's pool3d, one output position at a time: max, or the mean over
    the window's elements inside the input (exclusive) or the whole window."""
    import itertools
    channels_last = data_format == "NDHWC"
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    n, c = x.shape[:2]
    dims = x.shape[2:]
    if global_pooling:
        kernel_size, strides, paddings, adaptive = list(dims), [1, 1, 1], [0, 0, 0], False
    kernel = list(kernel_size) * (3 if len(kernel_size) == 1 else 1)
    if adaptive:
        outs = kernel
        windows = [[((i * d) // o, -(-((i + 1) * d) // o)) for i in range(o)]
                   for d, o in zip(dims, outs)]
        counts = None
    else:
        if padding_algorithm == "SAME":
            pads = _same_paddings(dims, kernel, strides)
        elif padding_algorithm == "VALID":
            pads = [(0, 0)] * 3
        else:
            pads = _conv_paddings(paddings, 3)
        outs, windows, counts = [], [], []
        for d, k, s, p in zip(dims, kernel, strides, pads):
            span = d + p[0] + p[1] - k
            o = (span + s - 1) // s + 1 if ceil_mode else span // s + 1
            outs.append(o)
            windows.append([(max(i * s - p[0], 0), min(min(i * s - p[0] + k, d + p[1]), d))
                            for i in range(o)])
    out = np.zeros((n, c, *outs), F64)
    for pos in itertools.product(*[range(o) for o in outs]):
        sl = tuple(slice(*windows[a][i]) for a, i in enumerate(pos))
        win = x[(slice(None), slice(None)) + sl]
        if pooling_type == "max":
            out[(slice(None), slice(None)) + pos] = win.max(axis=(2, 3, 4))
        else:
            count = win[0, 0].size if (exclusive or adaptive) else int(np.prod(kernel))
            out[(slice(None), slice(None)) + pos] = win.sum(axis=(2, 3, 4)) / count
    return np.moveaxis(out, 1, -1) if channels_last else out


# -- normalization ---------------------------------------------------------------------

def batch_norm(x, mean, variance, scale, bias, is_test, momentum, epsilon, data_format,
               use_global_stats, trainable_statistics):
    """(out, mean_out, variance_out, saved_mean, saved_variance) as Paddle's
    CPU kernel: batch statistics use the biased variance; saved_variance is
    1/sqrt(var + eps); in test mode the running statistics pass through."""
    channels_last = data_format in ("NHWC", "NDHWC") or x.ndim == 2
    c_axis = x.ndim - 1 if channels_last else 1
    axes = tuple(i for i in range(x.ndim) if i != c_axis)
    shape = [1] * x.ndim
    shape[c_axis] = -1
    global_stats = (is_test and not trainable_statistics) or use_global_stats
    if global_stats:
        m, v = mean, variance
        mean_out, var_out = mean, variance
        saved_mean = saved_var = None
    else:
        m = x.mean(axis=axes)
        v = ((x - m.reshape(shape)) ** 2).mean(axis=axes)
        mean_out = momentum * mean + (1 - momentum) * m
        var_out = momentum * variance + (1 - momentum) * v
        saved_mean, saved_var = m, 1.0 / np.sqrt(v + epsilon)
    sc = np.ones(x.shape[c_axis]) if scale is None else scale
    bi = np.zeros(x.shape[c_axis]) if bias is None else bias
    out = ((x - m.reshape(shape)) / np.sqrt(v.reshape(shape) + epsilon) * sc.reshape(shape)
           + bi.reshape(shape))
    return out, mean_out, var_out, saved_mean, saved_var


def layer_norm(x, scale, bias, epsilon=1e-5, begin_norm_axis=1):
    axes = tuple(range(begin_norm_axis, x.ndim))
    m = x.mean(axis=axes, keepdims=True)
    v = ((x - m) ** 2).mean(axis=axes, keepdims=True)
    out = (x - m) / np.sqrt(v + epsilon)
    norm_shape = x.shape[begin_norm_axis:]
    if scale is not None:
        out = out * scale.reshape(norm_shape)
    if bias is not None:
        out = out + bias.reshape(norm_shape)
    lead = x.shape[:begin_norm_axis]
    return out, m.reshape(lead), v.reshape(lead)


def group_norm(x, scale, bias, epsilon=1e-5, groups=1, data_format="NCHW"):
    channels_last = data_format in ("NHWC", "NDHWC", "NLC")
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    n, c = x.shape[:2]
    xg = x.reshape(n, groups, -1)
    m = xg.mean(axis=2)
    v = ((xg - m[:, :, None]) ** 2).mean(axis=2)
    out = ((xg - m[:, :, None]) / np.sqrt(v[:, :, None] + epsilon)).reshape(x.shape)
    cshape = (1, c) + (1,) * (x.ndim - 2)
    if scale is not None:
        out = out * scale.reshape(cshape)
    if bias is not None:
        out = out + bias.reshape(cshape)
    if channels_last:
        out = np.moveaxis(out, 1, -1)
    return out, m, v


def instance_norm(x, scale, bias, epsilon=1e-5):
    """(y, saved_mean, saved_variance): per (n, c) statistics, saved_variance
    is 1/sqrt(var + eps) as in Paddle's kernel."""
    n, c = x.shape[:2]
    axes = tuple(range(2, x.ndim))
    m = x.mean(axis=axes, keepdims=True)
    v = ((x - m) ** 2).mean(axis=axes, keepdims=True)
    out = (x - m) / np.sqrt(v + epsilon)
    cshape = (1, c) + (1,) * (x.ndim - 2)
    if scale is not None:
        out = out * scale.reshape(cshape)
    if bias is not None:
        out = out + bias.reshape(cshape)
    return out, m.reshape(n * c), (1.0 / np.sqrt(v + epsilon)).reshape(n * c)


# -- embedding, loss, resizing -------------------------------------------------------------

def embedding(ids, weight, padding_idx=-1):
    out = weight[ids]
    if padding_idx >= 0:
        out = np.where((ids == padding_idx)[..., None], 0, out)
    return out


def cross_entropy_with_softmax(logits, label, soft_label=False, use_softmax=True,
                               ignore_index=-100, axis=-1):
    axis = axis % logits.ndim
    sm = softmax(logits, axis) if use_softmax else logits
    logp = np.log(sm)
    if soft_label:
        loss = -np.sum(label * logp, axis=axis, keepdims=True)
    else:
        lab = label.astype(np.int64)
        safe = np.where(lab == ignore_index, 0, lab)
        picked = np.take_along_axis(logp, safe, axis=axis)
        loss = np.where(lab == ignore_index, 0.0, -picked)
    return sm, loss


def _interp_source(out_size, in_size, align_corners, align_mode, scale=None):
    """Source coordinates (float) of each output index, as Paddle computes them."""
    dst = np.arange(out_size, dtype=F64)
    if align_corners:
        ratio = (in_size - 1) / (out_size - 1) if out_size > 1 else 0.0
        return ratio * dst, ratio
    ratio = (1.0 / scale) if scale else in_size / out_size
    if align_mode == 0:
        return np.maximum(ratio * (dst + 0.5) - 0.5, 0.0), ratio
    return ratio * dst, ratio


def bilinear_interp(x, out_h, out_w, align_corners=True, align_mode=1, data_format="NCHW",
                    scale=None):
    channels_last = data_format == "NHWC"
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    h, w = x.shape[2:]
    sh = scale[0] if scale else None
    sw = (scale[1] if len(scale) > 1 else scale[0]) if scale else None
    src_h, _ = _interp_source(out_h, h, align_corners, align_mode, sh)
    src_w, _ = _interp_source(out_w, w, align_corners, align_mode, sw)
    y0 = np.minimum(src_h.astype(np.int64), h - 1)
    x0 = np.minimum(src_w.astype(np.int64), w - 1)
    y1 = np.minimum(y0 + 1, h - 1)
    x1 = np.minimum(x0 + 1, w - 1)
    dy = src_h - y0
    dx = src_w - x0
    top = x[:, :, y0][:, :, :, x0] * (1 - dx) + x[:, :, y0][:, :, :, x1] * dx
    bot = x[:, :, y1][:, :, :, x0] * (1 - dx) + x[:, :, y1][:, :, :, x1] * dx
    out = top * (1 - dy)[:, None] + bot * dy[:, None]
    if channels_last:
        out = np.moveaxis(out, 1, -1)
    return out


def nearest_interp(x, out_h, out_w, align_corners=True, data_format="NCHW", scale=None):
    channels_last = data_format == "NHWC"
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    h, w = x.shape[2:]

    def index(out_size, in_size, s):
        dst = np.arange(out_size, dtype=F64)
        if align_corners:
            ratio = (in_size - 1) / (out_size - 1) if out_size > 1 else 0.0
            idx = np.floor(ratio * dst + 0.5)
        else:
            ratio = (1.0 / s) if s else in_size / out_size
            idx = np.floor(ratio * dst)
        return np.minimum(idx.astype(np.int64), in_size - 1)

    sh = scale[0] if scale else None
    sw = (scale[1] if len(scale) > 1 else scale[0]) if scale else None
    out = x[:, :, index(out_h, h, sh)][:, :, :, index(out_w, w, sw)]
    if channels_last:
        out = np.moveaxis(out, 1, -1)
    return out


def _interp_ratio(out_size, in_size, align_corners, scale=None):
    """PHI's ratio of input to output coordinates, a float32 as there."""
    if align_corners:
        ratio = (in_size - 1) / (out_size - 1) if out_size > 1 else 0.0
    else:
        ratio = (1.0 / scale) if scale else in_size / out_size
    return float(np.float32(ratio))


def _spatial_scale(scale, i):
    if not scale:
        return None
    return scale[0] if len(scale) == 1 else scale[i]


def linear_interp_nd(x, out_sizes, align_corners=True, align_mode=1, channels_last=False,
                     scale=None):
    """PHI's linear, bilinear and trilinear interpolation, one spatial dim at a
    time: floor(source) and the next index (clamped), weighted by the
    fraction; source r * k, or max(r * (k + 0.5) - 0.5, 0) for align_mode 0
    without align_corners."""
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    out = x
    for d, size in enumerate(out_sizes):
        axis = 2 + d
        n = x.shape[axis]
        ratio = _interp_ratio(size, n, align_corners, _spatial_scale(scale, d))
        k = np.arange(size, dtype=F64)
        if align_mode == 0 and not align_corners:
            src = np.maximum(ratio * (k + 0.5) - 0.5, 0.0)
        else:
            src = ratio * k
        i0 = np.minimum(np.floor(src).astype(np.int64), n - 1)
        i1 = np.minimum(i0 + 1, n - 1)
        lam = (src - i0).reshape([-1 if a == axis else 1 for a in range(out.ndim)])
        out = np.take(out, i0, axis) * (1 - lam) + np.take(out, i1, axis) * lam
    return np.moveaxis(out, 1, -1) if channels_last else out


def nearest_interp_nd(x, out_sizes, align_corners=True, channels_last=False, scale=None):
    """PHI's nearest interpolation of 2 or 3 spatial dims: index floor(r * k),
    or floor(r * k + 0.5) with align_corners."""
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    out = x
    for d, size in enumerate(out_sizes):
        axis = 2 + d
        n = x.shape[axis]
        ratio = _interp_ratio(size, n, align_corners, _spatial_scale(scale, d))
        k = np.arange(size, dtype=F64)
        idx = np.floor(ratio * k + (0.5 if align_corners else 0.0)).astype(np.int64)
        out = np.take(out, np.minimum(idx, n - 1), axis)
    return np.moveaxis(out, 1, -1) if channels_last else out


def bicubic_interp(x, out_h, out_w, align_corners=True, channels_last=False, scale=None):
    """PHI's bicubic interpolation: the 4 x 4 neighbours (clamped) of the
    source r * k (align_corners) or r * (k + 0.5) - 0.5, cubic convolution
    with A = -0.75 along x, then along y."""
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    a = -0.75

    def near(d):
        return ((a + 2) * d - (a + 3)) * d * d + 1

    def far(d):
        return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a

    def taps(size, n, s):
        ratio = _interp_ratio(size, n, align_corners, s)
        k = np.arange(size, dtype=F64)
        src = ratio * k if align_corners else ratio * (k + 0.5) - 0.5
        f = np.floor(src)
        t = src - f
        idx = [np.clip(f.astype(np.int64) + d, 0, n - 1) for d in (-1, 0, 1, 2)]
        return idx, [far(t + 1), near(t), near(1 - t), far(2 - t)]

    h, w = x.shape[2:]
    iy, wy = taps(out_h, h, _spatial_scale(scale, 0))
    ix, wx = taps(out_w, w, _spatial_scale(scale, 1))
    out = 0.0
    for r in range(4):
        for c in range(4):
            out = out + x[:, :, iy[r]][:, :, :, ix[c]] * wy[r][:, None] * wx[c][None, :]
    return np.moveaxis(out, 1, -1) if channels_last else out


def diag_embed(x, offset=0, dim1=-2, dim2=-1):
    """x's last dim on the offset diagonal of two new dims at dim1 (rows)
    and dim2 (columns) of the result."""
    n = x.shape[-1]
    size = n + abs(offset)
    rank = x.ndim + 1
    base = np.zeros(x.shape[:-1] + (size, size), x.dtype)
    i = np.arange(n)
    base[..., i + max(-offset, 0), i + max(offset, 0)] = x
    return np.moveaxis(base, [-2, -1], [dim1 % rank, dim2 % rank])


def crop(x, shape, offsets):
    sizes = [d - o if s == -1 else s for d, s, o in zip(x.shape, shape, offsets)]
    return x[tuple(slice(o, o + s) for o, s in zip(offsets, sizes))]


def pixel_shuffle(x, r, data_format="NCHW"):
    if data_format == "NHWC":
        x = np.moveaxis(x, -1, 1)
    n, c, h, w = x.shape
    out = x.reshape(n, c // (r * r), r, r, h, w).transpose(0, 1, 4, 2, 5, 3)
    out = out.reshape(n, c // (r * r), h * r, w * r)
    if data_format == "NHWC":
        out = np.moveaxis(out, 1, -1)
    return out



def pixel_unshuffle(x, r, data_format="NCHW"):
    """Checked against paddle.nn.functional.pixel_unshuffle 3.3.1."""
    if data_format == "NHWC":
        n, h, w, c = x.shape
        return (x.reshape(n, h // r, r, w // r, r, c).transpose(0, 1, 3, 5, 2, 4)
                .reshape(n, h // r, w // r, c * r * r))
    n, c, h, w = x.shape
    return (x.reshape(n, c, h // r, r, w // r, r).transpose(0, 1, 3, 5, 2, 4)
            .reshape(n, c * r * r, h // r, w // r))


def channel_shuffle(x, groups, data_format="NCHW"):
    if data_format == "NHWC":
        n, h, w, c = x.shape
        return x.reshape(n, h, w, groups, c // groups).transpose(0, 1, 2, 4, 3).reshape(n, h, w, c)
    n, c, h, w = x.shape
    return x.reshape(n, groups, c // groups, h, w).transpose(0, 2, 1, 3, 4).reshape(n, c, h, w)


def _unnormalize(c, size, align):
    return (c + 1) / 2 * (size - 1) if align else ((c + 1) * size - 1) / 2

def _reflect(c, twice_low, twice_high):
    if twice_low == twice_high:
        return np.zeros_like(c)
    lo = twice_low / 2
    span = (twice_high - twice_low) / 2
    c = np.abs(c - lo)
    extra = np.fmod(c, span)
    flips = np.floor(c / span)
    return np.where(flips % 2 == 0, extra + lo, span - extra + lo)

def _source(c, size, padding, align):
    c = _unnormalize(c, size, align)
    if padding == "border":
        c = np.clip(c, 0, size - 1)
    elif padding == "reflection":
        c = _reflect(c, 0, 2 * (size - 1)) if align else _reflect(c, -1, 2 * size - 1)
        c = np.clip(c, 0, size - 1)
    return c

def grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=True):
    """Paddle's grid_sample (4-D): unnormalize, clamp or reflect, then the
    bilinear or nearest (half to even) neighbours, 0 outside x."""
    n, ch, h, w = x.shape
    gx = _source(grid[..., 0], w, padding_mode, align_corners)  # [N, Ho, Wo]
    gy = _source(grid[..., 1], h, padding_mode, align_corners)
    def at(yi, xi):
        ok = (yi >= 0) & (yi < h) & (xi >= 0) & (xi < w)
        yc, xc = np.clip(yi, 0, h - 1).astype(int), np.clip(xi, 0, w - 1).astype(int)
        vals = x[np.arange(n)[:, None, None], :, yc, xc]  # [N, Ho, Wo, C]
        return np.where(ok[..., None], vals, 0).transpose(0, 3, 1, 2)
    if mode == "nearest":
        return at(np.rint(gy), np.rint(gx))
    x0, y0 = np.floor(gx), np.floor(gy)
    x1, y1 = x0 + 1, y0 + 1
    wa = ((x1 - gx) * (y1 - gy))[:, None]
    wb = ((x1 - gx) * (gy - y0))[:, None]
    wc = ((gx - x0) * (y1 - gy))[:, None]
    wd = ((gx - x0) * (gy - y0))[:, None]
    return wa * at(y0, x0) + wb * at(y1, x0) + wc * at(y0, x1) + wd * at(y1, x1)


def bilinear(x, y, weight, bias=None):
    out = np.einsum("bi,oij,bj->bo", x, weight, y)
    return out if bias is None else out + bias


def affine_grid(theta, out_shape, align_corners=True):
    """Paddle's affine_grid: base coordinates (x innermost, then y, z, 1)
    times theta^T; a single position with align_corners is NaN as in PHI."""
    def coords(n):
        if align_corners:
            return np.linspace(-1, 1, n) if n > 1 else np.full(1, np.nan)
        return (2 * np.arange(n) + 1 - n) / n
    sizes = list(out_shape[2:])
    axes = [coords(n) for n in sizes]
    grids = np.meshgrid(*axes, indexing="ij")
    base = np.stack(list(grids)[::-1] + [np.ones(sizes)], -1)  # x, y, (z,) 1
    return np.einsum("...k,nik->n...i", base, theta)


def unfold(x, kernel_sizes, strides, paddings, dilations):
    """Paddle's unfold (im2col): [N, C*kh*kw, L], paddings [top, left,
    bottom, right], rows ordered (c, i, j), columns (y, x)."""
    (kh, kw), (sh, sw), (dh, dw) = kernel_sizes, strides, dilations
    top, left, bottom, right = paddings
    xp = np.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right)))
    n, c, h, w = xp.shape
    oh = (h - (dh * (kh - 1) + 1)) // sh + 1
    ow = (w - (dw * (kw - 1) + 1)) // sw + 1
    out = np.empty((n, c, kh, kw, oh, ow), x.dtype)
    for i in range(kh):
        for j in range(kw):
            out[:, :, i, j] = xp[:, :, i * dh:i * dh + sh * (oh - 1) + 1:sh,
                                 j * dw:j * dw + sw * (ow - 1) + 1:sw]
    return out.reshape(n, c * kh * kw, oh * ow)


def temporal_shift(x, seg_num, shift_ratio=0.25, data_format="NCHW"):
    """PHI's TemporalShiftFwNCHW/NHWC: channels below c1 take frame t - 1,
    those in [c1, c2) frame t + 1, zeros past either end."""
    if data_format == "NHWC":
        x = x.transpose(0, 3, 1, 2)
    nt, c = x.shape[:2]
    x5 = x.reshape(nt // seg_num, seg_num, c, *x.shape[2:])
    c1 = int(np.float32(c) * np.float32(shift_ratio))
    c2 = int(np.float32(c * 2) * np.float32(shift_ratio))
    out = np.zeros_like(x5)
    out[:, 1:, :c1] = x5[:, :-1, :c1]
    out[:, :-1, c1:c2] = x5[:, 1:, c1:c2]
    out[:, :, c2:] = x5[:, :, c2:]
    out = out.reshape(x.shape)
    return out.transpose(0, 2, 3, 1) if data_format == "NHWC" else out


def maxout(x, groups, axis=1):
    axis %= x.ndim
    shape = list(x.shape)
    shape[axis:axis + 1] = [shape[axis] // groups, groups]
    return x.reshape(shape).max(axis=axis + 1)


def label_smooth(label, prior, epsilon):
    if prior is None:
        return (1 - epsilon) * label + epsilon / label.shape[-1]
    return (1 - epsilon) * label + epsilon * prior


def swiglu(x, y=None):
    if y is None:
        x, y = np.split(x, 2, axis=-1)
    return x / (1 + np.exp(-x)) * y


def diag(x, offset=0, padding_value=0.0):
    if x.ndim == 2:
        return np.diagonal(x, offset).copy()
    x = x.reshape(-1)
    size = x.size + abs(offset)
    out = np.full((size, size), padding_value, x.dtype)
    rows = np.arange(x.size) + max(-offset, 0)
    out[rows, rows + offset] = x
    return out


# -- reductions, scans, sorting ----------------------------------------------------------

def reduce_axes(x, axis):
    """Paddle's reduce axes: [] (or all of them) reduces everything."""
    if axis is None or len(axis) == 0:
        return tuple(range(x.ndim))
    return tuple(sorted(a % x.ndim for a in axis)) if x.ndim else ()


def logsumexp(x, axis, keepdim=False):
    m = np.max(x, axis=axis, keepdims=True)
    out = m + np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True))
    return out if keepdim else np.squeeze(out, axis=axis)


def arg_reduce(x, axis, keepdims=False, flatten=False, dtype=np.int64, largest=True):
    """First index of the max (min) as Paddle's argmax (argmin)."""
    f = np.argmax if largest else np.argmin
    if flatten:
        idx = np.asarray(f(x.reshape(-1)))
        return idx.reshape((1,) * x.ndim if keepdims else ()).astype(dtype)
    idx = f(x, axis=axis)
    if keepdims:
        idx = np.expand_dims(idx, axis)
    return np.asarray(idx).astype(dtype)


def cumulative(x, axis, op, exclusive=False, reverse=False, flatten=False):
    if flatten:
        x, axis = x.reshape(-1), 0
    axis = axis % x.ndim
    if reverse:
        x = np.flip(x, axis)
    out = op(x, axis=axis)
    if exclusive:
        identity = 0 if op is np.cumsum else 1
        pad_shape = list(x.shape)
        pad_shape[axis] = 1
        first = np.full(pad_shape, identity, dtype=out.dtype)
        out = np.concatenate([first, np.take(out, range(x.shape[axis] - 1), axis=axis)], axis)
    if reverse:
        out = np.flip(out, axis)
    return out


def topk(x, k, axis=-1, largest=True):
    axis = axis % x.ndim
    order = np.argsort(-x if largest else x, axis=axis, kind="stable")
    idx = np.take(order, range(k), axis=axis)
    return np.take_along_axis(x, idx, axis), idx.astype(np.int64)


def argsort(x, axis=-1, descending=False):
    # Descending sorts by -x (ints: reversed order of a stable sort of -x).
    idx = np.argsort(-x if descending else x, axis=axis, kind="stable")
    return np.take_along_axis(x, idx, axis), idx.astype(np.int64)


def p_norm(x, porder=2.0, axis=-1, keepdim=False, asvector=False):
    if asvector:
        x = x.reshape(-1)
        axis = 0
    a = np.abs(x)
    if porder == 0:
        out = np.sum(a != 0, axis=axis, keepdims=keepdim).astype(x.dtype)
    elif porder == np.inf:
        out = np.max(a, axis=axis, keepdims=keepdim)
    elif porder == -np.inf:
        out = np.min(a, axis=axis, keepdims=keepdim)
    else:
        out = np.sum(a ** porder, axis=axis, keepdims=keepdim) ** (1.0 / porder)
    if asvector and keepdim:
        return out  # caller reshapes to [1] * rank
    return out


# -- manipulation ---------------------------------------------------------------------------

def reshape(x, shape):
    shape = [x.shape[i] if d == 0 else d for i, d in enumerate(shape)]
    return x.reshape(shape)


def split(x, sections, axis):
    axis = axis % x.ndim
    sections = list(sections)
    if -1 in sections:
        known = np.sum([s for s in sections if s != -1])
        sections[sections.index(-1)] = x.shape[axis] - known
    bounds = np.cumsum(sections)[:-1]
    return np.split(x, bounds, axis=axis)


def slice_(x, axes, starts, ends, decrease_axis=()):
    index = [slice(None)] * x.ndim
    for a, s, e in zip(axes, starts, ends):
        dim = x.shape[a]
        s = s + dim if s < 0 else s
        e = e + dim if e < 0 else e
        s = min(max(s, 0), dim)
        e = min(max(e, 0), dim)
        index[a] = slice(s, e)
    out = x[tuple(index)]
    if decrease_axis:
        out = np.squeeze(out, axis=tuple(decrease_axis))
    return out


def strided_slice(x, axes, starts, ends, strides):
    index = [slice(None)] * x.ndim
    for a, s, e, st in zip(axes, starts, ends, strides):
        index[a] = slice(s, e, st)  # same as Python slicing for in-range bounds
    return x[tuple(index)]


def set_value(x, values, axes, starts, ends, steps, decrease_axes=()):
    """x with x[slices] = values (numpy assignment broadcasts values onto
    the slice; an int index at a decrease axis drops that dim, as Paddle's
    decrease_axes do)."""
    out = np.array(x, copy=True)
    index = [slice(None)] * x.ndim
    for a, s, e, st in zip(axes, starts, ends, steps):
        index[a] = s if a in decrease_axes else slice(s, e, st)
    out[tuple(index)] = values
    return out


def squeeze(x, axis=()):
    if not axis:
        return np.squeeze(x)
    axes = tuple(a % x.ndim for a in axis if x.shape[a % x.ndim] == 1)
    return np.squeeze(x, axis=axes)


def unsqueeze(x, axis):
    out = x
    for a in axis:  # Paddle inserts one by one; a negative axis counts in the grown rank
        rank = out.ndim
        a = a + rank + 1 if a < 0 else a
        out = np.expand_dims(out, a)
    return out


def flatten(x, start_axis=1, stop_axis=1):
    start, stop = start_axis % max(x.ndim, 1), stop_axis % max(x.ndim, 1)
    shape = x.shape[:start] + (int(np.prod(x.shape[start:stop + 1])),) + x.shape[stop + 1:]
    return x.reshape(shape)


def expand(x, shape):
    shape = list(shape)
    lead = len(shape) - x.ndim
    target = [x.shape[i - lead] if (d == -1 and i >= lead) else d for i, d in enumerate(shape)]
    return np.broadcast_to(x, target).copy()


def scatter_nd_add(x, index, updates):
    """x plus each row of updates at the position index[r, :] addresses
    (negative positions from the end; repeated ones accumulate)."""
    out = x.copy()
    k = index.shape[-1]
    rows = index.reshape(-1, k)
    values = updates.reshape((rows.shape[0],) + x.shape[k:])
    for r in range(rows.shape[0]):
        at = tuple(int(i) + (x.shape[j] if i < 0 else 0) for j, i in enumerate(rows[r]))
        out[at] += values[r]
    return out


def gather_nd(x, index):
    k = index.shape[-1]
    return x[tuple(np.moveaxis(index, -1, 0))] if k else np.broadcast_to(x, index.shape[:-1] + x.shape)


def scatter(x, index, updates, overwrite=True):
    out = x.copy()
    if overwrite:
        for i, row in enumerate(index):
            out[row] = updates[i]
    else:
        out[np.unique(index)] = 0
        for i, row in enumerate(index):
            out[row] += updates[i]
    return out


def roll(x, shifts, axis=()):
    if not axis:
        return np.roll(x.reshape(-1), shifts[0]).reshape(x.shape)
    return np.roll(x, shifts, axis=tuple(axis))


def pad(x, paddings, pad_value=0.0):
    pairs = [(paddings[2 * i], paddings[2 * i + 1]) for i in range(x.ndim)]
    return np.pad(x, pairs, mode="constant", constant_values=pad_value)


def pad3d(x, paddings, mode="constant", pad_value=0.0, data_format="NCDHW"):
    left, right, top, bottom, front, back = paddings
    spatial = [(front, back), (top, bottom), (left, right)]
    pairs = ([(0, 0), (0, 0)] + spatial) if data_format == "NCDHW" else ([(0, 0)] + spatial + [(0, 0)])
    np_mode = {"constant": "constant", "reflect": "reflect", "replicate": "edge",
               "circular": "wrap"}[mode]
    if np_mode == "constant":
        return np.pad(x, pairs, mode="constant", constant_values=pad_value)
    return np.pad(x, pairs, mode=np_mode)


def one_hot(x, num_classes):
    return (x[..., None] == np.arange(num_classes)).astype(np.float32)


def linspace(start, stop, num, dtype):
    if num == 1:
        return np.array([start], dtype)
    step = (stop - start) / (num - 1)
    i = np.arange(num, dtype=F64)
    half = num // 2
    vals = np.where(i < half, start + step * i, stop - step * (num - 1 - i))
    return vals.astype(dtype)


def logspace(start, stop, num, base, dtype):
    """PHI: start, stop and base in the output dtype first (an int64 base of
    2.5 is 2), the exponents as linspace's in float64, each power truncated
    to the dtype."""
    start, stop, base = (np.array(v).astype(dtype).item() for v in (start, stop, base))
    if num == 1:
        exps = np.array([start], F64)
    else:
        step = float(np.array(stop - start).astype(dtype)) / (num - 1)
        i = np.arange(num, dtype=F64)
        exps = np.where(i < num // 2, start + step * i, stop - step * (num - 1 - i))
    return np.power(float(base), exps).astype(dtype)


def arange(start, end, step, dtype):
    n = int(math.ceil((end - start) / step))
    return (start + step * np.arange(n, dtype=F64)).astype(dtype)


def logcumsumexp(x, axis=-1, flatten=False, exclusive=False, reverse=False):
    """Paddle's (PHI's) logcumsumexp: an empty exclusive prefix is the
    lowest finite value (checked against paddle._C_ops.logcumsumexp)."""
    if flatten:
        x, axis = x.reshape(-1), 0
    x = np.moveaxis(x, axis, -1)
    if reverse:
        x = x[..., ::-1]
    out = np.logaddexp.accumulate(x, axis=-1)
    if exclusive:
        out = np.concatenate([np.full(out.shape[:-1] + (1,), np.finfo(x.dtype).min, x.dtype),
                              out[..., :-1]], axis=-1)
    if reverse:
        out = out[..., ::-1]
    return np.moveaxis(out, -1, axis)


def searchsorted(seq, values, right=False, out_int32=False):
    side = "right" if right else "left"
    if seq.ndim == 1:
        out = np.searchsorted(seq, values, side=side)
    else:
        rows_s = seq.reshape(-1, seq.shape[-1])
        rows_v = values.reshape(-1, values.shape[-1])
        out = np.stack([np.searchsorted(a, v, side=side) for a, v in zip(rows_s, rows_v)])
        out = out.reshape(values.shape)
    return out.astype(np.int32 if out_int32 else np.int64)


def dist(x, y, p):
    d = np.abs(x - y).reshape(-1)
    if p == 0:
        return np.array(np.count_nonzero(d), x.dtype)
    if np.isinf(p):
        return np.array(d.max() if p > 0 else d.min(), x.dtype)
    return np.array((d ** p).sum() ** (1.0 / p), x.dtype)


# Losses, as PHI's CPU kernels compute them (checked equal to Paddle 3.3.1's
# outputs, within 1e-6, when these were written).
def huber_loss(x, label, delta):
    r = label - x
    return [np.where(np.abs(r) <= delta, 0.5 * r * r, delta * (np.abs(r) - 0.5 * delta)), r]


def log_loss(p, label, epsilon):
    return -label * np.log(p + epsilon) - (1 - label) * np.log(1 - p + epsilon)


def hinge_loss(logits, labels):
    return np.maximum(1 - logits * (2 * labels - 1), 0)


def fill_diagonal(x, value, offset, wrap):
    """PHI's loop, transcribed: flat positions i in steps of
    1 + d[-1] + d[-1] d[-2] + ..., below numel (wrap) or d[1]^2, moved by
    offset where i % d[1] + offset stays in the row."""
    out = np.array(x, copy=True).reshape(-1)
    dims = x.shape
    step, count = 0, 1
    for d in reversed(dims):
        step += count
        count *= d
    size = out.size if wrap else min(out.size, dims[1] * dims[1])
    for i in range(0, size, step):
        if 0 <= i % dims[1] + offset < dims[1]:
            out[i + offset] = value
    return out.reshape(dims)


def bce_loss(x, label):
    with np.errstate(divide="ignore"):
        hit = np.maximum(np.log(x), -100)
        miss = np.maximum(np.log(1 - x), -100)
    return -(label * hit + (1 - label) * miss)


def kldiv_loss(x, label, reduction="mean", log_target=False):
    if log_target:
        o = np.exp(label) * (label - x)
    else:
        o = np.where(label > 0, label * (np.log(np.where(label > 0, label, 1)) - x), 0)
    if reduction == "none":
        return o
    if reduction == "sum":
        return np.array(o.sum())
    if reduction == "mean":
        return np.array(o.mean())
    return np.array(o.sum() / x.shape[0])  # batchmean


def sigmoid_cross_entropy_with_logits(x, label, pos_weight=None, normalize=False,
                                      ignore_index=-100):
    tail = np.log1p(np.exp(-np.abs(x)))
    if pos_weight is None:
        o = np.maximum(x, 0) - x * label + tail
    else:
        o = (1 - label) * x + pos_weight * (tail + np.maximum(-x, 0))
    o = np.where(np.trunc(label) == ignore_index, 0, o)
    if normalize:
        with np.errstate(invalid="ignore", divide="ignore"):
            o = o / np.count_nonzero(np.abs(label - ignore_index) > 1e-6)
    return o


def cum_max_min(x, axis, is_max):
    """PHI's cummax/cummin: a value replaces the running one when it is NaN,
    or when the running one is not NaN and the value is >= (<=) it."""
    moved = np.moveaxis(x, axis, -1)
    out, idx = np.empty_like(moved), np.empty(moved.shape, np.int64)
    for r in np.ndindex(moved.shape[:-1]):
        best, at = moved[r + (0,)], 0
        for j in range(moved.shape[-1]):
            v = moved[r + (j,)]
            if (np.isnan(v) if moved.dtype.kind == "f" else False) or (
                    not (moved.dtype.kind == "f" and np.isnan(best))
                    and (v >= best if is_max else v <= best)):
                best, at = v, j
            out[r + (j,)], idx[r + (j,)] = best, at
    return [np.moveaxis(out, -1, axis), np.moveaxis(idx, -1, axis)]


def kthvalue(x, k, axis=-1, keepdim=False):
    order = np.argsort(x, axis=axis, kind="stable")
    idx = np.take(order, [k - 1], axis=axis)
    val = np.take_along_axis(x, idx, axis=axis)
    if not keepdim:
        val, idx = val.squeeze(axis), idx.squeeze(axis)
    return [val, idx.astype(np.int64)]


def renorm(x, p, axis, max_norm):
    other = tuple(d for d in range(x.ndim) if d != axis % x.ndim)
    norm = (np.abs(x) ** p).sum(axis=other, keepdims=True) ** (1.0 / p)
    return x * np.where(norm > max_norm, max_norm / (norm + 1e-7), 1.0)


def index_add(x, index, add_value, axis=0):
    out = x.copy()
    moved, values = np.moveaxis(out, axis, 0), np.moveaxis(add_value, axis, 0)
    for j, i in enumerate(index):
        moved[int(i)] += values[j]
    return out


def affine_channel(x, scale, bias, data_layout="AnyLayout"):
    if data_layout == "NCHW":
        shape = (1, -1) + (1,) * (x.ndim - 2)
        return x * scale.reshape(shape) + bias.reshape(shape)
    return x * scale + bias


def _sigmoid(v):
    return 1 / (1 + np.exp(-v))


def rnn(x, pre_state, weights, sequence_length, mode, is_bidirec, num_layers, hidden_size):
    """Paddle's pd_op.rnn (nn.LSTM / GRU / SimpleRNN, inference), float64:
    x [T, B, I] time-major; pre_state (h0[, c0]) of [layers * directions,
    B, H]; weights: each (layer, direction)'s input and hidden weights, then
    their biases; a step t >= sequence_length[b] keeps row b's state and
    outputs 0. Checked equal (within 2.3e-7) to Paddle 3.3.1's layers in
    every mode, 1-2 layers, both directions, with and without lengths.
    Returns (out [T, B, D * H], [h_n[, c_n]])."""
    x = np.asarray(x, np.float64)
    steps, batch, _ = x.shape
    directions = 2 if is_bidirec else 1
    cells = num_layers * directions
    ws, bs = weights[:2 * cells], weights[2 * cells:]
    lengths = np.full(batch, steps) if sequence_length is None else np.asarray(sequence_length)
    h_n = np.zeros((cells, batch, hidden_size))
    c_n = np.zeros((cells, batch, hidden_size))
    inp = x
    for layer in range(num_layers):
        outs = []
        for d in range(directions):
            k = layer * directions + d
            w_ih, w_hh = (np.asarray(w, np.float64) for w in ws[2 * k:2 * k + 2])
            b_ih, b_hh = (np.asarray(b, np.float64) for b in bs[2 * k:2 * k + 2])
            h = np.array(pre_state[0][k], np.float64)
            c = np.array(pre_state[1][k], np.float64) if mode == "LSTM" else None
            y = np.zeros((steps, batch, hidden_size))
            for t in (range(steps - 1, -1, -1) if d == 1 else range(steps)):
                xg = inp[t] @ w_ih.T + b_ih
                hg = h @ w_hh.T + b_hh
                c_new = None
                if mode == "LSTM":
                    i, f, cc, o = np.split(xg + hg, 4, axis=1)
                    c_new = _sigmoid(f) * c + _sigmoid(i) * np.tanh(cc)
                    h_new = _sigmoid(o) * np.tanh(c_new)
                elif mode == "GRU":
                    xr, xz, xc = np.split(xg, 3, axis=1)
                    hr, hz, hc = np.split(hg, 3, axis=1)
                    r, z = _sigmoid(xr + hr), _sigmoid(xz + hz)
                    h_new = z * h + (1 - z) * np.tanh(xc + r * hc)
                else:
                    pre = xg + hg
                    h_new = np.tanh(pre) if mode == "RNN_TANH" else np.maximum(pre, 0)
                valid = (t < lengths)[:, None]
                h = np.where(valid, h_new, h)
                if c is not None:
                    c = np.where(valid, c_new, c)
                y[t] = np.where(valid, h_new, 0)
            h_n[k] = h
            if c is not None:
                c_n[k] = c
            outs.append(y)
        inp = np.concatenate(outs, axis=2)
    return inp, ([h_n, c_n] if mode == "LSTM" else [h_n])


def yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox=True,
             scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5):
    """Paddle's yolo_box (PHI's yolo_box_util.h), float64: boxes [N, A*H*W, 4]
    (x1, y1, x2, y2) and scores [N, A*H*W, classes], zeros where the
    confidence is below conf_thresh. Checked equal to Paddle 3.3.1's
    vision.ops.yolo_box (1e-5 on boxes of size ~80, float32) with and
    without iou_aware and clip_bbox."""
    x = np.asarray(x, np.float64)
    n, _, h, w = x.shape
    an = len(anchors) // 2
    boxes = np.zeros((n, an * h * w, 4))
    scores = np.zeros((n, an * h * w, class_num))
    bias = -0.5 * (scale_x_y - 1)
    for i in range(n):
        img_h, img_w = (float(v) for v in img_size[i])
        for j in range(an):
            base = (an if iou_aware else 0) + j * (5 + class_num)
            for k in range(h):
                for l in range(w):
                    conf = _sigmoid(x[i, base + 4, k, l])
                    if iou_aware:
                        conf = (conf ** (1 - iou_aware_factor)
                                * _sigmoid(x[i, j, k, l]) ** iou_aware_factor)
                    if conf < conf_thresh:
                        continue
                    cx = (l + _sigmoid(x[i, base, k, l]) * scale_x_y + bias) * img_w / w
                    cy = (k + _sigmoid(x[i, base + 1, k, l]) * scale_x_y + bias) * img_h / h
                    bw = np.exp(x[i, base + 2, k, l]) * anchors[2 * j] * img_w / (downsample_ratio * w)
                    bh = np.exp(x[i, base + 3, k, l]) * anchors[2 * j + 1] * img_h / (downsample_ratio * h)
                    box = [cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2]
                    if clip_bbox:
                        box = [max(box[0], 0), max(box[1], 0), min(box[2], img_w - 1),
                               min(box[3], img_h - 1)]
                    idx = j * h * w + k * w + l
                    boxes[i, idx] = box
                    scores[i, idx] = conf * _sigmoid(x[i, base + 5:base + 5 + class_num, k, l])
    return boxes, scores


def put_along_axis(arr, indices, values, axis, reduce="assign", include_self=True):
    """Paddle's put_along_axis: values[q] scattered to arr at q with q[axis]
    = indices[q] (negative from the end), combined by `reduce` (the last
    assign wins; include_self puts arr's value into add/mul/mean/amin/amax;
    an integer mean floor-divides); elements no index hits keep arr's value.
    Checked equal to Paddle 3.3.1 for every reduce and include_self, float32
    and int64."""
    arr = np.asarray(arr)
    out = arr.copy()
    axis %= arr.ndim
    n = arr.shape[axis]
    acc, count = {}, {}
    for q in np.ndindex(*indices.shape):
        j = int(indices[q])
        p = list(q)
        p[axis] = j + n if j < 0 else j
        p = tuple(p)
        v = values[q]
        if reduce == "assign":
            out[p] = v
        elif p not in acc:
            acc[p], count[p] = v, 1
        else:
            count[p] += 1
            acc[p] = {"add": acc[p] + v, "mean": acc[p] + v, "mul": acc[p] * v,
                      "multiply": acc[p] * v, "amin": min(acc[p], v),
                      "amax": max(acc[p], v)}[reduce]
    for p, a in acc.items():
        s = arr[p]
        if reduce == "mean":
            total = s + a if include_self else a
            c = count[p] + (1 if include_self else 0)
            out[p] = total / c if np.issubdtype(arr.dtype, np.floating) else total // c
        elif include_self:
            out[p] = {"add": s + a, "mul": s * a, "multiply": s * a, "amin": min(s, a),
                      "amax": max(s, a)}[reduce]
        else:
            out[p] = a
    return out


def _roi_bilinear(img, y, x):
    height, width = img.shape
    if y < -1.0 or y > height or x < -1.0 or x > width:
        return 0.0
    y, x = max(y, 0.0), max(x, 0.0)
    y0, x0 = int(y), int(x)
    if y0 >= height - 1:
        y0 = y1 = height - 1
        y = float(y0)
    else:
        y1 = y0 + 1
    if x0 >= width - 1:
        x0 = x1 = width - 1
        x = float(x0)
    else:
        x1 = x0 + 1
    ly, lx = y - y0, x - x0
    hy, hx = 1 - ly, 1 - lx
    return hy * hx * img[y0, x0] + hy * lx * img[y0, x1] + ly * hx * img[y1, x0] + ly * lx * img[y1, x1]


def roi_align(x, boxes, boxes_num, pooled_height, pooled_width, spatial_scale=1.0,
              sampling_ratio=-1, aligned=False):
    """Paddle's roi_align (PHI's CPU kernel), float64: each roi's bins
    average a grid of bilinear samples (sampling_ratio per axis, or
    ceil(roi size / pooled size)); boxes_num gives each image's rois.
    Checked equal (<= 4.4e-7, float32) to Paddle 3.3.1's
    vision.ops.roi_align, aligned or not, both sampling modes and scales."""
    x = np.asarray(x, np.float64)
    rois = boxes.shape[0]
    image_of = (np.repeat(np.arange(len(boxes_num)), boxes_num) if boxes_num is not None
                else np.zeros(rois, int))
    out = np.zeros((rois, x.shape[1], pooled_height, pooled_width))
    offset = 0.5 if aligned else 0.0
    for r in range(rois):
        x1, y1, x2, y2 = (float(v) * spatial_scale - offset for v in boxes[r])
        roi_w, roi_h = x2 - x1, y2 - y1
        if not aligned:
            roi_w, roi_h = max(roi_w, 1.0), max(roi_h, 1.0)
        bin_h, bin_w = roi_h / pooled_height, roi_w / pooled_width
        gh = sampling_ratio if sampling_ratio > 0 else max(math.ceil(bin_h), 0)
        gw = sampling_ratio if sampling_ratio > 0 else max(math.ceil(bin_w), 0)
        count = max(gh * gw, 1)
        for c in range(x.shape[1]):
            img = x[image_of[r], c]
            for i in range(pooled_height):
                for j in range(pooled_width):
                    total = 0.0
                    for iy in range(gh):
                        yy = y1 + i * bin_h + (iy + 0.5) * bin_h / gh
                        for ix in range(gw):
                            xx = x1 + j * bin_w + (ix + 0.5) * bin_w / gw
                            total += _roi_bilinear(img, yy, xx)
                    out[r, c, i, j] = total / count
    return out


def rrelu_inference(x, lower, upper):
    """Paddle's rrelu with is_test: (out, noise), the slope (lower + upper) / 2
    where x < 0 (noise 1 elsewhere); checked against Paddle 3.3.1."""
    factor = np.where(x >= 0, 1.0, (lower + upper) / 2)
    return x * factor, factor


def sequence_mask(x, max_len):
    """y[..., j] = j < x[...] for j < max_len."""
    return np.arange(max_len) < np.asarray(x)[..., None]


def multiplex(inputs, index):
    """Row i of inputs[index[i]] (Paddle 3.3.1's multiplex)."""
    return np.stack([inputs[int(k)][i] for i, k in enumerate(np.asarray(index).ravel())])


def _nms_area(b, normalized):
    t = b.dtype.type
    if b[2] < b[0] or b[3] < b[1]:
        return t(0)
    w, h = b[2] - b[0], b[3] - b[1]
    return w * h if normalized else (w + t(1)) * (h + t(1))


def _nms_iou(b1, b2, normalized):
    t = b1.dtype.type
    if b2[0] > b1[2] or b2[2] < b1[0] or b2[1] > b1[3] or b2[3] < b1[1]:
        return t(0)
    norm = t(0) if normalized else t(1)
    w = min(b1[2], b2[2]) - max(b1[0], b2[0]) + norm
    h = min(b1[3], b2[3]) - max(b1[1], b2[1]) + norm
    inter = w * h
    return inter / (_nms_area(b1, normalized) + _nms_area(b2, normalized) - inter)


def multiclass_nms3(bboxes, scores, score_threshold, nms_top_k, keep_top_k, nms_threshold,
                    normalized, nms_eta, background_label):
    """PHI's CPU multiclass_nms3 for scores [N, C, M] and bboxes [N, M, 4], in
    their dtype (thresholds too): per class the boxes above the threshold by score (a stable
    sort), the first nms_top_k, greedy NMS with the adaptive threshold; the
    best keep_top_k of the image; rows by class. (out, index, nms_rois_num)."""
    rows, index, counts = [], [], []
    n, classes, m = scores.shape
    t = scores.dtype.type
    score_threshold, nms_threshold, nms_eta = t(score_threshold), t(nms_threshold), t(nms_eta)
    for i in range(n):
        kept = {}
        for c in range(classes):
            if c == background_label:
                continue
            cand = [j for j in range(m) if scores[i, c, j] > score_threshold]
            cand.sort(key=lambda j: -scores[i, c, j])  # stable
            if nms_top_k > -1:
                cand = cand[:nms_top_k]
            chosen, threshold = [], nms_threshold
            for j in cand:
                if all(_nms_iou(bboxes[i, j], bboxes[i, k], normalized) <= threshold
                       for k in chosen):
                    chosen.append(j)
                    if nms_eta < 1 and threshold > t(0.5):
                        threshold *= nms_eta
            kept[c] = chosen
        total = sum(len(v) for v in kept.values())
        if keep_top_k > -1 and total > keep_top_k:
            pairs = [(scores[i, c, j], c, j) for c in sorted(kept) for j in kept[c]]
            pairs.sort(key=lambda p: -p[0])  # stable
            best = pairs[:keep_top_k]
            kept = {c: [j for _, cc, j in best if cc == c] for c in sorted(kept)}
        count = 0
        for c in sorted(kept):
            for j in kept[c]:
                rows.append([c, scores[i, c, j], *bboxes[i, j]])
                index.append([i * m + j])
                count += 1
        counts.append(count)
    out = np.array(rows, scores.dtype).reshape(-1, 6)
    return out, np.array(index, np.int32).reshape(-1, 1), np.array(counts, np.int32)


def _rows(x, axes):
    """x with `axes` (all for none) moved last and flattened: (rows, kept shape)."""
    axes = sorted({a % x.ndim for a in axes}) if axes else list(range(x.ndim))
    kept = [d for d in range(x.ndim) if d not in axes]
    moved = np.transpose(x, kept + axes)
    n = int(np.prod([x.shape[a] for a in axes], dtype=np.int64))
    return moved.reshape(-1, n), axes


def _reduced_shape(x, axes, keepdim):
    return tuple(1 if d in axes else x.shape[d] for d in range(x.ndim)
                 if keepdim or d not in axes)


def median(x, axes=(), keepdim=True, mode="avg", skip_nan=False):
    """Paddle's median / nanmedian: the value and the middles' columns in the
    reduced axes flattened (both for "avg"); NaN rows as the kernels do."""
    rows, axes = _rows(x, list(axes))
    vals, idx = [], []
    for row in rows:
        nan = np.isnan(row) if row.dtype.kind == "f" else np.zeros(row.shape, bool)
        order = np.argsort(row, kind="stable")  # NaN last
        k = int((~nan).sum()) if skip_nan else row.size
        if skip_nan and k == 0:
            vals.append(np.nan), idx.append((-1, -1))
            continue
        if not skip_nan and nan.any():
            first = int(np.argmax(nan))
            vals.append(np.nan), idx.append((first, first))
            continue
        lo, hi = (k - 1) // 2, k // 2
        if mode == "avg":
            vals.append((np.float64(row[order[lo]]) + np.float64(row[order[hi]])) / 2)
            idx.append((order[lo], order[hi]))
        else:
            vals.append(row[order[lo]]), idx.append((order[lo], order[lo]))
    shape = _reduced_shape(x, axes, keepdim)
    out = np.asarray(vals, np.float64).astype(x.dtype).reshape(shape)
    idx = np.asarray(idx, np.int64)
    idx = idx.reshape(shape + (2,)) if mode == "avg" else idx[:, 0].reshape(shape)
    return [out, idx]


def mode(x, axis=-1, keepdim=False):
    """The most frequent value (the smallest among ties, NaN after numbers)
    and the column of its last occurrence."""
    rows, axes = _rows(x, [axis])
    vals, idx = [], []
    for row in rows:
        counts = [max(1, int((row == v).sum())) for v in row]
        best = None
        for j, (v, c) in enumerate(zip(row, counts)):
            if best is None or c > best[0] or (c == best[0] and (
                    v == best[1] or v < best[1] or (np.isnan(best[1]) and not np.isnan(v)))):
                best = (c, v, j)
        vals.append(best[1]), idx.append(best[2])
    shape = _reduced_shape(x, axes, keepdim)
    return [np.asarray(vals, x.dtype).reshape(shape), np.asarray(idx, np.int64).reshape(shape)]


def fold(x, output_sizes, kernel_sizes, strides, paddings, dilations):
    """col2im: each block's column added at its window (paddings[0] top,
    paddings[1] left, as Paddle's kernel reads them)."""
    n, ckk, _ = x.shape
    kh, kw = kernel_sizes
    c = ckk // (kh * kw)
    oh, ow = output_sizes
    bh = (oh + 2 * paddings[0] - (dilations[0] * (kh - 1) + 1)) // strides[0] + 1
    bw = (ow + 2 * paddings[1] - (dilations[1] * (kw - 1) + 1)) // strides[1] + 1
    out = np.zeros((n, c, oh, ow), np.float64)
    cols = x.reshape(n, c, kh, kw, bh, bw).astype(np.float64)
    for ki in range(kh):
        for kj in range(kw):
            for bi in range(bh):
                for bj in range(bw):
                    y = bi * strides[0] - paddings[0] + ki * dilations[0]
                    xx = bj * strides[1] - paddings[1] + kj * dilations[1]
                    if 0 <= y < oh and 0 <= xx < ow:
                        out[:, :, y, xx] += cols[:, :, ki, kj, bi, bj]
    return out


def lp_pool2d(x, kernel, strides, paddings, p, ceil_mode=False):
    """(sum of x^p over the window inside the input)^(1/p), NCHW."""
    n, c, h, w = x.shape
    out_dims = []
    for size, k, s, pad in ((h, kernel[0], strides[0], paddings[0]),
                            (w, kernel[1], strides[1], paddings[1])):
        span = size + 2 * pad - k
        out_dims.append((-(-span // s) if ceil_mode else span // s) + 1)
    out = np.zeros((n, c, *out_dims), np.float64)
    xp = np.power(x.astype(np.float64), p)
    for i in range(out_dims[0]):
        for j in range(out_dims[1]):
            y0, x0 = i * strides[0] - paddings[0], j * strides[1] - paddings[1]
            win = xp[:, :, max(y0, 0):min(y0 + kernel[0], h), max(x0, 0):min(x0 + kernel[1], w)]
            out[:, :, i, j] = win.sum(axis=(2, 3))
    return np.power(out, 1.0 / p)


def nll_loss(x, label, weight=None, ignore_index=-100, reduction="mean"):
    x = x.astype(np.float64)
    c = x.shape[1]
    w = np.ones(c) if weight is None else weight.astype(np.float64)
    moved = np.moveaxis(x, 1, -1)  # [N, (H, W,) C]
    ign = label == ignore_index
    safe = np.where(ign, 0, label)
    picked = np.take_along_axis(moved, safe[..., None], -1)[..., 0]
    wt = np.where(ign, 0.0, w[safe])
    loss = -wt * picked
    if reduction == "none":
        return [loss, np.float64(0)]
    total = wt.sum()
    if reduction == "sum":
        return [loss.sum(), total]
    return [loss.sum() / total if total != 0 else np.float64(0), total]


def histogram(x, bins=100, lo=0.0, hi=0.0, weight=None, density=False):
    """Paddle's histogram kernel, in the input's type."""
    t = x.dtype.type
    flat = x.ravel()
    if lo == 0 and hi == 0 and flat.size:
        lo, hi = flat.min(), flat.max()
    lo, hi = t(lo), t(hi)
    if lo == hi:
        lo, hi = t(lo - t(1)), t(hi + t(1))
    out = np.zeros(bins, np.float64)
    for i, v in enumerate(flat):
        if not (lo <= v <= hi):
            continue
        if x.dtype.kind == "f":
            b = int(t(t(t(v - lo) * t(bins)) / t(hi - lo)))
        else:
            b = int((int(v) - int(lo)) * bins // (int(hi) - int(lo)))
        out[min(b, bins - 1)] += 1.0 if weight is None else float(weight.ravel()[i])
    if density:
        out = out / (out.sum() * (float(hi) - float(lo)) / bins)
    return out.astype(np.float32) if (weight is not None or density) else out.astype(np.int64)


# SSD (checked against paddle.vision.ops.box_coder / prior_box 3.3.1: within 4e-6).
def _expand_ratios(ars, flip):
    out = [1.0]
    for ar in ars:
        if any(abs(ar - o) < 1e-6 for o in out):
            continue
        out.append(ar)
        if flip:
            out.append(np.float32(1) / ar if isinstance(ar, np.float32) else 1.0 / ar)
    return out

def prior_box(fh, fw, img_h, img_w, min_sizes, max_sizes=(), aspect_ratios=(), variances=(0.1, 0.1, 0.2, 0.2),
              flip=True, clip=True, step_w=0.0, step_h=0.0, offset=0.5, ordered=False):
    # The attributes are float32 (and so is an inverted ratio), as in Paddle.
    f32 = lambda v: float(np.float32(v))  # noqa: E731
    min_sizes, max_sizes = [f32(v) for v in min_sizes], [f32(v) for v in max_sizes]
    variances, step_w, step_h, offset = [f32(v) for v in variances], f32(step_w), f32(step_h), f32(offset)
    ratios = [f32(r) for r in _expand_ratios([np.float32(a) for a in aspect_ratios], flip)]
    if step_w == 0 or step_h == 0:
        step_w, step_h = img_w / fw, img_h / fh
    boxes = []
    for h in range(fh):
        for w in range(fw):
            cx, cy = (w + offset) * step_w, (h + offset) * step_h
            cell = []
            def push(hw, hh):
                cell.append([(cx - hw) / img_w, (cy - hh) / img_h, (cx + hw) / img_w, (cy + hh) / img_h])
            for s, mn in enumerate(min_sizes):
                def square():
                    if max_sizes:
                        half = np.sqrt(mn * max_sizes[s]) / 2
                        push(half, half)
                if ordered:
                    push(mn / 2, mn / 2); square()
                    for r in ratios:
                        if abs(r - 1) >= 1e-6:
                            push(mn * np.sqrt(r) / 2, mn / np.sqrt(r) / 2)
                else:
                    for r in ratios:
                        push(mn * np.sqrt(r) / 2, mn / np.sqrt(r) / 2)
                    square()
            boxes.append(cell)
    out = np.array(boxes, np.float64).reshape(fh, fw, -1, 4)
    if clip:
        out = np.clip(out, 0, 1)
    return [out, np.broadcast_to(np.asarray(variances, np.float64), out.shape).copy()]

def box_coder(prior, prior_var, target, code_type="encode_center_size", normalized=True, axis=0, variance=()):
    u = 0.0 if normalized else 1.0
    prior = prior.astype(np.float64); target = target.astype(np.float64)
    pw = prior[:, 2] - prior[:, 0] + u; ph = prior[:, 3] - prior[:, 1] + u
    pcx = prior[:, 0] + pw / 2; pcy = prior[:, 1] + ph / 2
    if prior_var is not None:
        var = prior_var.astype(np.float64)
    elif len(variance):  # a float32 attribute
        var = np.broadcast_to(np.asarray(variance, np.float32).astype(np.float64), prior.shape)
    else:
        var = None
    if code_type == "encode_center_size":
        tcx = (target[:, 0] + target[:, 2]) / 2; tcy = (target[:, 1] + target[:, 3]) / 2
        tw = target[:, 2] - target[:, 0] + u; th = target[:, 3] - target[:, 1] + u
        out = np.stack([(tcx[:, None] - pcx[None]) / pw[None], (tcy[:, None] - pcy[None]) / ph[None],
                        np.log(np.abs(tw[:, None] / pw[None])), np.log(np.abs(th[:, None] / ph[None]))], -1)
        if var is not None:
            out = out / var[None]
        return out
    v = np.ones_like(prior) if var is None else var
    if axis == 0:
        pw_, ph_, pcx_, pcy_, v_ = pw[None], ph[None], pcx[None], pcy[None], v[None]
    else:
        pw_, ph_, pcx_, pcy_, v_ = pw[:, None], ph[:, None], pcx[:, None], pcy[:, None], v[:, None]
    cx = v_[..., 0] * target[..., 0] * pw_ + pcx_
    cy = v_[..., 1] * target[..., 1] * ph_ + pcy_
    w = np.exp(v_[..., 2] * target[..., 2]) * pw_
    h = np.exp(v_[..., 3] * target[..., 3]) * ph_
    return np.stack([cx - w / 2, cy - h / 2, cx + w / 2 - u, cy + h / 2 - u], -1)


def index_put(x, indices, value, accumulate=False):
    """x with value written (or added) where indices select: a bool mask,
    or integer tensors broadcast together (in order; duplicates add with
    accumulate, the last write wins without)."""
    out = x.copy()
    if len(indices) == 1 and indices[0].dtype == np.bool_:
        mask = indices[0]
        selected = out[mask]
        v = np.broadcast_to(value, selected.shape)
        out[mask] = selected + v if accumulate else v
        return out
    idx = np.broadcast_arrays(*indices)
    rest = x.shape[len(indices):]
    v = np.broadcast_to(value, idx[0].shape + rest)
    for p in np.ndindex(*idx[0].shape):
        at = tuple(int(i[p]) for i in idx)
        out[at] = out[at] + v[p] if accumulate else v[p]
    return out


def lu(x):
    """LAPACK's getrf of each [m, n] matrix (partial pivoting, the first of
    equal magnitudes): the packed factors, the 1-based pivots (int32) and
    the first zero pivot (1-based; 0 when none)."""
    a = np.array(x, np.float64)
    batch, (m, n) = a.shape[:-2], a.shape[-2:]
    k = min(m, n)
    piv = np.zeros(batch + (k,), np.int32)
    info = np.zeros(batch, np.int32)
    for b in np.ndindex(*batch):
        A = a[b]
        for j in range(k):
            p = j + int(np.argmax(np.abs(A[j:, j])))
            piv[b + (j,)] = p + 1
            A[[j, p]] = A[[p, j]]
            if A[j, j] != 0:
                A[j + 1:, j] /= A[j, j]
                A[j + 1:, j + 1:] -= np.outer(A[j + 1:, j], A[j, j + 1:])
            elif info[b] == 0:
                info[b] = j + 1
    return a, piv, info


def lu_unpack(lu_data, pivots):
    """P, L, U with x = P @ L @ U from lu's factors and 1-based pivots."""
    m, n = lu_data.shape[-2:]
    k = min(m, n)
    batch = lu_data.shape[:-2]
    lower = np.tril(lu_data[..., :, :k], -1) + np.eye(m, k)
    upper = np.triu(lu_data[..., :k, :])
    pmat = np.zeros(batch + (m, m))
    for b in np.ndindex(*batch):
        perm = np.arange(m)
        for i in range(k):
            p = int(pivots[b + (i,)]) - 1
            perm[[i, p]] = perm[[p, i]]
        pmat[b][perm, np.arange(m)] = 1
    return pmat, lower, upper


def cholesky_solve(x, y, upper=False):
    """(y y^T) out = x (upper: (y^T y) out = x)."""
    y = np.asarray(y, np.float64)
    a = np.swapaxes(y, -1, -2) @ y if upper else y @ np.swapaxes(y, -1, -2)
    return np.linalg.solve(a, np.asarray(x, np.float64))


def fc(x, w, bias=None, in_num_col_dims=1, activation_type="", padding_weights=False):
    lead = x.shape[:in_num_col_dims]
    if padding_weights:
        w = w[:-4, :-4]
    y = x.reshape(int(np.prod(lead)), -1).astype(np.float64) @ w
    if bias is not None:
        y = y + bias.reshape(-1)
    if activation_type == "relu":
        y = np.maximum(y, 0)
    return y.reshape(lead + (w.shape[1],))


def matmul_with_flatten(x, y, x_num_col_dims=1, y_num_col_dims=1):
    xs, ys = x.shape, y.shape
    prod = (x.reshape(int(np.prod(xs[:x_num_col_dims])), -1).astype(np.float64)
            @ y.reshape(int(np.prod(ys[:y_num_col_dims])), -1))
    return prod.reshape(xs[:x_num_col_dims] + ys[y_num_col_dims:])


def rms_norm(x, scale, normalized_shape, epsilon=1e-5):
    axes = tuple(range(x.ndim - len(normalized_shape), x.ndim))
    x64 = np.asarray(x, np.float64)
    inv = 1.0 / np.sqrt((x64 ** 2).mean(axis=axes, keepdims=True) + epsilon)
    y = x64 * inv
    if scale is not None:
        y = y * scale
    return y, inv.reshape(x.shape[:x.ndim - len(normalized_shape)])


def add_position_encoding(x, alpha=1.0, beta=1.0):
    """Paddle's kernel: the first half of the features gets sin(pos / 10000^
    (k / (half - 1))), the second half the cos of the same angle."""
    _, seq, features = x.shape
    half = features // 2
    pos = np.arange(seq, dtype=np.float64)[:, None]
    k = np.arange(half, dtype=np.float64)[None, :]
    angle = pos / np.power(10000.0, k / (half - 1)) if half > 1 else pos / 10000.0
    pe = np.concatenate([np.sin(angle), np.cos(angle)], -1)
    return alpha * x.astype(np.float64) + beta * pe


def fused_softmax_mask_upper_triangle(x):
    s = x.shape[-1]
    causal = np.triu(np.ones((s, s), bool), 1)
    return softmax(np.where(causal, -np.inf, x.astype(np.float64)))


def reduce_as(x, target):
    lead = x.ndim - target.ndim
    axes = tuple(range(lead)) + tuple(
        lead + i for i, d in enumerate(target.shape) if d == 1 and x.shape[lead + i] != 1)
    dtype = np.int64 if x.dtype in (np.bool_, np.int32) else x.dtype
    return x.astype(dtype).sum(axis=axes).reshape(target.shape)


def shard_index(x, index_num, nshards, shard_id, ignore_value=-1):
    size = (index_num + nshards - 1) // nshards
    return np.where(x // size == shard_id, x % size, ignore_value).astype(x.dtype)
