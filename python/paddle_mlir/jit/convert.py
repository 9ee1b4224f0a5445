"""Run-time helpers of code converted by `jit.to_static` (imported there as
`_jst`): each decides, when the converted function runs during capture,
whether a construct is Python (a Python-valued condition: evaluated now) or
a tensor one (it becomes `pd.if` / `pd.while` in the program).
"""

from __future__ import annotations

import types

from mlir import ir

from ..dialects import pd
from ..dialects._ods_common import _cext
from ..eager import EagerTensor

_cext.globals.register_traceback_file_exclusion(__file__)


class Dy2StaticError(ValueError):
    """A construct of the converted function cannot become a program; the
    message starts with the user's file:line."""


class UndefinedVar:
    """The value of a variable a converted `if`/`while` leaves undefined (it
    was assigned in only one branch, or only inside a tensor loop). Using it
    is an error that says where it came from."""

    __slots__ = ("name", "why")

    def __init__(self, name, why=None):
        self.name, self.why = name, why

    def _fail(self, *args, **kwargs):
        why = f" ({self.why})" if self.why else ""
        raise Dy2StaticError(f"variable {self.name!r} is used where it is not defined{why}")

    __getattr__ = __call__ = __bool__ = __iter__ = __getitem__ = _fail
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __truediv__ = _fail
    __matmul__ = __lt__ = __le__ = __gt__ = __ge__ = __neg__ = __len__ = _fail

    def __repr__(self):
        return f"<undefined {self.name}>"


UNDEFINED = UndefinedVar("?")


def get_vars(scope: dict, names) -> tuple:
    """The current values of `names` in a function's locals(), UndefinedVar
    for those not assigned yet."""
    return tuple(scope[n] if n in scope else UndefinedVar(n) for n in names)


def _symbolic(v) -> bool:
    return isinstance(v, ir.Value)


def _to_value(v):
    """Eager tensors met during capture are constants of the program."""
    from ..eager import embed
    return embed(v) if isinstance(v, EagerTensor) else v


def _number(v) -> bool:
    return isinstance(v, (bool, int, float)) and not isinstance(v, UndefinedVar)


def _dtype_of_number(v) -> str:
    if isinstance(v, bool):
        return "bool"
    return "int64" if isinstance(v, int) else "float32"


def _tensor_of(v, dtype: str, like=None):
    """A number as a tensor of `dtype` (shaped like `like` where it is
    static, else 0-D), at the current insertion point."""
    from .. import ops
    shape = [] if like is None else [d if d >= 0 else 1 for d in like.type.shape]
    return ops.full(shape, v if dtype != "bool" else bool(v), dtype)


def _bool_pred(pred, loc):
    """A one-element bool tensor for pd.if / pd.while."""
    shape = pred.type.shape
    if any(d != 1 for d in shape):
        raise Dy2StaticError(f"{loc}: the condition is a tensor of shape {list(shape)}; an `if` "
                             "or `while` on a tensor needs one element (use .all() or .any())")
    if pred.type.dtype != "bool":
        pred = pd.cast(pred, "bool")
    return pred


def _python_truth(pred, loc):
    try:
        return bool(pred)
    except TypeError as e:
        raise Dy2StaticError(f"{loc}: {e}") from None


# -- if / else -----------------------------------------------------------------------
def convert_ifelse(pred, true_fn, false_fn, values, names, loc):
    """`if pred:` with the branch bodies as functions of the variables they
    assign (`names`, current `values`); returns their new values."""
    if not _symbolic(pred):
        return (true_fn if _python_truth(pred, loc) else false_fn)(*values)
    from ..tensor import building
    with building(pred):
        pred = _bool_pred(pred, loc)
        scratch = pd.IfOp([], pred)
        try:
            return _finish_if(scratch, pred, true_fn, false_fn, values, names, loc)
        except BaseException:
            scratch.operation.erase()
            raise


def _finish_if(scratch, pred, true_fn, false_fn, values, names, loc):
    outputs, blocks = [], []
    for region, fn in zip(scratch.regions, (true_fn, false_fn)):
        block = region.blocks.append()
        with ir.InsertionPoint(block):
            out = fn(*values)
            outputs.append([_to_value(v) for v in out])
        blocks.append(block)
    then_out, else_out = outputs
    plan = []          # per name: ("static", value) | ("undefined",) | ("yield", then, else)
    for name, a, b in zip(names, then_out, else_out):
        plan.append(_unify(name, a, b, loc))
    yielded = [[], []]
    for step in plan:
        if step[0] != "yield":
            continue
        for side, block in enumerate(blocks):
            with ir.InsertionPoint(block):
                yielded[side].append(step[1 + side]())
    for side, block in enumerate(blocks):
        with ir.InsertionPoint(block):
            pd.YieldOp(yielded[side])
    from ..static.control_flow import _merge
    types_ = [_merge(a.type, b.type, i) for i, (a, b) in enumerate(zip(*yielded))]
    op = pd.IfOp(types_, pred)
    for src, dst in zip(scratch.regions, op.regions):
        src.blocks[0].append_to(dst)
    scratch.operation.erase()
    results = iter(op.results)
    final = []
    for step in plan:
        if step[0] == "static":
            final.append(step[1])
        elif step[0] == "undefined":
            final.append(UndefinedVar(step[1], step[2]))
        else:
            final.append(next(results))
    return tuple(final)


def _unify(name, a, b, loc):
    """How one variable leaves a tensor `if`: the same Python value, a
    tensor per branch (numbers and None made tensors like the other side),
    or undefined."""
    if isinstance(a, UndefinedVar) or isinstance(b, UndefinedVar):
        return ("undefined", name, f"it is assigned in only one branch of the `if` at {loc}")
    sa, sb = _symbolic(a), _symbolic(b)
    if sa and sb:
        if a.type.dtype != b.type.dtype:
            raise Dy2StaticError(f"{loc}: variable {name!r} is {a.type.dtype} in one branch and "
                                 f"{b.type.dtype} in the other")
        return ("yield", lambda: a, lambda: b)
    if not sa and not sb:
        if a is b or (type(a) is type(b) and _number(a) and a == b) or \
                (isinstance(a, str) and a == b):
            return ("static", a)
        if _number(a) and _number(b):
            dtype = "bool" if isinstance(a, bool) and isinstance(b, bool) else \
                "float32" if isinstance(a, float) or isinstance(b, float) else "int64"
            return ("yield", lambda: _tensor_of(a, dtype), lambda: _tensor_of(b, dtype))
        raise Dy2StaticError(
            f"{loc}: variable {name!r} is {a!r} in one branch and {b!r} in the other of an `if` "
            "on a tensor; only tensors and numbers can differ between the branches")
    tensor, other = (a, b) if sa else (b, a)
    if other is None or _number(other):
        fill = 0 if other is None else other
        make_other = (lambda: _tensor_of(fill, tensor.type.dtype, tensor))
        return ("yield", lambda: a, make_other) if sa else ("yield", make_other, lambda: b)
    raise Dy2StaticError(f"{loc}: variable {name!r} is a tensor in one branch and {other!r} in "
                         "the other of an `if` on a tensor")


def convert_ifexp(pred, true_fn, false_fn, loc):
    """`a if pred else b`: an `if` of one value."""
    return convert_ifelse(pred, lambda: (true_fn(),), lambda: (false_fn(),), (), ("<value>",),
                          loc)[0]


# -- while ---------------------------------------------------------------------------
def convert_while(cond, body, values, names, loc):
    """`while cond:` over the variables the body assigns: a Python loop while
    the condition is a Python value, pd.while once it is a tensor."""
    values = tuple(values)
    while True:
        c = cond(*values)
        if isinstance(c, EagerTensor):
            c = bool(c)
        if _symbolic(c):
            return _tensor_while(c, cond, body, values, names, loc)
        if not _python_truth(c, loc):
            return values
        values = tuple(body(*values))
        if len(values) != len(names):
            raise Dy2StaticError(f"{loc}: internal error: loop body returned {len(values)} values")


def _tensor_while(first, cond, body, values, names, loc):
    from ..static.control_flow import _merge
    from ..tensor import building
    values = [_to_value(v) for v in values]
    carried = [i for i, v in enumerate(values) if _symbolic(v) or _number(v)]
    dtypes = {i: (values[i].type.dtype if _symbolic(values[i]) else _dtype_of_number(values[i]))
              for i in carried}
    shapes = {i: None for i in carried}     # merged types after a retry
    with building(first):
        pred = _bool_pred(first, loc)
        for _attempt in range(4):
            inits = []
            for i in carried:
                v = values[i]
                if _number(v):
                    v = _tensor_of(v, dtypes[i])
                elif v.type.dtype != dtypes[i]:
                    v = pd.cast(v, dtypes[i])
                inits.append(v)
            types_ = [shapes[i] or v.type for i, v in zip(carried, inits)]
            op = pd.WhileOp(types_, pred, inits)
            block = op.regions[0].blocks.append(*types_, arg_locs=[op.location] * len(types_))
            retry = False
            with ir.InsertionPoint(block):
                inner = list(values)
                for arg, i in zip(block.arguments, carried):
                    inner[i] = arg
                new = [_to_value(v) for v in body(*inner)]
                yields = []
                for i, name in enumerate(names):
                    if i not in carried:
                        if isinstance(values[i], UndefinedVar) or new[i] is values[i]:
                            continue
                        op.operation.erase()
                        raise Dy2StaticError(
                            f"{loc}: the `while` on a tensor condition changes Python variable "
                            f"{name!r} ({values[i]!r} -> {new[i]!r}); only tensors and numbers "
                            "can change in a tensor loop")
                    v = new[i]
                    if _number(v):
                        v = _tensor_of(v, dtypes[i])
                    if not _symbolic(v):
                        op.operation.erase()
                        raise Dy2StaticError(f"{loc}: variable {name!r} becomes {v!r} in the "
                                             "body of a `while` on a tensor condition")
                    arg_type = types_[carried.index(i)]
                    if v.type.dtype != dtypes[i]:
                        if _number(values[i]):
                            dtypes[i] = v.type.dtype     # 0 then a float tensor: float
                            retry = True
                            continue
                        op.operation.erase()
                        raise Dy2StaticError(f"{loc}: variable {name!r} is {dtypes[i]} before the "
                                             f"loop and {v.type.dtype} after its body")
                    if v.type.shape != arg_type.shape:
                        if v.type.rank != arg_type.rank:
                            op.operation.erase()
                            raise Dy2StaticError(
                                f"{loc}: variable {name!r} changes rank in the loop body "
                                f"({arg_type} -> {v.type})")
                        shapes[i] = _merge(arg_type, v.type, 0)
                        retry = True
                        continue
                    yields.append(v)
                if retry:
                    op.operation.erase()
                    continue
                nxt = cond(*new)
                if _number(nxt):
                    nxt = _tensor_of(nxt, "bool")
                pd.YieldOp([_bool_pred(nxt, loc)] + yields)
            out = list(values)
            for r, i in zip(op.results, carried):
                out[i] = r
            for i, v in enumerate(values):
                if isinstance(v, UndefinedVar):
                    out[i] = UndefinedVar(names[i], f"it is assigned only inside the `while` on "
                                                    f"a tensor at {loc}")
            return tuple(out)
    raise Dy2StaticError(f"{loc}: the loop variables' types do not settle")


def loop_test(brk, test):
    """A loop's condition once the body may `break`: False after a break
    (without evaluating the test), else the test (tensor or Python)."""
    if _symbolic(brk):
        t = test()
        if not _symbolic(t):
            t = _tensor_of(bool(t), "bool")
        from .. import ops
        return ops.logical_and(ops.logical_not(brk), _bool_pred(t, "loop"))
    if brk:
        return False
    return test()


def neither(*flags):
    """True while none of the break/continue/return flags is set."""
    if any(_symbolic(f) for f in flags):
        from .. import ops
        out = None
        for f in flags:
            if not _symbolic(f):
                if f:
                    return False
                continue
            out = f if out is None else ops.logical_or(out, f)
        return ops.logical_not(out)
    return not any(flags)


def python_flag(flag, loc):
    """A break flag of a Python `for` over a list: must stay a Python value."""
    if _symbolic(flag):
        raise Dy2StaticError(f"{loc}: `break` under a tensor condition inside a Python `for` over "
                             "a list or layers: iterate with `for i in range(n)` or `while`")
    return bool(flag)


def range_cond(i, stop, step):
    """`i < stop` (or `i > stop` for a negative step) of a converted range."""
    if _number(step) and step < 0:
        return i > stop
    return i < stop


# -- logic -------------------------------------------------------------------------
def _logic(fns, decisive: bool, combine: str):
    """`a and b ...` (decisive False) / `a or b ...` (decisive True) with
    Python's short circuit while the values are Python; once one is a tensor,
    a Python operand that decides the result ends it, a neutral one is
    skipped, and tensors combine with logical_and / logical_or."""
    value = fns[0]()
    for fn in fns[1:]:
        if not _symbolic(value):
            if bool(value) == decisive:
                return value
            value = fn()
            continue
        other = fn()
        if not _symbolic(other):
            if bool(other) == decisive:
                return other
            continue
        from .. import ops
        value = getattr(ops, combine)(_as_bool(value), _as_bool(other))
    return value


def convert_and(*fns):
    return _logic(fns, False, "logical_and")


def convert_or(*fns):
    return _logic(fns, True, "logical_or")


def convert_not(value):
    if _symbolic(value):
        from .. import ops
        return ops.logical_not(_as_bool(value))
    return not value


def _as_bool(v):
    return v if v.type.dtype == "bool" else pd.cast(v, "bool")


# -- calls -------------------------------------------------------------------------
def _user_function(fn) -> bool:
    module = getattr(fn, "__module__", None) or ""
    if module.split(".")[0] in ("paddle_mlir", "numpy", "builtins", "mlir", "functools"):
        return False
    code = getattr(fn, "__code__", None)
    return code is not None and not code.co_filename.startswith("<")


def convert_call(fn):
    """What a call in converted code calls: user functions and layers are
    converted too (nested calls keep their control flow), the rest as is."""
    from ..nn.layer import Layer
    from .to_static import StaticFunction
    if isinstance(fn, StaticFunction) or getattr(fn, "__pm_not_to_static__", False):
        return fn
    if isinstance(fn, Layer):
        if isinstance(fn.__dict__.get("forward"), StaticFunction):
            return fn
        forward = type(fn).forward
        if not _user_function(forward):
            return fn
        return lambda *args, **kwargs: _call_layer(fn, args, kwargs)
    if isinstance(fn, types.FunctionType) and _user_function(fn):
        return _converted_or_same(fn)
    if isinstance(fn, types.MethodType) and isinstance(fn.__func__, types.FunctionType) and \
            _user_function(fn.__func__):
        return types.MethodType(_converted_or_same(fn.__func__), fn.__self__)
    return fn


def _converted_or_same(fn):
    from .ast_transform import convert_function, unconvertible
    if unconvertible(fn):
        return fn
    return convert_function(fn)


def _call_layer(layer, args, kwargs):
    from ..static import default_main_program
    from .ast_transform import convert_function
    layer._bind_parameters(default_main_program())
    forward = convert_function(type(layer).forward)
    return forward(layer, *args, **kwargs)
