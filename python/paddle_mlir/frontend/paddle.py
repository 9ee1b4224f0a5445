"""Imports PaddlePaddle 3.x inference models (PIR `.json` + `.pdiparams`).

    from paddle_mlir.frontend import paddle as paddle_frontend

    main = paddle_frontend.load("model.json")     # weights: model.pdiparams
    main.verify()
    main.feeds(), main.fetches()                    # Paddle's feed/fetch names
    main.parameters["linear_0.w_0"]                 # numpy arrays

`paddle.jit.save(layer, prefix, input_spec=...)` writes `prefix.json` (the
program, PIR's JSON format version 4) and `prefix.pdiparams` (the weights).
The importer walks the program's blocks (regions included) and builds the pd
dialect in a `static.Program`:

- `pd_op.X` becomes `pd.X` of the op spec (`dialects/pd/ops.yaml`): operands
  in Paddle's order (Tensor, IntArray and Scalar arguments are operands, a
  missing optional operand is absent), attributes converted to the spec's
  kinds, result types from the JSON types. Paddle bookkeeping attributes
  (`stop_gradient`, `persistable`, `struct_name`, ...) are dropped.
- `pd_op.data`, `pd_op.fetch`, `pd_op.full`, `pd_op.full_int_array` and the
  builtin ops (`parameter`, `set_parameter`, `shadow_output`, `combine`,
  `split`, `slice`) become pd's program-level ops; parameters are declared
  in the Program's ParameterStore and filled from the weights file.
- The program works on `!pd.tensor` (Paddle's tensors may alias).
- Control flow: `pd_op.if` becomes `pd.if` (result types from the JSON, the
  two regions as `then`/`else`), `pd_op.while` becomes `pd.while` (the body's
  block arguments, negative value ids in the JSON, are the loop-carried
  values), `cf.yield` becomes `pd.yield`; nested regions are imported the same
  way. A region's ops use values of the enclosing blocks; the values a region
  defines are visible in it only.

Each op carries the location `"model.json:op N"` (N: its index in the JSON
block; an op in a region: `"model.json:op 4 region 0 op 2"`, op 2 of region 0
of op 4). Anything the importer cannot represent faithfully -- an op missing
from the spec, an op whose arguments or results differ from the spec's, the
ops Paddle's training while loops use (`cf.tuple_push`, `cf.stack_create`,
...), tensor arrays, `pd_op.pylayer`, an unknown attribute or type -- raises
`PaddleImportError` with a one-line message naming the op and where it is;
nothing is dropped silently. The imported program is verified (our InferMeta
must agree with the types Paddle recorded).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from .. import ir
from ..dialects import pd
from ..dialects._pd_spec import OPS
from ..static import Program
from ..static.parameters import _np_dtype
from .pdiparams import PaddleImportError, read_pdiparams_tensors

__all__ = ["PaddleImportError", "load", "load_params", "SUPPORTED_VERSIONS"]

MAGIC = "pir"
# PIR JSON format versions this importer reads. Older files need Paddle's
# version patches (op and attribute renames), which are not implemented.
SUPPORTED_VERSIONS = (4,)

# "<dialect id>.<name>" (schema.cc: DialectIdMap).
_DIALECTS = {"0": "builtin", "1": "pd_op", "2": "cf", "3": "custom_op", "4": "pd_dist"}

# Attributes Paddle attaches for its own bookkeeping; no pd op has them.
_BOOKKEEPING_ATTRS = frozenset({
    "stop_gradient", "persistable", "struct_name", "op_callstack", "op_dist_attr",
    "op_role", "op_namescope", "trainable", "is_persistable", "kernel_key",
    "kernel_name", "op_name", "with_quant_attr",
})

_OPERAND_KINDS = ("Tensor", "Tensor?", "Tensor[]", "Tensor[]?")

# PIR element types ("0.t_f32") -> Paddle dtype names.
_ELEMENT_TYPES = {
    "0.t_bool": "bool", "0.t_ui8": "uint8", "0.t_i8": "int8", "0.t_i16": "int16",
    "0.t_i32": "int32", "0.t_i64": "int64", "0.t_f16": "float16", "0.t_bf16": "bfloat16",
    "0.t_f32": "float32", "0.t_f64": "float64", "0.t_c64": "complex64",
    "0.t_c128": "complex128",
}
# DenseTensorType layouts that carry no layout information for us.
_DEFAULT_LAYOUTS = ("NCHW", "Undefined(AnyLayout)", "ANY", "AnyLayout", "ALL_LAYOUT")

# phi::AllocationType -> #pd.place kind (0, UNDEFINED: no place attribute).
_PLACES = {1: "CPU", 2: "GPU", 4: "XPU", 7: "IPU", 9: "CUSTOM"}

_INT_DTYPES = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}


def _is_operand_kind(kind: str) -> bool:
    """Tensors and Paddle's mutable attributes (IntArray, Scalar) are operands;
    a Scalar[] (assign_value's values) is an attribute, as in PIR."""
    return kind in _OPERAND_KINDS or kind == "IntArray" or \
        (kind.startswith("Scalar") and kind != "Scalar[]")


def _op_name(code: str) -> str:
    """'1.matmul' -> 'pd_op.matmul'."""
    dialect, _, name = code.partition(".")
    return f"{_DIALECTS.get(dialect, dialect)}.{name}" if name else code


class _OpError(Exception):
    """A problem with the op being imported; becomes a PaddleImportError."""


class _Importer:
    def __init__(self, json_path: Path, program_json: dict):
        self.path = json_path
        self.label = str(json_path)
        self.program_json = program_json
        self.program = Program()
        # Value ids -> values visible at the current op: the enclosing blocks'.
        self.values: dict[int, ir.Value] = {}
        # The ids each open block defined (innermost last); they go out of
        # scope with the block, into `hidden` (id -> where it was defined).
        self.scopes: list[list[int]] = []
        self.hidden: dict[int, str] = {}
        self.fetch_cols: set[int] = set()
        self.created = None  # the op the current JSON op became
        self.last_in_block = False  # whether the current op ends its block
        # The current op: "op 4", in a region "op 4 region 0 op 2"; None when
        # no op is being imported.
        self.where: str | None = None
        self.op_name = ""

    # -- errors ---------------------------------------------------------------
    def fail(self, message: str):
        raise _OpError(message)

    def error(self, message: str) -> PaddleImportError:
        where = f"{self.where} ({self.op_name}): " if self.where is not None else ""
        return PaddleImportError(f"{self.label}: {where}{' '.join(message.split())}")

    # -- structure ------------------------------------------------------------
    def top_block_ops(self) -> list:
        try:
            regions = self.program_json["regions"]
            block = regions[0]["blocks"][0]
            ops = block["ops"]
        except (KeyError, IndexError, TypeError):
            raise PaddleImportError(f"{self.label}: malformed program: expected "
                                    "program.regions[0].blocks[0].ops") from None
        if len(regions) != 1 or len(regions[0]["blocks"]) != 1:
            raise PaddleImportError(f"{self.label}: malformed program: expected one region "
                                    "with one block at the top level")
        if block.get("args") or block.get("kwargs"):
            raise PaddleImportError(f"{self.label}: the top-level block has arguments, "
                                    "which Paddle programs do not")
        if not isinstance(ops, list):
            raise PaddleImportError(f"{self.label}: malformed program: 'ops' is not a list")
        return ops

    def run(self) -> Program:
        ops = self.top_block_ops()
        program = self.program
        with program.context, ir.InsertionPoint.at_block_terminator(program.block):
            self.import_ops(ops, "")
        self.where = None
        try:
            program.verify()  # the ops together (each one was verified alone)
        except ir.MLIRError as e:
            raise PaddleImportError(f"{self.label}: the imported program does not verify: "
                                    f"{_one_line_mlir_error(e)}") from None
        return program

    def import_ops(self, ops: list, prefix: str) -> None:
        """Imports a block's ops at the current insertion point; `prefix` names
        the enclosing region ("op 4 region 0 ") for locations and errors."""
        for index, op in enumerate(ops):
            self.where = f"{prefix}op {index}"
            self.op_name = "?"
            try:
                if not isinstance(op, dict) or not isinstance(op.get("#"), str):
                    self.fail("malformed op: no '#' name")
                code = op["#"]
                self.op_name = "builtin.parameter" if code == "p" else _op_name(code)
                self.created = None
                self.last_in_block = index == len(ops) - 1
                with ir.Location.name(f"{self.label}:{self.where}"):
                    self.import_op(code, op)
                if self.created is not None:
                    self.verify_created(code, op)
            except _OpError as e:
                raise self.error(str(e)) from None
            except PaddleImportError:
                raise
            except ir.MLIRError as e:
                raise self.error(_one_line_mlir_error(e)) from None
            except (AttributeError, KeyError, IndexError, TypeError, ValueError) as e:
                raise self.error(f"malformed op: {type(e).__name__}: {e}") from None

    # -- values and types -------------------------------------------------------
    def value(self, ref) -> ir.Value | None:
        vid = ref["%"] if isinstance(ref, dict) else ref
        if not isinstance(vid, int):
            self.fail(f"malformed operand {ref!r}")
        if vid == 0:
            return None
        try:
            return self.values[vid]
        except KeyError:
            if vid in self.hidden:
                self.fail(f"operand %{vid} is defined in {self.hidden[vid]}, which does not "
                          "enclose this op")
            self.fail(f"operand %{vid} is not defined before its use")

    def bind(self, vid: int, value: ir.Value) -> None:
        if vid in self.values or vid in self.hidden:
            self.fail(f"value %{vid} is defined twice")
        self.values[vid] = value
        if self.scopes:
            self.scopes[-1].append(vid)

    def define(self, result: dict, value: ir.Value) -> None:
        vid = result["%"]
        if not isinstance(vid, int) or isinstance(vid, bool) or vid <= 0:
            self.fail(f"malformed result id {vid!r}")
        self.bind(vid, value)
        self.created = value.owner

    def results(self, op: dict) -> list:
        results = op.get("O", [])
        if isinstance(results, dict):  # the compact parameter op
            results = [results]
        if not isinstance(results, list):
            self.fail("malformed results")
        return results

    def type(self, tt) -> ir.Type:
        kind = tt.get("#") if isinstance(tt, dict) else None
        if kind == "0.t_dtensor":
            dtype, dims, layout, lod, offset = tt["D"]
            name = _ELEMENT_TYPES.get(dtype.get("#") if isinstance(dtype, dict) else None)
            if name is None:
                self.fail(f"unsupported element type {json.dumps(dtype)}")
            if layout not in _DEFAULT_LAYOUTS:
                self.fail(f"unsupported tensor layout {layout!r} (pd tensor types carry no "
                          "layout; only NCHW, Paddle's default, is accepted)")
            if lod:
                self.fail(f"unsupported LoD {lod!r} in a tensor type")
            if offset:
                self.fail(f"unsupported tensor offset {offset!r}")
            if not all(isinstance(d, int) and not isinstance(d, bool) and
                       -(1 << 62) < d < (1 << 62) for d in dims):
                self.fail(f"malformed dims {dims!r}")
            # Paddle's own shape inference multiplies unknown dims: unique's
            # inverse of a [-1, 5] input is declared [-5]. Any negative dim
            # is unknown (pd-infer-shapes infers it again).
            return pd.TensorType.get([d if d >= 0 else -1 for d in dims], name)
        if kind == "0.t_vec":
            return pd.VecType.get([self.type(t) for t in tt["D"]])
        if kind == "NULL":
            self.fail("a null type (an absent optional result) is not supported")
        if kind == "1.t_dense_tensor_array":
            # Python lists appended to in a converted loop become tensor arrays.
            self.fail(f"unsupported type {kind!r} (a tensor array; pd has no such type)")
        self.fail(f"unsupported type {kind!r}")

    def result_types(self, op: dict, count: int | None = None) -> list:
        results = self.results(op)
        if count is not None and len(results) != count:
            self.fail(f"expected {count} result(s), the JSON has {len(results)}")
        return [self.type(r["TT"]) for r in results]

    def define_results(self, op: dict, mlir_op) -> None:
        for r, v in zip(self.results(op), mlir_op.results):
            self.define(r, v)

    # -- attributes -------------------------------------------------------------
    def attrs(self, op: dict) -> dict:
        attrs = {}
        for a in op.get("A", []):
            if not isinstance(a, dict) or "N" not in a or "AT" not in a:
                self.fail(f"malformed attribute {json.dumps(a)[:80]}")
            attrs[a["N"]] = a["AT"]
        return attrs

    def json_value(self, at: dict, what: str):
        """The `D` of a JSON attribute, checked against its kind: a bool for
        a_bool, an integer for a_i32/a_i64/a_index (in range), a number for
        a_f32/a_f64, a string for a_str."""
        if not isinstance(at, dict) or "D" not in at:
            self.fail(f"{what}: malformed attribute {at!r}")
        kind, v = at.get("#"), at["D"]
        ok = {"0.a_bool": isinstance(v, bool),
              "0.a_i32": isinstance(v, int) and not isinstance(v, bool) and -(1 << 31) <= v < 1 << 31,
              "0.a_i64": isinstance(v, int) and not isinstance(v, bool) and -(1 << 63) <= v < 1 << 63,
              "0.a_index": isinstance(v, int) and not isinstance(v, bool) and -(1 << 63) <= v < 1 << 63,
              "0.a_f32": isinstance(v, (int, float)) and not isinstance(v, bool),
              "0.a_f64": isinstance(v, (int, float)) and not isinstance(v, bool),
              "0.a_str": isinstance(v, str)}.get(kind, True)
        if not ok:
            expected = {"0.a_bool": "true or false", "0.a_str": "a string",
                        "0.a_f32": "a number", "0.a_f64": "a number",
                        "0.a_i32": "a 32-bit integer"}.get(kind, "a 64-bit integer")
            self.fail(f"{what}: a {kind!r} attribute holds {v!r}, expected {expected}")
        return v

    def number(self, at: dict, what: str):
        """A bool/int/float from a JSON attribute (a_f32/a_f64 may be NaN/INF)."""
        kind = at.get("#")
        if "VD" in at:
            special = {"NaN": math.nan, "INF": math.inf, "-INF": -math.inf}.get(at["VD"])
            if special is None:
                self.fail(f"{what}: malformed special value {at['VD']!r}")
            return special
        if kind == "1.a_scalar":
            data = at["D"]
            dtype, values = data[0], data[1:]
            if len(values) != 1:
                self.fail(f"{what}: unsupported complex Scalar {data!r}")
            v = values[0]
            if dtype == "bool":
                return bool(v)
            if dtype in _INT_DTYPES:
                return int(v)
            if dtype in ("float16", "bfloat16"):
                self.fail(f"{what}: unsupported {dtype} Scalar (stored as bits)")
            return float(v)
        if kind == "0.a_bool":
            return self.json_value(at, what)
        if kind in ("0.a_i32", "0.a_i64", "0.a_index"):
            return int(self.json_value(at, what))
        if kind in ("0.a_f32", "0.a_f64"):
            return float(self.json_value(at, what))
        self.fail(f"{what}: expected a number, got a {kind!r} attribute")

    def int_list(self, at: dict, what: str) -> list[int]:
        kind = at.get("#")
        if kind == "1.a_intarray":
            items = at["D"]
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in items):
                self.fail(f"{what}: malformed IntArray {items!r}")
            return list(items)
        if kind == "0.a_array":
            out = []
            items = at.get("D")
            if not isinstance(items, list):
                self.fail(f"{what}: malformed array {items!r}")
            for item in items:
                if not isinstance(item, dict) or item.get("#") not in ("0.a_i32", "0.a_i64"):
                    self.fail(f"{what}: expected integers, got {item!r}")
                out.append(int(self.json_value(item, what)))
            return out
        self.fail(f"{what}: expected an integer list, got a {kind!r} attribute")

    def convert_attr(self, name: str, kind: str, at: dict) -> ir.Attribute | None:
        """A JSON attribute as the MLIR attribute of spec kind `kind`."""
        jkind = at.get("#")
        what = f"attribute {name!r}"

        def expect(*kinds):
            if jkind not in kinds:
                self.fail(f"{what}: Paddle has a {jkind!r} attribute, our spec a {kind!r}")

        if kind == "bool":
            expect("0.a_bool")
            return ir.BoolAttr.get(self.json_value(at, what))
        if kind in ("int", "int64_t"):
            expect("0.a_i32", "0.a_i64")
            v = int(self.json_value(at, what))
            bits = 32 if kind == "int" else 64
            if not -(1 << (bits - 1)) <= v < 1 << (bits - 1):
                self.fail(f"{what}: {v} does not fit {kind}")
            return ir.IntegerAttr.get(ir.IntegerType.get_signless(bits), v)
        if kind in ("float", "double"):
            expect("0.a_f32", "0.a_f64")
            v = self.number(at, what)
            return ir.FloatAttr.get_f32(v) if kind == "float" else ir.FloatAttr.get_f64(v)
        if kind == "str":
            expect("0.a_str")
            return ir.StringAttr.get(self.json_value(at, what))
        if kind == "int[]":
            values = self.int_list(at, what)
            if not all(-(1 << 31) <= v < 1 << 31 for v in values):
                self.fail(f"{what}: {values} does not fit int[]")
            return ir.DenseI32ArrayAttr.get(values)
        if kind == "int64_t[]":
            return ir.DenseI64ArrayAttr.get(self.int_list(at, what))
        if kind == "float[]":
            expect("0.a_array")
            if not isinstance(at.get("D"), list):
                self.fail(f"{what}: malformed array {at.get('D')!r}")
            return ir.DenseF32ArrayAttr.get([self.number(item, what) for item in at["D"]])
        if kind == "double[]":
            expect("0.a_array")
            if not isinstance(at.get("D"), list):
                self.fail(f"{what}: malformed array {at.get('D')!r}")
            return ir.DenseF64ArrayAttr.get([self.number(item, what) for item in at["D"]])
        if kind == "Scalar[]":
            # assign_value's values: Paddle writes each as a double (a_f64),
            # a bool as a_bool; integers keep their kind.
            expect("0.a_array")
            if not isinstance(at.get("D"), list):
                self.fail(f"{what}: malformed array {at.get('D')!r}")
            return ir.ArrayAttr.get([pd._scalar_attr(self.number(item, what), None)
                                     for item in at["D"]])
        if kind == "DataType":
            expect("1.a_dtype")
            return self.dtype_attr(at["D"], what)
        if kind == "Place":
            expect("1.a_place")
            return self.place_attr(at["D"], what)
        self.fail(f"{what}: unsupported spec attribute kind {kind!r}")

    def check_dtype(self, at: dict | None, t) -> None:
        """An op's `dtype` attribute must be its result's dtype (Paddle
        converts the value to it; a disagreement is a corrupt file, not
        something to convert silently)."""
        if at is None:
            return
        if at.get("#") != "1.a_dtype":
            self.fail(f"attribute 'dtype': expected a '1.a_dtype' attribute, got {at.get('#')!r}")
        name = at.get("D")
        if str(name).lower() in ("undefined", "undefined(all_dtype)", "all_dtype"):
            return
        try:
            dtype = pd.canonical_dtype(name)
        except (ValueError, TypeError):
            self.fail(f"attribute 'dtype': unsupported dtype {name!r}")
        if dtype != t.dtype:
            self.fail(f"attribute 'dtype' is {dtype} but the result type is {t}: they must agree")

    def dtype_attr(self, name: str, what: str) -> ir.Attribute:
        # phi::DataTypeToString(UNDEFINED) is "Undefined(ALL_DTYPE)".
        if str(name).lower() in ("undefined", "undefined(all_dtype)", "all_dtype"):
            return ir.Attribute.parse("#pd.dtype<all_dtype>")
        try:
            return pd.dtype_attr(name)
        except ValueError:
            self.fail(f"{what}: unsupported dtype {name!r}")

    def place_attr(self, data, what: str) -> ir.Attribute | None:
        """Paddle's [allocation type, device id, device type]; None if undefined."""
        kind, device = int(data[0]), int(data[1])
        if kind == 0:
            return None
        if kind not in _PLACES:
            self.fail(f"{what}: unsupported place (allocation type {kind})")
        text = _PLACES[kind] + (f", {device}" if device else "")
        return ir.Attribute.parse(f"#pd.place<{text}>")

    def check_attr_names(self, attrs: dict, known) -> None:
        for name in attrs:
            if name not in known and name not in _BOOKKEEPING_ATTRS:
                self.fail(f"unexpected attribute {name!r} (known: {', '.join(sorted(known))})")

    def verify_created(self, code: str, op: dict) -> None:
        created = self.created
        created = created.operation if hasattr(created, "operation") else created
        try:
            created.verify()
        except ir.MLIRError as e:
            name = code.partition(".")[2]
            diff = self.result_type_diff(name, created) if name in OPS else None
            if diff:
                self.fail("our InferMeta disagrees with Paddle's result types: " + diff)
            self.fail(_one_line_mlir_error(e, with_location=False))

    def result_type_diff(self, name: str, created) -> str | None:
        """'result i (name): Paddle T1, ours T2; ...' when the spec op's
        inferred result types differ from the ones Paddle recorded."""
        cls = _op_classes().get(f"pd.{name}")
        if cls is None:
            return None
        segments = getattr(cls, "_ODS_OPERAND_SEGMENTS", None)
        operands = list(created.operands)
        if segments is not None:  # one entry per operand, None if absent
            sizes = list(ir.DenseI32ArrayAttr(created.attributes["operandSegmentSizes"]))
            it = iter(operands)
            operands = [next(it) if n else None for n in sizes]
        attributes = {n: created.attributes[n] for n in created.attributes
                      if n != "operandSegmentSizes"}
        try:
            with ir.InsertionPoint(created):
                probe = cls.build_generic(results=None, operands=operands,
                                          attributes=attributes, loc=created.location)
        except Exception:  # noqa: BLE001  (inference itself failed)
            return None
        inferred = [r.type for r in probe.operation.results]
        probe.operation.erase()
        outputs = OPS[name]["outputs"]
        diffs = [f"result {i} ({outputs[i][0]}): Paddle {t}, ours {u}"
                 for i, (t, u) in enumerate(zip([r.type for r in created.results], inferred))
                 if t != u]
        return "; ".join(diffs) or None

    # -- ops --------------------------------------------------------------------
    def import_op(self, code: str, op: dict) -> None:
        if code == "p":
            return self.import_parameter(op)
        dialect, _, name = code.partition(".")
        if dialect == "1":
            special = {
                "data": self.import_data, "fetch": self.import_fetch,
                "full": self.import_full, "full_int_array": self.import_full_int_array,
            }.get(name)
            if special is not None:
                return special(op)
            if name == "if":
                return self.import_if(op)
            if name == "while":
                return self.import_while(op)
            if name == "pylayer":
                self.fail("control flow (pd_op.pylayer, a PyLayer's custom forward) is not "
                          "supported")
            if op.get("regions"):
                self.fail("ops with regions are not supported")
            if name not in OPS:
                self.fail(f"Paddle op 'pd_op.{name}' has no pd op in the spec "
                          "(dialects/pd/ops.yaml)")
            return self.import_spec_op(name, op)
        if dialect == "0":
            handler = {
                "parameter": self.import_parameter, "set_parameter": self.import_set_parameter,
                "shadow_output": self.import_shadow_output, "combine": self.import_combine,
                "split": self.import_builtin_split, "slice": self.import_builtin_slice,
            }.get(name)
            if handler is None:
                self.fail(f"builtin op 'builtin.{name}' is not supported")
            return handler(op)
        if dialect == "2":
            if name == "yield":
                return self.import_yield(op)
            # tuple_push/tuple_pop/stack_create/has_elements: the stacks
            # Paddle's while loops keep for their backward pass.
            self.fail(f"op 'cf.{name}' is not supported (of the cf dialect, only cf.yield, "
                      "the region terminator, is)")
        self.fail(f"op '{_op_name(code)}' is not supported")

    # -- control flow -------------------------------------------------------------
    def region_blocks(self, op: dict, count: int) -> list:
        """The single block of each of the op's `count` regions, each ending in
        cf.yield: [(block JSON, its ops, the number of values it yields)]."""
        regions = op.get("regions")
        if not isinstance(regions, list) or len(regions) != count:
            n = len(regions) if isinstance(regions, list) else 0
            self.fail(f"expected {count} region(s), the JSON has {n}")
        blocks = []
        for r, region in enumerate(regions):
            rblocks = region.get("blocks") if isinstance(region, dict) else None
            if not isinstance(rblocks, list) or len(rblocks) != 1:
                n = len(rblocks) if isinstance(rblocks, list) else "malformed"
                self.fail(f"region {r} must have one block, the JSON has {n}")
            block = rblocks[0]
            ops = block.get("ops") if isinstance(block, dict) else None
            if not isinstance(ops, list):
                self.fail(f"region {r}: malformed block: 'ops' is not a list")
            if block.get("kwargs"):
                self.fail(f"region {r}: block keyword arguments are not supported")
            last = ops[-1] if ops else None
            if not isinstance(last, dict) or last.get("#") != "2.yield":
                self.fail(f"region {r} does not end in cf.yield")
            yielded = last.get("I", [])
            if not isinstance(yielded, list):
                self.fail(f"region {r}: malformed cf.yield operands")
            blocks.append((block, ops, len(yielded)))
        return blocks

    def block_arg_types(self, block: dict, r: int) -> list:
        """[(id, type)] of a block's arguments ({"#": -1, "TT": type})."""
        args = block.get("args", [])
        if not isinstance(args, list):
            self.fail(f"region {r}: malformed block arguments")
        out = []
        for a in args:
            vid = a.get("#", a.get("%")) if isinstance(a, dict) else None
            if not isinstance(vid, int) or isinstance(vid, bool) or vid >= 0:
                self.fail(f"region {r}: malformed block argument {json.dumps(a)[:80]} "
                          "(expected a negative id)")
            out.append((vid, self.type(a["TT"])))
        return out

    def import_region(self, ops: list, block: ir.Block, r: int, args=()) -> None:
        """Imports a region's block into `block` (with `args`: [(id, value)]);
        the values it defines are visible to its ops only."""
        where, name = self.where, self.op_name
        self.scopes.append([])
        try:
            for vid, value in args:
                self.bind(vid, value)
            with ir.InsertionPoint(block):
                self.import_ops(ops, f"{where} region {r} ")
        finally:
            for vid in self.scopes.pop():
                del self.values[vid]
                self.hidden[vid] = f"{where} region {r}"
            self.where, self.op_name = where, name

    def import_if(self, op: dict) -> None:
        self.check_attr_names(self.attrs(op), set())
        (cond,) = self.inputs(op, 1)
        types = self.result_types(op)
        blocks = self.region_blocks(op, 2)
        for r, (block, _, yielded) in enumerate(blocks):
            if block.get("args"):
                self.fail(f"region {r} has block arguments, pd_op.if's regions have none")
            if yielded != len(types):
                branch = ("then", "else")[r]
                self.fail(f"region {r} ({branch}) yields {yielded} value(s), pd_op.if has "
                          f"{len(types)} result(s)")
        if_op = pd.IfOp(types, cond)
        for r, (region, (_, ops, _)) in enumerate(zip(if_op.regions, blocks)):
            self.import_region(ops, region.blocks.append(), r)
        # The results are defined after the regions (which cannot use them).
        self.define_results(op, if_op)
        self.created = if_op.operation

    def import_while(self, op: dict) -> None:
        self.check_attr_names(self.attrs(op), set())
        inputs = op.get("I", [])
        if not isinstance(inputs, list) or not inputs:
            self.fail("expected the condition and the loop-carried values as operands")
        cond, *carried = self.inputs(op, len(inputs))
        carried_types = [v.type for v in carried]
        types = self.result_types(op)
        if len(types) != len(carried):
            self.fail(f"{len(types)} result(s) for {len(carried)} loop-carried value(s) "
                      "(the operands after the condition)")
        for i, (t, u) in enumerate(zip(types, carried_types)):
            if t != u:
                self.fail(f"result {i} has type {t}, its loop-carried value {u}")
        ((block, ops, yielded),) = self.region_blocks(op, 1)
        args = self.block_arg_types(block, 0)
        if len(args) != len(carried):
            self.fail(f"the body has {len(args)} block argument(s) for {len(carried)} "
                      "loop-carried value(s)")
        for i, ((_, t), u) in enumerate(zip(args, carried_types)):
            if t != u:
                self.fail(f"body argument {i} has type {t}, its loop-carried value {u}")
        if yielded != 1 + len(carried):
            self.fail(f"the body yields {yielded} value(s), expected {1 + len(carried)} "
                      f"(the next condition, then {len(carried)} loop-carried value(s))")
        while_op = pd.WhileOp(types, cond, carried)
        body = while_op.regions[0].blocks.append(
            *carried_types, arg_locs=[ir.Location.current] * len(carried))
        self.import_region(ops, body, 0, [(vid, a) for (vid, _), a in zip(args,
                                                                          body.arguments)])
        self.define_results(op, while_op)
        self.created = while_op.operation

    def import_yield(self, op: dict) -> None:
        self.check_attr_names(self.attrs(op), set())
        if not self.scopes:
            self.fail("cf.yield outside of a pd_op.if / pd_op.while region")
        if not self.last_in_block:
            self.fail("cf.yield is not the last op of its block")
        self.result_types(op, 0)
        values = self.inputs(op, len(op.get("I", [])))
        self.created = pd.YieldOp(values).operation

    def inputs(self, op: dict, count: int) -> list:
        inputs = op.get("I", [])
        if not isinstance(inputs, list) or len(inputs) != count:
            n = len(inputs) if isinstance(inputs, list) else "malformed"
            self.fail(f"expected {count} operand(s), the JSON has {n}")
        values = [self.value(i) for i in inputs]
        if any(v is None for v in values):
            self.fail("a required operand is null")
        return values

    def import_parameter(self, op: dict) -> None:
        if op["#"] == "p":
            attrs = op["A"]
            if not isinstance(attrs, list) or len(attrs) != 4 or not isinstance(attrs[3], str):
                self.fail("malformed parameter op: 'A' must be "
                          "[is_distributed, is_parameter, need_clip, name]")
            name = attrs[3]
            other = op.get("OA") or [1, 1, 1]
            trainable = bool(other[2]) if len(other) > 2 else True
            if other and other[0] == 0:
                return self.import_non_persistable(op, name)
        else:
            attrs = self.attrs(op)
            name = attrs["parameter_name"]["D"]
            trainable = True
        self.inputs(op, 0)
        (t,) = self.result_types(op, 1)
        if -1 in pd.TensorType(t).shape:
            self.fail(f"parameter {name!r} has a dynamic shape {pd.TensorType(t).shape}")
        self.program.parameters.declare(name, pd.TensorType(t).shape,
                                        pd.TensorType(t).dtype, trainable)
        self.define(self.results(op)[0], pd.GetParameterOp(t, name).result)

    def import_non_persistable(self, op: dict, name: str) -> None:
        """A parameter that is not persistable (OA[0] = 0) has no value in
        the .pdiparams file: Paddle makes it at run time. The one Paddle's
        models have is a recurrent layer's dropout state
        (`*.dropout_state__non_persistable`, read only by training-time
        dropout); it becomes zeros."""
        self.inputs(op, 0)
        (t,) = self.result_types(op, 1)
        t = pd.TensorType(t)
        if -1 in t.shape:
            self.fail(f"non-persistable parameter {name!r} has a dynamic shape {t.shape}")
        if not name.endswith("dropout_state__non_persistable"):
            self.fail(f"parameter {name!r} is not persistable: its value is not in the "
                      "weights file (only a recurrent layer's dropout state is supported)")
        zero = False if t.dtype == "bool" else 0
        self.define(self.results(op)[0], pd.FullOp(t, zero).result)

    def import_set_parameter(self, op: dict) -> None:
        attrs = self.attrs(op)
        self.check_attr_names(attrs, {"parameter_name"})
        (value,) = self.inputs(op, 1)
        self.result_types(op, 0)
        self.created = pd.SetParameterOp(value, attrs["parameter_name"]["D"]).operation

    def import_data(self, op: dict) -> None:
        attrs = self.attrs(op)
        self.check_attr_names(attrs, {"name", "shape", "dtype", "place"})
        self.inputs(op, 0)
        (t,) = self.result_types(op, 1)
        t = pd.TensorType(t)
        shape = self.int_list(attrs["shape"], "attribute 'shape'")
        if shape != t.shape:
            self.fail(f"feed shape {shape} differs from its type's {t.shape}")
        dtype = attrs["dtype"]["D"]
        if pd.canonical_dtype(dtype) != t.dtype:
            self.fail(f"feed dtype {dtype} differs from its type's {t.dtype}")
        place = self.place_attr(attrs["place"]["D"], "place") if "place" in attrs else None
        value = pd.DataOp(attrs["name"]["D"], t, place=place).result
        self.define(self.results(op)[0], value)

    def fetch(self, value: ir.Value, name: str, col: int | None = None) -> ir.Value:
        if col is None:
            col = max(self.fetch_cols, default=-1) + 1
        if col in self.fetch_cols:
            self.fail(f"fetch column {col} is used twice")
        self.fetch_cols.add(col)
        return pd.FetchOp(value, name, col).result

    def import_fetch(self, op: dict) -> None:
        attrs = self.attrs(op)
        self.check_attr_names(attrs, {"name", "col"})
        (value,) = self.inputs(op, 1)
        self.result_types(op, 1)
        out = self.fetch(value, attrs["name"]["D"], int(attrs["col"]["D"]))
        self.define(self.results(op)[0], out)

    def import_shadow_output(self, op: dict) -> None:
        attrs = self.attrs(op)
        self.check_attr_names(attrs, {"output_name"})
        (value,) = self.inputs(op, 1)
        self.result_types(op, 0)
        self.created = self.fetch(value, attrs["output_name"]["D"]).owner

    def import_full(self, op: dict) -> None:
        attrs = self.attrs(op)
        self.check_attr_names(attrs, {"shape", "value", "dtype", "place"})
        self.inputs(op, 0)
        (t,) = self.result_types(op, 1)
        t = pd.TensorType(t)
        shape = self.int_list(attrs["shape"], "attribute 'shape'")
        if shape != t.shape:
            self.fail(f"shape {shape} differs from the result type's {t.shape}")
        self.check_dtype(attrs.get("dtype"), t)
        value = self.number(attrs["value"], "attribute 'value'")
        # Paddle's full casts its value to dtype: keep integers integers.
        if t.dtype == "bool":
            value = bool(value)
        elif t.dtype in _INT_DTYPES and isinstance(value, float) and value.is_integer():
            value = int(value)
        place = self.place_attr(attrs["place"]["D"], "place") if "place" in attrs else None
        self.define(self.results(op)[0], pd.FullOp(t, value, place=place).result)

    def import_full_int_array(self, op: dict) -> None:
        attrs = self.attrs(op)
        self.check_attr_names(attrs, {"value", "dtype", "place"})
        self.inputs(op, 0)
        (t,) = self.result_types(op, 1)
        self.check_dtype(attrs.get("dtype"), pd.TensorType(t))
        values = self.int_list(attrs["value"], "attribute 'value'")
        place = self.place_attr(attrs["place"]["D"], "place") if "place" in attrs else None
        self.define(self.results(op)[0], pd.FullIntArrayOp(values, t, place=place).result)

    def import_combine(self, op: dict) -> None:
        self.check_attr_names(self.attrs(op), set())
        inputs = op.get("I", [])
        values = self.inputs(op, len(inputs))
        (t,) = self.result_types(op, 1)
        result = pd.CombineOp(values).result
        if result.type != t:
            self.fail(f"combine's type {result.type} differs from Paddle's {t}")
        self.define(self.results(op)[0], result)

    def import_builtin_split(self, op: dict) -> None:
        self.check_attr_names(self.attrs(op), set())
        (value,) = self.inputs(op, 1)
        types = self.result_types(op)
        split = pd.BuiltinSplitOp(value)
        if [r.type for r in split.results] != types:
            self.fail(f"split's result types differ from Paddle's: "
                      f"{[str(r.type) for r in split.results]} vs {[str(t) for t in types]}")
        self.define_results(op, split)

    def import_builtin_slice(self, op: dict) -> None:
        attrs = self.attrs(op)
        self.check_attr_names(attrs, {"index"})
        (value,) = self.inputs(op, 1)
        (t,) = self.result_types(op, 1)
        index = int(attrs["index"]["D"])
        result = pd.BuiltinSliceOp(value, index).result
        if result.type != t:
            self.fail(f"slice's type {result.type} differs from Paddle's {t}")
        self.define(self.results(op)[0], result)

    def import_spec_op(self, name: str, op: dict) -> None:
        spec = OPS[name]
        operand_args = [(a, k) for a, k, _ in spec["args"] if _is_operand_kind(k)]
        attr_args = [(a, k, d) for a, k, d in spec["args"] if not _is_operand_kind(k)]
        ours = ", ".join(f"{k} {a}" for a, k in operand_args)

        attrs = self.attrs(op)
        for arg, kind in operand_args:
            if arg in attrs:
                self.fail(f"Paddle passes {arg!r} as a {attrs[arg].get('#')!r} attribute, "
                          f"our spec as a {kind} operand ({ours})")
        inputs = op.get("I", [])
        if not isinstance(inputs, list):
            self.fail("malformed operands")
        if len(inputs) != len(operand_args):
            self.fail(f"Paddle passes {len(inputs)} operand(s), our spec has "
                      f"{len(operand_args)} ({ours})")
        operands, segments = [], []
        for (arg, kind), ref in zip(operand_args, inputs):
            value = self.value(ref)
            if value is None:
                if not kind.endswith("?"):
                    self.fail(f"operand {arg!r} ({kind}) is null")
                segments.append(0)
            else:
                operands.append(value)
                segments.append(1)

        known = {a for a, _, _ in attr_args}
        for attr in attrs:
            if attr in known or attr in _BOOKKEEPING_ATTRS:
                continue
            self.fail(f"Paddle has attribute {attr!r}, our spec does not "
                      f"(ours: {', '.join(sorted(known)) or 'none'})")
        attributes = {}
        for arg, kind, default in attr_args:
            if arg in attrs:
                attr = self.convert_attr(arg, kind, attrs[arg])
                if attr is not None:
                    attributes[arg] = attr
            elif default is None and kind != "Place":
                self.fail(f"attribute {arg!r} ({kind}) is missing and has no default")
        if any(k.endswith("?") for _, k in operand_args):
            attributes["operandSegmentSizes"] = ir.DenseI32ArrayAttr.get(segments)

        results = self.results(op)
        outputs = spec["outputs"]
        if len(results) != len(outputs):
            ours = ", ".join(f"{k} {o}" for o, k in outputs)
            self.fail(f"Paddle's op has {len(results)} result(s), our spec "
                      f"{len(outputs)} ({ours})")
        if name in _RECORDED_TYPES_UNRELIABLE or any(
                isinstance(r.get("TT"), dict) and r["TT"].get("#") == "NULL" for r in results):
            # An optional result Paddle did not compute (unique without
            # return_index) has no type in the JSON, and some ops' recorded
            # types are wrong: the op's InferMeta gives them.
            try:
                mlir_op = ir.Operation.create(f"pd.{name}", operands=operands,
                                              attributes=attributes, infer_type=True)
            except ir.MLIRError as e:
                self.fail(_one_line_mlir_error(e, with_location=False))
            self.define_results(op, mlir_op)
            return
        types = [self.type(r["TT"]) for r in results]
        if "dtype" in attrs and len(types) == 1 and pd.TensorType.isinstance(types[0]):
            self.check_dtype(attrs["dtype"], pd.TensorType(types[0]))
        mlir_op = ir.Operation.create(f"pd.{name}", results=types, operands=operands,
                                      attributes=attributes)
        self.define_results(op, mlir_op)


#: Ops whose result types Paddle 3.3.1 records wrongly: unique's values and
#: inverse are recorded as float32 whatever the input's and `dtype` are,
#: unique_consecutive's index and counts too, and slogdet's [2, *batch] as
#: the input's shape.
_RECORDED_TYPES_UNRELIABLE = {"unique", "unique_consecutive", "slogdet"}


def _one_line_mlir_error(e: ir.MLIRError, with_location: bool = True) -> str:
    diags = getattr(e, "error_diagnostics", None) or []
    if diags:
        d = diags[0]
        text = f"{d.location}: {d.message}" if with_location else str(d.message)
    else:
        text = str(e)
    return " ".join(text.split())


_OP_CLASSES: dict | None = None


def _op_classes() -> dict:
    """'pd.matmul' -> the generated OpView class."""
    global _OP_CLASSES
    if _OP_CLASSES is None:
        from ..dialects import _pd_ops_gen
        _OP_CLASSES = {c.OPERATION_NAME: c for c in vars(_pd_ops_gen).values()
                       if isinstance(c, type) and hasattr(c, "OPERATION_NAME")}
    return _OP_CLASSES


def _read_json(path: Path) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PaddleImportError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise PaddleImportError(f"{path}: cannot read: {e}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise PaddleImportError(f"{path}: not a JSON file: {e.msg} at line {e.lineno} "
                                f"column {e.colno}") from None
    if not isinstance(data, dict) or not isinstance(data.get("base_code"), dict):
        raise PaddleImportError(f"{path}: not a Paddle PIR program: no 'base_code'")
    base = data["base_code"]
    if base.get("magic") != MAGIC:
        raise PaddleImportError(f"{path}: not a Paddle PIR program: magic is "
                                f"{base.get('magic')!r}, expected {MAGIC!r}")
    version = base.get("version")
    if version not in SUPPORTED_VERSIONS:
        supported = ", ".join(map(str, SUPPORTED_VERSIONS))
        raise PaddleImportError(f"{path}: unsupported PIR format version {version!r} "
                                f"(supported: {supported}, written by Paddle 3.3)")
    if not isinstance(data.get("program"), dict):
        raise PaddleImportError(f"{path}: malformed program: no 'program' object")
    return data


def load_params(program: Program, params_path) -> None:
    """Fills `program`'s parameters from a `.pdiparams` file: the file must hold
    exactly the program's parameters with their shapes and dtypes; on any
    problem nothing is loaded and PaddleImportError names it."""
    params_path = Path(params_path)
    store = program.parameters
    tensors = read_pdiparams_tensors(params_path, list(store))
    problems = []
    for t in tensors:
        p = store.parameter(t.name)
        if tuple(t.array.shape) != p.shape:
            problems.append(f"{t.name!r} (byte {t.offset}) has shape {list(t.array.shape)}, "
                            f"the program's parameter {list(p.shape)}")
        elif t.dtype != p.dtype or t.array.dtype != _np_dtype(p.dtype):
            problems.append(f"{t.name!r} (byte {t.offset}) has dtype {t.dtype}, "
                            f"the program's parameter {p.dtype}")
    if problems:
        raise PaddleImportError(f"{params_path}: weights do not match the program: "
                                + "; ".join(problems))
    for t in tensors:
        store[t.name] = t.array


def load(json_path, params_path=None) -> Program:
    """Imports a Paddle 3.x inference model: the program from `json_path` and,
    if the program has parameters, their values from `params_path` (default:
    the `.pdiparams` file beside the JSON, if it exists; otherwise the
    parameters are declared without values)."""
    json_path = Path(json_path)
    data = _read_json(json_path)
    program = _Importer(json_path, data["program"]).run()
    if params_path is None:
        default = json_path.with_suffix(".pdiparams")
        params_path = default if default.is_file() else None
    if params_path is not None:
        load_params(program, params_path)
    return program
