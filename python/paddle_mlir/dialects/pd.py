"""The pd dialect: generated op classes plus tensor types and builders.

    with paddle_mlir.ir.Context(), ir.Location.unknown():
        t = pd.TensorType.get([4, -1], ir.F32Type.get())   # !pd.tensor<4x?xf32>
        t.shape, t.element_type, t.dtype                    # [4, -1], f32, 'float32'

Shapes follow Paddle: -1 (or None) is a dynamic dimension.

Every op of the spec has a Paddle-style builder with Paddle's arguments and
defaults that infers its result type:

    y = pd.matmul(x, w, transpose_y=True)
    z = pd.reshape(y, [0, -1])            # the shape becomes pd.full_int_array
    parts = pd.split(z, [2, -1], axis=1)  # Tensor[] results come back as a list
"""

from __future__ import annotations

from typing import Sequence

from ._pd_ops_gen import *  # noqa: F401,F403
from ._pd_ops_gen import _Dialect
# Paddle-style builders of the spec's ops (matmul(x, y, transpose_x=False),
# reshape(x, [0, -1]), ...), generated from dialects/pd/ops.yaml.
from ._pd_builders import *  # noqa: F401,F403
from ._pd_ops_gen import DataOp as _DataOp
from ._pd_ops_gen import FullIntArrayOp as _FullIntArrayOp
from ._pd_ops_gen import FullOp as _FullOp
from ._pd_enum_gen import *  # noqa: F401,F403
from ._pd_enum_gen import DataType
from ._ods_common import _cext as _ods_cext

from mlir import ir as _ir

from .._registration import _ext

# Locations from ir.loc_tracebacks() point at the user's code, not here.
_ods_cext.globals.register_traceback_file_exclusion(__file__)

# Paddle dtype name <-> MLIR element type (as text), in one table.
_DTYPE_TO_MLIR = {
    "bool": "i1",
    "uint8": "ui8",
    "int8": "i8",
    "uint16": "ui16",
    "int16": "i16",
    "uint32": "ui32",
    "int32": "i32",
    "uint64": "ui64",
    "int64": "i64",
    "float16": "f16",
    "bfloat16": "bf16",
    "float32": "f32",
    "float64": "f64",
    "complex64": "complex<f32>",
    "complex128": "complex<f64>",
    "float8_e4m3fn": "f8E4M3FN",
    "float8_e5m2": "f8E5M2",
}
_MLIR_TO_DTYPE = {v: k for k, v in _DTYPE_TO_MLIR.items()}
# Paddle also accepts these spellings.
_DTYPE_ALIASES = {"float": "float32", "double": "float64", "int": "int64",
                  "half": "float16", "bf16": "bfloat16", "fp16": "float16",
                  "fp32": "float32", "fp64": "float64"}


def canonical_dtype(dtype) -> str:
    """Paddle's name of a dtype given as a name, a DataType or an MLIR type."""
    if isinstance(dtype, _ir.Type):
        name = _MLIR_TO_DTYPE.get(str(dtype))
        if name is None:
            raise ValueError(f"MLIR type {dtype} has no Paddle dtype")
        return name
    if isinstance(dtype, DataType):
        return str(dtype)
    name = str(dtype)
    name = name.removeprefix("paddle.")
    name = _DTYPE_ALIASES.get(name, name)
    if name not in _DTYPE_TO_MLIR:
        raise ValueError(
            f"unknown Paddle dtype {dtype!r}; expected one of "
            + ", ".join(sorted(_DTYPE_TO_MLIR)))
    return name


def element_type(dtype, context: _ir.Context | None = None) -> _ir.Type:
    """The MLIR element type of a Paddle dtype (`'float32'` -> f32)."""
    if isinstance(dtype, _ir.Type):
        canonical_dtype(dtype)  # validates
        return dtype
    return _ir.Type.parse(_DTYPE_TO_MLIR[canonical_dtype(dtype)], context)


_to_element_type = element_type  # `element_type` is a common parameter name


def dtype_attr(dtype, context: _ir.Context | None = None) -> _ir.Attribute:
    """`#pd.dtype<float32>`."""
    return _ir.Attribute.parse(f"#pd.dtype<{canonical_dtype(dtype)}>", context)


def place_attr(place: str = "cpu", context: _ir.Context | None = None) -> _ir.Attribute:
    """`#pd.place<CPU>` from Paddle's spelling: 'cpu', 'gpu', 'gpu:1'."""
    kind, _, device = str(place).partition(":")
    text = kind.upper() + (f", {int(device)}" if device else "")
    return _ir.Attribute.parse(f"#pd.place<{text}>", context)


def _location(loc, context):
    if loc is not None:
        return loc
    try:
        loc = _ir.Location.current
    except ValueError:
        loc = None
    # None under ir.loc_tracebacks(), which locates ops, not types.
    return loc if loc is not None else _ir.Location.unknown(context)


def _checked(context: _ir.Context, build):
    """Calls `build`; turns a null result plus diagnostics into ValueError."""
    messages = []

    def handler(diagnostic):
        messages.append(str(diagnostic.message))
        return True

    handle = context.attach_diagnostic_handler(handler)
    try:
        capsule = build()
    finally:
        handle.detach()
    if capsule is None:
        raise ValueError("; ".join(messages) or "invalid pd type")
    return _ir.Type._CAPICreate(capsule).maybe_downcast()


def _mlir_shape(shape: Sequence[int | None]) -> list[int]:
    dynamic = _ir.ShapedType.get_dynamic_size()
    dims = []
    for d in shape:
        if d is None or d == -1:
            dims.append(dynamic)
        elif isinstance(d, int) and d >= 0:
            dims.append(d)
        else:
            raise ValueError(f"invalid dimension {d!r} in shape {list(shape)}: "
                             "expected a non-negative int, or -1/None for dynamic")
    return dims


class _BaseTensorType(_ir.ShapedType):
    """Shared behaviour of !pd.tensor and !pd.vtensor."""

    _value_semantics: bool

    def __init__(self, cast_from_type: _ir.Type):
        if not type(self).isinstance(cast_from_type):
            raise ValueError(
                f"{cast_from_type} is not a {type(self)._mnemonic}")
        super().__init__(cast_from_type)

    @classmethod
    def get(cls, shape: Sequence[int | None], element_type, *, loc=None,
            context: _ir.Context | None = None):
        """`shape` uses -1 or None for dynamic dims; `element_type` is an
        MLIR type or a Paddle dtype name."""
        if isinstance(element_type, _ir.Type):
            context = context or element_type.context
        else:
            context = context or _ir.Context.current
            element_type = _to_element_type(element_type, context)
        loc = _location(loc, context)
        dims = _mlir_shape(shape)
        return _checked(context, lambda: _ext.tensor_type_get(
            dims, element_type, cls._value_semantics, loc))

    @property
    def shape(self) -> list[int]:
        """Paddle-style dims: -1 for a dynamic dimension."""
        dynamic = _ir.ShapedType.get_dynamic_size()
        return [-1 if d == dynamic else d for d in super().shape]

    @property
    def dtype(self) -> str:
        """Paddle's dtype name, e.g. 'float32'."""
        return canonical_dtype(self.element_type)

    @property
    def has_value_semantics(self) -> bool:
        return self._value_semantics

    def with_value_semantics(self) -> "VTensorType":
        return _ir.Type._CAPICreate(
            _ext.tensor_type_with_value_semantics(self, True)).maybe_downcast()

    def without_value_semantics(self) -> "TensorType":
        return _ir.Type._CAPICreate(
            _ext.tensor_type_with_value_semantics(self, False)).maybe_downcast()


class TensorType(_BaseTensorType):
    """`!pd.tensor<...>`: may alias other tensors and be mutated."""

    _value_semantics = False
    _mnemonic = "!pd.tensor"
    static_typeid = _ir.TypeID._CAPICreate(_ext.tensor_type_id())

    @staticmethod
    def isinstance(other: _ir.Type) -> bool:
        return _ext.type_is_tensor(other)


class VTensorType(_BaseTensorType):
    """`!pd.vtensor<...>`: an immutable value."""

    _value_semantics = True
    _mnemonic = "!pd.vtensor"
    static_typeid = _ir.TypeID._CAPICreate(_ext.vtensor_type_id())

    @staticmethod
    def isinstance(other: _ir.Type) -> bool:
        return _ext.type_is_vtensor(other)


class VecType(_ir.Type):
    """`!pd.vec<...>`: a list of pd tensors (Paddle's vec[...])."""

    static_typeid = _ir.TypeID._CAPICreate(_ext.vec_type_id())

    def __init__(self, cast_from_type: _ir.Type):
        if not VecType.isinstance(cast_from_type):
            raise ValueError(f"{cast_from_type} is not a !pd.vec")
        super().__init__(cast_from_type)

    @staticmethod
    def isinstance(other: _ir.Type) -> bool:
        return _ext.type_is_vec(other)

    @staticmethod
    def get(element_types: Sequence[_ir.Type], *, loc=None,
            context: _ir.Context | None = None) -> "VecType":
        element_types = list(element_types)
        context = context or (element_types[0].context if element_types
                              else _ir.Context.current)
        loc = _location(loc, context)
        return _checked(context, lambda: _ext.vec_type_get(element_types, loc))

    @property
    def element_types(self) -> list[_ir.Type]:
        return [_ir.Type._CAPICreate(c).maybe_downcast()
                for c in _ext.vec_type_elements(self)]


for _cls in (TensorType, VTensorType, VecType):
    _ir.register_type_caster(_cls.static_typeid)(_cls)


def is_tensor_like(t: _ir.Type) -> bool:
    """True for !pd.tensor and !pd.vtensor."""
    return TensorType.isinstance(t) or VTensorType.isinstance(t)


def _as_tensor_type(t: _ir.Type) -> _BaseTensorType:
    if TensorType.isinstance(t):
        return TensorType(t)
    if VTensorType.isinstance(t):
        return VTensorType(t)
    raise TypeError(f"expected a !pd.tensor or !pd.vtensor type, got {t}")


def _scalar_attr(value, context) -> _ir.Attribute:
    """Paddle's Scalar as an attribute: bool, i64 or f64."""
    if isinstance(value, _ir.Attribute):
        return value
    if isinstance(value, bool):
        return _ir.BoolAttr.get(value, context)
    if isinstance(value, int):
        return _ir.IntegerAttr.get(_ir.IntegerType.get_signless(64, context), value)
    if isinstance(value, float):
        return _ir.FloatAttr.get_f64(value, context)
    raise TypeError(f"expected a bool, int or float value, got {value!r}")


# Friendlier builders for the ops whose attributes mirror the result type.


@_ods_cext.register_operation(_Dialect, replace=True)
class DataOp(_DataOp):
    """`pd.data "x" : !pd.tensor<?x784xf32>`; shape and dtype come from `type`."""

    def __init__(self, name: str, type: _ir.Type, *, place=None, loc=None, ip=None):
        t = _as_tensor_type(type)
        ctx = t.context
        super().__init__(
            t, name, _ir.DenseI64ArrayAttr.get(t.shape, ctx),
            dtype_attr(t.dtype, ctx),
            place=place_attr(place, ctx) if isinstance(place, str) else place,
            loc=loc, ip=ip)


@_ods_cext.register_operation(_Dialect, replace=True)
class FullOp(_FullOp):
    """`pd.full(value) : type`; shape and dtype come from `type`."""

    def __init__(self, type: _ir.Type, value, *, place=None, loc=None, ip=None):
        t = _as_tensor_type(type)
        ctx = t.context
        super().__init__(
            t, _ir.DenseI64ArrayAttr.get(t.shape, ctx), _scalar_attr(value, ctx),
            dtype_attr(t.dtype, ctx),
            place=place_attr(place, ctx) if isinstance(place, str) else place,
            loc=loc, ip=ip)


@_ods_cext.register_operation(_Dialect, replace=True)
class FullIntArrayOp(_FullIntArrayOp):
    """`pd.full_int_array [..] : type`; `type` defaults to !pd.tensor<Nxi64>."""

    def __init__(self, value: Sequence[int], type: _ir.Type | None = None, *,
                 place=None, loc=None, ip=None):
        value = [int(v) for v in value]
        if type is None:
            type = TensorType.get([len(value)], "int64")
        t = _as_tensor_type(type)
        ctx = t.context
        super().__init__(
            t, _ir.DenseI64ArrayAttr.get(value, ctx), dtype_attr(t.dtype, ctx),
            place=place_attr(place, ctx) if isinstance(place, str) else place,
            loc=loc, ip=ip)


def data(name: str, type: _ir.Type, *, place=None, loc=None, ip=None) -> _ir.Value:
    return DataOp(name, type, place=place, loc=loc, ip=ip).result


def full(type: _ir.Type, value, *, place=None, loc=None, ip=None) -> _ir.Value:
    return FullOp(type, value, place=place, loc=loc, ip=ip).result


def full_int_array(value: Sequence[int], type: _ir.Type | None = None, *,
                   place=None, loc=None, ip=None) -> _ir.Value:
    return FullIntArrayOp(value, type, place=place, loc=loc, ip=ip).result
