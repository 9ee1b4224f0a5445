"""Ahead-of-time compilation of pd programs for the CPU (`paddle-mlir compile`).

    lowered = lower_program(load_program("model.json"), {"x": (1, 784)})
    emit(lowered, "so", "libmodel.so")      # + libmodel.h

A program is frozen (its weights become `dense_resource` constants), optimized
(`pd-inference-opt` by default), specialized to static feed shapes and lowered
with `pd-lower-to-llvm` exactly as `static.Executor("cpu")` does; then:

- `mlir`: the LLVM-dialect module (text, or bytecode for `.mlirbc`);
- `llvm`: LLVM IR from `mlir-translate --mlir-to-llvmir`;
- `obj`: `opt -O1` + `llc -O2 -filetype=obj -relocation-model=pic` (the host
  triple, `-mcpu=native` by default), combined (`cc -r`) with a small
  generated C wrapper and the weights into one relocatable object, plus the
  header OUT.h;
- `so`: the same objects linked with `cc -shared -Wl,-z,defs` into a library
  whose only exported symbol is the entry point declared in OUT.h.

The weights are compiled in as read-only data: small constants stay in the
LLVM IR, large ones (>= 1 KiB) are written as raw bytes into an object of
their own (`weights_object`; printing them as LLVM IR text would cost seconds
per million weights). The entry point takes only the feeds and the fetch buffers:

    int paddle_mlir_main(const float *x, float *fetch_name_0);

(contiguous row-major arrays of the static shapes documented in the header;
the caller allocates the outputs). The library needs only libc and libm (the
wrapper carries its own `memrefCopy`); when `parallel=True` makes the lowered
code call the thread pool (`pdm_parallel_for`), the pool
(`runtime/thread_pool.c`, pthreads) is compiled in, so a parallel library is
self-contained too; it also exports `<entry>_set_num_threads`.

The lowered program function is renamed from `main` to `<entry>_program`
(internal linkage) so that an executable's own `main` never clashes with it.
"""

from __future__ import annotations

import concurrent.futures
import functools
import keyword
import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from mlir import ir

from ..dialects import pd
from ..pipeline import run_pipeline
from . import cpu, runtime_checks, weights_object
from .runtime_checks import sites as runtime_check_sites  # (lower_program's argument is runtime_checks)

EMIT_KINDS = ("mlir", "llvm", "obj", "so")
DEFAULT_PIPELINE = "pd-inference-opt"
DEFAULT_ENTRY = "paddle_mlir_main"


# The thread pool of parallel loops (pdm_parallel_for), compiled into parallel
# libraries; also built as a shared library for the JIT.
THREAD_POOL_SOURCE = Path(__file__).resolve().parent / "runtime" / "thread_pool.c"
RUNTIME_ERRORS_SOURCE = Path(__file__).resolve().parent / "runtime" / "runtime_errors.c"

#: How the runtime's sources are compiled into a library (hidden symbols:
#: each library its own pool and error channel). python/CMakeLists.txt
#: compiles them so, next to the sources, at build time.
RUNTIME_OBJECT_FLAGS = ["-O2", "-fPIC", "-pthread", "-fvisibility=hidden", "-DPDM_HIDDEN"]


def runtime_object(source: Path, workdir: Path, cc: str) -> Path:
    """The object of a runtime source: the one the build compiled beside it
    (SOURCE.o, when not older than the source), else compiled into `workdir`
    (a tree not built since the source changed). Saves each cold compile
    the C compiler's 0.1 s on the thread pool."""
    prebuilt = source.with_suffix(".o")
    try:
        if prebuilt.stat().st_mtime >= source.stat().st_mtime:
            return prebuilt
    except OSError:
        pass
    obj = workdir / prebuilt.name
    _run_tool([cc, *RUNTIME_OBJECT_FLAGS, "-c", source, "-o", obj], f"compiling {source.name}")
    return obj


class AotError(RuntimeError):
    """The program cannot be compiled ahead of time (one-line message)."""


# -- tools ------------------------------------------------------------------------
_SITE = Path(ir.__file__).resolve().parents[1]          # .../site-packages
MLIR_BIN_DIR = _SITE / "mlir" / "bin"
LLVM_BIN_DIR = _SITE / "llvm" / "bin"


def find_tool(name: str) -> str:
    """An MLIR/LLVM tool of the pinned wheels (mlir/bin, llvm/bin), else PATH."""
    for d in (MLIR_BIN_DIR, LLVM_BIN_DIR):
        p = d / name
        if p.is_file() and os.access(p, os.X_OK):
            return str(p)
    found = shutil.which(name)
    if found:
        return found
    raise AotError(f"{name} not found (looked in {MLIR_BIN_DIR}, {LLVM_BIN_DIR} and PATH)")


def find_c_compiler() -> str | None:
    """$CC, else cc, gcc or clang on PATH; None when there is none."""
    env = os.environ.get("CC")
    if env:
        first = env.split()[0]
        return shutil.which(first) or (first if Path(first).is_file() else None)
    for name in ("cc", "gcc", "clang"):
        found = shutil.which(name)
        if found:
            return found
    return None


_HOST_TRIPLE = None


def host_triple() -> str:
    global _HOST_TRIPLE
    if _HOST_TRIPLE is None:
        try:
            out = subprocess.run([find_tool("llvm-config"), "--host-target"],
                                 capture_output=True, text=True, check=True)
            _HOST_TRIPLE = out.stdout.strip()
        except (AotError, OSError, subprocess.CalledProcessError):
            import platform
            _HOST_TRIPLE = f"{platform.machine()}-unknown-linux-gnu"
    return _HOST_TRIPLE


def _run_tool(argv: list, what: str, stdin: bytes | None = None) -> bytes:
    try:
        out = subprocess.run([str(a) for a in argv], input=stdin, capture_output=True)
    except OSError as e:
        raise AotError(f"{what}: cannot run {argv[0]}: {e.strerror or e}") from None
    if out.returncode != 0:
        err = _first_lines(out.stderr.decode(errors="replace"))
        raise AotError(f"{what} failed (exit {out.returncode}): "
                       f"{' '.join(map(str, argv))}\n{err}")
    return out.stdout


def _first_lines(text: str, count: int = 20) -> str:
    """A tool's or a translation's diagnostics, cut to their first lines."""
    lines = text.strip().splitlines()
    if len(lines) > count:
        lines = lines[:count] + [f"... ({len(lines) - count} more lines)"]
    return "\n".join(lines)


# -- shapes -----------------------------------------------------------------------
def parse_shape_spec(spec: str) -> tuple[str, tuple]:
    """`NAME=2x3` (or `NAME=2,3`; `NAME=` for a 0-d feed) -> (NAME, (2, 3))."""
    name, sep, dims = spec.partition("=")
    name = name.strip()
    if not sep or not name:
        raise AotError(f"--shape {spec!r}: expected NAME=DIMS, e.g. x=2x784")
    dims = dims.strip()
    if dims in ("", "scalar"):
        return name, ()
    try:
        shape = tuple(int(d) for d in re.split(r"[x,]", dims))
    except ValueError:
        raise AotError(f"--shape {spec!r}: dimensions must be integers separated by "
                       "'x', e.g. x=2x784") from None
    if any(d < 0 for d in shape):
        raise AotError(f"--shape {spec!r}: dimensions must not be negative")
    return name, shape


def parse_shapes(specs) -> dict:
    shapes = {}
    for spec in specs or []:
        name, shape = parse_shape_spec(spec)
        if name in shapes and shapes[name] != shape:
            raise AotError(f"--shape gives feed {name!r} twice")
        shapes[name] = shape
    return shapes


def _type_shape(t) -> list:
    return list(pd.TensorType(t).shape if pd.TensorType.isinstance(t) else pd.VTensorType(t).shape)


def _fmt_shape(shape) -> str:
    return "[" + ", ".join("?" if d < 0 else str(d) for d in shape) + "]"


# -- loading ----------------------------------------------------------------------
def load_program(path, params=None):
    """A pd program with its weights: a `.mlir`/`.mlirbc` program (weights from
    `params`, default PROGRAM.npz beside it when the program reads any) or a
    Paddle `MODEL.json` (weights from `params`, default MODEL.pdiparams)."""
    from ..frontend.paddle import load as paddle_load
    from ..static import Program
    path = Path(path)
    if not path.is_file():
        raise AotError(f"{path}: no such file")
    if path.suffix == ".json":
        program = paddle_load(path, params)
        missing = sorted(n for n, p in program.parameters.parameters.items() if p.value is None)
        if missing:
            raise AotError(f"{path}: the program has parameters but no weights file was found "
                           f"(expected {path.with_suffix('.pdiparams')}; pass --params)")
        return program
    program = Program.load(path)
    needed = {}
    for op in program.ops:
        if op.operation.name == "pd.get_parameter":
            t = op.result.type
            needed[op.attributes["parameter_name"].value] = (tuple(t.shape), t.dtype)
    if not needed:
        return program
    weights = Path(params) if params is not None else path.with_suffix(".npz")
    if not weights.is_file():
        raise AotError(f"{path}: the program reads parameters ({', '.join(sorted(needed))}) "
                       f"but there is no weights file {weights} (pass --params WEIGHTS.npz)")
    load_npz_weights(program, weights, needed)
    return program


def load_npz_weights(program, path, needed: dict) -> None:
    """Declares the parameters the program reads and fills them from an .npz
    (extra arrays are ignored; missing or mismatched ones are errors)."""
    import zipfile
    try:
        with np.load(path, allow_pickle=False) as npz:
            arrays = {name: npz[name] for name in npz.files if name in needed}
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, KeyError) as e:
        raise AotError(f"{path}: not a valid .npz weights file ({e})") from None
    problems = []
    for name, (shape, dtype) in sorted(needed.items()):
        a = arrays.get(name)
        if a is None:
            problems.append(f"missing parameter {name!r}")
        elif tuple(a.shape) != shape:
            problems.append(f"{name!r}: shape {list(a.shape)} in the file, {list(shape)} declared")
        elif a.dtype != cpu.NUMPY_DTYPES.get(dtype, None):
            problems.append(f"{name!r}: dtype {a.dtype} in the file, {dtype} declared")
    if problems:
        raise AotError(f"{path}: " + "; ".join(problems))
    store = program.parameters
    for name, (shape, dtype) in needed.items():
        if name not in store.parameters:
            store.declare(name, shape, dtype)
        store[name] = np.ascontiguousarray(arrays[name])


def optimize(program, pipeline: str | None = DEFAULT_PIPELINE) -> None:
    """Freezes the weights into the program (dense_resource constants) and runs
    `pipeline` on it (None or "" or "none": no optimization)."""
    program.freeze()
    if pipeline and pipeline.strip() not in ("", "none"):
        run_pipeline(program.module, pipeline, description=pipeline)


def feed_shapes(program, shapes: dict) -> dict:
    """The static shape of every feed: the declared one, with `shapes` filling
    (and having to agree with) its dimensions."""
    feeds = program.feeds()
    names = [n for n, _ in feeds]
    unknown = [n for n in shapes if n not in names]
    if unknown:
        raise AotError(f"--shape names {unknown[0]!r}, which is not a feed of the program "
                       f"(its feeds: {', '.join(names) or 'none'})")
    out = {}
    for name, t in feeds:
        declared = _type_shape(t)
        if name in shapes:
            given = list(shapes[name])
            if len(given) != len(declared) or any(
                    d >= 0 and d != g for d, g in zip(declared, given)):
                raise AotError(f"--shape {name}={'x'.join(map(str, given))} does not fit feed "
                               f"{name!r} of shape {_fmt_shape(declared)}")
            out[name] = tuple(given)
        elif any(d < 0 for d in declared):
            example = "x".join("N" if d < 0 else str(d) for d in declared) or "scalar"
            raise AotError(f"feed {name!r} has a dynamic shape {_fmt_shape(declared)}: "
                           f"give its static shape with --shape {name}={example}")
        else:
            out[name] = tuple(declared)
    return out


def specialize(program, shapes: dict) -> ir.Module:
    """A copy of `program` with static feed shapes (as the Executor makes it)."""
    from ..static.executor import Executor
    return Executor("cpu", parallel=False)._specialize(
        program, shapes, [], list(program.fetches()))


# -- lowering ---------------------------------------------------------------------
@dataclass
class TensorSpec:
    """A feed or fetch of the entry point."""
    name: str            # the program's name
    shape: tuple
    dtype: np.dtype
    c_name: str = ""     # the C parameter name

    @property
    def numel(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64)) if self.shape else 1

    @property
    def c_type(self) -> str:
        return C_TYPES[np.dtype(self.dtype).name]

    @property
    def dtype_name(self) -> str:
        return np.dtype(self.dtype).name


C_TYPES = {
    "float32": "float", "float64": "double", "int8": "int8_t", "uint8": "uint8_t",
    "int16": "int16_t", "int32": "int32_t", "int64": "int64_t",
    "bool": "uint8_t",      # one byte, 0 or 1
    "float16": "uint16_t",  # IEEE half, raw bits
}

C_KEYWORDS = frozenset("""auto break case char const continue default do double else enum
extern float for goto if inline int long register restrict return short signed sizeof
static struct switch typedef union unsigned void volatile while bool true false NULL
_Bool _Complex _Imaginary""".split())


def _c_identifier(name: str, taken: set) -> str:
    ident = re.sub(r"\W", "_", name, flags=re.ASCII) or "arg"
    if ident[0].isdigit():
        ident = "_" + ident
    if ident in C_KEYWORDS or keyword.iskeyword(ident):
        ident += "_"
    base, i = ident, 1
    while ident in taken:
        ident = f"{base}_{i}"
        i += 1
    taken.add(ident)
    return ident


@dataclass
class LoweredProgram:
    """An LLVM-dialect module whose program function is `<entry>_program`
    (C interface: `_mlir_ciface_<entry>_program(feeds..., fetches...)`)."""
    module: ir.Module
    entry: str
    feeds: list
    fetches: list
    parallel: bool
    source: str = ""
    timings: dict = field(default_factory=dict)
    fetch_results: list = None   # per fetch (col): the result of the program function
    batch: object = None         # batching.BatchAnalysis when asked for (batch_feeds)
    runtime_checks: list = field(default_factory=list)  # check messages, by site
    #: fetch col -> the col of its shape output, for fetches whose size
    #: depends on the values (their buffers have the bound's shape)
    dynamic_fetches: dict = field(default_factory=dict)

    @functools.cached_property
    def external_functions(self) -> set:
        """Functions the lowered code calls but does not define: the
        declarations at the top of the module (the LLVM lowerings declare a
        function when they create a call to it). Only the top level is read:
        a walk of the whole module in Python takes seconds on large models."""
        declared = set()
        for op in self.module.body.operations:
            if op.operation.name == "llvm.func" and not op.operation.regions[0].blocks:
                declared.add(ir.StringAttr(op.operation.attributes["sym_name"]).value)
        return declared

    @property
    def uses_thread_pool(self) -> bool:
        return "pdm_parallel_for" in self.external_functions

    @property
    def uses_runtime_checks(self) -> bool:
        """Whether the code checks values at run time (runtime_checks.py)."""
        return "pdm_runtime_error" in self.external_functions

    @property
    def program_symbol(self) -> str:
        return f"{self.entry}_program"

    @property
    def ciface_symbol(self) -> str:
        return f"_mlir_ciface_{self.program_symbol}"


def lower_program(program, shapes: dict | None = None, *, parallel: bool = False,
                  pipeline: str | None = DEFAULT_PIPELINE, entry: str = DEFAULT_ENTRY,
                  source: str = "", batch_feeds: list | None = None,
                  runtime_checks: bool | None = None, cuda_target=None) -> LoweredProgram:
    """Freezes, optimizes, specializes and lowers `program` (modified in place)
    to the LLVM dialect. With `batch_feeds` (feeds whose dim 0 is a dynamic
    batch, given as 1 in `shapes`), also decides whether the program computes
    each sample on its own (`lowered.batch`, see backend/batching.py).
    With `cuda_target` (backend/cuda.py's CudaTarget), lowers for the GPU
    with `pd-lower-to-cuda` instead of `pd-lower-to-llvm`."""
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", entry) or entry in C_KEYWORDS:
        raise AotError(f"entry point name {entry!r} is not a C identifier")
    timings = {}
    t0 = time.perf_counter()
    static_shapes = feed_shapes(program, dict(shapes or {}))  # errors before the work
    optimize(program, pipeline)
    feed_types = dict(program.feeds())
    batch = None
    if batch_feeds:
        from . import batching
        t1 = time.perf_counter()
        batch = batching.analyze(program, static_shapes, list(batch_feeds))
        timings["batch_analysis_s"] = time.perf_counter() - t1
    module = specialize(program, static_shapes)
    timings["optimize_s"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    if runtime_checks is None:
        runtime_checks = cpu.runtime_checks_default()
    fetch_types, signature = _lower_to_llvm(module, parallel, runtime_checks, cuda_target)
    timings["lower_s"] = time.perf_counter() - t0
    if signature.parameters:
        raise AotError("the lowered program still takes parameters "
                       f"({', '.join(signature.parameters)}): they could not be frozen")

    taken: set = set()
    feeds = []
    for name in signature.feeds:
        t = feed_types[name]
        feeds.append(TensorSpec(name, tuple(static_shapes[name]),
                                cpu.numpy_dtype(t.element_type), _c_identifier(name, taken)))
    # One output pointer per fetch (by col); the lowered function has one
    # out-parameter per distinct fetched value (`fetch_results`: col -> result).
    fetch_results = list(getattr(signature, "fetch_results", None) or range(len(fetch_types)))
    if len(fetch_results) != len(fetch_types):
        raise AotError("the lowered program's results do not match its fetches")
    # A fetch whose size depends on the values has a buffer of its bound's
    # shape (signature.fetch_shapes) and, after the fetches, one more output:
    # its shape after the run (int64, one per dim), named NAME_shape.
    fetches = [TensorSpec(f[0], tuple(signature.fetch_shapes[r]), np.dtype(f[2]),
                          _c_identifier(f[0], taken))
               for f, r in zip(fetch_types, fetch_results)]
    dynamic_fetches = {}
    for r, shape_result in sorted(signature.dynamic_results.items()):
        col = fetch_results.index(r)
        dynamic_fetches[col] = len(fetches)
        name = fetch_types[col][0] + "_shape"
        fetches.append(TensorSpec(name, tuple(signature.fetch_shapes[shape_result]),
                                  np.dtype(np.int64), _c_identifier(name, taken)))
        fetch_results.append(shape_result)
    if sorted(set(fetch_results)) != list(range(len(signature.fetches))):
        raise AotError("the lowered program's results do not match its fetches")
    for spec in feeds + fetches:
        if spec.dtype_name not in C_TYPES:
            raise AotError(f"{spec.name!r} has dtype {spec.dtype_name}, which has no C type")

    lowered = LoweredProgram(module, entry, feeds, fetches, parallel, source, timings,
                             fetch_results, batch, runtime_check_sites(module), dynamic_fetches)
    _rename_program_function(lowered)
    return lowered


def runtime_check_message(lowered: LoweredProgram) -> str:
    """C statements that format the message of the failed check
    `pdm_last_site` (with `pdm_last_value` and `pdm_last_bound`) into the
    char array `message`: the CPU and CUDA entry points' last error."""
    cases = []
    for i, text in enumerate(lowered.runtime_checks):
        fmt, names = runtime_checks.c_format(text)
        values = "".join(f", (long long)pdm_last_{n}" for n in names)
        cases.append(f"  case {i}: snprintf(message, sizeof message, {fmt}{values}); break;")
    return ("  switch (pdm_last_site) {\n" + "\n".join(cases) + "\n"
            "  default: snprintf(message, sizeof message, \"run-time check %lld failed: "
            "value %lld, bound %lld\", (long long)pdm_last_site, "
            "(long long)pdm_last_value, (long long)pdm_last_bound);\n  }\n")


def _lower_to_llvm(module: ir.Module, parallel: bool, runtime_checks: bool = True,
                   cuda_target=None):
    """What cpu.compile_program does before the JIT: shapes, value semantics,
    pd-lower-to-llvm; returns (fetch types by col, signature)."""
    description = "paddle-mlir compile"
    # Feed shapes were just substituted: results may carry the old types
    # until shapes are re-inferred.
    run_pipeline(module, "pd-infer-shapes", description=description, verify_each=False)
    # Then shape computations fold now that the feed shapes are known.
    run_pipeline(module, "pd-reduce-inplace-variants,pd-maximize-value-semantics,pd-refine-shapes",
                 description=description)
    fetch_types = cpu.fetch_types(module)
    # Lower first: an op that cannot be lowered is the better diagnostic.
    # Buffers come from the library's own caching allocator (ALLOCATOR_SOURCE).
    if cuda_target is not None:
        from . import cuda
        cuda.lower_to_llvm(module, description, cuda_target, runtime_checks)
    else:
        cpu.lower_to_llvm(module, description, parallel=parallel, generic_alloc=True,
                          runtime_checks=runtime_checks)
    signature = cpu.signature_of(module, fetch_types)
    try:
        cpu.check_fetch_shapes(signature, fetch_types)
    except cpu.CompileError as e:
        raise AotError(str(e)) from None
    return fetch_types, signature


def _check_llvm_only(module: ir.Module) -> None:
    """mlir-translate needs every op in the LLVM dialect: name what is left."""
    left = []

    def visit(op):
        name = op.name
        # gpu.binary and the host's gpu.launch_func (CUDA) are translated too.
        if name not in ("builtin.module", "gpu.binary", "gpu.launch_func") and \
                not name.startswith("llvm."):
            left.append(op)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE
    module.operation.walk(visit)
    if left:
        op = left[0]
        raise AotError(f"{op.location}: the lowering (pd-lower-to-llvm) left '{op.name}' "
                       "unconverted, so the module cannot be translated to LLVM IR "
                       "(a lowering bug)")


def _rename_program_function(lowered: LoweredProgram) -> None:
    module = lowered.module
    with module.context:
        for op in module.body.operations:
            if op.operation.name != "llvm.func":
                continue
            name = ir.StringAttr(op.operation.attributes["sym_name"]).value
            if name == "main":
                op.operation.attributes["linkage"] = ir.Attribute.parse("#llvm.linkage<internal>")
        ir.SymbolTable.replace_all_symbol_uses("main", lowered.program_symbol, module.operation)
        ir.SymbolTable.replace_all_symbol_uses("_mlir_ciface_main", lowered.ciface_symbol,
                                               module.operation)
        for op in module.body.operations:
            if op.operation.name != "llvm.func":
                continue
            name = ir.StringAttr(op.operation.attributes["sym_name"]).value
            if name == "main":
                ir.SymbolTable.set_symbol_name(op.operation, lowered.program_symbol)
            elif name == "_mlir_ciface_main":
                ir.SymbolTable.set_symbol_name(op.operation, lowered.ciface_symbol)
        # The ExecutionEngine sets these from the host; the AOT tools need them.
        module.operation.attributes["llvm.target_triple"] = ir.StringAttr.get(host_triple())


# -- C sources --------------------------------------------------------------------
def _shape_text(spec: TensorSpec) -> str:
    return f"{spec.dtype_name}[{', '.join(map(str, spec.shape))}]"


def _strides(shape) -> list:
    strides, acc = [], 1
    for d in reversed(shape):
        strides.append(acc)
        acc *= d
    return list(reversed(strides))


def _prototype(lowered: LoweredProgram) -> str:
    args = [f"const {s.c_type} *{s.c_name}" for s in lowered.feeds]
    args += [f"{s.c_type} *{s.c_name}" for s in lowered.fetches]
    return f"int {lowered.entry}({', '.join(args) or 'void'})"


def header_source(lowered: LoweredProgram, header_name: str) -> str:
    guard = re.sub(r"\W", "_", header_name, flags=re.ASCII).upper()
    if guard[0].isdigit():
        guard = "_" + guard
    width = max([len(s.c_name) for s in lowered.feeds + lowered.fetches] + [4])
    doc = []
    for s in lowered.feeds:
        doc.append(f" *   {s.c_name:<{width}}  in   {_shape_text(s)}"
                   + (f"  (feed {s.name!r})" if s.c_name != s.name else ""))
    shape_of = {v: k for k, v in lowered.dynamic_fetches.items()}
    for i, s in enumerate(lowered.fetches):
        note = f"  (fetch {s.name!r})" if s.c_name != s.name else ""
        if i in lowered.dynamic_fetches:
            note += (f"  at most: its size depends on the values; "
                     f"{lowered.fetches[lowered.dynamic_fetches[i]].c_name} gets its shape")
        elif i in shape_of:
            note = f"  the shape {lowered.fetches[shape_of[i]].c_name} has after the call"
        doc.append(f" *   {s.c_name:<{width}}  out  {_shape_text(s)}{note}")
    macros = []
    prefix = lowered.entry.upper()
    for s in lowered.feeds + lowered.fetches:
        m = f"{prefix}_{s.c_name.upper()}"
        macros.append(f"#define {m}_RANK {len(s.shape)}")
        macros.append(f"#define {m}_NUMEL {s.numel}")
        macros.append(f"#define {m}_SHAPE {{{', '.join(map(str, s.shape)) or '1'}}}")
    extra = ""
    threads_decl = ""
    if lowered.uses_thread_pool:
        extra = (" *\n"
                 " * Built with --parallel: parallel loops run on the library's own pool\n"
                 f" * of threads (pthreads). {lowered.entry}_set_num_threads(n) sets how many\n"
                 " * threads (the caller included) run the next calls and returns the\n"
                 " * previous count (n < 1 only queries); the default is\n"
                 " * $PADDLE_MLIR_THREADS, else the CPUs this process may run on.\n"
                 f" * {lowered.entry}_interrupt() (any thread, or a signal handler) stops\n"
                 " * the running call after its current blocks of work: it returns\n"
                 f" * {INTERRUPTED_STATUS} and the outputs are not valid. {lowered.entry}_catch_sigint() makes\n"
                 " * SIGINT (Ctrl-C) do that, then call the handler it replaced.\n")
        threads_decl = (f"#define {lowered.entry.upper()}_THREAD_POOL 1\n"
                        f"int {lowered.entry}_set_num_threads(int n);\n"
                        f"void {lowered.entry}_interrupt(void);\n"
                        f"int {lowered.entry}_catch_sigint(void);\n")
    if lowered.uses_runtime_checks:
        extra += (" *\n"
                  " * The program checks values at run time (indices of gathers, token ids\n"
                  f" * of embeddings): a bad one makes {lowered.entry} return {runtime_checks.STATUS}"
                  " (the outputs\n"
                  f" * are then not valid) and {lowered.entry}_last_error() say which, e.g.\n"
                  " * \"pd.embedding at model.json:op 12: id 30522 out of range [0, 30522)\"\n"
                  " * (per calling thread; NULL after a successful call).\n")
        threads_decl += (f"#define {lowered.entry.upper()}_RUNTIME_CHECKS 1\n"
                         f"const char *{lowered.entry}_last_error(void);\n")
    source = f" from {lowered.source}" if lowered.source else ""
    return f"""/* {header_name}: generated by `paddle-mlir compile`{source}. */
/*
 * {_prototype(lowered)};
 *
 * Runs the program once. Every array is contiguous, row-major, of the
 * static shape and dtype below; the caller allocates the outputs, which the
 * call overwrites. The weights are compiled into the library. Returns 0, or
 * -1 when a pointer is NULL{", or 2 when a run-time check failed (below)" if lowered.uses_runtime_checks else ""}{f", or {INTERRUPTED_STATUS} when interrupted (below)" if lowered.uses_thread_pool else ""}.
 * The function keeps no state between calls{" but its last error" if lowered.uses_runtime_checks else ""}.
 *
{chr(10).join(doc)}
 *
 * bool arrays hold one byte (0 or 1) per element, float16 the raw IEEE bits.
{extra} */
#ifndef {guard}
#define {guard}

#include <stdint.h>

#ifdef __cplusplus
extern "C" {{
#endif

{chr(10).join(macros)}

{_prototype(lowered)};
{threads_decl}
#ifdef __cplusplus
}}
#endif

#endif /* {guard} */
"""


# The one function of MLIR's C runner utils the lowered code calls (a strided
# memref copy, CRunnerUtils.cpp), so the library does not need that runtime.
MEMREF_COPY_SOURCE = r"""
typedef struct { int64_t rank; void *descriptor; } pdm_unranked_memref;

__attribute__((visibility("hidden")))
void memrefCopy(int64_t elem_size, pdm_unranked_memref *src_arg, pdm_unranked_memref *dst_arg) {
  int64_t rank = src_arg->rank;
  char **src_d = (char **)src_arg->descriptor, **dst_d = (char **)dst_arg->descriptor;
  int64_t *src_i = (int64_t *)(src_d + 2), *dst_i = (int64_t *)(dst_d + 2);
  /* {allocated, aligned, offset, sizes[rank], strides[rank]} */
  const int64_t *sizes = src_i + 1, *src_strides = src_i + 1 + rank,
                *dst_strides = dst_i + 1 + rank;
  char *src = src_d[1] + src_i[0] * elem_size, *dst = dst_d[1] + dst_i[0] * elem_size;
  int64_t n = 1, expected = 1, contiguous = 1;
  for (int64_t axis = rank - 1; axis >= 0; --axis) {
    if (sizes[axis] == 0)
      return;
    if (sizes[axis] != 1 &&
        (src_strides[axis] != expected || dst_strides[axis] != expected))
      contiguous = 0;
    expected *= sizes[axis];
    n *= sizes[axis];
  }
  if (contiguous) {
    memmove(dst, src, (size_t)(n * elem_size));
    return;
  }
  int64_t index[rank > 0 ? rank : 1];
  for (int64_t axis = 0; axis < rank; ++axis)
    index[axis] = 0;
  int64_t read = 0, write = 0;
  for (;;) {
    memcpy(dst + write, src + read, (size_t)elem_size);
    int64_t axis = rank - 1;
    for (; axis >= 0; --axis) {
      ++index[axis];
      read += src_strides[axis] * elem_size;
      write += dst_strides[axis] * elem_size;
      if (index[axis] != sizes[axis])
        break;
      read -= sizes[axis] * src_strides[axis] * elem_size;
      write -= sizes[axis] * dst_strides[axis] * elem_size;
      index[axis] = 0;
    }
    if (axis < 0)
      return;
  }
}
"""


# The allocation functions of `pd-lower-to-llvm{generic-alloc=true}`: a caching
# allocator. A run allocates the same buffers in the same order each time, so
# blocks freed by one run are taken again by the next instead of going back to
# the system: no mmap/munmap and no page faults per run (with malloc, a third
# of ResNet-50's time was the kernel's page-fault handling). Blocks are kept
# per power-of-two size class and taken by the first request of the class
# they fit; the cache never holds more than one run's peak. A spin lock
# guards the lists (buffers may be allocated on the async runtime's threads).
ALLOCATOR_SOURCE = r"""
typedef struct pdm_block { struct pdm_block *next; void *base; size_t capacity; size_t size_class; } pdm_block;
static pdm_block *pdm_free_blocks[64];
static int pdm_lock;

static void pdm_acquire(void) {
  while (__atomic_exchange_n(&pdm_lock, 1, __ATOMIC_ACQUIRE))
    while (__atomic_load_n(&pdm_lock, __ATOMIC_RELAXED)) {}
}
static void pdm_release(void) { __atomic_store_n(&pdm_lock, 0, __ATOMIC_RELEASE); }

__attribute__((visibility("hidden")))
void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size) {
  if (alignment < 64)
    alignment = 64;
  if (size == 0)
    size = 1;
  size_t size_class = 0;
  while (size_class < 63 && ((size_t)1 << size_class) < size)
    ++size_class;
  pdm_acquire();
  for (pdm_block **link = &pdm_free_blocks[size_class]; *link; link = &(*link)->next) {
    pdm_block *block = *link;
    char *data = (char *)block + sizeof(pdm_block);
    if (block->capacity >= size && (uintptr_t)data % alignment == 0) {
      *link = block->next;
      pdm_release();
      return data;
    }
  }
  pdm_release();
  void *base = NULL;
  if (posix_memalign(&base, alignment, alignment + size) != 0)
    return NULL;
  pdm_block *block = (pdm_block *)((char *)base + alignment - sizeof(pdm_block));
  block->base = base;
  block->capacity = size;
  block->size_class = size_class;
  return (char *)base + alignment;
}

__attribute__((visibility("hidden")))
void *_mlir_memref_to_llvm_alloc(size_t size) {
  return _mlir_memref_to_llvm_aligned_alloc(64, size);
}

__attribute__((visibility("hidden")))
void _mlir_memref_to_llvm_free(void *data) {
  if (!data)
    return;
  pdm_block *block = (pdm_block *)((char *)data - sizeof(pdm_block));
  pdm_acquire();
  block->next = pdm_free_blocks[block->size_class];
  pdm_free_blocks[block->size_class] = block;
  pdm_release();
}
"""


def descriptor_types(specs) -> str:
    """C structs of the memref descriptors of these ranks (pdm_memref_<r>d)."""
    types = []
    for r in sorted({len(s.shape) for s in specs}):
        if r == 0:
            types.append("typedef struct { void *allocated, *aligned; int64_t offset; } "
                         "pdm_memref_0d;")
        else:
            types.append(f"typedef struct {{ void *allocated, *aligned; int64_t offset; "
                         f"int64_t sizes[{r}], strides[{r}]; }} pdm_memref_{r}d;")
    return "\n".join(types)


@dataclass
class EntryArguments:
    """How a C entry point (host arrays in, CPU or CUDA) calls the program's C
    interface: one memref descriptor per feed and per distinct fetched value.
    A value fetched several times is one result of the program function,
    written into the first fetch's buffer: `copies` (destination, source)
    fill the others."""
    params: str          # the C interface's parameter types
    descriptors: list    # C declarations d0, d1, ... of the descriptors
    args: list           # &d0, &d1, ...
    copies: list         # (destination spec, source spec)
    null_check: str      # returns -1 when an array with elements is NULL


def entry_arguments(lowered: LoweredProgram) -> EntryArguments:
    mapping = lowered.fetch_results or list(range(len(lowered.fetches)))
    first, copies = {}, []
    for col, r in enumerate(mapping):
        if r in first:
            copies.append((lowered.fetches[col], lowered.fetches[first[r]]))
        else:
            first[r] = col
    specs = lowered.feeds + [lowered.fetches[first[r]] for r in sorted(first)]
    params = ", ".join(f"pdm_memref_{len(s.shape)}d *" for s in specs) or "void"
    descriptors, args = [], []
    for i, s in enumerate(specs):
        ptr = f"(void *){s.c_name}"
        if s.shape:
            init = (f"{{{ptr}, {ptr}, 0, {{{', '.join(map(str, s.shape))}}}, "
                    f"{{{', '.join(map(str, _strides(s.shape)))}}}}}")
        else:
            init = f"{{{ptr}, {ptr}, 0}}"
        descriptors.append(f"  pdm_memref_{len(s.shape)}d d{i} = {init};")
        args.append(f"&d{i}")
    checks = [f"!{s.c_name}" for s in lowered.feeds + lowered.fetches if s.numel]
    null_check = f"  if ({' || '.join(checks)})\n    return -1;\n" if checks else ""
    return EntryArguments(params, descriptors, args, copies, null_check)


def wrapper_source(lowered: LoweredProgram) -> str:
    """The entry point: builds the memref descriptors and calls the program's
    C interface (`_mlir_ciface_<entry>_program(&feed..., &fetch...)`)."""
    types = [descriptor_types(lowered.feeds + lowered.fetches)]
    entry = entry_arguments(lowered)
    params, body, args, check = entry.params, entry.descriptors, entry.args, entry.null_check
    after = "".join(
        f"  memcpy({dst.c_name}, {src.c_name}, {dst.numel * np.dtype(dst.dtype).itemsize});\n"
        for dst, src in entry.copies)
    external = lowered.external_functions
    runtime = MEMREF_COPY_SOURCE if "memrefCopy" in external else ""
    if external & {"_mlir_memref_to_llvm_aligned_alloc", "_mlir_memref_to_llvm_alloc",
                   "_mlir_memref_to_llvm_free"}:
        runtime += ALLOCATOR_SOURCE
    checks_before = checks_after = errors = ""
    if lowered.uses_runtime_checks:
        # The first failed check of the run: 2, and its message from
        # <entry>_last_error() (per calling thread).
        checks_before = "  pdm_take_runtime_error(0, 0);\n"
        checks_after = ("  {\n    int64_t value, bound, site = pdm_take_runtime_error(&value, &bound);\n"
                        "    if (site >= 0) {\n      pdm_last_site = site;\n"
                        "      pdm_last_value = value;\n      pdm_last_bound = bound;\n"
                        f"      return {runtime_checks.STATUS};\n    }}\n  }}\n")
        errors = ("\nextern int64_t pdm_take_runtime_error(int64_t *value, int64_t *bound);\n"
                  "static __thread int64_t pdm_last_site = -1, pdm_last_value, pdm_last_bound;\n\n"
                  "__attribute__((visibility(\"default\")))\n"
                  f"const char *{lowered.entry}_last_error(void) {{\n"
                  "  static __thread char message[1024];\n"
                  "  if (pdm_last_site < 0)\n    return 0;\n"
                  + runtime_check_message(lowered) + "  return message;\n}\n")
    threads = ""
    interrupt_before = interrupt_after = ""
    if lowered.uses_thread_pool:
        e = lowered.entry
        threads = ("\nextern int pdm_set_num_threads(int);\n"
                   "extern void pdm_interrupt(void);\nextern int pdm_catch_sigint(void);\n\n"
                   "__attribute__((visibility(\"default\")))\n"
                   f"int {e}_set_num_threads(int n) {{\n"
                   "  return pdm_set_num_threads(n);\n}\n\n"
                   "__attribute__((visibility(\"default\")))\n"
                   f"void {e}_interrupt(void) {{\n  pdm_interrupt();\n}}\n\n"
                   "__attribute__((visibility(\"default\")))\n"
                   f"int {e}_catch_sigint(void) {{\n  return pdm_catch_sigint();\n}}\n")
        # A request made before the run is not for this run.
        interrupt_before = "  pdm_take_interrupt();\n"
        interrupt_after = f"  if (pdm_take_interrupt())\n    return {INTERRUPTED_STATUS};\n"
    return f"""/* Generated by `paddle-mlir compile`: the entry point of the program. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

{chr(10).join(types)}
{runtime}{errors}
extern void {lowered.ciface_symbol}({params});
{"extern int pdm_take_interrupt(void);" if lowered.uses_thread_pool else ""}

__attribute__((visibility("default")))
{_prototype(lowered)} {{
{check}{chr(10).join(body)}
{interrupt_before}{checks_before}  {lowered.ciface_symbol}({', '.join(args)});
{interrupt_after}{checks_after}{after}  return 0;
}}
{threads}"""


# -- emitting ---------------------------------------------------------------------
def header_path(out) -> Path:
    return Path(out).with_suffix(".h")


def translate_to_llvmir(lowered: LoweredProgram, workdir: Path) -> Path:
    """LLVM IR text of the lowered module (`--emit llvm`), via mlir-translate."""
    src = workdir / "program.mlirbc"
    with open(src, "wb") as f:
        lowered.module.operation.write_bytecode(f)
    ll = workdir / "program.ll"
    try:
        _run_tool([find_tool("mlir-translate"), "--mlir-to-llvmir", src, "-o", ll],
                  "mlir-translate --mlir-to-llvmir")
    except AotError:
        # Name the op the lowering left behind, if that is the cause (a walk
        # of the whole module: only when translation failed).
        _check_llvm_only(lowered.module)
        raise
    return ll


def translate_to_llvm_bitcode(lowered: LoweredProgram, workdir: Path) -> Path:
    """LLVM bitcode of the lowered module (`program.bc`, for opt and llc),
    translated in this process: no mlir-translate process reading the module
    back and printing LLVM IR text for the next tools to parse (DenseNet-121:
    0.34 -> 0.14 s)."""
    from .. import _paddle_mlir_ext
    try:
        data = _paddle_mlir_ext.translate_to_llvm_bitcode(lowered.module.operation)
    except ValueError as e:
        _check_llvm_only(lowered.module)
        raise AotError(f"the translation to LLVM IR failed:\n{_first_lines(str(e))}") from None
    bc = workdir / "program.bc"
    bc.write_bytes(data)
    return bc


#: What the entry point returns when pdm_interrupt (or SIGINT, after
#: <entry>_catch_sigint) cut the run short (runtime/thread_pool.c).
INTERRUPTED_STATUS = 3

#: Weights at least this large (bytes) go to weights.o instead of the LLVM IR.
EXTERNAL_WEIGHT_BYTES = 1024

_ELEMENT_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i8": 1, "i16": 2, "i32": 4,
                  "i64": 8}


def externalize_weights(lowered: LoweredProgram) -> list:
    """Moves the large dense_resource constants out of the LLVM module: each
    becomes an external hidden global defined by weights.o (write_weights),
    which embeds the raw bytes with `.incbin` (LLVM IR would spell every
    element out in text, which costs seconds per million weights). Modifies
    `lowered.module`; returns (symbol, alignment, bytes) per moved constant."""
    module = lowered.module
    candidates = []
    for op in module.body.operations:
        if op.operation.name != "llvm.mlir.global" or "value" not in op.operation.attributes:
            continue
        value = str(op.operation.attributes["value"])
        m = re.fullmatch(r"dense_resource<(.+)> : tensor<((?:\d+x)*)(\w+)>", value)
        if not m or m.group(3) not in _ELEMENT_BYTES:
            continue
        dims = [int(d) for d in m.group(2).split("x") if d]
        nbytes = int(np.prod(dims, dtype=np.int64)) * _ELEMENT_BYTES[m.group(3)]
        if nbytes >= EXTERNAL_WEIGHT_BYTES:
            candidates.append((op, nbytes))
    from .. import _paddle_mlir_ext
    moved = []
    with module.context:
        for op, nbytes in candidates:
            attrs = op.operation.attributes
            # The blob's bytes straight from the resource manager (printing
            # the module would spell them out in hex).
            data = _paddle_mlir_ext.resource_data(attrs["value"])
            # The global keeps its name (renaming walks the whole module per
            # weight); it is hidden, and `--emit obj` localizes hidden symbols.
            name = ir.StringAttr(attrs["sym_name"]).value
            if data is None or len(data) != nbytes or \
                    not re.fullmatch(r"[A-Za-z0-9_.$]+", name):
                continue  # not what we expect: leave it in the IR
            del attrs["value"]
            attrs["linkage"] = ir.Attribute.parse("#llvm.linkage<external>")
            attrs["visibility_"] = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 1)
            attrs["dso_local"] = ir.UnitAttr.get()
            align = max(64, ir.IntegerAttr(attrs["alignment"]).value
                        if "alignment" in attrs else 1)
            moved.append((name, align, data))
    return moved


def write_weights(weights: list, workdir: Path, cc: str) -> Path | None:
    """weights.o defining the constants externalize_weights moved; None when
    there are none. Written directly on ELF hosts (weights_object), else
    assembled (all the bytes in one file, each symbol an `.incbin` of its
    range). Touches no MLIR object, so it runs beside the code generation."""
    if not weights:
        return None
    machine = weights_object.supported_machine(host_triple())
    if machine is not None:
        return weights_object.write_weights_object(weights, workdir / "weights.o", machine)
    blob = workdir / "weights.bin"
    lines = ['\t.section .rodata.paddle_mlir_weights,"a",@progbits']
    offset = 0
    with open(blob, "wb") as f:
        for name, align, data in weights:
            f.write(data)
            lines += [f"\t.globl {name}", f"\t.hidden {name}", f"\t.type {name}, @object",
                      f"\t.balign {align}", f"{name}:",
                      f'\t.incbin "{blob}", {offset}, {len(data)}', f"\t.size {name}, {len(data)}"]
            offset += len(data)
    lines.append('\t.section .note.GNU-stack,"",@progbits')
    asm = workdir / "weights.S"
    asm.write_text("\n".join(lines) + "\n")
    obj = workdir / "weights.o"
    _run_tool([cc, "-c", asm, "-o", obj], "assembling the weights")
    return obj


def compile_jobs() -> int:
    """Processes that generate code at once: $PADDLE_MLIR_COMPILE_JOBS, else
    the CPUs this process may run on (at most 8)."""
    env = os.environ.get("PADDLE_MLIR_COMPILE_JOBS", "").strip()
    if env.isdigit() and int(env) > 0:
        return int(env)
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, 8))


#: LLVM's optimization levels: `opt`'s (the IR optimizer) and `llc`'s (code
#: generation). The kernels arrive vectorized, tiled and unrolled from MLIR:
#: -O3's extra passes (loop vectorizer and unroller on scalar loops, argument
#: promotion) cost 10% of the code generation time and gave no faster model
#: (ResNet-50, MobileNetV2: equal medians), and `opt -O1` (no loop or SLP
#: vectorizer, fewer loop passes) takes 18-20% less time than -O2 on
#: DenseNet-121, ResNet-50, MobileNetV3 and DeiT with models as fast
#: (interleaved, both orders, 2 threads: 0.99-1.01 of -O2 on those, ResNet-18,
#: MobileNetV2, PP-LCNet and BERT). Without `opt` at all the models were
#: about 1% slower.
OPT_LEVEL = "-O1"
LLC_LEVEL = "-O2"

#: Passes left out of `opt` and `llc`, for compile time. The kernels arrive
#: from MLIR tiled, unrolled and vectorized with their addresses computed, so
#: LLVM's loop unroller (16% of `opt`'s time on DenseNet-121, and 30% with
#: the passes after it that the unrolled code slowed) and loop strength
#: reduction (23% of `llc`'s) find little to do there. Without them,
#: code generation took 46% less time on DenseNet-121 (3.49 -> 1.87 s) and
#: 31% less on ResNet-50; the models ran as fast (interleaved medians, both
#: orders, 2 threads: 0.99-1.01 of before on ResNet-18/50, MobileNetV2/V3,
#: DenseNet-121, PP-LCNet, DeiT-tiny and BERT).
OPT_FLAGS = ["-disable-loop-unrolling"]
LLC_FLAGS = ["-disable-lsr"]


#: Parts of the split program per code generation job. Two balanced as
#: well as four and start half the opt/llc processes (each reads LLVM's
#: libraries and the part): code generation of ResNet-18 0.53-0.66 -> 0.38 s,
#: DeiT-tiny 0.33-0.36 -> 0.24-0.26, PP-LCNet 0.43-0.50 -> 0.35, ResNet-50,
#: MobileNetV3 and BERT 5-15% less, MobileNetV2 equal, DenseNet-121 2% more
#: (2 jobs). One part per job left DenseNet-121 waiting on its largest part.
PARTS_PER_JOB = 2


def _codegen(module: Path, workdir: Path, triple: str, mcpu: str, jobs: int) -> list:
    """opt (OPT_LEVEL) and llc (LLC_LEVEL) of the program (`module`: LLVM bitcode or
    text): with several jobs, the module is split
    (llvm-split, functions round robin: the outlined kernels spread evenly)
    and the parts are optimized and compiled at once. The parts lose only
    cross-function optimization between kernels, which are called, not
    inlined, anyway."""
    parts = [module]
    if jobs > 1:
        # More parts than jobs, the largest first: functions differ a lot
        # in size (the program function, big kernels), and a pool that
        # takes the next part when one is done balances them.
        count = PARTS_PER_JOB * jobs
        _run_tool([find_tool("llvm-split"), f"-j{count}", "--round-robin", module,
                   "-o", workdir / "part"], "llvm-split")
        parts = sorted((workdir / f"part{i}" for i in range(count)
                        if (workdir / f"part{i}").exists()),
                       key=lambda p: p.stat().st_size, reverse=True)

    def one(part: Path) -> Path:
        bc = part.with_name(part.name + ".opt.bc")
        obj = part.with_name(part.name + ".o")
        _run_tool([find_tool("opt"), OPT_LEVEL, *OPT_FLAGS, f"-mtriple={triple}",
                   f"-mcpu={mcpu}", part, "-o", bc], f"opt {OPT_LEVEL}")
        _run_tool([find_tool("llc"), LLC_LEVEL, *LLC_FLAGS, "-filetype=obj",
                   "-relocation-model=pic", f"-mtriple={triple}", f"-mcpu={mcpu}", bc,
                   "-o", obj], "llc")
        return obj
    if len(parts) == 1:
        return [one(parts[0])]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, parts))


def compile_objects(lowered: LoweredProgram, workdir: Path, *, mcpu: str = "native",
                    cc: str | None = None) -> list:
    """The program's objects (opt at OPT_LEVEL and llc at LLC_LEVEL, in parts at once on
    several CPUs: compile_jobs), wrapper.o and the runtime's (cc -O2) and
    weights.o (the large constants) in `workdir`; returns their paths."""
    cc = cc or find_c_compiler()
    if cc is None:
        raise AotError("no C compiler found (set CC, or install cc/gcc/clang)")
    t0 = time.perf_counter()
    weights = externalize_weights(lowered)
    lowered.timings["weights_s"] = time.perf_counter() - t0
    wrapper_source_text = wrapper_source(lowered)

    def side_objects() -> list:
        """weights.o, wrapper.o and the runtime's: no MLIR, and the compilers
        run in subprocesses, so this overlaps with translation and codegen."""
        start = time.perf_counter()
        wrapper = workdir / "wrapper.c"
        wrapper.write_text(wrapper_source_text)
        wobj = workdir / "wrapper.o"
        _run_tool([cc, "-O2", "-fPIC", "-fvisibility=hidden", "-c", wrapper, "-o", wobj],
                  "compiling the C wrapper")
        objects = [wobj]
        if lowered.uses_thread_pool:
            objects.append(runtime_object(THREAD_POOL_SOURCE, workdir, cc))
        if lowered.uses_runtime_checks:
            objects.append(runtime_object(RUNTIME_ERRORS_SOURCE, workdir, cc))
        lowered.timings["wrapper_s"] = time.perf_counter() - start
        start = time.perf_counter()
        wobj = write_weights(weights, workdir, cc)
        lowered.timings["weights_s"] += time.perf_counter() - start
        return objects + ([wobj] if wobj else [])

    t0 = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as side:
        side_future = side.submit(side_objects)
        try:
            bc = translate_to_llvm_bitcode(lowered, workdir)
            lowered.timings["translate_s"] = time.perf_counter() - t0
            t0 = time.perf_counter()
            program_objects = _codegen(bc, workdir, host_triple(), mcpu, compile_jobs())
            lowered.timings["codegen_s"] = time.perf_counter() - t0
        finally:
            objects = side_future.result()
    return program_objects + objects


def exported_symbols(lowered: LoweredProgram) -> list:
    names = [lowered.entry]
    if lowered.uses_thread_pool:
        names += [f"{lowered.entry}_set_num_threads", f"{lowered.entry}_interrupt",
                  f"{lowered.entry}_catch_sigint"]
    if lowered.uses_runtime_checks:
        names.append(f"{lowered.entry}_last_error")
    return names


def link_flags(lowered: LoweredProgram) -> list:
    flags = ["-Wl,-z,defs", "-lm"]
    if lowered.uses_thread_pool:
        flags = ["-pthread"] + flags
    return fast_linker_flags() + flags


def fast_linker_flags() -> list:
    """gold where the system has it, on all threads: it links a library of
    100 MB of weights (ResNet-50) in 0.16 s (0.23 s on one thread), where
    GNU ld took 0.35 s; GNU ld else. PADDLE_MLIR_LINKER=default keeps the
    compiler's own."""
    if os.environ.get("PADDLE_MLIR_LINKER", "").strip() == "default":
        return []
    return ["-fuse-ld=gold", "-Wl,--threads"] if shutil.which("ld.gold") else []


def emit(lowered: LoweredProgram, kind: str, out, *, mcpu: str = "native",
         cc: str | None = None) -> list:
    """Writes `out` (and OUT.h for obj/so); returns the paths written."""
    if kind not in EMIT_KINDS:
        raise AotError(f"--emit {kind!r}: expected one of {', '.join(EMIT_KINDS)}")
    out = Path(out)
    if out.parent and not out.parent.is_dir():
        raise AotError(f"cannot write {out}: {out.parent} is not a directory")
    if kind == "mlir":
        if out.suffix == ".mlirbc":
            with open(out, "wb") as f:
                lowered.module.operation.write_bytecode(f)
        else:
            out.write_text(lowered.module.operation.get_asm())
        return [out]
    with tempfile.TemporaryDirectory(prefix="paddle_mlir_aot_") as tmp:
        tmp = Path(tmp)
        if kind == "llvm":
            t0 = time.perf_counter()
            ll = translate_to_llvmir(lowered, tmp)
            lowered.timings["translate_s"] = time.perf_counter() - t0
            shutil.copyfile(ll, out)
            return [out]
        cc = cc or find_c_compiler()
        if cc is None:
            raise AotError(f"--emit {kind} needs a C compiler: set CC, or install cc/gcc/clang")
        objects = compile_objects(lowered, tmp, mcpu=mcpu, cc=cc)
        t0 = time.perf_counter()
        header = header_path(out)
        if kind == "obj":
            _run_tool([cc, "-r", "-nostdlib", *objects, "-o", out], "combining the objects")
            # Hidden symbols (the weights, the program function) become local,
            # so objects of several models link into one program.
            objcopy = shutil.which("objcopy")
            if objcopy:
                _run_tool([objcopy, "--localize-hidden", out], "objcopy --localize-hidden")
        else:
            script = tmp / "exports.map"
            script.write_text(f"{{\n  global: {'; '.join(exported_symbols(lowered))};\n"
                              "  local: *;\n};\n")
            _run_tool([cc, "-shared", "-o", out, *objects, f"-Wl,--version-script={script}",
                       *link_flags(lowered)], "linking the shared library")
        lowered.timings["link_s"] = time.perf_counter() - t0
        header.write_text(header_source(lowered, header.name))
        return [out, header]


def compile_file(path, kind: str, out, *, shapes: dict | None = None, params=None,
                 parallel: bool = False, pipeline: str | None = DEFAULT_PIPELINE,
                 entry: str = DEFAULT_ENTRY, mcpu: str = "native",
                 runtime_checks: bool | None = None) -> LoweredProgram:
    """`paddle-mlir compile`: load, lower and emit; returns the lowered program
    (its `timings` say where the time went)."""
    t0 = time.perf_counter()
    program = load_program(path, params)
    load_s = time.perf_counter() - t0
    lowered = lower_program(program, shapes, parallel=parallel, pipeline=pipeline,
                            entry=entry, source=Path(path).name,
                            runtime_checks=runtime_checks)
    lowered.timings["load_s"] = load_s
    emit(lowered, kind, out, mcpu=mcpu)
    return lowered
