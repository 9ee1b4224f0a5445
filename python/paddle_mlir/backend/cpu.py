"""Compile a pd program for the CPU and call it with numpy arrays.

`compile_program(module)` runs `pd-lower-to-llvm` on a (shape-specialized)
copy of a program and JIT-compiles it with MLIR's ExecutionEngine. The
compiled function takes the weights and feeds as numpy arrays and writes
the fetches into arrays it allocates (the lowering turns results into
out-parameters), so nothing is copied on the way in or out.
"""

from __future__ import annotations

import ctypes
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from mlir import ir

from ..dialects import pd
from ..pipeline import run_pipeline, verify_each_pass
from . import runtime_checks

#: numpy dtype of each pd element type name (pd.canonical_dtype).
NUMPY_DTYPES = {
    "bool": np.bool_, "int8": np.int8, "uint8": np.uint8, "int16": np.int16,
    "int32": np.int32, "int64": np.int64, "float16": np.float16,
    "float32": np.float32, "float64": np.float64,
}


class CompileError(RuntimeError):
    """The program cannot be compiled for the CPU."""


def numpy_dtype(element_type) -> np.dtype:
    name = pd.canonical_dtype(element_type)
    if name not in NUMPY_DTYPES:
        raise CompileError(f"element type {name} has no numpy equivalent on the CPU backend")
    return np.dtype(NUMPY_DTYPES[name])


_RUNTIME = None
# Engines are kept for the life of the process: tearing one down while the
# async runtime's worker threads may still hold its code was seen to crash
# later, unrelated calls (rarely). Each compiled program is small.
_ENGINES: list = []


#: The runtime of the JIT-ed code, built by CMake next to its sources: the
#: thread pool of parallel loops (runtime/thread_pool.c, `pdm_parallel_for`)
#: and the error channel of run-time checks (runtime/runtime_errors.c).
RUNTIME_LIBRARY = Path(__file__).resolve().parent / "runtime" / "libpaddle_mlir_runtime.so"


def runtime_library() -> ctypes.CDLL:
    """The runtime, loaded into the process once (RTLD_GLOBAL, so that every
    engine resolves `pdm_parallel_for` and `pdm_runtime_error` to it) rather
    than given to each ExecutionEngine."""
    global _RUNTIME
    if _RUNTIME is None:
        try:
            lib = ctypes.CDLL(str(RUNTIME_LIBRARY), mode=ctypes.RTLD_GLOBAL)
        except OSError as e:
            raise CompileError(f"cannot load the runtime {RUNTIME_LIBRARY} "
                               f"(rebuild with `make build`): {e}") from None
        lib.pdm_take_runtime_error.argtypes = [ctypes.POINTER(ctypes.c_int64)] * 2
        lib.pdm_take_runtime_error.restype = ctypes.c_int64
        lib.pdm_take_interrupt.argtypes = []
        lib.pdm_take_interrupt.restype = ctypes.c_int
        from .native import catch_sigint
        catch_sigint(lib.pdm_catch_sigint)
        _RUNTIME = lib
    return _RUNTIME


def runtime_libraries(parallel: bool) -> list[str]:
    """Shared libraries the JIT-ed code may call, for ExecutionEngine: none,
    the runtime is in the process (runtime_library)."""
    runtime_library()
    # Nothing else: libmlir_c_runner_utils would pull libMLIR.so into the
    # process (memref copies are lowered to loops instead).
    return []


def runtime_checks_default() -> bool:
    """Whether compiled code checks run-time indices and integer divisors
    (convert-pd-to-linalg's runtime-checks): on unless
    PADDLE_MLIR_RUNTIME_CHECKS is 0/off/false/no. Off is for inputs the
    caller trusts: an out-of-range index then reads outside its table and an
    integer division by zero kills the process."""
    env = os.environ.get("PADDLE_MLIR_RUNTIME_CHECKS")
    return env is None or env.strip().lower() not in ("0", "off", "false", "no")


def lowering_pipeline(parallel: bool = False, vectorize: bool = True,
                      generic_alloc: bool = False, stage: str = "all",
                      runtime_checks: bool = True) -> str:
    """pd-lower-to-llvm with these options; `stage` is all or a part (loops,
    llvm; buffers, from-buffers: lower_to_llvm runs those apart)."""
    opts = [] if stage == "all" else [f"stage={stage}"]
    if not runtime_checks:
        opts.append("runtime-checks=false")
    if parallel:
        opts.append("parallel=true")
    if not vectorize:
        opts.append("vectorize=false")
    if generic_alloc:
        opts.append("generic-alloc=true")
    return "pd-lower-to-llvm" + ("{" + " ".join(opts) + "}" if opts else "")


def lower_to_llvm(module: ir.Module, description: str, **options) -> None:
    """pd-lower-to-llvm (options: parallel, vectorize, generic_alloc,
    runtime_checks) in two runs: down to tiled and vectorized ops on buffers
    with the IR verified after each pass (a pass that breaks the IR stops
    there with a diagnostic, before a later pass trips over it; bufferization
    and tiling are where unusual programs find bugs), then the rest (kernels
    outlined, loops, MLIR's conversion to the LLVM dialect), verified once at
    the end unless PADDLE_MLIR_VERIFY_EACH=1: the tiled loops are ten times
    the ops, and verifying them after each pass cost more than the passes
    (0.6 s of DenseNet-121's 2.4 s)."""
    run_pipeline(module, lowering_pipeline(stage="buffers", **options), description=description)
    run_pipeline(module, lowering_pipeline(stage="from-buffers", **options),
                 description=description, verify_each=verify_each_pass())


@dataclass
class Signature:
    """Argument order of a lowered program: parameters, feeds, then one
    out-parameter per distinct fetched value (`results`); `fetch_results`
    maps each fetch (by col) to its result."""
    parameters: list          # names
    feeds: list               # names
    fetches: list             # result names
    fetch_shapes: list        # static shapes, per result
    fetch_dtypes: list        # numpy dtypes, per result
    fetch_results: list = None  # result index per fetch col
    #: result -> its shape result, for results whose size depends on the
    #: values (pd-bound-dynamic-results): the result's buffer has the
    #: bound's shape (fetch_shapes), the shape result (int64, one per dim,
    #: after the fetched results) the size of what the run wrote.
    dynamic_results: dict = field(default_factory=dict)


def trim_dynamic(outputs: list, dynamic: dict) -> list:
    """`outputs` (one array per result) with each data-dependent result cut
    to the shape its shape result holds (a view: no copy)."""
    if not dynamic:
        return outputs
    outputs = list(outputs)
    for r, s in dynamic.items():
        outputs[r] = outputs[r][tuple(slice(0, int(n)) for n in outputs[s])]
    return outputs


def _string_array(attr) -> list:
    return [ir.StringAttr(a).value for a in ir.ArrayAttr(attr)]


def fetch_types(module: ir.Module) -> list:
    """(shape, dtype) of each pd.fetch by col, from a specialized program
    whose shapes have been inferred."""
    fetches = []
    for op in module.body.operations[0].regions[0].blocks[0].operations:
        if op.operation.name == "pd.fetch":
            t = op.operation.results[0].type
            col = ir.IntegerAttr(op.operation.attributes["col"]).value
            name = ir.StringAttr(op.operation.attributes["name"]).value
            fetches.append((col, name, t))
    fetches.sort(key=lambda f: f[0])
    out = []
    for _, name, t in fetches:
        shape = pd.TensorType(t).shape if pd.TensorType.isinstance(t) else pd.VTensorType(t).shape
        dynamic = any(d < 0 for d in shape)
        out.append((name, None if dynamic else list(shape), numpy_dtype(t.element_type), str(t)))
    return out


def signature_of(llvm_module: ir.Module, fetches: list) -> Signature:
    for op in llvm_module.body.operations:
        attrs = op.operation.attributes
        if "pd.feeds" in attrs and op.operation.name == "llvm.func" and \
                not ir.StringAttr(attrs["sym_name"]).value.startswith("_mlir_ciface_"):
            names = _string_array(attrs["pd.fetches"])
            mapping = [ir.IntegerAttr(a).value for a in ir.ArrayAttr(attrs["pd.fetch_results"])]
            if len(mapping) != len(fetches):
                raise CompileError("fetch list changed during lowering")
            shapes, dtypes = [None] * len(names), [None] * len(names)
            for col, r in enumerate(mapping):
                shapes[r], dtypes[r] = fetches[col][1], fetches[col][2]
            dynamic = {}
            if "pd.dynamic_results" in attrs:
                for entry in ir.ArrayAttr(attrs["pd.dynamic_results"]):
                    d = ir.DictAttr(entry)
                    r = ir.IntegerAttr(d["result"]).value
                    s = ir.IntegerAttr(d["shape_result"]).value
                    bound = list(ir.DenseI64ArrayAttr(d["bound"]))
                    shapes[r] = bound
                    dynamic[r] = s
                    # Shape results follow the fetched ones, in order.
                    names.append(names[r] + "@shape")
                    shapes.append([len(bound)])
                    dtypes.append(np.dtype(np.int64))
            return Signature(_string_array(attrs["pd.parameters"]), _string_array(attrs["pd.feeds"]),
                             names, shapes, dtypes, mapping, dynamic)
    raise CompileError("the lowered module has no program function (pd.feeds)")


def take_failed_check():
    """(site, value, bound) of the first failed run-time check since the last
    call, or None."""
    value, bound = ctypes.c_int64(), ctypes.c_int64()
    site = runtime_library().pdm_take_runtime_error(ctypes.byref(value), ctypes.byref(bound))
    return None if site < 0 else (site, value.value, bound.value)


def run_interruptibly(func, packed) -> None:
    """func(packed) on the JIT runtime's thread pool; Ctrl-C during the call
    stops its parallel loops (runtime/thread_pool.c) and raises
    KeyboardInterrupt (a request from before the call is dropped)."""
    take = _RUNTIME.pdm_take_interrupt
    take()
    func(packed)
    if take():
        raise KeyboardInterrupt("the compiled program was interrupted; its outputs are "
                                "not valid")


class CompiledProgram:
    """A JIT-compiled program: call with {name: array} for weights and
    feeds, returns the fetches as a list of arrays."""

    def __init__(self, llvm_module: ir.Module, signature: Signature, *, parallel: bool,
                 opt_level: int = 3):
        from mlir.execution_engine import ExecutionEngine
        self.signature = signature
        #: Messages of the run-time checks, by site (runtime_checks.py).
        self.checks = runtime_checks.sites(llvm_module)
        self.engine = ExecutionEngine(llvm_module, opt_level=opt_level,
                                      shared_libs=runtime_libraries(parallel))
        _ENGINES.append(self.engine)
        # Resolve once: the packed wrapper of the C interface.
        self._func = self.engine.lookup("main")

    def __call__(self, arrays: dict, outputs: list | None = None) -> list:
        sig = self.signature
        if outputs is None:
            outputs = [np.empty(s, d) for s, d in zip(sig.fetch_shapes, sig.fetch_dtypes)]
        # The packed C interface takes the address of each argument, here
        # the address of a descriptor: one array of descriptor addresses,
        # one of addresses into it (all must outlive the call).
        keep = [_descriptor(arrays[name]) for name in sig.parameters + sig.feeds]
        keep += [_descriptor(out) for out in outputs]
        cells = (ctypes.c_void_p * len(keep))(*[ctypes.addressof(d) for d in keep])
        base, size = ctypes.addressof(cells), ctypes.sizeof(ctypes.c_void_p)
        packed = (ctypes.c_void_p * len(keep))(*[base + size * i for i in range(len(keep))])
        run_interruptibly(self._func, packed)
        if self.checks:
            self.raise_failed_check()
        outputs = trim_dynamic(outputs, sig.dynamic_results)
        # A value fetched twice is one result: later fetches get copies.
        fetched, seen = [], set()
        for r in sig.fetch_results or range(len(outputs)):
            fetched.append(outputs[r] if r not in seen else outputs[r].copy())
            seen.add(r)
        return fetched

    def raise_failed_check(self) -> None:
        failed = take_failed_check()
        if failed is not None:
            raise runtime_checks.RuntimeCheckError(runtime_checks.message(self.checks, *failed))


_DESCRIPTOR_TYPES: dict = {}


def descriptor_type(rank: int):
    """A memref descriptor struct of `rank` whose pointers are plain
    addresses (setting one is an integer store, no ctypes cast)."""
    t = _DESCRIPTOR_TYPES.get(rank)
    if t is None:
        fields = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p),
                  ("offset", ctypes.c_int64)]
        if rank:
            fields += [("sizes", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
        t = type(f"MemRef{rank}D", (ctypes.Structure,), {"_fields_": fields})
        _DESCRIPTOR_TYPES[rank] = t
    return t


class BoundCall:
    """A compiled program called again and again with arrays of fixed shapes:
    the descriptors and the packed argument list are built once, and a call
    only writes the addresses of the arrays that changed since the last one
    (the arrays of the last call are kept alive, so an address never goes
    stale). Inputs must be C-contiguous with the signature's shapes."""

    def __init__(self, compiled: CompiledProgram, input_shapes: list):
        sig = compiled.signature
        self.compiled = compiled
        self.n_inputs = len(input_shapes)
        self.output_specs = list(zip(sig.fetch_shapes, sig.fetch_dtypes))
        shapes = [tuple(s) for s in input_shapes] + [tuple(s) for s, _ in self.output_specs]
        self.descriptors = []
        for shape in shapes:
            d = descriptor_type(len(shape))()
            if shape:
                stride = 1
                for axis in range(len(shape) - 1, -1, -1):
                    d.sizes[axis] = shape[axis]
                    d.strides[axis] = stride
                    stride *= shape[axis]
            self.descriptors.append(d)
        self._pointers = [ctypes.pointer(ctypes.pointer(d)) for d in self.descriptors]
        self.packed = (ctypes.c_void_p * len(self._pointers))(
            *[ctypes.cast(p, ctypes.c_void_p) for p in self._pointers])
        self.last = [None] * len(shapes)
        self.spare = [None] * len(shapes)  # outputs of the call before the last
        self.func = compiled._func
        mapping = list(sig.fetch_results or range(len(self.output_specs)))
        self.fetch_results = mapping
        self.dynamic = sig.dynamic_results
        self.plain_fetches = mapping == list(range(len(self.output_specs))) and not self.dynamic

    def __call__(self, inputs: list) -> list:
        last, descriptors = self.last, self.descriptors
        for i, a in enumerate(inputs):
            if a is not last[i]:
                d = descriptors[i]
                d.allocated = d.aligned = a.ctypes.data
                last[i] = a
        outputs = []
        j = self.n_inputs
        spare = self.spare
        for shape, dtype in self.output_specs:
            # An output array of an earlier call that nobody holds any more
            # (nor a view of it): the last call's, or the one before (a loop
            # `r = run(...)` holds the last result during the next call).
            # Only its slot in `last` or `spare`, one local variable and
            # getrefcount's argument refer to it then. A fresh array of
            # megabytes costs a page fault per 4 KB at its first write
            # (1024^3 matmul: 4.3 -> 6.8 ms).
            out = last[j]
            if out is None or sys.getrefcount(out) > 3:
                candidate = spare[j]  # referred to by `spare` and `candidate`
                if candidate is None or sys.getrefcount(candidate) > 3:
                    candidate = np.empty(shape, dtype)
                spare[j] = out  # held now, maybe free by the next call
                out = candidate
                d = descriptors[j]
                d.allocated = d.aligned = out.ctypes.data
                last[j] = out
            outputs.append(out)
            j += 1
        run_interruptibly(self.func, self.packed)
        if self.compiled.checks:
            self.compiled.raise_failed_check()
        if self.plain_fetches:
            return outputs
        outputs = trim_dynamic(outputs, self.dynamic)
        fetched, seen = [], set()
        for r in self.fetch_results:
            fetched.append(outputs[r] if r not in seen else outputs[r].copy())
            seen.add(r)
        return fetched


def _descriptor(array: np.ndarray):
    """The memref descriptor of `array` (any strides, in elements), of the
    cached struct type of its rank: creating a ctypes type per call (as
    mlir.runtime's get_ranked_memref_descriptor does) cost ~30 us each."""
    d = descriptor_type(array.ndim)()
    d.allocated = d.aligned = array.ctypes.data
    if array.ndim:
        item = array.itemsize
        for i, (n, stride) in enumerate(zip(array.shape, array.strides)):
            d.sizes[i] = n
            d.strides[i] = stride // item
    return d


def compile_program(module: ir.Module, *, parallel: bool = False, vectorize: bool = True,
                    runtime_checks: bool | None = None,
                    description: str = "CPU compilation") -> CompiledProgram:
    """Lowers `module` (a shape-specialized pd program; modified in place)
    to LLVM and JIT-compiles it. `runtime_checks` None: runtime_checks_default()."""
    if runtime_checks is None:
        runtime_checks = runtime_checks_default()
    # Feed shapes were just substituted: until shapes are re-inferred,
    # results (e.g. of pd.combine) may still carry the old types.
    run_pipeline(module, "pd-infer-shapes", description=description, verify_each=False)
    # Then shape computations fold now that the feed shapes are known.
    run_pipeline(module, "pd-reduce-inplace-variants,pd-maximize-value-semantics,pd-refine-shapes",
                 description=description)
    fetches = fetch_types(module)
    # Lower first: an op that cannot be lowered is the better diagnostic.
    lower_to_llvm(module, description, parallel=parallel, vectorize=vectorize,
                  runtime_checks=runtime_checks)
    signature = signature_of(module, fetches)
    check_fetch_shapes(signature, fetches)
    return CompiledProgram(module, signature, parallel=parallel)


def check_fetch_shapes(signature: Signature, fetches: list) -> None:
    """Every fetch has a static shape once lowered: the feed shapes give it,
    or its size depends on the values and its buffer has the bound's shape."""
    for col, (name, _, _, type_text) in enumerate(fetches):
        r = signature.fetch_results[col] if signature.fetch_results else col
        if signature.fetch_shapes[r] is None:
            raise CompileError(
                f"fetch {name!r} has a dynamic shape {type_text} after shape inference; the "
                "CPU backend needs every fetched shape to follow from the feed shapes (or, "
                "for a size that depends on the values, a bound)")


def default_parallel() -> bool:
    """Threads pay on more than one core. PADDLE_MLIR_THREADS=N sets how many
    (0 or 1: none; the thread pool reads the same variable)."""
    env = os.environ.get("PADDLE_MLIR_THREADS")
    if env is not None:
        if env.strip().isdigit():
            return int(env) > 1
        return env not in ("false", "no")
    return (os.cpu_count() or 1) > 1
