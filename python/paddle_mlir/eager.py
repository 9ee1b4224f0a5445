"""Eager tensors: Paddle's dynamic graph on the CPU backend.

    import paddle_mlir as paddle
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    y = paddle.nn.functional.relu(x @ x - 5)      # runs now
    print(y.numpy(), float(y.sum()))

An `EagerTensor` holds a numpy array. A Paddle API function (`paddle_mlir.ops`,
`nn.functional`, the tensor operators and methods) called with eager tensors
runs as one small program: the function is built once into a scratch program
whose feeds stand for the eager inputs, that program is compiled by the CPU
backend and run on the arrays, and the results come back as eager tensors.
Compiled kernels are cached by the program's text, which is the op, its
attributes, and the input shapes and dtypes: an eager loop compiles each
distinct op once, then pays only for building and looking up its program.

A `nn.Layer` called on eager tensors reads its parameters' values (initialized
from the layer's startup program on first use), so layers run as in Paddle's
dynamic graph. When eager tensors meet the symbolic values of a program being
built (`program_guard`, `jit.trace`, `jit.to_static`), they are embedded in
it as constants.
"""

from __future__ import annotations

import functools
import threading

import numpy as np
from mlir import ir as _ir

from .dialects import pd
from .dialects._ods_common import _cext

_cext.globals.register_traceback_file_exclusion(__file__)

_DTYPES = {"bool", "int8", "uint8", "int16", "int32", "int64", "float16", "float32", "float64",
           "complex64", "complex128"}

_local = threading.local()


class EagerError(ValueError):
    """An eager operation got inputs it cannot run on."""


def _paddle_dtype(dtype: np.dtype) -> str:
    name = np.dtype(dtype).name
    if name not in _DTYPES:
        raise EagerError(f"dtype {name} has no Paddle counterpart (supported: "
                         f"{', '.join(sorted(_DTYPES))})")
    return name


def _np_dtype(dtype) -> np.dtype:
    name = pd.canonical_dtype(dtype)
    if name not in _DTYPES:
        raise EagerError(f"dtype {name} is not supported by eager tensors")
    return np.dtype(name)


class EagerTensor:
    """A tensor with a value: Paddle's dynamic-graph `paddle.Tensor`."""

    __slots__ = ("_array", "name", "stop_gradient", "__weakref__")
    __array_priority__ = 100     # numpy defers to our operators

    def __init__(self, array: np.ndarray, name: str | None = None, stop_gradient: bool = True):
        array = np.asarray(array)
        _paddle_dtype(array.dtype)
        self._array = array
        self.name = name
        self.stop_gradient = stop_gradient

    # -- values -----------------------------------------------------------------
    @property
    def value(self) -> np.ndarray:
        return self._array

    def numpy(self) -> np.ndarray:
        return self._array

    def __array__(self, dtype=None, copy=None):
        return self._array if dtype is None else self._array.astype(dtype)

    def item(self, *index):
        if not index and self._array.size != 1:
            raise ValueError(f"item() of a tensor with {self._array.size} elements: only a "
                             "one-element tensor converts to a Python number")
        return self._array.item(*index)

    def tolist(self):
        return self._array.tolist()

    def __bool__(self):
        if self._array.size != 1:
            raise ValueError(f"the truth value of a tensor with {self._array.size} elements is "
                             "ambiguous: use .any() or .all()")
        return bool(self._array.reshape(-1)[0])

    def __float__(self):
        return float(self.item())

    def __int__(self):
        return int(self.item())

    def __index__(self):
        if not np.issubdtype(self._array.dtype, np.integer):
            raise TypeError(f"a {self.dtype} tensor cannot be used as an index")
        return int(self.item())

    def __len__(self):
        if self._array.ndim == 0:
            raise TypeError("len() of a 0-D tensor")
        return self._array.shape[0]

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    # -- properties --------------------------------------------------------------
    @property
    def shape(self) -> list:
        return list(self._array.shape)

    @property
    def dtype(self) -> str:
        return _paddle_dtype(self._array.dtype)

    @property
    def ndim(self) -> int:
        return self._array.ndim

    def dim(self) -> int:
        return self._array.ndim

    @property
    def size(self) -> int:
        return int(self._array.size)

    @property
    def place(self) -> str:
        return "Place(cpu)"

    @property
    def T(self) -> "EagerTensor":
        return dispatching(_tensor_property("T"))(self)

    def astype(self, dtype) -> "EagerTensor":
        from . import ops
        return ops.cast(self, dtype)

    def __repr__(self) -> str:
        body = np.array2string(self._array, separator=", ", prefix=" " * 7)
        return (f"Tensor(shape={self.shape}, dtype={self.dtype}, place=Place(cpu), "
                f"stop_gradient={self.stop_gradient},\n       {body})")

    __hash__ = object.__hash__

    # -- indexing ----------------------------------------------------------------
    def __getitem__(self, index):
        return dispatching(_getitem)(self, index)

    def __setitem__(self, index, value):
        """In place, as Paddle's: the tensor now holds the updated values."""
        if _classify((index, value), {})[1]:
            raise EagerError("cannot assign a program value into an eager tensor")
        self._array = call(_setitem, (self, index, value), {})._array

    # -- the rest of the API: paddle_mlir.ops as methods --------------------------
    def __getattr__(self, name):
        method = _method(name)
        if method is None:
            raise AttributeError(f"'Tensor' object has no attribute {name!r}")
        return functools.partial(method, self)


def _tensor_property(name):
    def get(x):
        return getattr(x, name)
    get.__name__ = get.__qualname__ = name
    return get


def _getitem(x, index):
    return x[index]


def _setitem(x, index, value):
    x[index] = value
    return x


def _method(name: str):
    """The `paddle_mlir.ops` function behind a tensor method, or None."""
    from . import ops
    if name.startswith("_") or name in _NOT_METHODS:
        return None
    fn = getattr(ops, name, None)
    return fn if callable(fn) else None


#: ops functions that do not take a tensor first (creation functions).
_NOT_METHODS = {"creating", "full", "zeros", "ones", "empty", "arange", "linspace", "eye",
                "tril_indices", "triu_indices", "multi_dot", "einsum", "broadcast_tensors",
                "to_tensor", "rand", "randn", "randint", "uniform", "normal"}


def _operator(name):
    """Tensor's operator `name` on eager tensors (or, next to program values,
    on their constants)."""
    from .tensor import Tensor
    return dispatching(getattr(Tensor, name))


class EagerParameter(EagerTensor):
    """A layer's parameter seen by an eager call: its value is the weight in
    the ParameterStore (initialized from its startup program on first use)."""

    __slots__ = ("parameter", "is_parameter", "trainable")

    def __init__(self, parameter):
        ensure_values([parameter])
        super().__init__(parameter.value, parameter.name, not parameter.trainable)
        self.parameter, self.is_parameter, self.trainable = parameter, True, parameter.trainable


def to_tensor(data, dtype=None, place=None, stop_gradient=True) -> EagerTensor:
    """`paddle.to_tensor`: an eager tensor of `data` (a number, nested list,
    numpy array or tensor). Python floats become float32 and ints int64, as in
    Paddle; `dtype` converts. In a program being built it is a constant."""
    if isinstance(data, EagerTensor):
        array = data._array
    elif isinstance(data, _ir.Value):
        raise EagerError("to_tensor of a program value: it has no value until the program runs")
    else:
        array = np.asarray(data)
        if dtype is None:
            if array.dtype == np.float64 and not isinstance(data, np.ndarray):
                array = array.astype(np.float32)
            elif array.dtype.kind == "U" or array.dtype == object:
                raise EagerError(f"to_tensor: cannot make a tensor of {type(data).__name__} "
                                 f"{data!r}")
    if dtype is not None:
        array = array.astype(_np_dtype(dtype))
    return EagerTensor(np.ascontiguousarray(array), stop_gradient=stop_gradient)


def ensure_values(parameters) -> None:
    """Gives parameters without a value the one their startup program
    computes (the same values `Executor.run(startup)` would)."""
    from .static.parameters import ParameterStore
    from .static.startup import run_startup

    missing = [p for p in parameters if p.value is None]
    by_program = {}
    for p in missing:
        if p.initializer_program is None:
            raise EagerError(f"parameter {p.name!r} has no value and no initializer: load its "
                             "weights (set_state_dict or the store) first")
        by_program.setdefault(id(p.initializer_program), (p.initializer_program, []))[1].append(p)
    for program, params in by_program.values():
        scratch = ParameterStore()
        for name, declared in program.parameters.parameters.items():
            scratch.declare(name, declared.shape, declared.dtype)
        run_startup(program, scratch)
        for p in params:
            p.value = scratch.parameters[p.name].value


# -- dispatch ---------------------------------------------------------------------
def _walk(obj, visit):
    """Calls visit on every leaf of nested lists/tuples/dicts."""
    if isinstance(obj, (list, tuple)):
        for item in obj:
            _walk(item, visit)
    elif isinstance(obj, dict):
        for item in obj.values():
            _walk(item, visit)
    else:
        visit(obj)


def _map(obj, fn):
    if isinstance(obj, list):
        return [_map(item, fn) for item in obj]
    if isinstance(obj, tuple):
        return tuple(_map(item, fn) for item in obj)
    if isinstance(obj, dict):
        return {k: _map(v, fn) for k, v in obj.items()}
    return fn(obj)


def _building() -> bool:
    """Whether ops are being built into a program right now."""
    try:
        _ir.InsertionPoint.current
        return True
    except ValueError:
        pass
    from .static.program import in_program_guard
    return in_program_guard()


def _classify(args, kwargs):
    """(has eager tensors, has program values) among the arguments."""
    found = [False, False]

    def visit(leaf):
        if isinstance(leaf, EagerTensor):
            found[0] = True
        elif isinstance(leaf, _ir.Value):
            found[1] = True
    _walk(args, visit)
    _walk(kwargs, visit)
    return found


def dispatching(fn, creation: bool = False):
    """`fn` (a Paddle API function on program values) made to accept eager
    tensors too. A `creation` function (no tensor inputs) returns eager
    tensors when no program is being built in dynamic mode."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        eager, symbolic = _classify(args, kwargs)
        if eager:
            if symbolic:
                return fn(*_map(args, embed), **_map(kwargs, embed))
            return call(fn, args, kwargs)
        if creation and not symbolic and not _building():
            from .static.program import in_dynamic_mode
            if in_dynamic_mode():
                return call(fn, args, kwargs)
        return fn(*args, **kwargs)
    wrapper.__wrapped_eager__ = fn
    return wrapper


def install(namespace: dict, names, creation=()) -> None:
    """Replaces each function `names` of a module namespace by its dispatching
    version (creation functions: those in `creation`)."""
    for name in names:
        fn = namespace[name]
        if callable(fn) and not hasattr(fn, "__wrapped_eager__"):
            namespace[name] = dispatching(fn, creation=name in creation)


def embed(leaf):
    """An eager tensor as a constant of the program being built."""
    if not isinstance(leaf, EagerTensor):
        return leaf
    if getattr(leaf, "is_parameter", False):
        from .static import default_main_program
        return _parameter_value(default_main_program(), leaf.parameter)
    return constant(leaf._array)


def constant(array: np.ndarray):
    """A pd constant holding `array` at the current insertion point (else at
    the end of the default main program)."""
    array = np.ascontiguousarray(array)
    dtype = _paddle_dtype(array.dtype)

    def build():
        t = pd.VTensorType.get(list(array.shape), dtype)
        rtt = _ir.RankedTensorType.get(list(array.shape), t.element_type)
        stored = array.view(np.uint8) if array.dtype == np.bool_ else array
        attr = _ir.DenseElementsAttr.get(stored, type=rtt) if array.dtype != np.bool_ else \
            _ir.DenseElementsAttr.get(np.ascontiguousarray(array, dtype=np.bool_), type=rtt)
        value = pd.ConstantOp(t, attr).result
        return pd.ToTensorOp(value).result
    try:
        _ir.InsertionPoint.current
    except ValueError:
        from .static import default_main_program
        with default_main_program().building(), _ir.Location.unknown():
            return build()
    with _ir.Location.unknown():
        return build()


def _parameter_value(program, parameter):
    """A pd.get_parameter of `parameter` in `program` (shared store entry)."""
    program.parameters.share(parameter)
    with program.building():
        value = pd.GetParameterOp(pd.TensorType.get(list(parameter.shape), parameter.dtype),
                                  parameter.name).result
    value.name, value.is_parameter, value.parameter = parameter.name, True, parameter
    value.trainable = parameter.trainable
    return value


class _Kernel:
    """A compiled scratch program and where its results go."""

    def __init__(self, compiled, feed_names):
        self.compiled = compiled
        self.feed_names = feed_names


_KERNELS: dict = {}
#: Statistics of the kernel cache (hits, compiles), for tests and the curious.
stats = {"hits": 0, "compiles": 0}


def clear_kernel_cache() -> None:
    _KERNELS.clear()
    stats.update(hits=0, compiles=0)


def call(fn, args, kwargs):
    """Runs `fn` on eager tensors: builds it into a scratch program whose
    feeds are the eager inputs, compiles that program (cached by its text)
    and runs it on their arrays."""
    from .backend import cpu
    from .static.program import Program, program_guard

    program = Program()
    feeds: dict = {}          # id(eager tensor) -> (feed name, array, program value)

    def placeholder(leaf):
        if isinstance(leaf, EagerTensor):
            entry = feeds.get(id(leaf))
            if entry is None:
                name = f"x{len(feeds)}"
                array = leaf.parameter.value if isinstance(leaf, EagerParameter) else leaf._array
                with program.building():
                    value = pd.data(name, pd.TensorType.get(list(array.shape),
                                                            _paddle_dtype(array.dtype)))
                entry = feeds[id(leaf)] = (name, array, value)
            return entry[2]
        if isinstance(leaf, _ir.Value) and getattr(leaf, "is_parameter", False):
            # A layer's parameter used outside the layer: read its value.
            return placeholder(EagerParameter(leaf.parameter))
        return leaf

    with program_guard(program), program.building():
        sym_args, sym_kwargs = _map(args, placeholder), _map(kwargs, placeholder)
        out = fn(*sym_args, **sym_kwargs)
    template, results = split_outputs(out)
    if not results:
        return out
    for i, value in enumerate(results):
        program.fetch(value, f"out{i}")
    _reject_side_effects(program, fn)

    key = program.module.operation.get_asm(print_generic_op_form=False)
    kernel = _KERNELS.get(key)
    if kernel is None:
        compiled = cpu.compile_program(program.module, parallel=cpu.default_parallel(),
                                       description=f"eager {getattr(fn, '__name__', 'op')}")
        kernel = _KERNELS[key] = _Kernel(compiled, [name for name, _, _ in feeds.values()])
        stats["compiles"] += 1
    else:
        stats["hits"] += 1
    arrays = {name: np.ascontiguousarray(array) for name, array, _ in feeds.values()}
    outputs = kernel.compiled(arrays)
    return fill_outputs(template, lambda i: EagerTensor(outputs[i]))


class _Slot:
    __slots__ = ("index",)

    def __init__(self, index):
        self.index = index


def split_outputs(out, prepare=None):
    """A function's outputs (nested lists/tuples/dicts) as (the structure with
    a slot for each program value, the values in order); `prepare` maps each
    leaf first."""
    values = []

    def slot(leaf):
        if prepare is not None:
            leaf = prepare(leaf)
        if isinstance(leaf, _ir.Value):
            values.append(leaf)
            return _Slot(len(values) - 1)
        return leaf
    return _map(out, slot), values


def fill_outputs(template, make):
    """The structure of split_outputs with slot i replaced by make(i)."""
    return _map(template, lambda leaf: make(leaf.index) if isinstance(leaf, _Slot) else leaf)


def _reject_side_effects(program, fn) -> None:
    """Eager calls compute values; a layer that updates its parameters (batch
    norm's running statistics in training mode) is training."""
    written = program.written_parameters()
    if written:
        raise EagerError(
            f"{getattr(fn, '__name__', 'the call')} updates parameter(s) "
            f"{', '.join(sorted(written))} (a layer in training mode): call model.eval() first "
            "(training is not supported by the CPU backend)")


def eager_parameters(layer):
    """Context manager: the layer's (and its sub-layers') parameters bound as
    EagerParameters during an eager call, restored afterwards."""
    return _EagerBinding(layer)


class _EagerBinding:
    def __init__(self, layer):
        self.layer = layer
        self.saved = []

    def __enter__(self):
        shared = {}
        for layer in self.layer.sublayers(include_self=True):
            for key, param in list(layer._parameters.items()):
                if param is None or isinstance(param, EagerParameter):
                    continue
                parameter = getattr(param, "parameter", None)
                if parameter is None:
                    continue
                eager = shared.get(id(parameter))
                if eager is None:
                    eager = shared[id(parameter)] = EagerParameter(parameter)
                self.saved.append((layer, key, param))
                layer._parameters[key] = eager
                object.__setattr__(layer, key, eager)
        return self

    def __exit__(self, *exc):
        for layer, key, param in reversed(self.saved):
            layer._parameters[key] = param
            object.__setattr__(layer, key, param)
        return False


for _name in ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__",
              "__truediv__", "__rtruediv__", "__floordiv__", "__mod__", "__pow__", "__matmul__",
              "__neg__", "__abs__", "__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__"):
    setattr(EagerTensor, _name, _operator(_name))


def _rpow(self, other):
    from . import ops
    return ops.pow(to_tensor(other, self.dtype), self)


def _rfloordiv(self, other):
    from . import ops
    return ops.floor_divide(to_tensor(other, self.dtype), self)


def _rmod(self, other):
    from . import ops
    return ops.remainder(to_tensor(other, self.dtype), self)


def _rmatmul(self, other):
    from . import ops
    return ops.matmul(to_tensor(other), self)


EagerTensor.__rpow__ = _rpow
EagerTensor.__rfloordiv__ = _rfloordiv
EagerTensor.__rmod__ = _rmod
EagerTensor.__rmatmul__ = _rmatmul
