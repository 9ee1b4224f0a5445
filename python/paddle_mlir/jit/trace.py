"""`jit.trace(fn_or_layer, example_inputs)`: run once, record the ops.

    traced = paddle_mlir.jit.trace(model, [x])     # x: an array or eager tensor
    y = traced(x2)                                  # the compiled program

The function runs once on program values that stand for the example inputs
(feeds of a new program); every op it calls is recorded, layers read their
weights with `pd.get_parameter` (they stay in the layers' ParameterStore).
Straight-line code is captured completely. Python control flow is not: where
the function asks for a tensor's value (`if t > 0:`, `int(t)`, `range(n)`),
the trace computes it on the example inputs, warns with the Python line
(`TracerWarning`), and records only the branch taken. Use `jit.to_static`
for control flow that depends on the inputs.
"""

from __future__ import annotations

import inspect
import os
import sys
import warnings

import numpy as np
from mlir import ir

from ..eager import EagerTensor, ensure_values
from .captured import CapturedProgram, fetch_outputs


class TracerWarning(UserWarning):
    """The trace turned a tensor's value into a Python constant."""


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_ACTIVE: list = []


def _user_frame():
    """(file, line) of the innermost caller outside paddle_mlir."""
    frame = sys._getframe(1)
    while frame is not None:
        filename = frame.f_code.co_filename
        if not os.path.abspath(filename).startswith(_PACKAGE_DIR):
            return filename, frame.f_lineno
        frame = frame.f_back
    return "<unknown>", 0


class _Trace:
    def __init__(self, program, feeds):
        self.program = program
        self.feeds = feeds
        self.executor = None

    def value_of(self, tensor, what: str):
        """The example value of `tensor`, with a warning, or None when the
        tensor is not a value of this trace's top-level block."""
        owner = tensor.owner
        block = owner if isinstance(owner, ir.Block) else owner.operation.block
        if block != self.program.block:
            return None
        from ..static import Executor
        if self.executor is None:
            self.executor = Executor()
        ensure_values(self.program.parameters.parameters.values())
        (array,) = self.executor.run(self.program, feed=self.feeds, fetch_list=[tensor])
        filename, line = _user_frame()
        warnings.warn_explicit(
            f"{filename}:{line}: the trace uses the value of a tensor ({what}) as a Python "
            "constant: the traced program always takes this path. Use jit.to_static for "
            "control flow on tensors.", TracerWarning, filename, line)
        return np.asarray(array)


def active_value_hook(tensor, what):
    """tensor.py's hook: a traced tensor's example value."""
    for trace in reversed(_ACTIVE):
        value = trace.value_of(tensor, what)
        if value is not None:
            return value
    return None


def _input_names(fn, count):
    """Feed names from the function's parameters (x, y ...), else x0, x1."""
    try:
        target = fn.forward if hasattr(fn, "forward") else fn
        params = [p.name for p in inspect.signature(target).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    names = params[:count] if len(params) >= count else []
    return names if len(set(names)) == count else [f"x{i}" for i in range(count)]


def trace(function, example_inputs, name: str | None = None) -> "TracedLayer":
    """Traces `function` (a Layer or a function of tensors) on
    `example_inputs` (an array/eager tensor, or a list of them)."""
    from .. import static
    from ..static import Program, program_guard
    if not isinstance(example_inputs, (list, tuple)):
        example_inputs = [example_inputs]
    arrays = []
    for i, x in enumerate(example_inputs):
        a = x.numpy() if isinstance(x, EagerTensor) else np.asarray(x)
        if a.dtype == object or a.dtype.kind in "US":
            raise TypeError(f"trace: example input {i} is not a tensor ({type(x).__name__})")
        arrays.append(np.ascontiguousarray(a))
    what = name or f"traced {getattr(function, '__qualname__', type(function).__name__)}"
    program, startup = Program(), Program(name="startup")
    names = _input_names(function, len(arrays))
    feeds = dict(zip(names, arrays))
    from .. import tensor as tensor_module
    tensor_module.value_hook = active_value_hook
    _ACTIVE.append(_Trace(program, feeds))
    try:
        with program_guard(program, startup):
            inputs = [static.data(n, a.shape, a.dtype.name) for n, a in zip(names, arrays)]
            out = function(*inputs)
            template, fetch_names = fetch_outputs(program, out, what)
    finally:
        _ACTIVE.pop()
    captured = CapturedProgram(program, names, [(list(a.shape), a.dtype.name) for a in arrays],
                               template, fetch_names, what)
    return TracedLayer(captured, function)


class TracedLayer:
    """The callable `jit.trace` returns: runs (or, inside another capture,
    inlines) the traced program."""

    def __init__(self, captured: CapturedProgram, function):
        self._captured = captured
        self._function = function

    @property
    def program(self):
        return self._captured.program

    def __str__(self):
        return str(self._captured.program)

    def __call__(self, *inputs):
        from ..eager import _building, _classify
        _, symbolic = _classify(inputs, {})
        if symbolic or _building():
            return self._captured.inline(list(inputs))
        return self._captured.run(list(inputs))
