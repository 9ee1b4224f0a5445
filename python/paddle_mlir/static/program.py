"""Program: a pd graph in an MLIR module, plus its parameter table.

    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [None, 784], "float32")
        y = nn.Linear(784, 10)(x)
        main.fetch(y, "y")
    static.run_startup(startup, main.parameters)

Ops built through this API carry the user's `file:line` as location (MLIR's
traceback locations, with paddle_mlir's own files excluded), so verifier and
InferMeta errors raised while building point at the user's code.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np
from mlir.dialects import func

from .. import ir as pir
from ..dialects import pd
from ..dialects._ods_common import _cext
from ..dialects._pd_builder_support import check_same_function
from ..tensor import module_owners
from .parameters import ParameterError, ParameterStore

ir = pir
_cext.globals.register_traceback_file_exclusion(__file__)

_CONTEXT = None


def global_context() -> pir.Context:
    """The context every Program is built in (pd and phi loaded)."""
    global _CONTEXT
    if _CONTEXT is None:
        _CONTEXT = pir.Context()
    return _CONTEXT


class ProgramError(ValueError):
    """A program is malformed or cannot be loaded."""


class Program:
    """A pd graph (`func.func @main` in an MLIR module) and a ParameterStore."""

    def __init__(self, module: ir.Module | None = None, name: str = "main"):
        ctx = global_context()
        with ctx, ir.Location.unknown(ctx):
            if module is None:
                module = ir.Module.create()
                with ir.InsertionPoint(module.body):
                    f = func.FuncOp(name, ([], []))
                with ir.InsertionPoint(f.add_entry_block()):
                    func.ReturnOp([])
        self.module = module
        # Tensors of this program keep it alive (tensor.Tensor).
        module_owners[hash(module.operation)] = self
        self.parameters = ParameterStore()
        funcs = [op for op in module.body.operations if op.operation.name == "func.func"]
        if len(funcs) != 1:
            raise ProgramError(f"a program has one function, found {len(funcs)}")
        self._func = funcs[0]

    # -- building --------------------------------------------------------------
    @property
    def context(self) -> ir.Context:
        return self.module.context

    @property
    def block(self) -> ir.Block:
        return self._func.regions[0].blocks[0]

    @contextlib.contextmanager
    def building(self):
        """Insertion point at the end of the program, traceback locations on."""
        with self.context, ir.InsertionPoint.at_block_terminator(self.block), \
                ir.loc_tracebacks(max_depth=1):
            yield self

    @property
    def ops(self) -> list:
        ops = [op for op in self.block.operations if op.operation.name != "func.return"]
        # Each op keeps its program alive: MLIR's Python handles do not, and
        # `Program.load(path).ops` read the ops of a module already freed
        # (an abort in nanobind, or garbage).
        for op in ops:
            try:
                op._program = self
            except AttributeError:  # a builtin OpView without a __dict__
                pass
        return ops

    def _ops_named(self, name: str) -> list:
        return [op for op in self.ops if op.operation.name == name]

    def feeds(self) -> list:
        """(name, type) of each pd.data, in program order."""
        return [(op.attributes["name"].value, op.result.type) for op in self._ops_named("pd.data")]

    def fetches(self) -> list:
        """Fetch names by col."""
        fetches = [(op.attributes["col"].value, op.attributes["name"].value)
                   for op in self._ops_named("pd.fetch")]
        return [name for _, name in sorted(fetches)]

    def fetch(self, value: ir.Value, name: str | None = None) -> ir.Value:
        """Marks `value` as the next program output."""
        col = len(self._ops_named("pd.fetch"))
        with self.building():
            op = pd.FetchOp(value, name or f"fetch_{col}", col)
            check_same_function(op)
            return op.result

    def read_parameters(self) -> set:
        return {op.attributes["parameter_name"].value for op in self._ops_named("pd.get_parameter")}

    def written_parameters(self) -> set:
        return {op.attributes["parameter_name"].value for op in self._ops_named("pd.set_parameter")}

    def verify(self) -> None:
        """Raises ir.MLIRError with located diagnostics if the IR is invalid."""
        self.module.operation.verify()

    def __str__(self) -> str:
        return str(self.module)

    # -- files -----------------------------------------------------------------
    def save(self, path, weights: bool = True) -> None:
        """The graph as MLIR (text for `.mlir`, bytecode for `.mlirbc`) and,
        with `weights` and parameters that have values, the weights next to
        it as `.npz` (`m.mlir` -> `m.npz`, ParameterStore.save), which
        Program.load reads back."""
        path = Path(path)
        if path.suffix == ".mlirbc":
            with open(path, "wb") as f:
                self.module.operation.write_bytecode(f)
        else:
            path.write_text(self.module.operation.get_asm(enable_debug_info=True))
        if weights and any(p.value is not None for p in self.parameters.parameters.values()):
            self.parameters.save(path.with_suffix(".npz"))

    @classmethod
    def load(cls, path, weights=None) -> "Program":
        """A program saved by save(): its parameters are declared from the
        graph (pd.get_parameter / pd.set_parameter), and their values loaded
        from `weights` (an .npz of ParameterStore.save), by default the .npz
        next to the graph when there is one."""
        path = Path(path)
        if not path.is_file():
            raise ProgramError(f"cannot read {path}: no such file")
        ctx = global_context()
        try:
            # Text or bytecode; diagnostics name the file.
            module = ir.Module.parseFile(str(path), ctx)
        except ir.MLIRError as e:
            details = "; ".join(f"{d.location}: {d.message}" for d in e.error_diagnostics)
            raise ProgramError(f"{path}: {details or e}") from None
        program = cls(module)
        program._declare_parameters()
        if weights is None and path.with_suffix(".npz").is_file():
            weights = path.with_suffix(".npz")
        if weights is not None:
            program.parameters.load(weights)
        return program

    def _declare_parameters(self) -> None:
        """Declares the parameters the graph reads or writes (a loaded
        program's store starts empty)."""
        for op in self._ops_named("pd.get_parameter") + self._ops_named("pd.set_parameter"):
            t = op.result.type if op.operation.name == "pd.get_parameter" else op.operands[0].type
            kind = pd.TensorType if pd.TensorType.isinstance(t) else pd.VTensorType
            self.parameters.declare(op.attributes["parameter_name"].value, kind(t).shape,
                                    kind(t).dtype)

    # -- freezing --------------------------------------------------------------
    def freeze(self, store: ParameterStore | None = None, embed: bool = True) -> None:
        """For inference: mark the weights this program reads immutable and,
        with `embed`, replace each pd.get_parameter by a pd.constant holding
        the weight as a dense_resource blob, so folding passes can read it.
        A weight the program writes cannot be frozen."""
        store = store if store is not None else self.parameters
        written = self.written_parameters()
        for op in self._ops_named("pd.get_parameter"):
            name = op.attributes["parameter_name"].value
            if name in written:
                raise ParameterError(f"cannot freeze parameter {name!r}: the program writes it")
            store.parameter(name).is_mutable = False
            if not embed:
                continue
            array = store[name]
            t = op.result.type
            with self.context, op.location, ir.InsertionPoint(op):
                rtt = ir.RankedTensorType.get(t.shape, t.element_type)
                blob = ir.DenseResourceElementsAttr.get_from_buffer(
                    np.ascontiguousarray(array), name, rtt)
                value = pd.ConstantOp(t.with_value_semantics(), blob,
                                      name=ir.StringAttr.get(name)).result
                if pd.TensorType.isinstance(t):
                    value = pd.ToTensorOp(value).result
            op.result.replace_all_uses_with(value)
            op.operation.erase()

    # -- pictures --------------------------------------------------------------
    def to_dot(self) -> str:
        """The data-flow graph in Graphviz dot: ops are nodes, values edges;
        feeds/fetches are ellipses, parameters cylinders."""
        ids, lines = {}, ["digraph program {", "  rankdir=TB;",
                          '  node [shape=box, style="rounded,filled", fillcolor="#eef3fb", fontname="Helvetica"];',
                          '  edge [fontname="Helvetica", fontsize=9];']
        for i, op in enumerate(self.ops):
            ids[op.operation] = f"op{i}"
            name = op.operation.name
            attrs = op.operation.attributes
            label = name
            for key in ("name", "parameter_name"):
                if key in attrs:
                    label += f"\\n{ir.StringAttr(attrs[key]).value}"
            style = ""
            if name in ("pd.data", "pd.fetch"):
                style = ', shape=ellipse, fillcolor="#dff5e1"'
            elif name in ("pd.get_parameter", "pd.set_parameter", "pd.constant"):
                style = ', shape=cylinder, fillcolor="#fff2cc"'
            lines.append(f'  op{i} [label="{label}"{style}];')
        for i, op in enumerate(self.ops):
            for operand in op.operation.operands:
                producer = operand.owner
                if isinstance(producer, ir.Block):
                    continue
                src = ids.get(producer.operation if hasattr(producer, "operation") else producer)
                if src is not None:
                    lines.append(f'  {src} -> op{i} [label="{_short(operand.type)}"];')
        lines.append("}")
        return "\n".join(lines) + "\n"

    def render(self, path) -> Path:
        """Draws the graph with Graphviz (`dot`) into `path` (.svg, .png, .pdf)."""
        path = Path(path)
        dot = shutil.which("dot")
        if dot is None:
            raise RuntimeError("rendering needs Graphviz's `dot` (apt-get install graphviz); "
                               "Program.to_dot() gives the graph without it")
        fmt = path.suffix.lstrip(".") or "svg"
        with tempfile.NamedTemporaryFile("w", suffix=".dot") as f:
            f.write(self.to_dot())
            f.flush()
            subprocess.run([dot, f"-T{fmt}", f.name, "-o", str(path)], check=True)
        return path


def _short(t: ir.Type) -> str:
    text = str(t)
    return text.replace("!pd.vtensor", "v").replace("!pd.tensor", "t")


# -- default programs and program_guard -------------------------------------

_MAIN: Program | None = None
_STARTUP: Program | None = None
_GUARD_DEPTH = 0
_STATIC_MODE = False


def in_program_guard() -> bool:
    """Whether a `program_guard` is active (ops then build into its program)."""
    return _GUARD_DEPTH > 0


def enable_static() -> None:
    """Paddle's `enable_static()`: creation functions outside any program
    (`zeros`, `arange`, ...) build into the default main program."""
    global _STATIC_MODE
    _STATIC_MODE = True


def disable_static() -> None:
    """Paddle's `disable_static()` (the default): outside a program_guard,
    creation functions return eager tensors."""
    global _STATIC_MODE
    _STATIC_MODE = False


def in_dynamic_mode() -> bool:
    return not _STATIC_MODE


def default_main_program() -> Program:
    global _MAIN
    if _MAIN is None:
        _MAIN = Program()
    return _MAIN


def default_startup_program() -> Program:
    global _STARTUP
    if _STARTUP is None:
        _STARTUP = Program(name="startup")
        _STARTUP.parameters = default_main_program().parameters
    return _STARTUP


@contextlib.contextmanager
def program_guard(main_program: Program, startup_program: Program | None = None):
    """Builds into `main_program` (and initializers into `startup_program`,
    which shares main's ParameterStore) within the block."""
    global _MAIN, _STARTUP, _GUARD_DEPTH
    saved = (_MAIN, _STARTUP)
    _MAIN = main_program
    if startup_program is not None:
        startup_program.parameters = main_program.parameters
        _STARTUP = startup_program
    _GUARD_DEPTH += 1
    try:
        yield
    finally:
        _GUARD_DEPTH -= 1
        _MAIN, _STARTUP = saved


def data(name: str, shape, dtype="float32", lod_level: int = 0):
    """A feed of the default main program; None or -1 is a dynamic dim."""
    program = default_main_program()
    with program.building():
        dims = [-1 if d is None else int(d) for d in shape]
        return pd.data(name, pd.TensorType.get(dims, dtype))


def create_parameter(name: str, shape, dtype="float32", initializer=None, trainable=True):
    """Declares parameter `name`, reads it in the main program and, with an
    initializer, writes its initial value in the startup program."""
    main, startup = default_main_program(), default_startup_program()
    shape = [int(d) for d in shape]
    parameter = main.parameters.declare(name, shape, pd.canonical_dtype(dtype), trainable)
    t_shape = shape
    if initializer is not None:
        parameter.initializer_program = startup
        with startup.building():
            value = initializer(t_shape, dtype)
            pd.SetParameterOp(value, name)
    with main.building():
        return pd.GetParameterOp(pd.TensorType.get(t_shape, dtype), name).result
