"""`jit.to_static(fn_or_layer, input_spec=None)`: capture with control flow.

    @paddle_mlir.jit.to_static(input_spec=[InputSpec([None, 8], "float32")])
    def f(x):
        if x.mean() > 0:          # a tensor condition: pd.if
            x = x * 2
        return x

    y = f(np.ones((4, 8), "float32"))   # captured once, compiled, run

The function's source is converted (ast_transform.py) and run on program
values that stand for its tensor inputs. The captured program is cached per
*input spec* (LazyTensor's guards): the tensor inputs' shapes (with the
spec's None dims, which stay dynamic in the program) and dtypes, plus the
values of the Python arguments. A call that matches a cached spec reuses its
program (a new size of a None dim is compiled, not captured again); any
other call captures again. The `paddle_mlir.jit` logger says which, at
DEBUG level.
"""

from __future__ import annotations

import functools
import inspect
import logging
import types

import numpy as np

from ..eager import EagerTensor, _building, _classify
from ..static.input_spec import InputSpec
from .ast_transform import convert_function
from .captured import CaptureError, CapturedProgram, fetch_outputs

logger = logging.getLogger("paddle_mlir.jit")


def _is_tensor(v) -> bool:
    return isinstance(v, (EagerTensor, np.ndarray))


def _hashable(v):
    try:
        hash(v)
        return v
    except TypeError:
        return ("<unhashable>", type(v).__name__, id(v))


class StaticFunction:
    """A function or layer whose calls run captured programs."""

    def __init__(self, function, input_spec=None, full_graph=True, build_strategy=None,
                 backend=None):
        from ..nn.layer import Layer
        if not full_graph:
            raise ValueError("to_static(full_graph=False) (Paddle's bytecode capture with "
                             "fallbacks to Python) is not supported: paddle-mlir converts the "
                             "whole function (full_graph=True)")
        if backend not in (None, "CINN", "cinn"):
            raise ValueError(f"to_static backend {backend!r} is not supported")
        self._layer = function if isinstance(function, Layer) else None
        self._instance = None
        if self._layer is not None:
            self._function = type(function).forward
            self._instance = function
        elif isinstance(function, types.MethodType):
            self._function, self._instance = function.__func__, function.__self__
        elif inspect.isfunction(function):
            self._function = function
        else:
            raise TypeError(f"to_static takes a function or a Layer, got {type(function).__name__}")
        self._input_spec = None if input_spec is None else [
            s if isinstance(s, InputSpec) or s is None else InputSpec.from_tensor(s)
            for s in input_spec]
        self._programs: dict = {}
        self._last_key = None
        functools.update_wrapper(self, self._function)
        self.__name__ = getattr(self._function, "__qualname__", "function")

    # -- methods decorated in a class ---------------------------------------------
    def __get__(self, instance, owner):
        if instance is None:
            return self
        cache = instance.__dict__.setdefault("_pm_static_functions", {})
        bound = cache.get(id(self))
        if bound is None:
            bound = cache[id(self)] = StaticFunction(types.MethodType(self._function, instance),
                                                     self._input_spec)
        return bound

    # -- calls ----------------------------------------------------------------------
    def __call__(self, *args, **kwargs):
        _, symbolic = _classify(args, kwargs)
        if symbolic or _building():
            # Inside another capture: the converted function builds there.
            return self._converted()(*self._self_args(), *args, **kwargs)
        key, arrays, specs = self._key(args, kwargs)
        captured = self._programs.get(key)
        if captured is None:
            if self._programs:
                logger.debug("to_static(%s): capturing again: no cached program matches %s "
                             "(cached: %s)", self.__name__, _describe(key),
                             "; ".join(_describe(k) for k in self._programs))
            else:
                logger.debug("to_static(%s): capturing for %s", self.__name__, _describe(key))
            captured = self._programs[key] = self._capture(args, kwargs, specs)
        elif key != self._last_key:
            logger.debug("to_static(%s): reusing the program of %s", self.__name__,
                         _describe(key))
        self._last_key = key
        return captured.run(arrays)

    def _self_args(self):
        return () if self._instance is None else (self._instance,)

    def _converted(self):
        return convert_function(self._function)

    def _key(self, args, kwargs):
        """The guard: (spec per tensor input, value per Python argument)."""
        if any(_is_tensor(v) for v in kwargs.values()):
            raise CaptureError(f"{self.__name__}: pass tensors as positional arguments")
        key, arrays, specs = [], [], []
        tensor_index = 0
        for i, a in enumerate(args):
            if _is_tensor(a):
                array = a.numpy() if isinstance(a, EagerTensor) else a
                spec = self._spec_for(tensor_index, i, array)
                tensor_index += 1
                arrays.append(array)
                specs.append(spec)
                key.append(("tensor", spec.shape, spec.dtype))
            else:
                key.append(("python", type(a).__name__, _hashable(a)))
        for name in sorted(kwargs):
            key.append(("keyword", name, _hashable(kwargs[name])))
        return tuple(key), arrays, specs

    def _spec_for(self, index, position, array):
        given = None
        if self._input_spec is not None and index < len(self._input_spec):
            given = self._input_spec[index]
        if given is None:
            return InputSpec(array.shape, array.dtype.name)
        problem = given.matches(array.shape, array.dtype.name)
        if problem:
            raise CaptureError(f"{self.__name__}: argument {position} does not match its input "
                               f"spec: {problem}")
        return given

    def _capture(self, args, kwargs, specs):
        from .. import static
        from ..static import Program, program_guard
        program, startup = Program(), Program(name="startup")
        names = self._feed_names(args, specs)
        with program_guard(program, startup):
            feeds = iter(static.data(n, s.shape, s.dtype) for n, s in zip(names, specs))
            call_args = [next(feeds) if _is_tensor(a) else a for a in args]
            if self._layer is not None:
                self._layer._bind_parameters(program)
            out = self._converted()(*self._self_args(), *call_args, **kwargs)
            template, fetch_names = fetch_outputs(program, out, self.__name__)
        return CapturedProgram(program, names,
                               [([-1 if d is None else d for d in s.shape], s.dtype)
                                for s in specs],
                               template, fetch_names, f"to_static({self.__name__})")

    def _feed_names(self, args, specs):
        try:
            params = [p.name for p in inspect.signature(self._function).parameters.values()
                      if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        except (TypeError, ValueError):
            params = []
        if self._instance is not None:
            params = params[1:]
        names, k = [], 0
        for i, a in enumerate(args):
            if not _is_tensor(a):
                continue
            spec = specs[k]
            k += 1
            name = spec.name or (params[i] if i < len(params) else f"x{i}")
            names.append(name)
        if len(set(names)) != len(names):
            names = [f"x{i}" for i in range(len(names))]
        return names

    # -- inspection -----------------------------------------------------------------
    @property
    def program_cache(self) -> dict:
        """spec key -> CapturedProgram."""
        return dict(self._programs)

    @property
    def concrete_program(self):
        """The program of the last call (or of the input spec, captured now)."""
        if self._last_key is not None:
            return self._programs[self._last_key].program
        if self._input_spec is None:
            raise CaptureError(f"{self.__name__} has not been called and has no input_spec")
        return self.get_concrete_program().program

    def get_concrete_program(self, *example_args):
        """The captured program for the input spec (or for example args)."""
        if not example_args:
            if self._input_spec is None:
                raise CaptureError(f"{self.__name__}: give example arguments or an input_spec")
            example_args = tuple(np.zeros([1 if d is None else d for d in s.shape], s.dtype)
                                 for s in self._input_spec)
        key, _, specs = self._key(example_args, {})
        if key not in self._programs:
            self._programs[key] = self._capture(example_args, {}, specs)
        self._last_key = key
        return self._programs[key]

    def rollback(self):
        """The original function (Paddle's StaticFunction.rollback)."""
        return self._function if self._instance is None else \
            types.MethodType(self._function, self._instance)


def _describe(key) -> str:
    parts = []
    for item in key:
        if item[0] == "tensor":
            dims = ", ".join("None" if d is None else str(d) for d in item[1])
            parts.append(f"[{dims}] {item[2]}")
        elif item[0] == "python":
            parts.append(f"{item[2]!r}")
        else:
            parts.append(f"{item[1]}={item[2]!r}")
    return "(" + ", ".join(parts) + ")"


def to_static(function=None, input_spec=None, build_strategy=None, backend=None,
              full_graph=True, **kwargs):
    """`paddle.jit.to_static`, as a call or a decorator (with or without
    arguments)."""
    if kwargs:
        raise TypeError(f"to_static: unsupported argument(s) {', '.join(sorted(kwargs))}")

    def wrap(fn):
        from ..nn.layer import Layer
        static_fn = StaticFunction(fn, input_spec, full_graph, build_strategy, backend)
        if isinstance(fn, Layer):
            # As Paddle: the layer itself, its forward now the static function.
            object.__setattr__(fn, "forward", static_fn)
            return fn
        return static_fn
    return wrap if function is None else wrap(function)


def not_to_static(function):
    """Marks a function to be called as Python, not converted."""
    function.__pm_not_to_static__ = True
    return function
