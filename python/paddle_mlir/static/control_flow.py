"""Paddle's static control flow: `cond` and `while_loop` build `pd.if` and
`pd.while` (as `paddle.static.nn.cond` / `while_loop` build pd_op.if/while).

    y = static.nn.cond(x.sum() > 0, lambda: x * 2, lambda: -x)
    i, s = static.nn.while_loop(lambda i, s: i < 10, lambda i, s: (i + 1, s + i), [i0, s0])

Branch and body functions build their ops inside the region; they may use
any value of the enclosing program, as Paddle's do.
"""

from __future__ import annotations

from mlir import ir

from ..dialects import pd
from ..dialects._ods_common import _cext
from ..tensor import building

_cext.globals.register_traceback_file_exclusion(__file__)


def _flatten(out) -> list:
    if out is None:
        return []
    if isinstance(out, ir.Value):
        return [out]
    if isinstance(out, (list, tuple)):
        values = list(out)
        if all(isinstance(v, ir.Value) for v in values):
            return values
    raise TypeError(f"branch and loop functions return a tensor, a list/tuple of "
                    f"tensors or None, got {out!r}")


def _merge(a: ir.Type, b: ir.Type, index: int) -> ir.Type:
    """The result type of two branch values: dims that differ become dynamic."""
    if a.element_type != b.element_type or a.rank != b.rank:
        raise ValueError(f"cond: the branches return {a} and {b} as output #{index}; "
                         "they must have one dtype and rank")
    dims = [x if x == y else -1 for x, y in zip(a.shape, b.shape)]
    kind = pd.VTensorType if (pd.VTensorType.isinstance(a) and pd.VTensorType.isinstance(b)) \
        else pd.TensorType
    return kind.get(dims, a.element_type)


def cond(pred, true_fn=None, false_fn=None, name=None):
    """Runs true_fn or false_fn on a one-element bool tensor: pd.if."""
    with building(pred):
        # The result types are known once both branches are built: build them
        # in a result-less pd.if, then move the blocks into the real one.
        scratch = pd.IfOp([], pred)
        try:
            op = _finish_if(scratch, pred, true_fn, false_fn)
        except BaseException:
            # Leave the program as it was.
            scratch.operation.erase()
            raise
    if op is None:
        return None
    results = list(op.results)
    return results[0] if len(results) == 1 else results


def _finish_if(scratch, pred, true_fn, false_fn):
    """Builds the branches in `scratch`, then the pd.if with result types."""
    outputs = []
    for region, fn in zip(scratch.regions, (true_fn, false_fn)):
        block = region.blocks.append()
        with ir.InsertionPoint(block):
            values = _flatten(fn() if fn is not None else None)
            pd.YieldOp(values)
        outputs.append(values)
    then_values, else_values = outputs
    if len(then_values) != len(else_values):
        raise ValueError(f"cond: true_fn returns {len(then_values)} outputs, "
                         f"false_fn {len(else_values)}")
    if not then_values:
        return None
    types = [_merge(a.type, b.type, i) for i, (a, b) in enumerate(zip(then_values, else_values))]
    op = pd.IfOp(types, pred)
    for src, dst in zip(scratch.regions, op.regions):
        src.blocks[0].append_to(dst)
    scratch.operation.erase()
    return op


def while_loop(cond, body, loop_vars, is_test=False, name=None):
    """Runs body while cond holds, carrying loop_vars: pd.while."""
    loop_vars = _flatten(list(loop_vars))
    if not loop_vars:
        raise ValueError("while_loop needs at least one loop variable")
    with building(loop_vars[0]):
        first = cond(*loop_vars)
        op = pd.WhileOp([v.type for v in loop_vars], first, loop_vars)
        block = op.regions[0].blocks.append(*[v.type for v in loop_vars],
                                            arg_locs=[op.location] * len(loop_vars))
        with ir.InsertionPoint(block):
            new = _flatten(body(*block.arguments))
            if len(new) != len(loop_vars):
                raise ValueError(f"while_loop: body returns {len(new)} values for "
                                 f"{len(loop_vars)} loop variables")
            pd.YieldOp([cond(*new)] + new)
    return list(op.results)
