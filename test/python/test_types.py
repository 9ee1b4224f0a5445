"""pd types and attributes from Python."""

import pytest

from paddle_mlir import ir
from paddle_mlir.dialects import pd, phi

ALL_DTYPES = ["bool", "uint8", "int8", "uint16", "int16", "uint32", "int32",
              "uint64", "int64", "float16", "bfloat16", "float32", "float64",
              "complex64", "complex128", "float8_e4m3fn", "float8_e5m2"]


def test_tensor_type_get_and_accessors(ctx):
    t = pd.TensorType.get([4, -1], ir.F32Type.get())
    assert str(t) == "!pd.tensor<4x?xf32>"
    assert isinstance(t, pd.TensorType) and not isinstance(t, pd.VTensorType)
    assert isinstance(t, ir.ShapedType)
    assert t.shape == [4, -1]
    assert t.rank == 2
    assert t.element_type == ir.F32Type.get()
    assert t.dtype == "float32"
    assert not t.has_value_semantics
    assert t.is_dynamic_dim(1) and not t.is_dynamic_dim(0)


def test_vtensor_and_conversions(ctx):
    v = pd.VTensorType.get([None, 3], "int64")
    assert str(v) == "!pd.vtensor<?x3xi64>"
    assert isinstance(v, pd.VTensorType) and v.has_value_semantics
    t = v.without_value_semantics()
    assert isinstance(t, pd.TensorType) and str(t) == "!pd.tensor<?x3xi64>"
    assert t.with_value_semantics() == v


def test_zero_d_and_empty_dims(ctx):
    assert str(pd.TensorType.get([], "float32")) == "!pd.tensor<f32>"
    assert str(pd.VTensorType.get([0, 2], "bool")) == "!pd.vtensor<0x2xi1>"


def test_parsed_types_downcast(ctx):
    t = ir.Type.parse("!pd.vtensor<2x?xbf16>")
    assert isinstance(t, pd.VTensorType)
    assert t.shape == [2, -1] and t.dtype == "bfloat16"
    assert pd.VTensorType.isinstance(t) and not pd.TensorType.isinstance(t)
    with pytest.raises(ValueError, match="is not a !pd.tensor"):
        pd.TensorType(t)
    assert not pd.TensorType.isinstance(ir.F32Type.get())


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_every_dtype_round_trips(ctx, dtype):
    t = pd.TensorType.get([2], dtype)
    assert t.dtype == dtype
    assert ir.Type.parse(str(t)) == t
    assert pd.canonical_dtype(pd.element_type(dtype)) == dtype
    assert str(pd.dtype_attr(dtype)) == f"#pd.dtype<{dtype}>"


def test_dtype_aliases_and_errors(ctx):
    assert pd.canonical_dtype("paddle.float32") == "float32"
    assert pd.canonical_dtype("float") == "float32"
    assert pd.canonical_dtype(pd.DataType.INT64) == "int64"
    with pytest.raises(ValueError, match="unknown Paddle dtype 'float128'"):
        pd.canonical_dtype("float128")
    with pytest.raises(ValueError, match="has no Paddle dtype"):
        pd.canonical_dtype(ir.IndexType.get())


def test_invalid_element_type_raises(ctx):
    with pytest.raises(ValueError, match="invalid tensor element type 'index'"):
        pd.TensorType.get([2], ir.IndexType.get())


@pytest.mark.parametrize("shape", [[-2], [1.5], ["a"]])
def test_invalid_shapes_raise(ctx, shape):
    with pytest.raises(ValueError, match="invalid dimension"):
        pd.TensorType.get(shape, "float32")


def test_vec_type(ctx):
    a = pd.TensorType.get([2], "float32")
    b = pd.VTensorType.get([-1], "int32")
    vec = pd.VecType.get([a, b])
    assert str(vec) == "!pd.vec<!pd.tensor<2xf32>, !pd.vtensor<?xi32>>"
    assert isinstance(vec, pd.VecType)
    assert vec.element_types == [a, b]
    assert isinstance(vec.element_types[1], pd.VTensorType)
    assert str(pd.VecType.get([])) == "!pd.vec<>"
    with pytest.raises(ValueError, match="!pd.vec elements must be"):
        pd.VecType.get([ir.F32Type.get()])


def test_enum_and_place_attributes(ctx):
    assert str(pd.place_attr("cpu")) == "#pd.place<CPU>"
    assert str(pd.place_attr("gpu:1")) == "#pd.place<GPU, 1>"
    assert str(ir.Attribute.parse("#pd.layout<NHWC>")) == "#pd.layout<NHWC>"
    assert [m.name for m in pd.DataLayout][:3] == ["ANY", "NHWC", "NCHW"]
    assert str(pd.Backend.GPUDNN) == "GPUDNN"
    key = phi.kernel_key("GPU", pd.DataLayout.ANY, "float16")
    assert str(key) == "#phi.kernel_key<GPU, ANY, float16>"
    with pytest.raises(ValueError, match="unknown Paddle dtype"):
        phi.kernel_key("CPU", "NCHW", "float99")
    with pytest.raises(ir.MLIRError, match="place device id must be non-negative"):
        ir.Attribute.parse("#pd.place<GPU, -3>")
