"""Paddle's top-level tensor functions (`paddle.add`, `paddle.reshape`,
`paddle.mean`, ...) on pd values.

These are thin wrappers over the pd builders with Paddle's *Python API*
signatures, which differ from the op signatures: `split(x, 2)` and
`split(x, [2, 3])` pick `pd.split_with_num` / `pd.split`, `mean(x)` with
`axis=None` reduces everything, `argmax(x)` without an axis flattens,
`arange(5)` means `arange(0, 5, 1)`. Ops derived from a tensor are built
next to it (`building(x)`); creation functions without a tensor argument
(`full`, `zeros`, `arange`, ...) build into the default main program.
Every op carries the caller's file:line, so shape errors point at user code.

    from paddle_mlir import ops
    y = ops.mean(ops.reshape(x, [0, -1]), axis=1, keepdim=True)
"""

from __future__ import annotations

import builtins
import contextlib

import numpy as np
from mlir import ir as _ir

from .dialects import pd
from .dialects._ods_common import _cext
from .tensor import Tensor, _constant_like, building

_cext.globals.register_traceback_file_exclusion(__file__)


@contextlib.contextmanager
def creating():
    """Where creation ops go: the current insertion point if there is one,
    else the end of the default main program."""
    try:
        _ir.InsertionPoint.current
    except ValueError:
        from .static import default_main_program

        with default_main_program().building():
            yield
        return
    with _ir.loc_tracebacks(max_depth=1):
        yield


def _list(axis):
    """Paddle's `int | list | tuple | None` axis argument as a list."""
    if axis is None:
        return []
    if isinstance(axis, (list, tuple)):
        return list(axis)
    return [axis]


def _tensor(value, like: Tensor):
    """A number becomes a 0-D tensor of `like`'s dtype (Paddle's scalar
    operands of elementwise/comparison ops)."""
    if isinstance(value, (bool, int, float)):
        return _constant_like(like, value)
    return value


def _binary(op):
    def fn(x, y, name=None):
        with building(x):
            return op(x, _tensor(y, x))
    fn.__name__ = fn.__qualname__ = op.__name__
    fn.__doc__ = f"`paddle.{op.__name__}(x, y)`: elementwise, broadcasting; y may be a number."
    return fn


def _unary(op, paddle_name=None):
    def fn(x, name=None):
        with building(x):
            return op(x)
    fn.__name__ = fn.__qualname__ = paddle_name or op.__name__
    fn.__doc__ = f"`paddle.{fn.__name__}(x)`."
    return fn


# -- elementwise -------------------------------------------------------------
add, subtract, multiply, divide = (_binary(pd.add), _binary(pd.subtract),
                                   _binary(pd.multiply), _binary(pd.divide))
floor_divide, remainder = _binary(pd.floor_divide), _binary(pd.remainder)
mod = remainder
maximum, minimum, fmax, fmin = (_binary(pd.maximum), _binary(pd.minimum),
                                _binary(pd.fmax), _binary(pd.fmin))
atan2 = _binary(pd.atan2)
equal, not_equal = _binary(pd.equal), _binary(pd.not_equal)
less_than, less_equal = _binary(pd.less_than), _binary(pd.less_equal)
greater_than, greater_equal = _binary(pd.greater_than), _binary(pd.greater_equal)
logical_and, logical_or, logical_xor = (_binary(pd.logical_and), _binary(pd.logical_or),
                                        _binary(pd.logical_xor))

abs, exp, expm1, log, log2, log10, log1p = (_unary(pd.abs), _unary(pd.exp), _unary(pd.expm1),
                                            _unary(pd.log), _unary(pd.log2), _unary(pd.log10),
                                            _unary(pd.log1p))
sqrt, rsqrt, square, reciprocal = (_unary(pd.sqrt), _unary(pd.rsqrt), _unary(pd.square),
                                   _unary(pd.reciprocal))
sin, cos, tan, sinh, cosh = (_unary(pd.sin), _unary(pd.cos), _unary(pd.tan),
                             _unary(pd.sinh), _unary(pd.cosh))
asin, acos, atan = _unary(pd.asin), _unary(pd.acos), _unary(pd.atan)
tanh, sigmoid, erf, sign = _unary(pd.tanh), _unary(pd.sigmoid), _unary(pd.erf), _unary(pd.sign)
floor, ceil, trunc = _unary(pd.floor), _unary(pd.ceil), _unary(pd.trunc)
i0, i0e, i1, i1e = _unary(pd.i0), _unary(pd.i0e), _unary(pd.i1), _unary(pd.i1e)
logical_not = _unary(pd.logical_not)
isnan, isinf, isfinite = _unary(pd.isnan), _unary(pd.isinf), _unary(pd.isfinite)
assign = clone = _unary(pd.assign, "assign")
numel = _unary(pd.numel)


def shape(input):
    """`paddle.shape`: the run-time shape as an int tensor."""
    with building(input):
        return pd.shape(input)


def round(x, decimals=0, name=None):
    with building(x):
        return pd.round(x, decimals)


def neg(x, name=None):
    with building(x):
        return pd.scale(x, -1.0, 0.0, True)


def pow(x, y, name=None):
    """A number exponent is `pd.pow`, a tensor one `pd.elementwise_pow`."""
    with building(x):
        if isinstance(y, (int, float)):
            return pd.pow(x, float(y))
        return pd.elementwise_pow(x, y)


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    with building(x):
        out = pd.scale(x, scale, float(bias), bias_after_scale)
        return getattr(pd, act)(out) if act else out


def clip(x, min=None, max=None, name=None):
    """A missing bound is the dtype's extreme, as in Paddle."""
    info = np.iinfo(x.dtype) if "int" in x.dtype else np.finfo(np.float32)
    with building(x):
        return pd.clip(x, float(info.min) if min is None else min,
                       float(info.max) if max is None else max)


def cast(x, dtype):
    with building(x):
        return pd.cast(x, dtype)


astype = cast


def matmul(x, y, transpose_x=False, transpose_y=False, name=None):
    with building(x):
        return pd.matmul(x, y, transpose_x, transpose_y)


def mm(input, mat2, name=None):
    return matmul(input, mat2)


def bmm(x, y, name=None):
    with building(x):
        return pd.bmm(x, y)


def where(condition, x=None, y=None, name=None):
    """`where(c)` alone is `nonzero(c, as_tuple=True)`. A number x/y becomes
    a tensor of the other branch's dtype."""
    if x is None and y is None:
        return nonzero(condition, as_tuple=True)
    if x is None or y is None:
        raise ValueError("where needs both x and y, or neither")
    with building(condition):
        if not isinstance(x, _ir.Value) and not isinstance(y, _ir.Value):
            dtype = "float32" if isinstance(x, float) or isinstance(y, float) else "int64"
            x = pd.full(pd.TensorType.get([], dtype), x)
        like = x if isinstance(x, _ir.Value) else y
        return pd.where(condition, _tensor(x, like), _tensor(y, like))


def nonzero(x, as_tuple=False):
    """[N, rank] indices, or with `as_tuple` one [N, 1] tensor per dim. N,
    the number of nonzero elements, is known only once the values are: the
    compiled program returns an array of that many rows."""
    with building(x):
        out = pd.nonzero(x)
        if not as_tuple:
            return out
        return tuple(pd.slice(out, [1], [i], [i + 1], [1], []) for i in range(x.ndim))


def masked_select(x, mask, name=None):
    """paddle.masked_select: the elements of x where mask (bool, broadcast
    with x) is true, 1-D, in row-major order; its length is known only once
    the values are."""
    with building(x):
        return pd.masked_select(x, mask)


def unique(x, return_index=False, return_inverse=False, return_counts=False, axis=None,
           dtype="int64", name=None):
    """paddle.unique of the flattened x: its distinct values in ascending
    order (a length known only once the values are), and as asked the index
    of each one's first occurrence, the index of each element's value and
    how often each occurs (of `dtype`)."""
    with building(x):
        out, indices, inverse, counts = pd.unique(
            x, return_index, return_inverse, return_counts,
            [] if axis is None else ([axis] if isinstance(axis, int) else list(axis)),
            dtype, True)
    extra = [t for t, asked in ((indices, return_index), (inverse, return_inverse),
                                (counts, return_counts)) if asked]
    return (out, *extra) if extra else out


# -- manipulation --------------------------------------------------------------
def reshape(x, shape, name=None):
    with building(x):
        return pd.reshape(x, shape)


def transpose(x, perm, name=None):
    with building(x):
        return pd.transpose(x, list(perm))


def t(input, name=None):
    """Transpose of a tensor of rank <= 2."""
    if input.ndim < 2:
        return assign(input)
    return transpose(input, [1, 0])


def concat(x, axis=0, name=None):
    x = list(x)
    with building(x[0]):
        return pd.concat(x, axis)


def stack(x, axis=0, name=None):
    x = list(x)
    with building(x[0]):
        return pd.stack(x, axis)


def split(x, num_or_sections, axis=0, name=None):
    """An int splits into that many equal parts (`pd.split_with_num`), a list
    into parts of those sizes (one may be -1); returns a list."""
    with building(x):
        if isinstance(num_or_sections, int):
            return pd.split_with_num(x, num_or_sections, axis)
        return pd.split(x, list(num_or_sections), axis)


def chunk(x, chunks, axis=0, name=None):
    return split(x, chunks, axis)


def unbind(input, axis=0):
    with building(input):
        return pd.unbind(input, axis)


def unstack(x, axis=0, num=None):
    with building(x):
        return pd.unstack(x, axis, num or 0)


def squeeze(x, axis=None, name=None):
    """`axis=None` removes every size-1 dim."""
    with building(x):
        return pd.squeeze(x, _list(axis))


def unsqueeze(x, axis, name=None):
    with building(x):
        return pd.unsqueeze(x, _list(axis))


def flatten(x, start_axis=0, stop_axis=-1, name=None):
    """Merges dims start_axis..stop_axis (negative axes count from the end)."""
    rank = x.ndim
    start = start_axis + rank if start_axis < 0 else start_axis
    stop = stop_axis + rank if stop_axis < 0 else stop_axis
    if rank and not 0 <= start <= stop < rank:
        raise ValueError(f"flatten: bad axes start_axis={start_axis}, stop_axis={stop_axis} "
                         f"for a tensor of rank {rank}")
    with building(x):
        return pd.flatten(x, start, stop)


def expand(x, shape, name=None):
    with building(x):
        return pd.expand(x, shape)


broadcast_to = expand


def expand_as(x, y, name=None):
    with building(x):
        return pd.expand_as(x, None, y.shape)


def tile(x, repeat_times, name=None):
    with building(x):
        return pd.tile(x, repeat_times)


def gather(x, index, axis=None, name=None):
    with building(x):
        return pd.gather(x, index, 0 if axis is None else axis)


def scatter_nd_add(x, index, updates, name=None):
    """paddle.scatter_nd_add: x with updates added at index's positions
    (repeated positions accumulate)."""
    with building(x):
        return pd.scatter_nd_add(x, index, updates)


def gather_nd(x, index, name=None):
    with building(x):
        return pd.gather_nd(x, index)


def index_add(x, index, axis, value, name=None):
    """x with value's slices added at `index` along `axis` (negative indices
    count from the end; repeated ones add up; out-of-range ones are a
    run-time error)."""
    with building(x):
        return pd.index_add(x, index, value, axis)


def index_select(x, index, axis=0, name=None):
    with building(x):
        return pd.index_select(x, index, axis)


def take_along_axis(arr, indices, axis, broadcast=True):
    with building(arr):
        return pd.take_along_axis(arr, indices, axis)


def put_along_axis(arr, indices, values, axis, reduce="assign", include_self=True,
                   broadcast=True, name=None):
    """arr with `values` put at `indices` along `axis`, combined by `reduce`
    (assign, add, mul/multiply, mean, amin, amax; include_self: whether
    arr's own value takes part). As Paddle, `broadcast` first expands
    indices and values (a number too) to arr's shape but along the axis."""
    with building(arr):
        if not isinstance(values, _ir.Value):
            values = pd.full(pd.TensorType.get([], arr.dtype), values)
        if broadcast:
            shape = list(arr.shape)
            shape[axis] = indices.shape[axis]
            if list(indices.shape) != shape:
                indices = pd.expand(indices, shape)
            if list(values.shape) != shape:
                values = pd.expand(values, shape)
        return pd.put_along_axis(arr, indices, values, axis, reduce, include_self)


def multiplex(inputs, index, name=None):
    """Row i of inputs[index[i][0]] (index [rows, 1], int32 or int64)."""
    with building(inputs[0]):
        return pd.multiplex(list(inputs), index)


def index_sample(x, index):
    with building(x):
        return pd.index_sample(x, index)


def meshgrid(*args, **kwargs):
    tensors = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else list(args)
    with building(tensors[0]):
        return list(pd.meshgrid(tensors))


def einsum(equation, *operands):
    """paddle.einsum: numpy's grammar (letters, "...", an optional "->")."""
    tensors = list(operands[0]) if len(operands) == 1 and isinstance(
        operands[0], (list, tuple)) else list(operands)
    if not tensors:
        raise ValueError("einsum needs at least one operand")
    with building(tensors[0]):
        return pd.einsum(tensors, equation)[0]


def broadcast_tensors(input, name=None):
    """paddle.broadcast_tensors: each tensor broadcast to the common shape."""
    tensors = list(input)
    if not tensors:
        raise ValueError("broadcast_tensors needs at least one tensor")
    with building(tensors[0]):
        return list(pd.broadcast_tensors(tensors))


def kron(x, y, name=None):
    with building(x):
        return pd.kron(x, y)


def cross(x, y, axis=9, name=None):
    with building(x):
        return pd.cross(x, y, 9 if axis is None else axis)


def diag(x, offset=0, padding_value=0, name=None):
    with building(x):
        return pd.diag(x, offset, float(padding_value))


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """input's last dim on the offset diagonal of two new dims dim1, dim2."""
    with building(input):
        return pd.diag_embed(input, offset, dim1, dim2)


def multi_dot(x, name=None):
    """paddle.linalg.multi_dot: x[0] @ x[1] @ ... (1-D ends: a row, a column)."""
    x = list(x)
    if len(x) < 2:
        raise ValueError(f"multi_dot needs at least 2 tensors, got {len(x)}")
    with building(x[0]):
        return pd.multi_dot(x)


def crop(x, shape=None, offsets=None, name=None):
    """x[offsets : offsets + shape] (shape -1: to the end; None: all of x;
    offsets None: zeros)."""
    with building(x):
        shape = list(x.shape) if shape is None else [int(s) for s in shape]
        offsets = [0] * len(shape) if offsets is None else [int(o) for o in offsets]
        return pd.crop(x, shape, offsets)


def baddbmm(input, x, y, beta=1.0, alpha=1.0, name=None):
    with building(input):
        return pd.baddbmm(input, x, y, beta, alpha)


def logcumsumexp(x, axis=None, dtype=None, name=None):
    with building(x):
        if dtype is not None:
            x = pd.cast(x, _dtype(dtype))
        if axis is None:
            return pd.logcumsumexp(x, -1, True)
        return pd.logcumsumexp(x, axis)


def searchsorted(sorted_sequence, values, out_int32=False, right=False, name=None):
    with building(values):
        return pd.searchsorted(sorted_sequence, values, out_int32, right)


def dist(x, y, p=2, name=None):
    with building(x):
        return pd.dist(x, y, float(p))


def scatter(x, index, updates, overwrite=True, name=None):
    with building(x):
        return pd.scatter(x, index, updates, overwrite)


def slice(input, axes, starts, ends):
    with building(input):
        return pd.slice(input, list(axes), starts, ends, [1] * len(axes), [])


def strided_slice(x, axes, starts, ends, strides, name=None):
    with building(x):
        return pd.strided_slice(x, list(axes), starts, ends, strides)


def angle(x, name=None):
    """The argument: pi where a real x < 0, else 0."""
    with building(x):
        return pd.angle(x)


def conj(x, name=None):
    with building(x):
        return pd.conj(x)


def bernoulli(x, name=None):
    """1 with probability x, else 0."""
    with building(x):
        return pd.bernoulli(x)


def multinomial(x, num_samples=1, replacement=False, name=None):
    with building(x):
        return pd.multinomial(x, num_samples, replacement)


def det(x, name=None):
    with building(x):
        return pd.det(x)


def slogdet(x, name=None):
    """[2, *batch]: the sign and log|det| of each matrix."""
    with building(x):
        return pd.slogdet(x)


def inverse(x, name=None):
    with building(x):
        return pd.inverse(x)


inv = inverse


def matrix_power(x, n, name=None):
    with building(x):
        return pd.matrix_power(x, n)


def solve(x, y, name=None):
    """out with x @ out = y."""
    with building(x):
        return pd.solve(x, y)


def triangular_solve(x, y, upper=True, transpose=False, unitriangular=False, name=None):
    with building(x):
        return pd.triangular_solve(x, y, upper, transpose, unitriangular)


def cholesky(x, upper=False, name=None):
    with building(x):
        return pd.cholesky(x, upper)


def lu(x, pivot=True, get_infos=False, name=None):
    """paddle.linalg.lu: the packed factors and the 1-based pivots (and the
    infos: the first zero pivot per matrix, 0 when none)."""
    with building(x):
        factors, pivots, infos = pd.lu(x, pivot)
    return (factors, pivots, infos) if get_infos else (factors, pivots)


def lu_unpack(x, y, unpack_ludata=True, unpack_pivots=True, name=None):
    """paddle.linalg.lu_unpack: P, L, U with x's matrix = P @ L @ U."""
    with building(x):
        return pd.lu_unpack(x, y, unpack_ludata, unpack_pivots)


def cholesky_solve(x, y, upper=False, name=None):
    """out with (y y^T) out = x for a lower Cholesky factor y (upper: y^T y)."""
    with building(x):
        return pd.cholesky_solve(x, y, upper)


def reduce_as(x, target, name=None):
    """x summed to target's shape."""
    with building(x):
        return pd.reduce_as(x, target)


def shard_index(input, index_num, nshards, shard_id, ignore_value=-1):
    with building(input):
        return pd.shard_index(input, index_num, nshards, shard_id, ignore_value)


def softmax_mask_fuse(x, mask, name=None):
    """paddle.incubate.softmax_mask_fuse: softmax(x + mask) over the last axis."""
    with building(x):
        return pd.fused_softmax_mask(x, mask)


def softmax_mask_fuse_upper_triangle(x):
    """paddle.incubate.softmax_mask_fuse_upper_triangle: the causal softmax."""
    with building(x):
        return pd.fused_softmax_mask_upper_triangle(x)


def index_put(x, indices, value, accumulate=False, name=None):
    """x with value written (or added) where `indices` (a bool mask or
    integer tensors) select."""
    with building(x):
        return pd.index_put(x, list(indices), value, accumulate)


def flip(x, axis, name=None):
    with building(x):
        return pd.flip(x, _list(axis))


def roll(x, shifts, axis=None, name=None):
    with building(x):
        return pd.roll(x, _list(shifts), _list(axis))


def tril(x, diagonal=0, name=None):
    with building(x):
        return pd.tril(x, diagonal)


def triu(x, diagonal=0, name=None):
    with building(x):
        return pd.triu(x, diagonal)


def repeat_interleave(x, repeats, axis=None, name=None):
    """`axis=None` repeats the flattened tensor."""
    if axis is None:
        x, axis = flatten(x), 0
    with building(x):
        return pd.repeat_interleave(x, repeats, axis)


# -- reductions ----------------------------------------------------------------
def sum(x, axis=None, dtype=None, keepdim=False, name=None):
    """`axis=None` sums everything; bool/int32 sums are int64 as in Paddle."""
    with building(x):
        return pd.sum(x, _list(axis), dtype, keepdim)


def mean(x, axis=None, keepdim=False, name=None):
    """`axis=None` averages everything into a 0-D tensor."""
    with building(x):
        return pd.mean(x, _list(axis), keepdim)


def max(x, axis=None, keepdim=False, name=None):
    with building(x):
        return pd.max(x, _list(axis), keepdim)


def min(x, axis=None, keepdim=False, name=None):
    with building(x):
        return pd.min(x, _list(axis), keepdim)


def amax(x, axis=None, keepdim=False, name=None):
    with building(x):
        return pd.amax(x, _list(axis), keepdim)


def amin(x, axis=None, keepdim=False, name=None):
    with building(x):
        return pd.amin(x, _list(axis), keepdim)


def nansum(x, axis=None, dtype=None, keepdim=False, name=None):
    """sum with NaN counted as 0."""
    with building(x):
        return pd.nansum(x, _list(axis), dtype, keepdim)


def var(x, axis=None, unbiased=True, keepdim=False, name=None):
    """sum((x - mean)^2) / (N - 1), or / N with unbiased=False."""
    with building(x):
        return pd.var(x, _list(axis), keepdim, unbiased, 1.0 if unbiased else 0.0)


def std(x, axis=None, unbiased=True, keepdim=False, name=None):
    with building(x):
        return pd.std(x, _list(axis), keepdim, unbiased, 1.0 if unbiased else 0.0)


def prod(x, axis=None, keepdim=False, dtype=None, name=None):
    axes = _list(axis)
    with building(x):
        if dtype is not None:
            x = pd.cast(x, dtype)
        return pd.prod(x, axes, keepdim, not axes or len(axes) == x.ndim)


def all(x, axis=None, keepdim=False, name=None):
    with building(x):
        return pd.all(x, _list(axis), keepdim)


def any(x, axis=None, keepdim=False, name=None):
    with building(x):
        return pd.any(x, _list(axis), keepdim)


def logsumexp(x, axis=None, keepdim=False, name=None):
    axes = _list(axis)
    with building(x):
        return pd.logsumexp(x, axes, keepdim, not axes or len(axes) == x.ndim)


def argmax(x, axis=None, keepdim=False, dtype="int64", name=None):
    """`axis=None` is the index into the flattened tensor."""
    with building(x):
        return pd.argmax(x, 0 if axis is None else axis, keepdim, axis is None, dtype)


def argmin(x, axis=None, keepdim=False, dtype="int64", name=None):
    with building(x):
        return pd.argmin(x, 0 if axis is None else axis, keepdim, axis is None, dtype)


def cumsum(x, axis=None, dtype=None, name=None):
    """`axis=None` is the cumulative sum of the flattened tensor."""
    with building(x):
        if dtype is not None and pd.canonical_dtype(dtype) != x.dtype:
            x = pd.cast(x, dtype)
        return pd.cumsum(x, -1 if axis is None else axis, axis is None, False, False)


def cumprod(x, dim=None, dtype=None, name=None):
    with building(x):
        if dtype is not None and pd.canonical_dtype(dtype) != x.dtype:
            x = pd.cast(x, dtype)
        if dim is None:
            x, dim = pd.flatten(x, 0, builtins.max(x.ndim - 1, 0)), -1
        return pd.cumprod(x, dim, False, False)


def topk(x, k, axis=None, largest=True, sorted=True, name=None):
    """(values, indices) of the k largest (smallest) along `axis` (last)."""
    with building(x):
        return pd.topk(x, k, -1 if axis is None else axis, largest, sorted)


def median(x, axis=None, keepdim=False, mode="avg", name=None):
    """Paddle's paddle.median: the value for mode "avg", (value, index) for "min"."""
    with building(x):
        out, index = pd.median(x, _list(axis), keepdim, mode)
    return out if mode == "avg" else (out, index)


def nanmedian(x, axis=None, keepdim=True, mode="avg", name=None):
    """median of the values that are not NaN."""
    with building(x):
        out, index = pd.nanmedian(x, _list(axis), keepdim, mode)
    return out if mode == "avg" else (out, index)


def mode(x, axis=-1, keepdim=False, name=None):
    """(the most frequent value, the index of its last occurrence)."""
    with building(x):
        return tuple(pd.mode(x, axis, keepdim))


def kthvalue(x, k, axis=None, keepdim=False, name=None):
    """(values, indices) of the k-th smallest along `axis` (last)."""
    with building(x):
        return pd.kthvalue(x, k, -1 if axis is None else axis, keepdim)


def _running_extreme(op, x, axis, dtype):
    """(running max/min, index where it was reached) along `axis`; without an
    axis, over the flattened tensor (as Paddle)."""
    with building(x):
        if axis is None:
            x, axis = flatten(x), 0
        return op(x, axis, dtype)


def cummax(x, axis=None, dtype="int64", name=None):
    return _running_extreme(pd.cummax, x, axis, dtype)


def cummin(x, axis=None, dtype="int64", name=None):
    return _running_extreme(pd.cummin, x, axis, dtype)


def renorm(x, p, axis, max_norm):
    """Each slice along `axis` with a p-norm above `max_norm` scaled down to it."""
    with building(x):
        return pd.renorm(x, p, axis, max_norm)


def argsort(x, axis=-1, descending=False, stable=False, name=None):
    with building(x):
        return pd.argsort(x, axis, descending, stable)[1]


def sort(x, axis=-1, descending=False, stable=False, name=None):
    with building(x):
        return pd.argsort(x, axis, descending, stable)[0]


# -- creation ------------------------------------------------------------------
def _dtype(dtype, default="float32"):
    return pd.canonical_dtype(default if dtype is None else dtype)


def full(shape, fill_value, dtype=None, name=None):
    """`dtype=None` is float32 (Paddle's documented default). A shape given
    as a tensor (or with tensor entries) builds `pd.full_with_tensor`."""
    dtype = _dtype(dtype)
    dynamic = isinstance(shape, _ir.Value) or (
        isinstance(shape, (list, tuple)) and builtins.any(isinstance(d, _ir.Value) for d in shape))
    anchor = shape if isinstance(shape, _ir.Value) else fill_value
    with (building(anchor) if isinstance(anchor, _ir.Value) else creating()):
        if not dynamic and not isinstance(fill_value, _ir.Value):
            return pd.full(pd.TensorType.get([int(d) for d in shape], dtype), fill_value)
        if not isinstance(fill_value, _ir.Value):
            fill_value = pd.full(pd.TensorType.get([1], dtype), fill_value)
        return pd.full_with_tensor(fill_value, shape, dtype)


def zeros(shape, dtype=None, name=None):
    return full(shape, 0.0 if _dtype(dtype).startswith(("float", "bfloat", "complex")) else 0, dtype)


def ones(shape, dtype=None, name=None):
    return full(shape, 1.0 if _dtype(dtype).startswith(("float", "bfloat", "complex")) else 1, dtype)


def empty(shape, dtype=None, name=None):
    with creating():
        return pd.empty(shape, _dtype(dtype))


def full_like(x, fill_value, dtype=None, name=None):
    with building(x):
        return pd.full_like(x, fill_value, dtype)


def zeros_like(x, dtype=None, name=None):
    return full_like(x, 0.0, dtype)


def ones_like(x, dtype=None, name=None):
    return full_like(x, 1.0, dtype)


def empty_like(x, dtype=None, name=None):
    with building(x):
        return pd.empty_like(x, dtype)


def arange(start=0, end=None, step=1, dtype=None, name=None):
    """`arange(5)` is [0, 5). `dtype=None` is int64 for int bounds, else
    float32. Number bounds become one-element tensors of `dtype`, as Paddle
    builds them (so the length is known when they are constants)."""
    if end is None:
        start, end = 0, start
    if dtype is None:
        ints = builtins.all(isinstance(v, int) or (isinstance(v, _ir.Value) and "int" in v.dtype)
                            for v in (start, end, step))
        dtype = "int64" if ints else "float32"
    dtype = pd.canonical_dtype(dtype)
    with creating():
        bounds = [v if isinstance(v, _ir.Value) else pd.full(pd.TensorType.get([1], dtype), v)
                  for v in (start, end, step)]
        return pd.arange(*bounds, dtype)


def linspace(start, stop, num, dtype=None, name=None):
    dtype = _dtype(dtype)
    with creating():
        ends = [v if isinstance(v, _ir.Value) else pd.full(pd.TensorType.get([1], dtype), v)
                for v in (start, stop)]
        return pd.linspace(ends[0], ends[1], num, dtype)


def logspace(start, stop, num, base=10.0, dtype=None, name=None):
    """`base ** linspace(start, stop, num)`; number arguments become
    one-element tensors of `dtype` (default float32), as Paddle builds them."""
    dtype = _dtype(dtype)
    with creating():
        args = [v if isinstance(v, _ir.Value) else pd.full(pd.TensorType.get([1], dtype), v)
                for v in (start, stop, base)]
        return pd.logspace(args[0], args[1], num, args[2], dtype)


def tril_indices(row, col, offset=0, dtype="int64"):
    """[2, n]: row and column indices of the lower triangle of a row x col
    matrix (diagonal shifted by offset), row by row."""
    with creating():
        return pd.tril_indices(row, row if col is None else col, offset, _dtype(dtype))


def triu_indices(row, col=None, offset=0, dtype="int64"):
    """[2, n]: row and column indices of the upper triangle."""
    with creating():
        return pd.triu_indices(row, row if col is None else col, offset, _dtype(dtype))


def eye(num_rows, num_columns=None, dtype=None, name=None):
    with creating():
        return pd.eye(num_rows, num_rows if num_columns is None else num_columns, _dtype(dtype))


# -- eager tensors ---------------------------------------------------------------
# Every function above also takes eager tensors (paddle_mlir.eager): it then
# runs at once on their values. Creation functions return eager tensors when
# no program is being built (Paddle's dynamic mode).
from . import eager as _eager  # noqa: E402

_CREATION = {"full", "zeros", "ones", "empty", "arange", "linspace", "eye", "tril_indices",
             "triu_indices"}
_eager.install(globals(), [name for name, fn in list(globals().items())
                           if callable(fn) and not name.startswith("_") and name != "creating"
                           and getattr(fn, "__module__", None) == __name__],
               creation=_CREATION)
to_tensor = _eager.to_tensor
