"""`Tensor`: pd tensor values with Paddle's Python operators.

Every `ir.Value` of type `!pd.tensor` / `!pd.vtensor` comes back from the
MLIR bindings as a `Tensor` (a registered value caster), so results of pd
builders support `+ - * / @ **`, comparisons, `x[...]` (ints, slices,
`...`, one integer-array index), slice assignment `x[...] = v` (in place,
as in Paddle), `.shape`, `.dtype`, `.T` and `.ndim`. Operators build ops next to their operand (at the current
insertion point, else before the terminator of the operand's block) with the
user's file:line as location.

Comparisons build ops, as in Paddle: `x == y` is a bool tensor. Tensors stay
hashable by identity of the underlying value.
"""

from __future__ import annotations

import contextlib
import weakref

from mlir import ir as _ir

from .dialects import pd
from .dialects._ods_common import _cext
from .dialects._pd_builder_support import insertion_point_after

_cext.globals.register_traceback_file_exclusion(__file__)


@contextlib.contextmanager
def building(anchor: _ir.Value):
    """Where ops derived from `anchor` go, with traceback locations on."""
    try:
        current = _ir.InsertionPoint.current
    except ValueError:
        current = None
    with contextlib.ExitStack() as stack:
        stack.enter_context(anchor.context)
        if current is None:
            stack.enter_context(insertion_point_after(anchor))
        stack.enter_context(_ir.loc_tracebacks(max_depth=1))
        yield


def _is_number(v) -> bool:
    return isinstance(v, (bool, int, float))


def _kind(t):
    return pd.VTensorType if pd.VTensorType.isinstance(t) else pd.TensorType


def _constant_like(x: "Tensor", value) -> "Tensor":
    """A one-element tensor of x's dtype holding `value` (broadcasts)."""
    t = x.type
    return pd.full(_kind(t).get([], t.element_type), value)


#: Set by jit.trace: (tensor, what) -> its example value (numpy), or None.
value_hook = None


#: The object that owns each module's IR (a static.Program), by the address
#: of the module's operation: what a tensor keeps alive.
module_owners: "weakref.WeakValueDictionary[int, object]" = weakref.WeakValueDictionary()


def _module_owner(value: _ir.Value):
    """The registered owner of the module that holds `value`, else the
    outermost operation that holds it (the op itself while it is detached)."""
    owner = value.owner
    op = owner.owner if isinstance(owner, _ir.Block) else owner.operation
    while True:
        parent = op.parent
        if parent is None:
            return module_owners.get(hash(op), op)
        op = parent


class Tensor(_ir.Value):
    """A pd tensor value with Paddle's operators."""

    def __init__(self, value: _ir.Value):
        super().__init__(value)
        # A tensor keeps its program alive: MLIR's Python handles do not keep
        # the module they point into, and a tensor of a program that was
        # dropped (`y` returned by a function that built a temporary Program)
        # read freed IR (SIGSEGV).
        owner = getattr(value, "_owner", None)
        self._owner = owner if owner is not None else _module_owner(value)

    __hash__ = _ir.Value.__hash__

    # -- properties ------------------------------------------------------------
    @property
    def shape(self) -> list:
        """Paddle-style dims (-1 for dynamic)."""
        return self.type.shape

    @property
    def dtype(self) -> str:
        return self.type.dtype

    @property
    def ndim(self) -> int:
        return self.type.rank

    @property
    def T(self) -> "Tensor":
        with building(self):
            return pd.transpose(self, list(reversed(range(self.ndim))))

    def __repr__(self) -> str:
        return f"Tensor({self.get_name()}: {self.type})"

    # -- arithmetic --------------------------------------------------------------
    def _binary(self, other, op, scalar=None, reverse=False):
        with building(self):
            if _is_number(other):
                if scalar is not None:
                    return scalar(self, other)
                other = _constant_like(self, other)
            elif not isinstance(other, _ir.Value):
                return NotImplemented
            return op(other, self) if reverse else op(self, other)

    def __add__(self, o):
        return self._binary(o, pd.add, lambda x, v: pd.scale(x, 1.0, float(v)))

    def __radd__(self, o):
        return self.__add__(o)

    def __sub__(self, o):
        return self._binary(o, pd.subtract, lambda x, v: pd.scale(x, 1.0, -float(v)))

    def __rsub__(self, o):
        return self._binary(o, pd.subtract, lambda x, v: pd.scale(x, -1.0, float(v)))

    def __mul__(self, o):
        return self._binary(o, pd.multiply, lambda x, v: pd.scale(x, float(v), 0.0))

    def __rmul__(self, o):
        return self.__mul__(o)

    def __truediv__(self, o):
        return self._binary(o, pd.divide, lambda x, v: pd.scale(x, 1.0 / float(v), 0.0))

    def __rtruediv__(self, o):
        return self._binary(o, pd.divide, reverse=True)

    def __floordiv__(self, o):
        return self._binary(o, pd.floor_divide)

    def __mod__(self, o):
        return self._binary(o, pd.remainder)

    def __pow__(self, o):
        return self._binary(o, pd.elementwise_pow, lambda x, v: pd.pow(x, float(v)))

    def __matmul__(self, o):
        return self._binary(o, pd.matmul)

    def __neg__(self):
        with building(self):
            return pd.scale(self, -1.0, 0.0)

    def __abs__(self):
        with building(self):
            return pd.abs(self)

    # -- comparisons (elementwise, bool results) --------------------------------
    def __eq__(self, o):
        if not (_is_number(o) or isinstance(o, _ir.Value)):
            return NotImplemented
        return self._binary(o, pd.equal)

    def __ne__(self, o):
        if not (_is_number(o) or isinstance(o, _ir.Value)):
            return NotImplemented
        return self._binary(o, pd.not_equal)

    def __lt__(self, o):
        return self._binary(o, pd.less_than)

    def __le__(self, o):
        return self._binary(o, pd.less_equal)

    def __gt__(self, o):
        return self._binary(o, pd.greater_than)

    def __ge__(self, o):
        return self._binary(o, pd.greater_equal)

    def _concrete(self, what: str):
        """The value of this tensor where one is known (the example inputs of
        `jit.trace`, which warns), else a TypeError: a program's tensors have
        values only when the program runs."""
        parameter = getattr(self, "parameter", None)
        if parameter is not None:
            # A layer's weight has a value outside any program.
            from .eager import ensure_values
            ensure_values([parameter])
            return parameter.value
        if value_hook is not None:
            value = value_hook(self, what)
            if value is not None:
                return value
        raise TypeError(f"{what} of a program tensor: its value is only known at run time. In "
                        "jit.to_static code, `if`/`while` on a tensor become pd.if/pd.while; "
                        "when building a program by hand use static.nn.cond / while_loop")

    def __bool__(self):
        value = self._concrete("bool()")
        if value.size != 1:
            raise ValueError(f"the truth value of a tensor with {value.size} elements is "
                             "ambiguous")
        return bool(value.reshape(-1)[0])

    def __int__(self):
        return int(self._concrete("int()").reshape(-1)[0])

    def __float__(self):
        return float(self._concrete("float()").reshape(-1)[0])

    def __index__(self):
        return int(self._concrete("use as an index").reshape(-1)[0])

    def item(self):
        return self._concrete("item()").reshape(-1)[0].item()

    def numpy(self):
        return self._concrete("numpy()")

    def set_value(self, value):
        """A parameter's new weight (Paddle's `param.set_value(array)`)."""
        parameter = getattr(self, "parameter", None)
        if parameter is None:
            raise TypeError("set_value of a program tensor: only a layer's parameters hold "
                            "values outside a run")
        import numpy as np
        array = np.asarray(value.numpy() if hasattr(value, "numpy") else value)
        if tuple(array.shape) != tuple(parameter.shape) or array.dtype.name != parameter.dtype:
            raise ValueError(f"parameter {parameter.name!r} is {list(parameter.shape)} "
                             f"{parameter.dtype}, got {list(array.shape)} {array.dtype}")
        parameter.value = np.ascontiguousarray(array)

    # -- the rest of Paddle's tensor methods: paddle_mlir.ops -------------------
    def __getattr__(self, name):
        from .eager import _method
        method = _method(name)
        if method is None:
            raise AttributeError(f"'Tensor' object has no attribute {name!r}")
        import functools
        return functools.partial(method, self)

    def astype(self, dtype):
        with building(self):
            return pd.cast(self, dtype)

    # -- indexing ----------------------------------------------------------------
    def _index_bounds(self, index):
        """(axes, starts, ends, steps, decrease) of x[index] for ints,
        slices and one `...`, in Paddle's conventions."""
        if not isinstance(index, tuple):
            index = (index,)
        if sum(1 for i in index if i is Ellipsis) > 1:
            raise IndexError("an index can only have a single ellipsis")
        if Ellipsis in index:
            at = index.index(Ellipsis)
            fill = self.ndim - (len(index) - 1)
            index = index[:at] + (slice(None),) * fill + index[at + 1:]
        if len(index) > self.ndim:
            raise IndexError(f"too many indices ({len(index)}) for a tensor of rank {self.ndim}")
        axes, starts, ends, steps, decrease = [], [], [], [], []
        for axis, i in enumerate(index):
            if isinstance(i, bool) or not isinstance(i, (int, slice)):
                raise IndexError(f"unsupported index {i!r}: use ints, slices and ...")
            if isinstance(i, int):
                axes.append(axis)
                starts.append(i)
                ends.append(i + 1 if i != -1 else 2 ** 31 - 1)
                steps.append(1)
                decrease.append(axis)
                continue
            if i == slice(None):
                continue
            step = 1 if i.step is None else i.step
            if step == 0:
                raise IndexError("slice step cannot be zero")
            big = 2 ** 31 - 1
            start = i.start if i.start is not None else (0 if step > 0 else big)
            # Paddle spells "through index 0" for a negative step as end = -1.
            end = i.stop if i.stop is not None else (big if step > 0 else -1)
            axes.append(axis)
            starts.append(start)
            ends.append(end)
            steps.append(step)
        return axes, starts, ends, steps, decrease

    def _array_index(self, index):
        """(axis, index) of an integer-array index, x[[0, 2]] or x[:, idx]
        (a list, numpy array or integer tensor at one axis, the other axes
        whole), or None when the index has none."""
        items = index if isinstance(index, tuple) else (index,)

        def is_array(i):
            return isinstance(i, (list, _ir.Value)) or type(i).__name__ == "ndarray"

        arrays = [k for k, i in enumerate(items) if is_array(i)]
        if not arrays:
            return None
        import numpy as np

        k = arrays[0]
        item = items[k]
        is_bool = (pd.TensorType.isinstance(item.type) or pd.VTensorType.isinstance(item.type)) \
            and Tensor(item).dtype == "bool" if isinstance(item, _ir.Value) \
            else np.asarray(item).dtype == np.bool_
        if is_bool:
            raise IndexError("a boolean mask index has a data-dependent result shape, which the "
                             "CPU backend does not support yet; pd.where(mask, x, 0) keeps the shape")
        if len(arrays) > 1 or any(i is not Ellipsis and i != slice(None)
                                  for j, i in enumerate(items) if j != k):
            raise IndexError("an integer-array index is supported alone, with the other axes "
                             "whole (x[[0, 2]], x[:, idx])")
        at = next((j for j, i in enumerate(items) if i is Ellipsis), None)
        if at is not None and k > at:
            k = self.ndim - (len(items) - k)
        if isinstance(item, _ir.Value):
            return k, item
        values = np.asarray(item)
        if values.ndim != 1 or not np.issubdtype(values.dtype, np.integer):
            raise IndexError(f"unsupported index {item!r}: an integer-array index is a 1-D "
                             "list of ints")
        return k, pd.full_int_array([int(v) for v in values])

    def __getitem__(self, index):
        """x[1], x[:, 2:5], x[::-1], x[..., 0]: slice / strided_slice ops;
        x[[0, 2]], x[:, idx]: index_select along that axis."""
        with building(self):
            array = self._array_index(index)
            if array is not None:
                return pd.index_select(self, array[1], array[0])
        axes, starts, ends, steps, decrease = self._index_bounds(index)
        with building(self):
            if not axes:
                return pd.assign(self)
            if all(s == 1 for s in steps):
                return pd.slice(self, axes, starts, ends, [1] * len(axes), decrease)
            out = pd.strided_slice(self, axes, starts, ends, steps)
            if decrease:
                out = pd.squeeze(out, decrease)
            return out

    def __setitem__(self, index, value):
        """x[1:3, :] = v, x[..., 0] = t, x[::2] = [1, 2]: Paddle's slice
        assignment, pd.set_value_ (numbers, lists, numpy arrays) or
        pd.set_value_with_tensor_ (a tensor, cast to x's dtype), in place as
        in Paddle: later uses of x see the new values. The values broadcast
        to the slice (without the dims an int index removes)."""
        if pd.VTensorType.isinstance(self.type):
            raise TypeError("a value tensor (!pd.vtensor) is immutable: assign into a "
                            "!pd.tensor, or build the new value with pd.set_value")
        axes, starts, ends, steps, decrease = self._index_bounds(index)
        with building(self):
            if isinstance(value, _ir.Value):
                if Tensor(value).dtype != self.dtype:
                    value = pd.cast(value, self.dtype)
                pd.set_value_with_tensor_(self, value, starts, ends, steps, axes, decrease, [])
                return
            import numpy as np

            try:
                array = np.asarray(value, dtype=np.dtype(self.dtype if self.dtype != "bfloat16"
                                                         else "float32"))
            except (TypeError, ValueError) as e:
                raise TypeError(f"cannot assign {value!r} to a {self.dtype} tensor: {e}") from None
            items = array.ravel().tolist()
            pd.set_value_(self, starts, ends, steps, axes, decrease, [],
                          list(array.shape) or [1], items)


for _t in (pd.TensorType, pd.VTensorType):
    _ir.register_value_caster(_t.static_typeid)(Tensor)
