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
MODELS = ["mlp", "cnn", "resblock", "encoder", "ln_gelu", "shape_ops",
          "cond", "while_loop", "dy2static", "constants", "losses", "recurrent", "yolo_head", "roi_head",
          "special_functions", "fill_diagonal_hinge", "einsum_broadcast", "pool_index", "scatter_nd",
          "data_dependent", "nms_head", "statistics", "ssd_head", "shape_expand"]
WITH_PARAMS = [m for m in MODELS if m not in ("shape_ops", "losses", "special_functions", "fill_diagonal_hinge", "pool_index", "scatter_nd", "data_dependent", "nms_head", "statistics")]

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
        # A dynamic batch, but for roi_head (boxes_num fixes its batch),
        # nms_head and ssd_head (exported with a static one).
        batch = shape[0] if name in ("roi_head", "nms_head", "ssd_head") else -1
        assert t.shape[0] == batch and t.shape[1:] == shape[1:] and t.dtype == "float32"
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
    # pool2d's strides are int64_t[] in Paddle 3.3 (conv2d's int[]).
    assert str(pool.attributes["strides"]) == "array<i64: 2, 2>"
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


# -- control flow --------------------------------------------------------------------


def region_ops(op, r=0):
    """The ops of region r's single block of `op`."""
    (block,) = op.operation.regions[r].blocks
    return list(block.operations)


def names_of(ops):
    return [op.operation.name for op in ops]


def types_of(values):
    return [str(v.type) for v in values]


def test_cond_ops():
    """paddle.static.nn.cond with two results: one pd.if."""
    main = import_fixture("cond")
    main.verify()
    assert op_names(main)[2:] == ["pd.data", "pd.matmul", "pd.add", "pd.full_int_array",
                                  "pd.mean", "pd.full", "pd.greater_than", "pd.if",
                                  "pd.fetch", "pd.fetch"]
    (if_op,) = ops_named(main, "pd.if")
    assert types_of(if_op.operation.results) == ["!pd.tensor<?x4xf32>"] * 2
    # The condition is Paddle's 0-D bool.
    (gt,) = ops_named(main, "pd.greater_than")
    assert same_value(if_op.operation.operands[0], gt.result)
    assert str(gt.result.type) == "!pd.tensor<i1>"
    then_ops, else_ops = region_ops(if_op, 0), region_ops(if_op, 1)
    assert names_of(then_ops) == ["pd.full", "pd.scale", "pd.add", "pd.yield"]
    assert names_of(else_ops) == ["pd.tanh", "pd.subtract", "pd.yield"]
    # Each branch yields its own values, in Paddle's order.
    assert [v.owner.name for v in then_ops[-1].operation.operands] == ["pd.scale", "pd.add"]
    assert same_value(else_ops[-1].operation.operands[0], else_ops[0].result)
    assert same_value(else_ops[-1].operation.operands[1], else_ops[1].result)
    # The branches read values of the enclosing block: the linear's output, the feed.
    (linear_add,) = [op for op in ops_named(main, "pd.add")]
    (data,) = ops_named(main, "pd.data")
    assert same_value(then_ops[1].operation.operands[0], linear_add.result)
    assert same_value(then_ops[2].operation.operands[1], data.result)
    assert same_value(else_ops[1].operation.operands[1], data.result)
    # The fetches read the pd.if's results.
    fetches = ops_named(main, "pd.fetch")
    assert [f.operation.operands[0].owner.name for f in fetches] == ["pd.if", "pd.if"]
    assert same_value(fetches[1].operation.operands[0], if_op.operation.results[1])
    # Region 0 is Paddle's true branch: Paddle's outputs follow the branch taken.
    ref = io("cond")
    x = ref["in/x"]
    y = x @ ref["param/linear_0.w_0"] + ref["param/linear_0.b_0"]
    expected = (y * 2, y + x) if y.mean() > 0 else (np.tanh(y), y - x)
    for i, e in enumerate(expected):
        np.testing.assert_allclose(ref[f"out/{i}"], e, rtol=1e-5, atol=1e-5)


def test_while_loop_ops():
    """paddle.static.nn.while_loop: one pd.while whose body reads outer values."""
    main = import_fixture("while_loop")
    main.verify()
    assert op_names(main)[2:] == ["pd.data", "pd.full", "pd.full", "pd.tanh",
                                  "pd.less_than", "pd.while", "pd.fetch", "pd.fetch"]
    (loop,) = ops_named(main, "pd.while")
    i0, n = ops_named(main, "pd.full")
    (tanh,) = ops_named(main, "pd.tanh")
    (first_cond,) = ops_named(main, "pd.less_than")
    operands = list(loop.operation.operands)
    assert len(operands) == 3
    for got, want in zip(operands, [first_cond.result, i0.result, tanh.result]):
        assert same_value(got, want)
    assert types_of(loop.operation.results) == ["!pd.tensor<1xi64>", "!pd.tensor<?x4xf32>"]
    (body,) = loop.operation.regions[0].blocks
    i, s = body.arguments
    assert types_of(body.arguments) == ["!pd.tensor<1xi64>", "!pd.tensor<?x4xf32>"]
    ops = list(body.operations)
    assert names_of(ops) == ["pd.full", "pd.scale", "pd.matmul", "pd.add", "pd.tanh",
                             "pd.add", "pd.less_than", "pd.yield"]
    full, scale, matmul, add_b, tanh_, add_x, less, yield_ = ops
    # The block arguments are the loop-carried values...
    assert same_value(scale.operation.operands[0], i)
    assert same_value(matmul.operation.operands[0], s)
    # ... the parameters, the feed and the loop bound come from the enclosing block.
    assert matmul.operation.operands[1].owner.attributes["parameter_name"].value == \
        "linear_0.w_0"
    assert add_b.operation.operands[1].owner.attributes["parameter_name"].value == \
        "linear_0.b_0"
    (data,) = ops_named(main, "pd.data")
    assert same_value(add_x.operation.operands[1], data.result)
    assert same_value(less.operation.operands[1], n.result)
    # The body yields the next condition, then the next values.
    yielded = list(yield_.operation.operands)
    for got, want in zip(yielded, [less.result, scale.result, add_x.result]):
        assert same_value(got, want)
    assert types_of(yielded) == ["!pd.tensor<1xi1>", "!pd.tensor<1xi64>",
                                 "!pd.tensor<?x4xf32>"]
    fetches = ops_named(main, "pd.fetch")
    assert same_value(fetches[0].operation.operands[0], loop.operation.results[1])
    assert same_value(fetches[1].operation.operands[0], loop.operation.results[0])
    assert io("while_loop")["out/1"].tolist() == [3]


def test_dy2static_ops():
    """Python if/while on tensors (paddle.jit.to_static): a pd.if, then a
    pd.while whose body holds another pd.if reading the loop's values."""
    main = import_fixture("dy2static")
    main.verify()
    names = op_names(main)
    assert names.count("pd.if") == 1 and names.count("pd.while") == 1
    assert names.index("pd.if") < names.index("pd.while")
    (if_op,) = ops_named(main, "pd.if")
    assert types_of(if_op.operation.results) == ["!pd.tensor<?x4xf32>"]
    assert names_of(region_ops(if_op, 0)) == ["pd.matmul", "pd.add", "pd.yield"]
    assert names_of(region_ops(if_op, 1)) == ["pd.full", "pd.scale", "pd.yield"]
    (loop,) = ops_named(main, "pd.while")
    # The loop carries the counter and the pd.if's result.
    assert same_value(loop.operation.operands[2], if_op.operation.results[0])
    assert types_of(loop.operation.results) == ["!pd.tensor<1xi64>", "!pd.tensor<?x4xf32>"]
    (body,) = loop.operation.regions[0].blocks
    i, y = body.arguments
    ops = list(body.operations)
    assert names_of(ops) == ["pd.full_int_array", "pd.mean", "pd.full", "pd.greater_than",
                             "pd.if", "pd.full", "pd.scale", "pd.abs", "pd.full_int_array",
                             "pd.sum", "pd.full", "pd.less_than", "pd.yield"]
    inner = ops[4]
    assert same_value(inner.operation.operands[0], ops[3].result)
    assert types_of(inner.operation.results) == ["!pd.tensor<?x4xf32>"]
    # The nested pd.if's branches read the while's block argument.
    for r in (0, 1):
        branch = region_ops(inner, r)
        assert names_of(branch) == ["pd.full", "pd.scale", "pd.yield"]
        assert same_value(branch[1].operation.operands[0], y)
        assert same_value(branch[2].operation.operands[0], branch[1].result)
    assert same_value(ops[6].operation.operands[0], i)
    yielded = list(ops[-1].operation.operands)
    for got, want in zip(yielded, [ops[11].result, ops[6].result, inner.operation.results[0]]):
        assert same_value(got, want)
    # Nested ops are located by their path in the JSON.
    path = FIXTURES / "dy2static.json"
    loop_index = names.index("pd.while")
    assert str(loop.location) == f'loc("{path}:op {loop_index}")'
    assert str(region_ops(inner, 1)[1].location) == (
        f'loc("{path}:op {loop_index} region 0 op 4 region 1 op 1")')
    ref = io("dy2static")
    assert ref["in/x"].mean() < 0 and ref["out/1"].tolist() == [4]  # else branch, 4 steps


@pytest.mark.parametrize("name", ["cond", "while_loop", "dy2static"])
def test_control_flow_round_trips_through_text(name, tmp_path):
    main = import_fixture(name)
    out = tmp_path / f"{name}.mlir"
    main.save(out)
    again = Program.load(out)
    again.verify()
    assert str(again.module) == str(main.module)


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


def while_op(d):
    """The pd_op.while of the while_loop fixture's JSON."""
    (op,) = [op for op in block_ops(d) if op["#"] == "1.while"]
    return op


def if_op(d):
    (op,) = [op for op in block_ops(d) if op["#"] == "1.if"]
    return op


def body_ops(op, r=0):
    return op["regions"][r]["blocks"][0]["ops"]


def test_while_body_yielding_wrong_count(tmp_path):
    def edit(d):
        yield_ = body_ops(while_op(d))[-1]
        assert yield_["#"] == "2.yield" and len(yield_["I"]) == 3
        yield_["I"].pop()

    path = edited_copy(tmp_path, "while_loop", edit)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 7 (pd_op.while): the body yields 2 value(s), "
                           "expected 3 (the next condition, then 2 loop-carried value(s))")


def test_if_branch_yielding_wrong_count(tmp_path):
    path = edited_copy(tmp_path, "cond", lambda d: body_ops(if_op(d), 1)[-1]["I"].pop())
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 9 (pd_op.if): region 1 (else) yields 1 value(s), "
                           "pd_op.if has 2 result(s)")


def test_while_block_arguments_must_match(tmp_path):
    path = edited_copy(tmp_path, "while_loop",
                       lambda d: while_op(d)["regions"][0]["blocks"][0]["args"].pop())
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 7 (pd_op.while): the body has 1 block argument(s) "
                           "for 2 loop-carried value(s)")

    def arg_type(d):
        while_op(d)["regions"][0]["blocks"][0]["args"][1]["TT"]["D"][1] = [2, 4]

    path = edited_copy(tmp_path, "while_loop", arg_type)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 7 (pd_op.while): body argument 1 has type "
                           "!pd.tensor<2x4xf32>, its loop-carried value !pd.tensor<?x4xf32>")

    def result_type(d):
        while_op(d)["O"][0]["TT"]["D"][1] = [2]

    path = edited_copy(tmp_path, "while_loop", result_type)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 7 (pd_op.while): result 0 has type "
                           "!pd.tensor<2xi64>, its loop-carried value !pd.tensor<1xi64>")


def test_error_in_a_region_names_its_path(tmp_path):
    def edit(d):
        inner = body_ops(while_op(d))[4]
        assert inner["#"] == "1.if"
        assert body_ops(inner, 1)[1]["#"] == "1.scale"
        body_ops(inner, 1)[1]["#"] = "1.no_such_op"

    path = edited_copy(tmp_path, "dy2static", edit)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 14 region 0 op 4 region 1 op 1 (pd_op.no_such_op): "
                           "Paddle op 'pd_op.no_such_op' has no pd op in the spec "
                           "(dialects/pd/ops.yaml)")

    def bad_type(d):  # our InferMeta checks ops in regions, too
        body_ops(while_op(d))[4]["O"][0]["TT"]["D"][1] = [-1, 5]

    path = edited_copy(tmp_path, "while_loop", bad_type)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e).startswith(
        f"{path}: op 7 region 0 op 4 (pd_op.tanh): our InferMeta disagrees with Paddle's "
        "result types: result 0 (out): Paddle !pd.tensor<?x5xf32>, ours !pd.tensor<?x4xf32>")


def test_region_values_are_not_visible_outside(tmp_path):
    def edit(d):
        then_add = body_ops(if_op(d), 0)[2]
        assert then_add["#"] == "1.add"
        block_ops(d)[-1]["I"][0]["%"] = then_add["O"][0]["%"]  # the last fetch

    path = edited_copy(tmp_path, "cond", edit)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 11 (pd_op.fetch): operand %14 is defined in op 9 "
                           "region 0, which does not enclose this op")

    def other_branch(d):  # the else branch reads a value of the then branch
        body_ops(if_op(d), 1)[0]["I"][0]["%"] = body_ops(if_op(d), 0)[2]["O"][0]["%"]

    path = edited_copy(tmp_path, "cond", other_branch)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 9 region 1 op 0 (pd_op.tanh): operand %14 is "
                           "defined in op 9 region 0, which does not enclose this op")

    def block_arg(d):  # a loop's block argument after the loop
        block_ops(d)[-1]["I"][0]["%"] = -1

    path = edited_copy(tmp_path, "while_loop", block_arg)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 9 (pd_op.fetch): operand %-1 is defined in op 7 "
                           "region 0, which does not enclose this op")


def test_malformed_control_flow(tmp_path):
    # A pd_op.if without regions.
    path = edited_copy(tmp_path, "mlp", lambda d: block_ops(d)[7].update({"#": "1.if"}))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 7 (pd_op.if): expected 2 region(s), the JSON has 0")
    path = edited_copy(tmp_path, "mlp", lambda d: block_ops(d)[7].update({"#": "1.while"}))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 7 (pd_op.while): 1 result(s) for 0 loop-carried "
                           "value(s) (the operands after the condition)")
    # A region that does not end in cf.yield.
    path = edited_copy(tmp_path, "cond", lambda d: body_ops(if_op(d), 1).pop())
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == f"{path}: op 9 (pd_op.if): region 1 does not end in cf.yield"
    # cf.yield at the top level, or before the end of its block.
    path = edited_copy(tmp_path, "cond", lambda d: block_ops(d).insert(
        10, {"#": "2.yield", "A": [], "I": [{"%": 10}], "O": []}))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 10 (cf.yield): cf.yield outside of a pd_op.if / "
                           "pd_op.while region")
    path = edited_copy(tmp_path, "cond", lambda d: body_ops(if_op(d), 1).insert(
        1, {"#": "2.yield", "A": [], "I": [], "O": []}))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 9 region 1 op 1 (cf.yield): cf.yield is not the last "
                           "op of its block")
    # A branch yielding a value of another dtype: our verifier says which.
    path = edited_copy(tmp_path, "cond", lambda d: body_ops(if_op(d), 1)[-1]["I"][0].update(
        {"%": 9}))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 9 (pd_op.if): 'pd.if' op else region yields "
                           "'!pd.tensor<i1>' as value #0, which does not fit "
                           "'!pd.tensor<?x4xf32>'")


@pytest.mark.parametrize("code, message", [
    # The stacks of Paddle's training while loops (forward values kept for
    # the backward pass).
    ("2.tuple_push", "op 'cf.tuple_push' is not supported (of the cf dialect, only "
                     "cf.yield, the region terminator, is)"),
    ("2.stack_create", "op 'cf.stack_create' is not supported (of the cf dialect, only "
                       "cf.yield, the region terminator, is)"),
    ("1.pylayer", "control flow (pd_op.pylayer, a PyLayer's custom forward) is not "
                  "supported"),
])
def test_unsupported_control_flow_ops(tmp_path, code, message):
    def edit(d):
        body_ops(while_op(d))[4]["#"] = code

    path = edited_copy(tmp_path, "while_loop", edit)
    name = {"1": "pd_op", "2": "cf"}[code[0]] + "." + code[2:]
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == f"{path}: op 7 region 0 op 4 ({name}): {message}"


def test_tensor_array_type_is_reported(tmp_path):
    # A Python list appended to in a converted loop becomes a tensor array
    # (pd_op.create_array / array_write_ / array_to_tensor).
    def edit(d):
        body_ops(while_op(d))[4]["O"][0]["TT"] = {
            "#": "1.t_dense_tensor_array", "D": [{"#": "0.t_f32"}, [4], "NCHW"]}

    path = edited_copy(tmp_path, "while_loop", edit)
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert one_line(e) == (f"{path}: op 7 region 0 op 4 (pd_op.tanh): unsupported type "
                           "'1.t_dense_tensor_array' (a tensor array; pd has no such type)")


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


def _set_attr(op, name, at):
    for a in op["A"]:
        if a["N"] == name:
            a["AT"] = at
            return
    raise KeyError(name)


def _first(data, kind):
    return next(op for op in block_ops(data) if op["#"] == kind)


@pytest.mark.parametrize("at, message", [
    ({"#": "0.a_bool", "D": 2}, "a '0.a_bool' attribute holds 2, expected true or false"),
    ({"#": "0.a_bool", "D": "yes"}, "a '0.a_bool' attribute holds 'yes', expected true or false"),
    ({"#": "0.a_bool"}, "malformed attribute"),
])
def test_attribute_values_are_checked_against_their_kind(tmp_path, at, message):
    path = edited_copy(tmp_path, "mlp", lambda d: _set_attr(_first(d, "1.matmul"), "transpose_x", at))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert "(pd_op.matmul): attribute 'transpose_x': " + message in one_line(e)


def test_an_integer_attribute_out_of_its_range(tmp_path):
    def edit(d):
        softmax = _first(d, "1.softmax")
        _set_attr(softmax, "axis", {"#": "0.a_i32", "D": 1 << 40})
    path = edited_copy(tmp_path, "mlp", edit)
    with pytest.raises(PaddleImportError, match=r"\(pd_op.softmax\): attribute 'axis': a "
                                                 r"'0.a_i32' attribute holds 1099511627776"):
        load(path)


def test_a_full_whose_dtype_disagrees_with_its_type(tmp_path):
    """Paddle writes float32 2.0 for a bool full: never converted silently."""
    path = edited_copy(tmp_path, "cond", lambda d: _set_attr(
        _first(d, "1.full"), "dtype", {"#": "1.a_dtype", "D": "bool"}))
    with pytest.raises(PaddleImportError) as e:
        load(path)
    assert "(pd_op.full): attribute 'dtype' is bool but the result type is " \
        "!pd.tensor<f32>: they must agree" in one_line(e)


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


def test_non_persistable_parameters(tmp_path):
    """A recurrent layer's dropout state (a parameter that is not persistable,
    so not in .pdiparams) becomes zeros; any other non-persistable parameter
    has no value to read and is refused by name."""
    program = import_fixture("recurrent")
    assert not [n for n in program.parameters if "dropout_state" in n]
    fulls = [op for op in ops_named(program, "pd.full") if "ui8" in str(op.result.type)]
    assert len(fulls) == 3                       # lstm, gru and simple_rnn's states

    def rename(d):
        for op in block_ops(d):
            if op["#"] == "p" and op["A"][3].endswith("dropout_state__non_persistable"):
                op["A"][3] = "scratch_0"
                return

    path = edited_copy(tmp_path, "recurrent", rename)
    with pytest.raises(PaddleImportError, match=r"parameter 'scratch_0' is not persistable: "
                       r"its value is not in the weights file"):
        load(path)
