"""`Executor("cpu")` and `Executor("gpu")`: run programs the way Paddle's
static Executor does.

    exe = static.Executor("cpu")
    exe.run(startup)                                   # fills main.parameters
    (y,) = exe.run(main, feed={"x": x}, fetch_list=[out])

Running a startup program evaluates its initializers into the
ParameterStore it shares with the main program. Running a main program
compiles it once per (program text, feed shapes and dtypes, fetch list):
the feed shapes are substituted into a copy of the program, shapes are
inferred, and `pd-lower-to-llvm` + the JIT produce a function that takes
the stored weights and the feeds as numpy arrays (no copies) and returns
the fetches.

`Executor("gpu")` (device 0) builds a CUDA library instead
(`pd-lower-to-cuda`, backend/native.py), the current parameter arrays frozen
into it, once per (program, feed shapes and dtypes, fetch list, parameter
arrays): a new array assigned to a parameter builds another library.
"""

from __future__ import annotations

import hashlib

import numpy as np

from .. import ir as pir
from ..backend import cpu
from ..dialects import pd
from .parameters import ParameterError, ParameterStore
from .program import Program
from .startup import run_startup

ir = pir


class ExecutorError(ValueError):
    """A run was asked with a wrong feed, fetch or place."""


def _value_hash(value) -> int:
    return ir.Value.__hash__(value)


def _fingerprint(program: Program) -> str:
    """The graph's structure (ops, their attributes and result types, and
    which values they use), cheaper than printing the module: weights in
    dense_resource blobs are not read."""
    parts = [str(id(program.module))]
    ids: dict = {}

    def visit(block):
        for arg in block.arguments:
            ids[_value_hash(arg)] = len(ids)
        for op in block.operations:
            o = op.operation
            parts.append(o.name)
            parts.append(",".join(str(ids.get(_value_hash(v), -1)) for v in o.operands))
            for name in o.attributes:
                attr = o.attributes[name]
                # Large dense constants are identified by type alone.
                if isinstance(attr, ir.DenseElementsAttr):
                    parts.append(f"{name}:{attr.type}")
                else:
                    parts.append(f"{name}={attr}")
            for r in o.results:
                ids[_value_hash(r)] = len(ids)
                parts.append(str(r.type))
            for region in o.regions:
                for b in region.blocks:
                    visit(b)

    visit(program.block)
    return hashlib.sha1("|".join(parts).encode()).hexdigest()


def _structural_hash(program: Program) -> int:
    from .. import _paddle_mlir_ext
    return _paddle_mlir_ext.structural_hash(program._func.operation)


class _FastRun:
    """The last run of a program, ready to repeat: valid while the program's
    structure (a hash computed in C++), its store, the feed names, shapes and
    dtypes and the fetch list stay the same. Weights are read from the store
    at every run (a new array is picked up), feeds are passed in place."""

    def __init__(self, program: Program, store: ParameterStore, compiled, feed: dict,
                 fetch_list):
        sig = compiled.signature
        self.program, self.store = program, store
        self.hash = _structural_hash(program)
        self.params = [store.parameter(n) for n in sig.parameters]
        self.feed_names = list(sig.feeds)
        self.feed_specs = {n: (np.asarray(a).shape, np.asarray(a).dtype) for n, a in feed.items()}
        self.fetch_list = list(fetch_list or [])
        shapes = [p.shape for p in self.params] + [self.feed_specs[n][0] for n in sig.feeds]
        self.call = cpu.BoundCall(compiled, shapes)

    def run(self, program: Program, feed, fetch_list, store):
        """The fetches, or None when this run is not the same as the last."""
        if program is not self.program or store is not self.store or feed is None or \
                len(feed) != len(self.feed_specs):
            return None
        # By identity (names by value): `!=` on lists of program tensors
        # would build pd.equal ops and ask for their truth.
        fetches = list(fetch_list or [])
        if len(fetches) != len(self.fetch_list) or not all(
                a is b or (type(a) is str and type(b) is str and a == b)
                for a, b in zip(fetches, self.fetch_list)):
            return None
        for name, (shape, dtype) in self.feed_specs.items():
            a = feed.get(name)
            if type(a) is not np.ndarray or a.shape != shape or a.dtype != dtype or \
                    not a.flags.c_contiguous:
                return None
        inputs = []
        for p in self.params:
            value = p.value
            if value is None or store.parameters.get(p.name) is not p:
                return None
            inputs.append(value)
        for name in self.feed_names:
            inputs.append(feed[name])
        if _structural_hash(program) != self.hash:
            return None
        return self.call(inputs)


class Executor:
    def __init__(self, place="cpu", *, parallel: bool | None = None,
                 runtime_checks: bool | None = None):
        """`runtime_checks=False` compiles without the checks of run-time
        indices and integer divisors (trusted inputs only); None:
        PADDLE_MLIR_RUNTIME_CHECKS, on by default."""
        place_name = str(place).lower().replace(" ", "")
        self._cuda_target = None
        if place_name in ("gpu", "gpu:0", "cuda", "cuda:0", "cudaplace(0)", "place(gpu:0)"):
            # The GPU: the chip and multiprocessors of device 0, from the driver.
            from ..backend import cuda
            try:
                self._cuda_target = cuda.device_target()
            except cuda.CudaError as e:
                raise ExecutorError(f"Executor({place!r}): {e}") from None
            self.place = "gpu"
        elif place_name not in ("cpu", "cpuplace", "cpuplace()", "place(cpu)"):
            raise ExecutorError(
                f"Executor place {place!r} is not supported: the Executor runs on 'cpu' or "
                "'gpu' (device 0)")
        else:
            self.place = "cpu"
        self.parallel = cpu.default_parallel() if parallel is None else parallel
        self.runtime_checks = (cpu.runtime_checks_default() if runtime_checks is None
                               else bool(runtime_checks))
        self._cache: dict = {}
        self._fast: dict = {}     # id(program) -> _FastRun of its last run

    # -- public API ------------------------------------------------------------
    def run(self, program: Program | None = None, feed: dict | None = None,
            fetch_list=None, return_numpy: bool = True, store: ParameterStore | None = None):
        from .program import default_main_program
        program = program if program is not None else default_main_program()
        store = store if store is not None else program.parameters
        # The common case: the same program, feed shapes and fetches as the
        # last run of this program; checking that is all a run costs.
        fast = self._fast.get(id(program))
        if fast is not None:
            outputs = fast.run(program, feed, fetch_list, store)
            if outputs is not None:
                return outputs
        feed = dict(feed or {})
        names = {op.operation.name for op in program.ops}
        if "pd.fetch" not in names and not fetch_list:
            # A startup program (it may also initialize nothing): evaluate
            # the initializers into the store; nothing is fetched.
            run_startup(program, store)
            return []
        if self._cuda_target is not None:
            return self._run_gpu(program, feed, list(fetch_list or []), store)
        compiled, fetch_names = self._compiled(program, feed, list(fetch_list or []))
        arrays = {}
        for name in compiled.signature.parameters:
            try:
                value = store[name]
            except (KeyError, ParameterError):
                raise ExecutorError(
                    f"parameter {name!r} has no value: run the startup program (or load "
                    "the weights) before running the main program") from None
            arrays[name] = np.ascontiguousarray(value)
        for name in compiled.signature.feeds:
            arrays[name] = feed[name]
        fast = _FastRun(program, store, compiled, feed, fetch_list)
        self._fast[id(program)] = fast
        return fast.call([arrays[n] for n in compiled.signature.parameters + compiled.signature.feeds])

    # -- compilation -----------------------------------------------------------
    def _prepare(self, program: Program, feed: dict, fetch_list: list):
        """Checks the feeds (normalized in place) and fetches; returns the
        cache key, the feed shapes, the values to fetch and the fetch names."""
        _refuse_training(program)
        feeds = program.feeds()
        feed_names = [n for n, _ in feeds]
        for name in feed:
            if name not in feed_names:
                raise ExecutorError(
                    f"feed {name!r} is not an input of the program (its feeds: "
                    f"{', '.join(feed_names) or 'none'})")
        specialized = {}
        for name, t in feeds:
            if name not in feed:
                raise ExecutorError(f"feed {name!r} is missing (the program reads it)")
            array = np.asarray(feed[name])
            expected = cpu.numpy_dtype(t.element_type)
            if array.dtype != expected:
                raise ExecutorError(
                    f"feed {name!r} has dtype {array.dtype}, the program declares {expected}")
            shape = list(pd.TensorType(t).shape if pd.TensorType.isinstance(t)
                         else pd.VTensorType(t).shape)
            if len(shape) != array.ndim or any(d >= 0 and d != s for d, s in zip(shape, array.shape)):
                declared = "[" + ", ".join("-1" if d < 0 else str(d) for d in shape) + "]"
                raise ExecutorError(
                    f"feed {name!r} has shape {list(array.shape)}, the program declares {declared}")
            feed[name] = np.ascontiguousarray(array)
            specialized[name] = tuple(array.shape)

        # Fetches: names of existing pd.fetch ops, or values to fetch.
        existing = program.fetches()
        added, fetch_names = [], []
        for i, item in enumerate(fetch_list):
            if isinstance(item, str):
                if item not in existing:
                    raise ExecutorError(
                        f"fetch {item!r} is not an output of the program (its fetches: "
                        f"{', '.join(existing) or 'none'})")
                fetch_names.append(item)
            elif isinstance(item, ir.Value):
                added.append(item)
                fetch_names.append(None)
            else:
                raise ExecutorError(f"fetch_list[{i}] is {type(item).__name__}; expected a "
                                    "program value or a fetch name")
        if not fetch_list:
            fetch_names = list(existing)

        key = (_fingerprint(program),
               tuple(sorted((n, s, str(feed[n].dtype)) for n, s in specialized.items())),
               tuple(fetch_names), tuple(_value_hash(v) for v in added))
        return key, specialized, added, fetch_names

    def _compiled(self, program: Program, feed: dict, fetch_list: list):
        key, specialized, added, fetch_names = self._prepare(program, feed, fetch_list)
        hit = self._cache.get(key)
        if hit is not None:
            return hit, fetch_names

        module = self._specialize(program, specialized, added, fetch_names)
        compiled = cpu.compile_program(module, parallel=self.parallel,
                                       runtime_checks=self.runtime_checks,
                                       description="Executor(cpu) compilation")
        self._cache[key] = compiled
        return compiled, fetch_names

    def _run_gpu(self, program: Program, feed: dict, fetch_list: list,
                 store: ParameterStore) -> list:
        """The program on the GPU: a CUDA library per (program, feed shapes,
        fetches, parameter arrays), the weights frozen into it (uploaded on
        its first run); assigning a new array to a parameter builds another.
        A failed run-time check raises RuntimeCheckError, a CUDA failure
        CudaError."""
        import tempfile
        from pathlib import Path

        from ..backend import native
        key, specialized, added, fetch_names = self._prepare(program, feed, fetch_list)
        module = None
        params = [ir.StringAttr(op.attributes["parameter_name"]).value
                  for op in program._ops_named("pd.get_parameter")]
        try:
            arrays = [store[n] for n in params]
        except (KeyError, ParameterError):
            missing = next(n for n in params if store.parameters.get(n) is None
                           or store.parameters[n].value is None)
            raise ExecutorError(
                f"parameter {missing!r} has no value: run the startup program (or load "
                "the weights) before running the main program") from None
        key = key + (tuple(id(a) for a in arrays),)
        library = self._cache.get(key)
        if library is None:
            module = self._specialize(program, specialized, added, fetch_names)
            frozen = Program(module)
            for name, array in zip(params, arrays):
                frozen.parameters.declare(name, array.shape, store.parameter(name).dtype)
                frozen.parameters[name] = array
            # (The loaded library stays mapped when its directory is removed.)
            with tempfile.TemporaryDirectory(prefix="paddle_mlir_gpu_executor_") as out_dir:
                native.build_library(frozen, specialized, Path(out_dir), pipeline=None,
                                     runtime_checks=self.runtime_checks,
                                     cuda_target=self._cuda_target)
                library = native.NativeProgram.load(out_dir)
            # Arrays kept alive with the library: the key holds their ids.
            self._cache[key] = library
            self._cache[("arrays",) + key] = arrays
        inputs = [np.ascontiguousarray(feed[f.name]) for f in library.feeds]
        return library.run(inputs)

    def _specialize(self, program: Program, shapes: dict, added: list, fetch_names: list):
        """A copy of the program with concrete feed shapes and exactly the
        requested fetches (in order)."""
        # Temporary fetch ops for requested values, so the copy has them.
        temp = []
        base = 1 << 20
        with program.building():
            for i, value in enumerate(added):
                temp.append(pd.FetchOp(value, f"__fetch_{i}", base + i))
        try:
            # A clone, not a print and parse: the weights (dense_resource
            # blobs) are shared, not printed in hex and read back.
            with program.context, program.module.operation.location:
                module = ir.Module.create()
                source_attrs = program.module.operation.attributes
                for i in range(len(source_attrs)):
                    named = source_attrs[i]
                    module.operation.attributes[named.name] = named.attr
                with ir.InsertionPoint(module.body):
                    for op in program.module.body.operations:
                        op.operation.clone()
        finally:
            for op in temp:
                op.operation.erase()
        fn = module.body.operations[0]
        block = fn.regions[0].blocks[0]
        wanted = []
        it = iter(range(len(added)))
        for name in fetch_names:
            wanted.append(name if name is not None else f"__fetch_{next(it)}")
        with program.context, ir.Location.unknown(program.context):
            fetch_ops = {}
            for op in list(block.operations):
                name = op.operation.name
                if name == "pd.data":
                    fname = ir.StringAttr(op.operation.attributes["name"]).value
                    t = op.operation.results[0].type
                    new_type = (pd.TensorType.get(list(shapes[fname]), t.element_type)
                                if pd.TensorType.isinstance(t)
                                else pd.VTensorType.get(list(shapes[fname]), t.element_type))
                    op.operation.results[0].set_type(new_type)
                    op.operation.attributes["shape"] = ir.DenseI64ArrayAttr.get(list(shapes[fname]))
                elif name == "pd.fetch":
                    fetch_ops.setdefault(ir.StringAttr(op.operation.attributes["name"]).value, op)
            # Keep the requested fetches, renumbered; drop the others.
            keep = set()
            for col, name in enumerate(wanted):
                op = fetch_ops[name]
                op.operation.attributes["col"] = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), col)
                keep.add(name)
            for name, op in fetch_ops.items():
                if name not in keep:
                    op.operation.erase()
        return module


def _refuse_training(program: Program) -> None:
    """A program that writes parameters (a batch norm's running statistics
    in training mode) is training, which the CPU backend does not do: say
    how to get the inference program instead of failing in the lowering."""
    for op in program._ops_named("pd.set_parameter"):
        name = op.attributes["parameter_name"].value
        source = op.operands[0].owner
        what = source.name if hasattr(source, "name") else "an op"
        if what == "pd.batch_norm":
            what = "pd.batch_norm in training mode"
        raise ExecutorError(
            f"the program updates parameter {name!r} ({what}): this is a training program; "
            "call model.eval() before building the program for inference (training is not "
            "supported by the CPU backend yet)")
