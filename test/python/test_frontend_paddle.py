"""The PaddlePaddle 3.x model importer (paddle_mlir.frontend.paddle).

The fixtures in test/fixtures/paddle were exported by real Paddle 3.3.1 with
tools/make_paddle_fixtures.py; these tests need numpy only. NAME.io.npz holds
the parameter values (`param/<name>`) and the feed/fetch names Paddle's
inference predictor reports (`meta/feeds`, `meta/fetches`).
"""

import json
import pathlib
import re
import shutil
import struct
import subprocess

import numpy as np
import pytest

from paddle_mlir import ir
from paddle_mlir.dialects import pd
from paddle_mlir.frontend import paddle as paddle_frontend
from paddle_mlir.frontend.paddle import PaddleImportError, load, load_params
from paddle_mlir.frontend.pdiparams import read_pdiparams, read_pdiparams_tensors
from paddle_mlir.static import Program

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "paddle"
MODELS = ["mlp", "cnn", "resblock", "encoder", "ln_gelu", "shape_ops"]
WITH_PARAMS = [m for m in MODELS if m != "shape_ops"]

def io(name):
    with np.load(FIXTURES / f"{name}.io.npz", allow_pickle=False) as f:
        return {k: f[k] for k in f.files}


def ops_json(path):
    return json.loads(path.read_text())["program"]["regions"][0]["blocks"][0]["ops"]


def import_fixture(name, tmp_path=None):
    """Imports a fixture model (with its weights when it has any)."""
    return load(FIXTURES / f"{name}.json")


def loaded_path(program):
    """The JSON file a program was imported from (from its first op's location)."""
    return re.fullmatch(r'loc\("(.*):op 0"\)', str(program.ops[0].location)).group(1)


def ops_named(program, name):
    return [op for op in program.ops if op.operation.name == name]


def same_value(a, b):
    """Value identity (`==` on pd tensors builds a pd.equal, as in Paddle)."""
    return ir.Value.__eq__(a, b) is True


def op_names(program):
    return [op.operation.name for op in program.ops]


def one_line(excinfo):
    message = str(excinfo.value)
    assert "\n" not in message, message
    return message


# -- every fixture ---------------------------------------------------------------


def test_fixtures_are_small():
    files = [f for f in FIXTURES.iterdir() if f.is_file()]
    assert {f.name for f in files} >= {f"{m}.json" for m in MODELS}
    assert sum(f.stat().st_size for f in files) < 1_000_000


@pytest.mark.parametrize("name", MODELS)
def test_fixture_imports_and_verifies(name):
    main = import_fixture(name)
    main.verify()
    assert isinstance(main, Program)
    text = str(main)
    assert "pd_op." not in text and "builtin." not in text
    # Programs start on !pd.tensor.
    for op in main.ops:
        for r in op.operation.results:
            assert pd.TensorType.isinstance(r.type) or pd.VecType.isinstance(r.type)


@pytest.mark.parametrize("name", MODELS)
def test_feeds_and_fetches_match_paddle(name, tmp_path):
    main = import_fixture(name, tmp_path)
    ref = io(name)
    assert [n for n, _ in main.feeds()] == list(ref["meta/feeds"])
    assert main.fetches() == list(ref["meta/fetches"])
    for feed, t in main.feeds():
        shape = list(ref[f"in/{feed}"].shape)
        assert t.shape[0] == -1 and t.shape[1:] == shape[1:] and t.dtype == "float32"
    for i, op in enumerate(ops_named(main, "pd.fetch")):
        assert op.attributes["col"].value == i
        # The fetched type is Paddle's output type, up to the dynamic batch.
        out = ref[f"out/{i}"]
        t = op.result.type
        assert t.rank == out.ndim and t.dtype == str(out.dtype)
        assert all(d in (-1, n) for d, n in zip(t.shape, out.shape))


@pytest.mark.parametrize("name", MODELS)
def test_locations_name_the_json_op(name, tmp_path):
    main = import_fixture(name, tmp_path)
    path = loaded_path(main)
    assert path in (str(FIXTURES / f"{name}.json"), str(tmp_path / f"{name}.json"))
    ops = ops_json(FIXTURES / f"{name}.json")
    assert len(main.ops) == len(ops)  # one pd op per Paddle op
    for i, op in enumerate(main.ops):
        assert str(op.location) == f'loc("{path}:op {i}")'


@pytest.mark.parametrize("name", WITH_PARAMS)
def test_weights_load_with_paddle_values(name, tmp_path):
    main = import_fixture(name, tmp_path)
    ref = io(name)
    expected = {k[len("param/"):]: v for k, v in ref.items() if k.startswith("param/")}
    assert set(main.parameters) == set(expected)
    assert main.read_parameters() == set(expected)
    for pname, value in expected.items():
        got = main.parameters[pname]
        assert got.shape == value.shape and got.dtype == value.dtype
        np.testing.assert_array_equal(got, value)
        (op,) = [op for op in ops_named(main, "pd.get_parameter")
                 if op.attributes["parameter_name"].value == pname]
        assert op.result.type.shape == list(value.shape)


@pytest.mark.parametrize("name", WITH_PARAMS)
def test_read_pdiparams_matches_paddle(name):
    """The reader alone (also for fixtures whose program does not import yet)."""
    ref = io(name)
    expected = {k[len("param/"):]: v for k, v in ref.items() if k.startswith("param/")}
    arrays = read_pdiparams(FIXTURES / f"{name}.pdiparams", list(expected))
    assert list(arrays) == sorted(expected)  # the file's order: sorted names
    for pname, value in expected.items():
        assert arrays[pname].dtype == value.dtype
        np.testing.assert_array_equal(arrays[pname], value)


def test_shape_ops_has_no_weights_file():
    assert not (FIXTURES / "shape_ops.pdiparams").exists()
    main = load(FIXTURES / "shape_ops.json")
    assert len(main.parameters) == 0


# -- the ops of each fixture -------------------------------------------------------


def test_mlp_ops():
    main = import_fixture("mlp")
    assert op_names(main) == (["pd.get_parameter"] * 4 + [
        "pd.data", "pd.matmul", "pd.add", "pd.relu", "pd.matmul", "pd.add", "pd.softmax",
        "pd.fetch"])
    text = str(main)
    assert 'pd.get_parameter "linear_0.w_0" : !pd.tensor<8x16xf32>' in text
    assert 'pd.get_parameter "linear_1.b_0" : !pd.tensor<4xf32>' in text
    assert 'pd.data "x" : !pd.tensor<?x8xf32>' in text
    (softmax,) = ops_named(main, "pd.softmax")
    assert softmax.attributes["axis"] == ir.IntegerAttr.get(ir.IntegerType.get_signless(32,
                                                             main.context), -1)
    # Paddle's bookkeeping attributes are gone.
    assert "struct_name" not in text and "stop_gradient" not in text
    p = main.parameters.parameter("linear_0.w_0")
    assert p.shape == (8, 16) and p.dtype == "float32" and p.trainable


def test_batch_norm_reserve_space_mismatch_is_reported_precisely():
    try:
        main = load(FIXTURES / "cnn.json")
    except PaddleImportError as e:
        assert str(e) == (f"{FIXTURES / 'cnn.json'}: op 13 (pd_op.batch_norm_): "
                          + RESERVE_SPACE_MISMATCH)
        return
    # Our InferMeta agrees with Paddle now: reserve_space is uint8.
    (bn,) = ops_named(main, "pd.batch_norm_")
    assert str(bn.operation.results[5].type) == "!pd.tensor<?xui8>"


def test_cnn_ops(tmp_path):
    main = import_fixture("cnn", tmp_path)
    main.verify()
    names = op_names(main)
    assert names[8:] == ["pd.data", "pd.conv2d", "pd.full_int_array", "pd.reshape", "pd.add",
                         "pd.batch_norm_", "pd.relu", "pd.full_int_array", "pd.pool2d",
                         "pd.flatten", "pd.matmul", "pd.add", "pd.fetch"]
    (bn,) = ops_named(main, "pd.batch_norm_")
    assert len(bn.operation.results) == 6
    assert [str(r.type) for r in bn.operation.results[:5]] == (
        ["!pd.tensor<?x4x8x8xf32>"] + ["!pd.tensor<4xf32>"] * 4)
    assert bn.attributes["is_test"] == ir.BoolAttr.get(True, main.context)
    assert bn.attributes["use_global_stats"] == ir.BoolAttr.get(True, main.context)
    assert abs(ir.FloatAttr(bn.attributes["epsilon"]).value - 1e-5) < 1e-9
    # scale and bias are present optional operands: mean, variance, scale, bias.
    operands = [o.owner.attributes["parameter_name"].value for o in bn.operation.operands[1:]]
    assert operands == ["batch_norm2d_0.w_1", "batch_norm2d_0.w_2",
                        "batch_norm2d_0.w_0", "batch_norm2d_0.b_0"]
    (pool,) = ops_named(main, "pd.pool2d")
    # Paddle stores pool2d's int[] strides as i64s; the spec's int[] is i32.
    assert str(pool.attributes["strides"]) == "array<i32: 2, 2>"
    assert pool.attributes["pooling_type"].value == "max"
    (conv,) = ops_named(main, "pd.conv2d")
    assert str(conv.attributes["paddings"]) == "array<i32: 1, 1>"
    assert str(conv.operation.results[0].type) == "!pd.tensor<?x4x8x8xf32>"
    (flatten,) = ops_named(main, "pd.flatten")
    assert str(flatten.operation.results[0].type) == "!pd.tensor<?x64xf32>"
    shapes = [list(main.parameters[n].shape) for n in ("conv2d_0.w_0", "linear_0.w_0")]
    assert shapes == [[4, 3, 3, 3], [64, 5]]


def test_resblock_ops(tmp_path):
    main = import_fixture("resblock", tmp_path)
    main.verify()
    assert op_names(main)[10:] == ["pd.data", "pd.conv2d", "pd.batch_norm_", "pd.relu",
                                   "pd.conv2d", "pd.batch_norm_", "pd.add", "pd.relu",
                                   "pd.fetch"]
    # The residual add reads the feed.
    (data,) = ops_named(main, "pd.data")
    (add,) = ops_named(main, "pd.add")
    assert same_value(add.operation.operands[1], data.result)
    assert len(main.parameters) == 10  # 2 convs without bias, 2 x 4 batch-norm tensors


def test_encoder_ops():
    main = import_fixture("encoder")
    names = op_names(main)
    assert names.count("pd.matmul") == 8 and names.count("pd.layer_norm") == 2
    assert names.count("pd.softmax") == 1 and names.count("pd.scale") == 1
    assert names.count("pd.transpose") == 4 and names.count("pd.reshape") == 4
    for ln in ops_named(main, "pd.layer_norm"):
        assert [str(r.type) for r in ln.operation.results] == [
            "!pd.tensor<?x5x16xf32>", "!pd.tensor<?x5xf32>", "!pd.tensor<?x5xf32>"]
        assert ln.attributes["begin_norm_axis"].value == 2
    # q @ k^T
    assert any(ir.BoolAttr(op.attributes["transpose_y"]).value
               for op in ops_named(main, "pd.matmul"))
    # the 1/sqrt(head_dim) scale is a pd.full operand of pd.scale
    (scale,) = ops_named(main, "pd.scale")
    full = scale.operation.operands[1].owner
    assert full.name == "pd.full"
    assert abs(ir.FloatAttr(full.attributes["value"]).value - 8 ** -0.5) < 1e-7
    assert str(full.results[0].type) == "!pd.tensor<1xf32>"
    assert "pd.full_int_array [0, 0, 2, 8]" in str(main)


def test_ln_gelu_ops():
    main = import_fixture("ln_gelu")
    assert op_names(main)[6:] == ["pd.data", "pd.layer_norm", "pd.matmul", "pd.add",
                                  "pd.gelu", "pd.matmul", "pd.add", "pd.fetch"]
    (gelu,) = ops_named(main, "pd.gelu")
    assert gelu.attributes["approximate"] == ir.BoolAttr.get(False, main.context)
    (ln,) = ops_named(main, "pd.layer_norm")
    assert ln.attributes["begin_norm_axis"].value == 1
    assert len(ln.operation.operands) == 3


def test_shape_ops():
    main = import_fixture("shape_ops")
    assert op_names(main) == [
        "pd.data", "pd.full_int_array", "pd.reshape", "pd.transpose", "pd.full", "pd.scale",
        "pd.full", "pd.combine", "pd.concat", "pd.full_int_array", "pd.full", "pd.split",
        "pd.builtin_split", "pd.full_int_array", "pd.full_int_array", "pd.slice", "pd.full",
        "pd.scale", "pd.flatten", "pd.fetch", "pd.fetch"]
    text = str(main)
    assert "pd.full_int_array [0, -1, 3] {place = #pd.place<CPU>} : !pd.tensor<3xi64>" in text
    assert "perm = array<i32: 0, 2, 1>" in text
    # An integer-typed pd.full (concat's and split's axis) holds an integer.
    assert "pd.full(1) {place = #pd.place<CPU>} : !pd.tensor<1xi32>" in text
    (split,) = ops_named(main, "pd.split")
    assert str(split.operation.results[0].type) == (
        "!pd.vec<!pd.tensor<?x2x?xf32>, !pd.tensor<?x4x?xf32>>")
    (bsplit,) = ops_named(main, "pd.builtin_split")
    assert len(bsplit.operation.results) == 2
    (slice_,) = ops_named(main, "pd.slice")
    assert str(slice_.attributes["axes"]) == "array<i64: 1, 2>"
    assert str(slice_.attributes["decrease_axis"]) == "array<i64>"
    assert same_value(slice_.operation.operands[0], bsplit.operation.results[1])
    assert not same_value(slice_.operation.operands[0], bsplit.operation.results[0])
    (concat,) = ops_named(main, "pd.concat")
    assert concat.operation.operands[0].owner.name == "pd.combine"
    assert main.fetches() == ["fetch_name_0", "fetch_name_1"]


def test_imported_program_round_trips_through_text(tmp_path):
    main = import_fixture("encoder")
    out = tmp_path / "encoder.mlir"
    main.save(out)
    again = Program.load(out)
    again.verify()
    assert op_names(again) == op_names(main)
    assert 'loc("' in out.read_text() and ':op 17")' in out.read_text()


def test_default_params_path_and_missing_weights(tmp_path):
    shutil.copy(FIXTURES / "mlp.json", tmp_path / "mlp.json")
    main = load(tmp_path / "mlp.json")  # no mlp.pdiparams beside it
    assert all(p.value is None for p in main.parameters.parameters.values())
    main = load(tmp_path / "mlp.json", FIXTURES / "mlp.pdiparams")
    np.testing.assert_array_equal(main.parameters["linear_0.w_0"],
                                  io("mlp")["param/linear_0.w_0"])
    shutil.copy(FIXTURES / "mlp.pdiparams", tmp_path / "mlp.pdiparams")
    assert load(tmp_path / "mlp.json").parameters["linear_1.b_0"].shape == (4,)


# -- errors: the program ---------------------------------------------------------------


def edited_copy(tmp_path, name, edit, with_params=True):
    """A copy of fixture `name` in tmp_path whose JSON is passed through `edit`."""
    data = json.loads((FIXTURES / f"{name}.json").read_text())
    edit(data)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data))
    if with_params and (FIXTURES / f"{name}.pdiparams").exists():
        shutil.copy(FIXTURES / f"{name}.pdiparams", tmp_path / f"{name}.pdiparams")
    return path


def block_ops(data):
    return data["program"]["regions"][0]["blocks"][0]["ops"]


def test_malformed_json(tmp_path):
    path = tmp_path / "m.json"
    path.write_text((FIXTURES / "mlp.json").read_text()[:500])
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e).startswith(f"{path}: not a JSON file:")


def test_missing_json(tmp_path):
    with pytest.raises(PaddleImportError, match="no such file"):
        load(tmp_path / "missing.json")


def test_not_a_pir_program(tmp_path):
    path = tmp_path / "m.json"
    path.write_text('{"hello": 1}')
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert "not a Paddle PIR program" in one_line(e)


def test_wrong_magic(tmp_path):
    path = edited_copy(tmp_path, "mlp", lambda d: d["base_code"].update(magic="rip"))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: not a Paddle PIR program: magic is 'rip', "
                           "expected 'pir'")


@pytest.mark.parametrize("version", [1, 3, 5, "4"])
def test_unsupported_version(tmp_path, version):
    path = edited_copy(tmp_path, "mlp", lambda d: d["base_code"].update(version=version))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: unsupported PIR format version {version!r} "
                           "(supported: 4, written by Paddle 3.3)")
    assert paddle_frontend.SUPPORTED_VERSIONS == (4,)


def test_unknown_op(tmp_path):
    def edit(d):
        assert block_ops(d)[7]["#"] == "1.relu"
        block_ops(d)[7]["#"] = "1.no_such_op"

    path = edited_copy(tmp_path, "mlp", edit)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 7 (pd_op.no_such_op): Paddle op 'pd_op.no_such_op' "
                           "has no pd op in the spec (dialects/pd/ops.yaml)")


@pytest.mark.parametrize("op", ["if", "while"])
def test_control_flow_is_not_supported_yet(tmp_path, op):
    def edit(d):
        block_ops(d)[7]["#"] = f"1.{op}"

    path = edited_copy(tmp_path, "mlp", edit)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 7 (pd_op.{op}): control flow (pd_op.{op}) is "
                           "not supported yet")


def test_unknown_builtin_and_dialect(tmp_path):
    path = edited_copy(tmp_path, "mlp", lambda d: block_ops(d)[7].update({"#": "0.constant"}))
    with pytest.raises(PaddleImportError, match=r"op 7 \(builtin.constant\): builtin op "
                       r"'builtin.constant' is not supported"):
        load(path)
    path = edited_copy(tmp_path, "mlp", lambda d: block_ops(d)[7].update({"#": "3.my_op"}))
    with pytest.raises(PaddleImportError, match=r"op 7 \(custom_op.my_op\): op "
                       r"'custom_op.my_op' is not supported"):
        load(path)


def test_extra_result_is_not_dropped(tmp_path):
    def edit(d):
        relu = block_ops(d)[7]
        extra = json.loads(json.dumps(relu["O"][0]))
        extra["%"] = 1000
        relu["O"].append(extra)

    path = edited_copy(tmp_path, "mlp", edit)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 7 (pd_op.relu): Paddle's op has 2 result(s), "
                           "our spec 1 (Tensor out)")


def test_differing_arguments_are_reported(tmp_path):
    def extra_attr(d):
        block_ops(d)[5]["A"].append({"AT": {"#": "0.a_bool", "D": True}, "N": "fuse_bias"})

    path = edited_copy(tmp_path, "mlp", extra_attr)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 5 (pd_op.matmul): Paddle has attribute 'fuse_bias', "
                           "our spec does not (ours: transpose_x, transpose_y)")

    def extra_operand(d):
        block_ops(d)[7]["I"].append({"%": 1})

    path = edited_copy(tmp_path, "mlp", extra_operand)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 7 (pd_op.relu): Paddle passes 2 operand(s), our "
                           "spec has 1 (Tensor x)")

    def wrong_kind(d):
        block_ops(d)[10]["A"][0]["AT"] = {"#": "0.a_str", "D": "-1"}  # softmax axis

    path = edited_copy(tmp_path, "mlp", wrong_kind)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 10 (pd_op.softmax): attribute 'axis': Paddle has a "
                           "'0.a_str' attribute, our spec a 'int'")


def test_operand_passed_as_attribute_is_reported(tmp_path):
    # Paddle 3.3.1 exports pow(x, 2.0) this way: y is an f32 attribute, while
    # our spec's Scalar y is an operand.
    def edit(d):
        scale = block_ops(d)[5]
        assert scale["#"] == "1.scale"
        scale["I"] = scale["I"][:1]
        scale["A"].append({"AT": {"#": "0.a_f32", "D": 2.0}, "N": "scale"})

    path = edited_copy(tmp_path, "shape_ops", edit)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 5 (pd_op.scale): Paddle passes 'scale' as a "
                           "'0.a_f32' attribute, our spec as a Scalar operand "
                           "(Tensor x, Scalar scale)")


def test_undefined_operand_and_bad_types(tmp_path):
    path = edited_copy(tmp_path, "mlp", lambda d: block_ops(d)[7]["I"][0].update({"%": 99}))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 7 (pd_op.relu): operand %99 is not defined "
                           "before its use")

    def nhwc(d):
        block_ops(d)[7]["O"][0]["TT"]["D"][2] = "NHWC"

    path = edited_copy(tmp_path, "mlp", nhwc)
    with pytest.raises(PaddleImportError, match=r"op 7 \(pd_op.relu\): unsupported tensor "
                       r"layout 'NHWC'"):
        load(path)

    def bad_result_type(d):  # our InferMeta: relu keeps x's shape
        block_ops(d)[7]["O"][0]["TT"]["D"][1] = [-1, 17]

    path = edited_copy(tmp_path, "mlp", bad_result_type)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e).startswith(
        f"{path}: op 7 (pd_op.relu): our InferMeta disagrees with Paddle's result types: "
        "result 0 (out): Paddle !pd.tensor<?x17xf32>, ours !pd.tensor<?x16xf32>")


def test_malformed_ops(tmp_path):
    path = edited_copy(tmp_path, "mlp", lambda d: block_ops(d)[0].update({"A": [0, 1]}))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e).startswith(f"{path}: op 0 (builtin.parameter): malformed parameter op")
    path = edited_copy(tmp_path, "mlp", lambda d: block_ops(d)[7].pop("O"))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 7 (pd_op.relu): Paddle's op has 0 result(s), our "
                           "spec 1 (Tensor out)")
    path = edited_copy(tmp_path, "mlp", lambda d: d["program"].update(regions=[]))
    with pytest.raises(PaddleImportError, match="malformed program"):
        load(path)


# -- errors: the weights -------------------------------------------------------------


def tensor_record(array, data_type=None, dims=None, packed=False):
    """One tensor in Paddle's save_combine format."""
    codes = {"bool": 0, "int16": 1, "int32": 2, "int64": 3, "float16": 4, "float32": 5,
             "float64": 6, "uint8": 20, "int8": 21}
    code = codes[str(array.dtype)] if data_type is None else data_type
    dims = list(array.shape) if dims is None else dims

    def varint(v):
        v &= (1 << 64) - 1
        out = bytearray()
        while True:
            b = v & 0x7F
            v >>= 7
            out.append(b | (0x80 if v else 0))
            if not v:
                return bytes(out)

    desc = b"\x08" + varint(code)
    if packed:
        body = b"".join(varint(d) for d in dims)
        desc += b"\x12" + varint(len(body)) + body
    else:
        desc += b"".join(b"\x10" + varint(d) for d in dims)
    return (struct.pack("<IQ", 0, 0) + struct.pack("<Ii", 0, len(desc)) + desc
            + np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<")).tobytes())


def test_reader_dtypes_and_packed_dims(tmp_path):
    arrays = {"a": np.arange(6, dtype=np.int64).reshape(2, 3),
              "b": np.array([True, False]), "c": np.float16([1.5, -2]),
              "d": np.int8([[-1]]), "e": np.float64(3.25).reshape(())}
    path = tmp_path / "w.pdiparams"
    path.write_bytes(b"".join(tensor_record(arrays[n], packed=(n == "a"))
                              for n in sorted(arrays)))
    got = read_pdiparams(path, ["e", "d", "c", "b", "a"])
    assert list(got) == ["a", "b", "c", "d", "e"]
    for n, a in arrays.items():
        assert got[n].dtype == a.dtype and got[n].shape == a.shape
        np.testing.assert_array_equal(got[n], a)
    tensors = read_pdiparams_tensors(path, arrays)
    assert [t.dtype for t in tensors] == ["int64", "bool", "float16", "int8", "float64"]
    assert tensors[0].offset == 0 and tensors[1].offset > 0


def test_truncated_pdiparams_names_the_offset(tmp_path):
    path = edited_copy(tmp_path, "mlp", lambda d: None)
    params = tmp_path / "mlp.pdiparams"
    data = params.read_bytes()
    # linear_0.b_0 (16 floats) takes bytes 0-87; linear_0.w_0 starts at 88.
    params.write_bytes(data[:90])
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{params}: truncated file: the version of tensor "
                           "'linear_0.w_0' needs 4 bytes, only 2 left at byte 88")
    params.write_bytes(data[:-3])
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert re.fullmatch(rf"{re.escape(str(params))}: truncated file: the data of tensor "
                        r"'linear_1.w_0' \(float32\[16, 4\]\) needs 256 bytes, only 253 left "
                        r"at byte \d+", one_line(e))
    params.write_bytes(b"")
    with pytest.raises(PaddleImportError, match="at byte 0$"):
        load(path)


def test_corrupt_pdiparams(tmp_path):
    path = edited_copy(tmp_path, "mlp", lambda d: None)
    params = tmp_path / "mlp.pdiparams"
    data = bytearray((FIXTURES / "mlp.pdiparams").read_bytes())
    bad_version = bytearray(data)
    bad_version[88] = 7
    params.write_bytes(bytes(bad_version))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{params}: tensor 'linear_0.w_0': unsupported tensor version 7 "
                           "(expected 0) at byte 88")
    bad_type = bytearray(data)
    assert bad_type[20:22] == b"\x08\x05"  # linear_0.b_0's data_type: FP32
    bad_type[21] = 99
    params.write_bytes(bytes(bad_type))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{params}: tensor 'linear_0.b_0': unsupported data type unknown "
                           "data type 99 at byte 20")
    params.write_bytes(bytes(data) + b"\0\0")
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{params}: 2 unexpected trailing bytes after the 4 tensors of "
                           f"the program's parameters at byte {len(data)}")


def test_pdiparams_with_wrong_shape_loads_nothing(tmp_path):
    ref = io("mlp")
    arrays = {k[len("param/"):]: v for k, v in ref.items() if k.startswith("param/")}
    arrays["linear_0.w_0"] = np.zeros((16, 8), np.float32)  # transposed
    params = tmp_path / "bad.pdiparams"
    params.write_bytes(b"".join(tensor_record(arrays[n]) for n in sorted(arrays)))
    with pytest.raises(PaddleImportError) as e:
        load(FIXTURES / "mlp.json", params)
    assert one_line(e) == (f"{params}: weights do not match the program: 'linear_0.w_0' "
                           "(byte 88) has shape [16, 8], the program's parameter [8, 16]")
    # Nothing is half-loaded.
    shutil.copy(FIXTURES / "mlp.json", tmp_path / "mlp.json")
    main = load(tmp_path / "mlp.json")
    with pytest.raises(PaddleImportError):
        load_params(main, params)
    assert all(p.value is None for p in main.parameters.parameters.values())
    # A wrong dtype, too.
    arrays["linear_0.w_0"] = np.zeros((8, 16), np.float64)
    params.write_bytes(b"".join(tensor_record(arrays[n]) for n in sorted(arrays)))
    with pytest.raises(PaddleImportError, match=r"'linear_0.w_0' \(byte 88\) has dtype "
                       r"float64, the program's parameter float32$"):
        load_params(main, params)
    assert all(p.value is None for p in main.parameters.parameters.values())


def test_missing_params_file(tmp_path):
    with pytest.raises(PaddleImportError) as e:
        load(FIXTURES / "mlp.json", tmp_path / "nope.pdiparams")
    assert one_line(e).startswith(f"{tmp_path / 'nope.pdiparams'}: cannot read the weights "
                                  "file")


# -- the command line -----------------------------------------------------------------


def run_cli(venv_bin, *args):
    return subprocess.run([str(venv_bin / "paddle-mlir"), *args], capture_output=True,
                          text=True)


def test_cli_import(venv_bin, tmp_path):
    out = tmp_path / "mlp.mlir"
    r = run_cli(venv_bin, "import", str(FIXTURES / "mlp.json"), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    text = out.read_text()
    assert 'pd.get_parameter "linear_0.w_0" : !pd.tensor<8x16xf32>' in text
    assert f'loc("{FIXTURES / "mlp.json"}:op 5")' in text
    main = Program.load(out)
    main.verify()
    ref = io("mlp")
    with np.load(tmp_path / "mlp.npz", allow_pickle=False) as weights:
        assert sorted(weights.files) == sorted(k[6:] for k in ref if k.startswith("param/"))
        for name in weights.files:
            np.testing.assert_array_equal(weights[name], ref[f"param/{name}"])
    # The graph passes the pd pipeline.
    r = run_cli(venv_bin, "opt", str(out), "-p", "pd-verify-program")
    assert r.returncode == 0, r.stderr


def test_cli_import_with_params_and_no_params(venv_bin, tmp_path):
    shutil.copy(FIXTURES / "ln_gelu.json", tmp_path / "model.json")
    out = tmp_path / "out" / "model.mlir"
    out.parent.mkdir()
    r = run_cli(venv_bin, "import", str(tmp_path / "model.json"), "--params",
                str(FIXTURES / "ln_gelu.pdiparams"), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert out.exists() and (tmp_path / "out" / "model.npz").exists()
    # Without weights, a program with parameters is not written.
    r = run_cli(venv_bin, "import", str(tmp_path / "model.json"), "-o",
                str(tmp_path / "x.mlir"))
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and "pass --params" in r.stderr
    # A program without parameters needs none.
    r = run_cli(venv_bin, "import", str(FIXTURES / "shape_ops.json"), "-o",
                str(tmp_path / "s.mlir"))
    assert r.returncode == 0, r.stderr
    assert "pd.builtin_split" in (tmp_path / "s.mlir").read_text()
    assert not (tmp_path / "s.npz").exists()


def test_cli_import_errors(venv_bin, tmp_path):
    path = edited_copy(tmp_path, "mlp", lambda d: block_ops(d)[7].update({"#": "1.nope"}))
    r = run_cli(venv_bin, "import", str(path), "-o", str(tmp_path / "o.mlir"))
    assert r.returncode == 1
    assert r.stderr == (f"paddle-mlir: {path}: op 7 (pd_op.nope): Paddle op 'pd_op.nope' "
                        "has no pd op in the spec (dialects/pd/ops.yaml)\n")
    assert not (tmp_path / "o.mlir").exists()
    r = run_cli(venv_bin, "import", str(tmp_path / "missing.json"), "-o",
                str(tmp_path / "o.mlir"))
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "no such file" in r.stderr
    params = tmp_path / "mlp.pdiparams"
    params.write_bytes(params.read_bytes()[:90])
    path = edited_copy(tmp_path, "mlp", lambda d: None, with_params=False)
    r = run_cli(venv_bin, "import", str(path), "-o", str(tmp_path / "o.mlir"))
    assert r.returncode == 1 and r.stderr.count("\n") == 1
    assert r.stderr.rstrip().endswith("at byte 88") and "Traceback" not in r.stderr
    r = run_cli(venv_bin, "import", str(FIXTURES / "mlp.json"), "-o",
                str(tmp_path / "no" / "dir" / "o.mlir"))
    assert r.returncode == 1 and r.stderr.startswith("paddle-mlir: cannot write")
