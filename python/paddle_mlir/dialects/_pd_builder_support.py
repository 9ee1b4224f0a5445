"""Argument conversion for the generated Paddle-style builders (_pd_builders).

Paddle passes shapes, axes and scalars that may be computed at run time as
operands: a Python list becomes `pd.full_int_array`, a Python number a
one-element `pd.full`, a list of tensors `pd.combine`. Constants take the
aliasing kind of the op's first tensor input, so a program on `!pd.tensor`
stays on `!pd.tensor`.
"""

from __future__ import annotations

import contextlib

from mlir import ir as _ir

from ._ods_common import _cext as _ods_cext

# Locations from ir.loc_tracebacks() point at the user's code, not here.
_ods_cext.globals.register_traceback_file_exclusion(__file__)


def _pd():
    from . import pd  # imported lazily: pd imports the builders

    return pd


def _kind_of(like):
    """!pd.vtensor if `like` (a tensor, a list of them or a !pd.vec) is one."""
    pd = _pd()
    if isinstance(like, (list, tuple)):
        like = like[0] if like else None
    if isinstance(like, _ir.Value):
        t = like.type
        if pd.VecType.isinstance(t):
            elements = pd.VecType(t).element_types
            t = elements[0] if elements else t
        if pd.VTensorType.isinstance(t):
            return pd.VTensorType
    return pd.TensorType


def as_tensor_list(values, *, loc=None, ip=None):
    """A !pd.vec value from a list of tensors (or an existing !pd.vec)."""
    if values is None or isinstance(values, _ir.Value):
        return values
    values = list(values)
    if not values:
        raise ValueError("a tensor list needs at least one tensor")
    return _pd().CombineOp(values, loc=loc, ip=ip).result


def as_int_array(value, *, like=None, loc=None, ip=None):
    """Paddle's IntArray operand from a value, an int or a list of ints."""
    if isinstance(value, _ir.Value):
        return value
    if isinstance(value, (list, tuple)) and any(isinstance(v, _ir.Value) for v in value):
        # Paddle's IntArray from a list of (1-element) tensors.
        pd = _pd()
        items = [v if isinstance(v, _ir.Value) else as_scalar(v, "int64", like=like, loc=loc, ip=ip)
                 for v in value]
        return pd.CombineOp(items, loc=loc, ip=ip).result
    if isinstance(value, int):
        value = [value]
    values = [int(v) for v in (value or ())]
    kind = _kind_of(like)
    return _pd().full_int_array(values, kind.get([len(values)], "int64"), loc=loc, ip=ip)


def as_scalar(value, dtype, *, like=None, loc=None, ip=None):
    """Paddle's Scalar operand from a value or a Python number."""
    if isinstance(value, _ir.Value):
        return value
    if not isinstance(value, (bool, int, float)):
        raise TypeError(f"expected a number or a tensor value, got {value!r}")
    if dtype is None:  # an untyped Scalar keeps the Python number's kind
        dtype = "bool" if isinstance(value, bool) else "int64" if isinstance(value, int) else "float32"
    kind = _kind_of(like)
    return _pd().full(kind.get([1], dtype), value, loc=loc, ip=ip)


def attr_or_none(value, kind):
    """DataType / Place attributes from Paddle's spellings."""
    if value is None or isinstance(value, _ir.Attribute):
        return value
    pd = _pd()
    if kind == "DataType":
        return pd.dtype_attr(pd.canonical_dtype(value) if str(value) != "ALL_DTYPE" else "all_dtype")
    if kind == "Place":
        return pd.place_attr(value)
    if kind == "Scalar[]":
        return _ir.ArrayAttr.get([pd._scalar_attr(v, None) for v in value])
    raise ValueError(f"unknown attribute kind {kind}")


def function_of(op):
    """The func.func that encloses `op` (an ir.Operation), or None."""
    while op is not None:
        op = op.operation
        if op.name == "func.func":
            return op
        op = op.parent
    return None


def function_of_value(value):
    """The func.func a value is defined in, or None."""
    owner = value.owner
    return function_of(owner.owner if isinstance(owner, _ir.Block) else owner)


def check_same_function(op) -> None:
    """Raises ValueError (and erases `op`, just built) when an operand of
    `op` is defined in another function: a value of another program, which
    would make the IR invalid (and abort when that program goes away)."""
    home = function_of(op.operation)
    if home is None:
        return
    for i, value in enumerate(op.operation.operands):
        other = function_of_value(value)
        if other is not None and not other == home:
            name = op.operation.name
            op.operation.erase()
            raise ValueError(f"{name}: operand #{i} is a value of another program (built under "
                             "another program_guard); build it in this program, e.g. by "
                             "calling the layer or function again inside this program's guard")


def _has_insertion_point() -> bool:
    try:
        _ir.InsertionPoint.current
        return True
    except ValueError:
        return False


def insertion_point_after(anchor):
    """After the last op of `anchor`'s block (before its terminator)."""
    owner = anchor.owner
    block = owner if isinstance(owner, _ir.Block) else owner.operation.block
    ops = list(block.operations)
    if ops and ops[-1].operation.name in ("func.return", "pd.yield"):
        return _ir.InsertionPoint.at_block_terminator(block)
    return _ir.InsertionPoint(block)


def _first_value(anchors):
    for a in anchors:
        if isinstance(a, (list, tuple)):
            a = _first_value(a)
        if isinstance(a, _ir.Value):
            return a
    return None


class ShapeError(_ir.MLIRError, ValueError):
    """An op the pd.X builders or the Tensor operators refused to build (a
    shape, dtype or attribute its InferMeta or verifier rejects), in one
    line: the op's message and where the user's code built it. The
    diagnostics are there as in ir.MLIRError."""

    def __str__(self):
        parts = [f"{d.message} (at {str(d.location)[4:-1]})" for d in self.error_diagnostics]
        return "; ".join(parts) or self.message


ShapeError.__module__ = "paddle_mlir"  # its public name: paddle_mlir.ShapeError


@contextlib.contextmanager
def near(*anchors):
    """Builds in `_anchored(anchors)`; an MLIRError from building becomes a
    ShapeError."""
    with _anchored(anchors):
        try:
            yield
        except ShapeError:
            raise
        except _ir.MLIRError as e:
            raise ShapeError(e.message, e.error_diagnostics) from None


@contextlib.contextmanager
def _anchored(anchors):
    """Where a pd.X builder builds when its caller set no location or
    insertion point (`pd.relu(x)` inside `static.program_guard`, as the
    README shows): the context of its first tensor argument, after the last
    op of that tensor's block, with traceback locations. Inside the
    caller's own `with` (or with `loc=`/`ip=`), it changes nothing."""
    if _ir.Location.current is not None and _has_insertion_point():
        yield
        return
    anchor = _first_value(anchors)
    if anchor is None:
        yield
        return
    with contextlib.ExitStack() as stack:
        stack.enter_context(anchor.context)
        if not _has_insertion_point():
            stack.enter_context(insertion_point_after(anchor))
        if _ir.Location.current is None:
            stack.enter_context(_ir.loc_tracebacks(max_depth=1))
        yield


def results_of(op, kinds):
    """The op's result(s): a value, a list of values for Tensor[], or a tuple."""
    check_same_function(op)
    values = []
    for result, kind in zip(op.results, kinds):
        if kind == "Tensor[]":
            values.append(list(_pd().BuiltinSplitOp(result).results))
        else:
            values.append(result)
    return values[0] if len(values) == 1 else tuple(values)
