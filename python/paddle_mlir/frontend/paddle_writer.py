"""Writes pd programs as PaddlePaddle 3.x inference models (the inverse of paddle.py).

    from paddle_mlir.frontend import paddle_writer
    paddle_writer.save(program, "model")   # model.json + model.pdiparams

The files are what `paddle.jit.save` writes (PIR JSON format version 4 and
the "save_combine" weights file), so Paddle 3.3 loads them with
`paddle.jit.load(prefix)` and `paddle.inference.Config(json, pdiparams)`,
and `frontend.paddle.load` reads them back. One op becomes one JSON op:

- `pd.X` of the op spec becomes `pd_op.X`: operands in the spec's order (a
  missing optional operand is the null value 0), every attribute of the spec
  (an absent one takes the spec's default), in the JSON kinds Paddle uses
  (`int` a_i32, `int64_t` a_i64, `float` a_f32, `int[]` an array of a_i32,
  `DataType` a_dtype, `Place` a_place, ...).
- `pd.data`, `pd.fetch`, `pd.full`, `pd.full_int_array` become their pd_op
  ops; `pd.combine`, `pd.builtin_split`, `pd.builtin_slice`,
  `pd.set_parameter` their builtin ops; `pd.get_parameter` a parameter op
  (one per name); `pd.if`/`pd.while`/`pd.yield` Paddle's control flow, the
  loop body's block arguments with negative value ids.
- `pd.constant` (a frozen weight, an eager tensor captured into a program)
  becomes a non-trainable parameter holding its value, named after the
  constant's `name` or `constant_N`: the bits stay exact, however large.
- `pd.to_tensor`/`pd.to_vtensor` only change pd's value semantics, which
  Paddle's types do not have: their result is their operand's value.

Anything else (an op Paddle does not have, a parameter without a value, an
element type Paddle cannot store) raises `PaddleExportError` naming the op
and its location; nothing is written then.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np

from .. import ir
from ..dialects import pd
from ..dialects._pd_spec import OPS
from .paddle import _ELEMENT_TYPES as _IMPORT_ELEMENT_TYPES
from .paddle import _PLACES as _IMPORT_PLACES
from .paddle import _is_operand_kind
from .pdiparams import write_pdiparams

__all__ = ["PaddleExportError", "save", "program_json"]

FORMAT_VERSION = 4

# The importer's tables, inverted: Paddle dtype -> PIR element type,
# #pd.place kind -> phi::AllocationType.
_ELEMENT_TYPES = {name: code for code, name in _IMPORT_ELEMENT_TYPES.items()}
_PLACES = {kind: code for code, kind in _IMPORT_PLACES.items()}
_UNDEFINED_PLACE = [0, 0, ""]
# What phi::DataTypeToString writes for DataType::UNDEFINED.
_UNDEFINED_DTYPE = "Undefined(ALL_DTYPE)"

#: The kind of an int64_t[] attribute that Paddle's PIR keeps as an IntArray
#: attribute (`1.a_intarray`; the spec's int_array_attrs).
INT_ARRAY_ATTR = "IntArray (attribute)"


def attribute_kind(spec: dict, arg: str, kind: str) -> str:
    """How attribute `arg` of spec kind `kind` is written for op `spec`."""
    return INT_ARRAY_ATTR if arg in spec.get("int_array_attrs", ()) else kind


class PaddleExportError(ValueError):
    """A program cannot be written as a Paddle model."""


def _attr(kind: str, value) -> dict:
    return {"#": kind, "D": value}


def _float_attr(kind: str, v: float) -> dict:
    """a_f32/a_f64; NaN and infinities as Paddle writes them ("VD")."""
    if math.isnan(v):
        return {"#": kind, "D": 0.0, "VD": "NaN"}
    if math.isinf(v):
        return {"#": kind, "D": 0.0, "VD": "INF" if v > 0 else "-INF"}
    return _attr(kind, float(v))


def _named(name: str, at: dict) -> dict:
    return {"AT": at, "N": name}


def _stop_gradient(count: int, value: bool = False) -> list:
    return [_named("stop_gradient",
                   _attr("0.a_array", [_attr("0.a_bool", value)] * count))] if count else []


class _Fail(Exception):
    """A problem with the op being written; becomes a PaddleExportError."""


class _Writer:
    def __init__(self, program, what: str):
        self.program = program
        self.what = what
        self.ids: dict[int, int] = {}      # hash of an ir.Value -> JSON value id
        self.next_id = 1
        self.next_arg_id = -1
        self.regions = 0
        self.blocks = 0
        # Parameters written: name -> value id; values of pd.constants.
        self.parameters: dict[str, int] = {}
        self.constants: dict[str, np.ndarray] = {}
        self.parameter_ops: list = []

    # -- values and types ---------------------------------------------------------
    @staticmethod
    def key(value) -> int:
        return ir.Value.__hash__(value)

    def ref(self, value) -> dict:
        try:
            return {"%": self.ids[self.key(value)]}
        except KeyError:
            raise _Fail(f"operand {value.get_name()} is not defined before its use") from None

    def new_id(self, value) -> int:
        vid = self.next_id
        self.next_id += 1
        self.ids[self.key(value)] = vid
        return vid

    def type(self, t) -> dict:
        if pd.VecType.isinstance(t):
            return {"#": "0.t_vec", "D": [self.type(e) for e in pd.VecType(t).element_types]}
        if not pd.is_tensor_like(t):
            raise _Fail(f"type {t} has no Paddle counterpart")
        tt = pd._as_tensor_type(t)
        element = _ELEMENT_TYPES.get(tt.dtype)
        if element is None:
            raise _Fail(f"element type {tt.dtype} has no Paddle counterpart")
        return {"#": "0.t_dtensor", "D": [{"#": element}, list(tt.shape), "NCHW", [], 0]}

    def results(self, op) -> list:
        return [{"%": self.new_id(r), "TT": self.type(r.type)} for r in op.results]

    # -- attributes ---------------------------------------------------------------
    def dtype_name(self, attr) -> str:
        m = re.fullmatch(r"#pd\.dtype<(\w+)>", str(attr))
        if m is None:
            raise _Fail(f"malformed dtype attribute {attr}")
        return _UNDEFINED_DTYPE if m.group(1) == "all_dtype" else m.group(1)

    def place(self, attr) -> list:
        if attr is None:
            return list(_UNDEFINED_PLACE)
        m = re.fullmatch(r"#pd\.place<(\w+)(?:,\s*(\d+))?>", str(attr))
        if m is None or m.group(1) not in _PLACES:
            raise _Fail(f"place {attr} has no Paddle counterpart")
        return [_PLACES[m.group(1)], int(m.group(2) or 0), ""]

    def op_place(self, op) -> list:
        """The op's optional `place` attribute (undefined when absent)."""
        return self.place(op.attributes["place"] if "place" in op.attributes else None)

    def attr_value(self, kind: str, attr) -> dict:
        """The JSON attribute of spec kind `kind` for an MLIR attribute."""
        if kind == "bool":
            return _attr("0.a_bool", bool(ir.BoolAttr(attr).value))
        if kind == "int":
            return _attr("0.a_i32", int(ir.IntegerAttr(attr).value))
        if kind == "int64_t":
            return _attr("0.a_i64", int(ir.IntegerAttr(attr).value))
        if kind == "float":
            return _float_attr("0.a_f32", float(ir.FloatAttr(attr).value))
        if kind == "double":
            return _float_attr("0.a_f64", float(ir.FloatAttr(attr).value))
        if kind == "str":
            return _attr("0.a_str", ir.StringAttr(attr).value)
        if kind == "int[]":
            return _attr("0.a_array", [_attr("0.a_i32", int(v))
                                       for v in ir.DenseI32ArrayAttr(attr)])
        if kind == INT_ARRAY_ATTR:
            return _attr("1.a_intarray", [int(v) for v in ir.DenseI64ArrayAttr(attr)])
        if kind == "int64_t[]":
            return _attr("0.a_array", [_attr("0.a_i64", int(v))
                                       for v in ir.DenseI64ArrayAttr(attr)])
        if kind == "float[]":
            return _attr("0.a_array", [_float_attr("0.a_f32", float(v))
                                       for v in ir.DenseF32ArrayAttr(attr)])
        if kind == "double[]":
            return _attr("0.a_array", [_float_attr("0.a_f64", float(v))
                                       for v in ir.DenseF64ArrayAttr(attr)])
        if kind == "Scalar[]":
            return _attr("0.a_array", [self.scalar(a) for a in ir.ArrayAttr(attr)])
        if kind == "DataType":
            return _attr("1.a_dtype", self.dtype_name(attr))
        if kind == "Place":
            return _attr("1.a_place", self.place(attr))
        raise _Fail(f"attribute kind {kind!r} cannot be written")

    def scalar(self, attr) -> dict:
        """A Scalar as Paddle writes assign_value's values: a bool as a_bool,
        a number as a double (exact for integers up to 2^53)."""
        if isinstance(attr, ir.BoolAttr) or str(attr) in ("true", "false"):
            return _attr("0.a_bool", bool(ir.BoolAttr(attr).value))
        if isinstance(attr, ir.IntegerAttr):
            v = int(ir.IntegerAttr(attr).value)
            if abs(v) > 2 ** 53:
                raise _Fail(f"integer {v} is not exact as a double, which Paddle stores")
            return _attr("0.a_f64", float(v))
        return _float_attr("0.a_f64", float(ir.FloatAttr(attr).value))

    def default_value(self, name: str, kind: str, default: str) -> dict:
        """The JSON attribute for the spec default `default` (ops.yaml text)."""
        text = default.strip()
        if kind == "bool":
            return _attr("0.a_bool", text == "true")
        if kind in ("int", "int64_t"):
            return _attr("0.a_i32" if kind == "int" else "0.a_i64", int(text))
        if kind in ("float", "double"):
            return _float_attr("0.a_f32" if kind == "float" else "0.a_f64", float(text))
        if kind == "str":
            return _attr("0.a_str", text.strip('"'))
        if kind == INT_ARRAY_ATTR:
            return _attr("1.a_intarray", [int(s) for s in text.strip("{}").split(",") if s.strip()])
        if kind in ("int[]", "int64_t[]", "float[]", "double[]", "Scalar[]"):
            items = [s.strip() for s in text.strip("{}").split(",") if s.strip()]
            if kind in ("float[]", "double[]", "Scalar[]"):
                element = "0.a_f32" if kind == "float[]" else "0.a_f64"  # Scalar: double
                return _attr("0.a_array", [_float_attr(element, float(s)) for s in items])
            element = "0.a_i32" if kind == "int[]" else "0.a_i64"
            return _attr("0.a_array", [_attr(element, int(s)) for s in items])
        if kind == "DataType":
            name_ = text.removeprefix("DataType::").lower()
            return _attr("1.a_dtype", _UNDEFINED_DTYPE if name_ == "undefined" else name_)
        if kind == "Place":
            return _attr("1.a_place", list(_UNDEFINED_PLACE))
        raise _Fail(f"attribute {name!r}: default {default!r} of kind {kind!r} cannot be "
                    "written")

    # -- ops -----------------------------------------------------------------------
    def block(self, block, args: list | None = None) -> dict:
        self.blocks += 1
        name = f"block_{self.blocks - 1}"
        json_args = []
        for arg in args or []:
            vid = self.next_arg_id
            self.next_arg_id -= 1
            self.ids[self.key(arg)] = vid
            json_args.append({"#": vid, "TT": self.type(arg.type)})
        ops = []
        for op in block.operations:
            op = op.operation
            if op.name == "func.return":
                continue
            try:
                written = self.op(op)
            except _Fail as e:
                raise PaddleExportError(f"{self.what}: {op.name} at {op.location}: {e}") \
                    from None
            ops.extend(written)
        return {"#": name, "args": json_args, "ops": ops}

    def region(self, region, with_args: bool) -> dict:
        self.regions += 1
        name = f"region_{self.regions - 1}"
        (block,) = region.blocks
        return {"#": name, "blocks": [self.block(block, list(block.arguments)
                                                 if with_args else None)]}

    def op(self, op) -> list:
        name = op.name
        handler = {
            "pd.data": self.data, "pd.fetch": self.fetch, "pd.full": self.full,
            "pd.full_int_array": self.full_int_array, "pd.get_parameter": self.get_parameter,
            "pd.set_parameter": self.set_parameter, "pd.constant": self.constant,
            "pd.combine": self.combine, "pd.builtin_split": self.builtin_split,
            "pd.builtin_slice": self.builtin_slice, "pd.if": self.if_op,
            "pd.while": self.while_op, "pd.yield": self.yield_op,
            "pd.to_tensor": self.alias, "pd.to_vtensor": self.alias,
        }.get(name)
        if handler is not None:
            return handler(op)
        short = name.removeprefix("pd.")
        if not name.startswith("pd.") or short not in OPS:
            raise _Fail("the op has no Paddle counterpart (Paddle models hold pd_op ops of "
                        "Paddle's op library; export before lowering)")
        return [self.spec_op(short, op)]

    def plain(self, code: str, op, attrs: list, inputs: list | None = None,
              stop_gradient: bool = False) -> dict:
        inputs = [self.ref(v) for v in op.operands] if inputs is None else inputs
        results = self.results(op)
        return {"#": code, "A": attrs, "I": inputs, "O": results,
                "OA": _stop_gradient(len(results), stop_gradient)}

    def spec_op(self, name: str, op) -> dict:
        spec = OPS[name]
        operand_args = [(a, k) for a, k, _ in spec["args"] if _is_operand_kind(k)]
        operands = list(op.operands)
        if any(k.endswith("?") for _, k in operand_args):
            sizes = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
        else:
            sizes = [1] * len(operand_args)
        inputs, it = [], iter(operands)
        for size in sizes:
            inputs.append(self.ref(next(it)) if size else {"%": 0})
        attrs = []
        for arg, kind, default in spec["args"]:
            if _is_operand_kind(kind):
                continue
            kind = attribute_kind(spec, arg, kind)
            if arg in op.attributes:
                attrs.append(_named(arg, self.attr_value(kind, op.attributes[arg])))
            elif kind == "Place":
                attrs.append(_named(arg, _attr("1.a_place", list(_UNDEFINED_PLACE))))
            elif default is not None:
                attrs.append(_named(arg, self.default_value(arg, kind, default)))
            else:
                raise _Fail(f"attribute {arg!r} is missing")
        return self.plain(f"1.{name}", op, attrs, inputs)

    def alias(self, op) -> list:
        self.ids[self.key(op.results[0])] = self.ref(op.operands[0])["%"]
        return []

    def data(self, op) -> list:
        tt = pd._as_tensor_type(op.results[0].type)
        attrs = [_named("name", _attr("0.a_str", ir.StringAttr(op.attributes["name"]).value)),
                 _named("shape", _attr("1.a_intarray", list(tt.shape))),
                 _named("dtype", _attr("1.a_dtype", tt.dtype)),
                 _named("place", _attr("1.a_place", self.op_place(op)))]
        return [self.plain("1.data", op, attrs)]

    def fetch(self, op) -> list:
        attrs = [_named("name", _attr("0.a_str", ir.StringAttr(op.attributes["name"]).value)),
                 _named("col", _attr("0.a_i32", int(ir.IntegerAttr(op.attributes["col"]).value)))]
        written = self.plain("1.fetch", op, attrs)
        written["OA"] = [_named("persistable", _attr("0.a_array", [_attr("0.a_bool", True)]))] \
            + written["OA"]
        return [written]

    def full(self, op) -> list:
        tt = pd._as_tensor_type(op.results[0].type)
        value = self.scalar(op.attributes["value"])
        if value["#"] == "0.a_bool":  # full's value is always a double
            value = _attr("0.a_f64", 1.0 if value["D"] else 0.0)
        attrs = [_named("shape", _attr("1.a_intarray", list(tt.shape))),
                 _named("value", value),
                 _named("dtype", _attr("1.a_dtype", tt.dtype)),
                 _named("place", _attr("1.a_place", self.op_place(op)))]
        return [self.plain("1.full", op, attrs, stop_gradient=True)]

    def full_int_array(self, op) -> list:
        tt = pd._as_tensor_type(op.results[0].type)
        values = [int(v) for v in ir.DenseI64ArrayAttr(op.attributes["value"])]
        attrs = [_named("value", _attr("0.a_array", [_attr("0.a_i64", v) for v in values])),
                 _named("dtype", _attr("1.a_dtype", tt.dtype)),
                 _named("place", _attr("1.a_place", self.op_place(op)))]
        return [self.plain("1.full_int_array", op, attrs, stop_gradient=True)]

    def parameter_op(self, name: str, result, trainable: bool) -> list:
        """Paddle's compact parameter op; one per name (later reads reuse it)."""
        vid = self.parameters.get(name)
        if vid is not None:
            self.ids[self.key(result)] = vid
            return []
        vid = self.new_id(result)
        self.parameters[name] = vid
        return [{"#": "p", "A": [0, 1, 1, name], "DA": [],
                 "O": {"%": vid, "TT": self.type(result.type)},
                 "OA": [1, 0 if trainable else 1, 1 if trainable else 0], "QA": []}]

    def get_parameter(self, op) -> list:
        name = ir.StringAttr(op.attributes["parameter_name"]).value
        p = self.program.parameters.parameters.get(name)
        if p is None:
            raise _Fail(f"parameter {name!r} is not declared in the program's parameters")
        if p.value is None:
            raise _Fail(f"parameter {name!r} has no value: run the startup program (or call "
                        "the layer once) before saving")
        if name in self.constants:
            raise _Fail(f"parameter {name!r} is also the name of a constant")
        return self.parameter_op(name, op.results[0], p.trainable)

    def set_parameter(self, op) -> list:
        name = ir.StringAttr(op.attributes["parameter_name"]).value
        return [{"#": "0.set_parameter",
                 "A": [_named("parameter_name", _attr("0.a_str", name))],
                 "I": [self.ref(op.operands[0])], "O": [], "OA": []}]

    def constant(self, op) -> list:
        attr = op.attributes["value"]
        try:
            array = np.array(ir.DenseElementsAttr(attr))
        except (TypeError, ValueError):
            raise _Fail("only dense constants can be written (a dense_resource constant's "
                        "bytes are not readable from Python)") from None
        t = pd.VTensorType(op.results[0].type)
        if t.dtype == "bool":
            array = array.astype(np.bool_)
        array = array.reshape(t.shape)
        name = ir.StringAttr(op.attributes["name"]).value if "name" in op.attributes else None
        if name is None or name in self.program.parameters.parameters:
            k = len(self.constants)
            while f"constant_{k}" in self.constants or \
                    f"constant_{k}" in self.program.parameters.parameters:
                k += 1
            name = f"constant_{k}"
        if name in self.constants:  # the same frozen weight read twice
            if not np.array_equal(self.constants[name], array):
                raise _Fail(f"two constants named {name!r} hold different values")
        self.constants[name] = array
        return self.parameter_op(name, op.results[0], trainable=False)

    def combine(self, op) -> list:
        return [self.plain("0.combine", op, [])]

    def builtin_split(self, op) -> list:
        return [self.plain("0.split", op, [])]

    def builtin_slice(self, op) -> list:
        index = int(ir.IntegerAttr(op.attributes["index"]).value)
        return [self.plain("0.slice", op, [_named("index", _attr("0.a_i32", index))])]

    def if_op(self, op) -> list:
        inputs = [self.ref(op.operands[0])]
        regions = [self.region(r, with_args=False) for r in op.regions]
        written = self.plain("1.if", op, [], inputs)
        written["regions"] = regions
        return [written]

    def while_op(self, op) -> list:
        inputs = [self.ref(v) for v in op.operands]
        regions = [self.region(op.regions[0], with_args=True)]
        written = self.plain("1.while", op, [], inputs)
        written["regions"] = regions
        return [written]

    def yield_op(self, op) -> list:
        return [{"#": "2.yield", "A": [], "I": [self.ref(v) for v in op.operands], "O": [],
                 "OA": []}]

    # -- the whole program -------------------------------------------------------------
    def program_json(self) -> dict:
        self.regions = 1  # region_0 is the program's; nested regions count on
        top = self.block(self.program.block)
        fetches = [o for o in top["ops"] if o["#"] == "1.fetch"]
        if not fetches:
            raise PaddleExportError(f"{self.what}: the program fetches nothing (a Paddle "
                                    "model needs at least one output)")
        program = {"regions": [{"#": "region_0", "blocks": [top]}]}
        return {"base_code": {"magic": "pir", "trainable": True, "version": FORMAT_VERSION},
                "program": program}

    def weights(self) -> dict:
        """{name: (Paddle dtype, array)} of the parameters written."""
        weights = {}
        for name in self.parameters:
            if name in self.constants:
                array = self.constants[name]
                weights[name] = (pd.canonical_dtype(str(array.dtype)), array)
            else:
                p = self.program.parameters.parameter(name)
                weights[name] = (p.dtype, p.value)
        return weights


def program_json(program, what: str = "program") -> tuple[dict, dict]:
    """(the PIR JSON document, {parameter name: (dtype, array)}) for `program`."""
    writer = _Writer(program, what)
    with program.context:
        doc = writer.program_json()
    return doc, writer.weights()


def save(program, path_prefix) -> tuple[Path, Path | None]:
    """Writes `PREFIX.json` and, if the program has parameters,
    `PREFIX.pdiparams`; returns their paths (None for no weights file)."""
    prefix = Path(path_prefix)
    doc, weights = program_json(program, str(prefix))
    prefix.parent.mkdir(parents=True, exist_ok=True)
    json_path = prefix.with_name(prefix.name + ".json")
    params_path = prefix.with_name(prefix.name + ".pdiparams")
    json_path.write_text(json.dumps(doc), encoding="utf-8")
    if weights:
        write_pdiparams(params_path, weights)
        return json_path, params_path
    params_path.unlink(missing_ok=True)
    return json_path, None
