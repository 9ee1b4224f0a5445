"""A captured program: what `jit.trace` and `jit.to_static` return calls of.

It holds the pd program (feeds for the tensor inputs, `pd.get_parameter` for
the weights, which stay outside the graph in the shared ParameterStore), the
structure of the function's outputs, and an Executor that compiles it once
per input shape. Called on arrays or eager tensors it runs the compiled
program; called on program values (inside another capture) it inlines its
ops there.
"""

from __future__ import annotations

import numpy as np
from mlir import ir

from ..eager import EagerTensor, embed, ensure_values, fill_outputs, split_outputs


class CaptureError(ValueError):
    """A captured program was called with inputs it does not accept."""


def fetch_outputs(program, out, where: str):
    """Fetches every tensor of `out` (nested lists/tuples/dicts); returns the
    structure with slots in their place and the fetch names."""
    from .convert import UndefinedVar

    def prepare(leaf):
        if isinstance(leaf, EagerTensor):
            return embed(leaf)
        if isinstance(leaf, UndefinedVar):
            leaf._fail()
        return leaf
    template, values = split_outputs(out, prepare)
    if not values:
        raise CaptureError(f"{where} returns no tensor: nothing to compute")
    names = []
    for i, v in enumerate(values):
        names.append(f"out_{i}")
        program.fetch(v, names[-1])
    return template, names


class CapturedProgram:
    def __init__(self, program, feed_names: list, feed_types: list, template, fetch_names: list,
                 what: str):
        from ..static import Executor
        self.program = program
        self.feed_names = feed_names
        self.feed_types = feed_types       # [(shape with -1, dtype)]
        self.template = template
        self.fetch_names = fetch_names
        self.what = what
        self.executor = Executor()
        ensure_values(program.parameters.parameters.values())

    def __str__(self):
        return str(self.program)

    def run(self, arrays: list):
        if len(arrays) != len(self.feed_names):
            raise CaptureError(f"{self.what} takes {len(self.feed_names)} tensor input(s), got "
                               f"{len(arrays)}")
        feed = {}
        for name, (shape, dtype), a in zip(self.feed_names, self.feed_types, arrays):
            a = np.asarray(a.numpy() if isinstance(a, EagerTensor) else a)
            if a.ndim != len(shape) or any(d >= 0 and d != s for d, s in zip(shape, a.shape)) \
                    or a.dtype.name != dtype:
                dims = "[" + ", ".join("None" if d < 0 else str(d) for d in shape) + "]"
                raise CaptureError(f"{self.what}: input {name!r} is {list(a.shape)} {a.dtype}, "
                                   f"the program takes {dims} {dtype}")
            feed[name] = a if a.flags.c_contiguous else np.ascontiguousarray(a)
        outputs = self.executor.run(self.program, feed=feed, fetch_list=self.fetch_names)
        return fill_outputs(self.template, lambda i: EagerTensor(outputs[i]))

    def inline(self, args: list):
        """The program's ops built at the current insertion point on `args`
        (program values), the outputs in the function's structure."""
        from ..static import default_main_program
        target = default_main_program()
        args = [embed(a) if isinstance(a, EagerTensor) else a for a in args]
        if len(args) != len(self.feed_names):
            raise CaptureError(f"{self.what} takes {len(self.feed_names)} tensor input(s), got "
                               f"{len(args)}")
        feeds = dict(zip(self.feed_names, args))
        try:
            ir.InsertionPoint.current
            return self._inline(target, feeds)
        except ValueError:
            with target.building():
                return self._inline(target, feeds)

    def _inline(self, target, feeds):
        mapping, fetched = {}, {}
        ip = ir.InsertionPoint.current
        for op in self.program.ops:
            o = op.operation
            if o.name == "pd.data":
                name = ir.StringAttr(o.attributes["name"]).value
                arg = feeds[name]
                if not isinstance(arg, ir.Value):
                    raise CaptureError(f"{self.what}: input {name!r} is {arg!r}, not a tensor")
                if arg.type.shape != o.results[0].type.shape or \
                        arg.type.dtype != o.results[0].type.dtype:
                    raise CaptureError(f"{self.what}: input {name!r} is {arg.type}; it was "
                                       f"captured for {o.results[0].type}")
                mapping[_key(o.results[0])] = arg
                continue
            if o.name == "pd.fetch":
                fetched[ir.StringAttr(o.attributes["name"]).value] = \
                    mapping[_key(o.operands[0])]
                continue
            if o.name == "pd.get_parameter":
                target.parameters.share(self.program.parameters.parameter(
                    ir.StringAttr(o.attributes["parameter_name"]).value))
            clone = o.clone(ip=ip)
            _remap(clone, mapping)
            for src, dst in zip(o.results, clone.results):
                mapping[_key(src)] = dst
        values = [fetched[n] for n in self.fetch_names]
        return fill_outputs(self.template, lambda i: values[i])


def _key(value) -> int:
    return ir.Value.__hash__(value)


def _remap(op, mapping) -> None:
    """Points the operands of `op` and of the ops nested in it at the
    inlined values."""
    for i, operand in enumerate(op.operands):
        new = mapping.get(_key(operand))
        if new is not None:
            op.operands[i] = new
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                _remap(inner.operation, mapping)
