"""The Paddle-style nn API (layers, functional, ops, unique names) builds the
pd programs Paddle would: op sequence, inferred types, parameter names and
initial values, and errors located at the user's line."""

import inspect
import math
import re

import numpy as np
import pytest
from mlir import ir

from paddle_mlir import nn, ops, static
from paddle_mlir.nn import functional as F
from paddle_mlir.nn.initializer import set_global_seed
from paddle_mlir.utils import unique_name


def check(text, *patterns):
    """FileCheck-style: each regex matches, in order, after the previous one."""
    pos = 0
    for pattern in patterns:
        m = re.compile(pattern).search(text, pos)
        assert m, f"{pattern!r} not found after offset {pos} in:\n{text[pos:]}"
        pos = m.end()


def build(fn, seed=0):
    """Builds fn() in fresh programs and naming namespace; runs startup."""
    set_global_seed(seed)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        out = fn()
    main.verify()
    store = static.run_startup(startup, main.parameters)
    return main, store, out


# -- unique names ---------------------------------------------------------------
def test_unique_name_counters_and_guard():
    with unique_name.guard():
        assert [unique_name.generate("fc"), unique_name.generate("fc"),
                unique_name.generate("conv")] == ["fc_0", "fc_1", "conv_0"]
        with unique_name.guard():
            assert unique_name.generate("fc") == "fc_0"
        assert unique_name.generate("fc") == "fc_2"
        with unique_name.guard("pre_"):
            assert unique_name.generate("fc") == "pre_fc_0"


# -- models -----------------------------------------------------------------------
def mlp():
    x = static.data("x", [None, 784], "float32")
    model = nn.Sequential(nn.Linear(784, 128), nn.ReLU(), nn.Linear(128, 10), nn.Softmax())
    y = model(x)
    static.default_main_program().fetch(y, "y")
    return model, y


def test_mlp_ir():
    main, store, (model, y) = build(mlp)
    assert y.shape == [-1, 10] and y.dtype == "float32"
    check(str(main),
          r'pd.data "x" : !pd.tensor<\?x784xf32>',
          r'pd.get_parameter "linear_0.w_0" : !pd.tensor<784x128xf32>',
          r'pd.get_parameter "linear_0.b_0" : !pd.tensor<128xf32>',
          r'pd.get_parameter "linear_1.w_0" : !pd.tensor<128x10xf32>',
          r'pd.get_parameter "linear_1.b_0" : !pd.tensor<10xf32>',
          r"pd.matmul .* -> !pd.tensor<\?x128xf32>",
          r"pd.add .* -> !pd.tensor<\?x128xf32>",
          r"pd.relu .* -> !pd.tensor<\?x128xf32>",
          r"pd.matmul .* -> !pd.tensor<\?x10xf32>",
          r"pd.add .* -> !pd.tensor<\?x10xf32>",
          r"pd.softmax .* -> !pd.tensor<\?x10xf32>",
          r'pd.fetch %\d+ "y" col 0')
    assert [(n, p.name) for n, p in model.named_parameters()] == [
        ("0.weight", "linear_0.w_0"), ("0.bias", "linear_0.b_0"),
        ("2.weight", "linear_1.w_0"), ("2.bias", "linear_1.b_0")]
    assert {n: main.parameters.parameter(n).shape for n in store} == {
        "linear_0.w_0": (784, 128), "linear_0.b_0": (128,),
        "linear_1.w_0": (128, 10), "linear_1.b_0": (10,)}


def test_mlp_initial_values_are_plausible_and_deterministic():
    _, store, _ = build(mlp)
    w = store["linear_0.w_0"]
    bound = math.sqrt(6.0 / (784 + 128))  # XavierUniform
    assert w.dtype == np.float32 and np.abs(w).max() <= bound
    assert np.abs(w).max() > 0.9 * bound and abs(w.mean()) < 0.01
    np.testing.assert_array_equal(store["linear_0.b_0"], np.zeros(128, np.float32))

    _, again, _ = build(mlp)
    for name in store:
        assert store[name].tobytes() == again[name].tobytes(), name
    _, other, _ = build(mlp, seed=1)
    assert not np.array_equal(store["linear_0.w_0"], other["linear_0.w_0"])


def cnn():
    img = static.data("img", [None, 3, 32, 32], "float32")
    model = nn.Sequential(nn.Conv2D(3, 8, 3, padding=1), nn.BatchNorm2D(8), nn.ReLU(),
                          nn.MaxPool2D(2), nn.Flatten(), nn.Linear(8 * 16 * 16, 10))
    model.eval()
    return model, model(img)


def test_cnn_ir_and_parameters():
    main, store, (model, out) = build(cnn)
    assert out.shape == [-1, 10]
    assert not model[1].training and model[1].full_name() == "batch_norm2d_0"
    check(str(main),
          r'pd.get_parameter "conv2d_0.w_0" : !pd.tensor<8x3x3x3xf32>',
          r'pd.get_parameter "conv2d_0.b_0" : !pd.tensor<8xf32>',
          r'pd.get_parameter "batch_norm2d_0.w_0" : !pd.tensor<8xf32>',
          r'pd.get_parameter "batch_norm2d_0.b_0"',
          r'pd.get_parameter "batch_norm2d_0.w_1"',
          r'pd.get_parameter "batch_norm2d_0.w_2"',
          r'pd.get_parameter "linear_0.w_0" : !pd.tensor<2048x10xf32>',
          r"pd.conv2d .*paddings = array<i32: 1, 1>.* -> !pd.tensor<\?x8x32x32xf32>",
          r"pd.full_int_array \[1, 8, 1, 1\]",
          r"pd.reshape .* -> !pd.tensor<1x8x1x1xf32>",
          r"pd.add .* -> !pd.tensor<\?x8x32x32xf32>",
          r"pd.batch_norm .*is_test = true.*use_global_stats = true.* -> \(!pd.tensor<\?x8x32x32xf32>",
          r"pd.relu",
          r'pd.pool2d .*pooling_type = "max", strides = array<i64: 2, 2>.* -> !pd.tensor<\?x8x16x16xf32>',
          r"pd.flatten .* -> !pd.tensor<\?x2048xf32>",
          r"pd.matmul .* -> !pd.tensor<\?x10xf32>")
    assert "pd.set_parameter" not in str(main)  # eval mode leaves running stats alone
    np.testing.assert_array_equal(store["batch_norm2d_0.w_0"], np.ones(8, np.float32))
    np.testing.assert_array_equal(store["batch_norm2d_0.b_0"], np.zeros(8, np.float32))
    np.testing.assert_array_equal(store["batch_norm2d_0.w_1"], np.zeros(8, np.float32))
    np.testing.assert_array_equal(store["batch_norm2d_0.w_2"], np.ones(8, np.float32))
    assert not main.parameters.parameter("batch_norm2d_0.w_1").trainable
    w = store["conv2d_0.w_0"]  # Normal(0, sqrt(2 / (3 * 3 * 3)))
    assert 0.5 < w.std() / math.sqrt(2 / 27) < 1.5


def test_batch_norm_training_updates_running_stats():
    def fn():
        return nn.BatchNorm2D(4)(static.data("x", [2, 4, 8, 8]))
    main, _, _ = build(fn)
    check(str(main), r"pd.batch_norm .*is_test = false",
          r'pd.set_parameter %mean_out "batch_norm2d_0.w_1"',
          r'pd.set_parameter %variance_out "batch_norm2d_0.w_2"')
    assert main.written_parameters() == {"batch_norm2d_0.w_1", "batch_norm2d_0.w_2"}


def encoder():
    src = static.data("src", [2, 16, 32], "float32")
    layer = nn.TransformerEncoderLayer(32, 4, 64)
    layer.eval()
    return layer, layer(src)


def test_transformer_encoder_layer():
    main, store, (layer, out) = build(encoder)
    assert out.shape == [2, 16, 32] and out.dtype == "float32"
    check(str(main),
          r'pd.get_parameter "linear_0.w_0" : !pd.tensor<32x32xf32>',  # q_proj
          r'pd.get_parameter "linear_4.w_0" : !pd.tensor<32x64xf32>',  # linear1
          r'pd.get_parameter "layer_norm_1.b_0" : !pd.tensor<32xf32>',
          r"pd.reshape .* -> !pd.tensor<2x16x4x8xf32>",
          r"pd.transpose .*perm = array<i32: 0, 2, 1, 3>.* -> !pd.tensor<2x4x16x8xf32>",
          r"pd.scale .* -> !pd.tensor<2x4x16x8xf32>",
          r"pd.matmul .*transpose_y = true.* -> !pd.tensor<2x4x16x16xf32>",
          r"pd.softmax .* -> !pd.tensor<2x4x16x16xf32>",
          r"pd.dropout .*is_test = true",
          r"pd.matmul .* -> !pd.tensor<2x4x16x8xf32>",
          r"pd.reshape .* -> !pd.tensor<2x16x32xf32>",
          r"pd.layer_norm .*begin_norm_axis = 2",
          r"pd.relu .* -> !pd.tensor<2x16x64xf32>",
          r"pd.layer_norm")
    names = [p.name for p in layer.parameters()]
    assert len(names) == 16 and names[:2] == ["linear_0.w_0", "linear_0.b_0"]
    assert names[-4:] == ["layer_norm_0.w_0", "layer_norm_0.b_0",
                          "layer_norm_1.w_0", "layer_norm_1.b_0"]
    assert [n for n, _ in layer.named_parameters()][:2] == ["self_attn.q_proj.weight",
                                                            "self_attn.q_proj.bias"]
    np.testing.assert_array_equal(store["layer_norm_0.w_0"], np.ones(32, np.float32))
    assert np.abs(store["linear_4.w_0"]).max() <= math.sqrt(6 / (32 + 64))


def test_layer_modes_and_attrs():
    def fn():
        x = static.data("x", [4, 8])
        plain = nn.Linear(8, 3, bias_attr=False)
        named = nn.Linear(8, 3, weight_attr=nn.ParamAttr(name="my_w"),
                          bias_attr=nn.initializer.Constant(0.5))
        drop = nn.Dropout(0.5)
        return plain, named, drop, x
    main, store, (plain, named, drop, x) = build(fn)
    assert plain.bias is None and [p.name for p in plain.parameters()] == ["linear_0.w_0"]
    assert named.weight.name == "my_w"
    np.testing.assert_array_equal(store["linear_1.b_0"], np.full(3, 0.5, np.float32))
    assert drop.training
    assert drop.eval() is drop and not drop.training
    assert drop.train().training


# -- functional API -----------------------------------------------------------------
def test_functional_shapes():
    def fn():
        x = static.data("x", [None, 3, 32, 32])
        s = static.data("s", [2, 5, 16])
        ids = static.data("ids", [2, 5], "int64")
        w = ops.ones([8, 3, 3, 3])
        return {
            "same": F.conv2d(x, w, ops.zeros([8]), stride=2, padding="SAME"),
            "valid": F.conv2d(x, w, padding="VALID"),
            "asym": F.conv2d(x, w, padding=[1, 1, 2, 2]),
            "depthwise": F.conv2d(x, ops.ones([6, 1, 3, 3]), groups=3, padding=1),
            "avg": F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True),
            "adaptive": F.adaptive_avg_pool2d(x, 1),
            "gelu": F.gelu(s, approximate=True),
            "leaky": F.leaky_relu(s),
            "log_softmax": F.log_softmax(s, axis=1),
            "softmax64": F.softmax(s, dtype="float64"),
            "layer_norm": F.layer_norm(s, [16]),
            "embedding": F.embedding(ids, ops.ones([100, 4])),
            "dropout_eval": F.dropout(s, 0.1, training=False),
            "flatten": F.flatten(x, 1),
            "pad": F.pad(x, [1, 1, 2, 2], mode="reflect"),
            "interp": F.interpolate(x, scale_factor=2),
            "split_int": ops.split(s, 2, axis=-1),
            "split_list": ops.split(s, [4, -1], axis=2),
            "mean_all": ops.mean(s),
            "mean_keep": ops.mean(s, axis=-1, keepdim=True),
            "sum_ids": ops.sum(ids, axis=1),
            "argmax": ops.argmax(s, axis=-1),
            "arange": ops.arange(10),
            "where": ops.where(s > 0, s, 0.0),
            "concat": ops.concat([s, s], axis=1),
            "unsqueeze": ops.unsqueeze(s, [0, 2]),
            "cast": ops.cast(ids, "float32"),
        }
    main, _, r = build(fn)
    types = {k: ([str(t.type) for t in v] if isinstance(v, list) else str(v.type))
             for k, v in r.items()}
    assert types == {
        "same": "!pd.tensor<?x8x16x16xf32>",
        "valid": "!pd.tensor<?x8x30x30xf32>",
        "asym": "!pd.tensor<?x8x32x34xf32>",
        "depthwise": "!pd.tensor<?x6x32x32xf32>",
        "avg": "!pd.tensor<?x3x17x17xf32>",
        "adaptive": "!pd.tensor<?x3x1x1xf32>",
        "gelu": "!pd.tensor<2x5x16xf32>",
        "leaky": "!pd.tensor<2x5x16xf32>",
        "log_softmax": "!pd.tensor<2x5x16xf32>",
        "softmax64": "!pd.tensor<2x5x16xf64>",
        "layer_norm": "!pd.tensor<2x5x16xf32>",
        "embedding": "!pd.tensor<2x5x4xf32>",
        "dropout_eval": "!pd.tensor<2x5x16xf32>",
        "flatten": "!pd.tensor<?x3072xf32>",
        "pad": "!pd.tensor<?x3x36x34xf32>",
        "interp": "!pd.tensor<?x3x64x64xf32>",
        "split_int": ["!pd.tensor<2x5x8xf32>"] * 2,
        "split_list": ["!pd.tensor<2x5x4xf32>", "!pd.tensor<2x5x12xf32>"],
        "mean_all": "!pd.tensor<f32>",
        "mean_keep": "!pd.tensor<2x5x1xf32>",
        "sum_ids": "!pd.tensor<2xi64>",
        "argmax": "!pd.tensor<2x5xi64>",
        "arange": "!pd.tensor<10xi64>",
        "where": "!pd.tensor<2x5x16xf32>",
        "concat": "!pd.tensor<2x10x16xf32>",
        "unsqueeze": "!pd.tensor<1x2x1x5x16xf32>",
        "cast": "!pd.tensor<2x5xf32>",
    }
    text = str(main)
    check(text, r'pd.conv2d .*padding_algorithm = "SAME"', r"pd.depthwise_conv2d",
          r"pd.dropout .*is_test = true", r'pd.pad3d .*mode = "reflect"',
          r"pd.split_with_num", r"pd.split ", r"pd.mean .* -> !pd.tensor<f32>")


def test_functional_defaults_follow_paddle():
    assert inspect.signature(F.leaky_relu).parameters["negative_slope"].default == 0.01
    assert inspect.signature(F.dropout).parameters["mode"].default == "upscale_in_train"
    assert inspect.signature(F.batch_norm).parameters["momentum"].default == 0.9
    assert inspect.signature(ops.flatten).parameters["start_axis"].default == 0
    assert inspect.signature(nn.Flatten).parameters["start_axis"].default == 1

    def fn():
        s = static.data("s", [2, 3])
        return s, F.dropout(s, p=0.0), F.linear(s, ops.ones([3, 4])), ops.full([2], 1)
    main, _, (s, same, lin, full) = build(fn)
    assert same is s  # p == 0 returns x, as Paddle does
    assert lin.shape == [2, 4] and "pd.add" not in str(main)
    assert str(full.type) == "!pd.tensor<2xf32>"  # dtype None: float32
    check(str(main), r'pd.data "s"', r"pd.full\(1\) : !pd.tensor<2xf32>", "return")


# -- errors ---------------------------------------------------------------------------
def test_shape_error_points_at_user_line():
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [None, 784])
        layer = nn.Linear(100, 10)
        line = inspect.currentframe().f_lineno + 2
        with pytest.raises(ir.MLIRError) as e:
            layer(x)
    assert f'test_nn.py":{line}' in str(e.value)
    assert "pd.matmul" in str(e.value)


def test_functional_shape_error_points_at_user_line():
    main = static.Program()
    with static.program_guard(main):
        s = static.data("s", [2, 5, 16])
        line = inspect.currentframe().f_lineno + 2
        with pytest.raises(ir.MLIRError) as e:
            ops.concat([s, ops.ones([3, 5, 7])], axis=1)
    assert f'test_nn.py":{line}' in str(e.value)


def test_bad_arguments():
    main = static.Program()
    with static.program_guard(main):
        s = static.data("s", [2, 5, 16])
        with pytest.raises(ValueError, match="normalized_shape"):
            F.layer_norm(s, [8])
        with pytest.raises(ValueError, match="padding"):
            F.conv2d(static.data("x", [1, 3, 8, 8]), ops.ones([4, 3, 3, 3]), padding="FULL")
        with pytest.raises(ValueError, match="divisible"):
            nn.Conv2D(3, 4, 3, groups=2)


@pytest.mark.parametrize("model", [mlp, cnn, encoder])
def test_models_save_and_load_bit_exactly(model, tmp_path):
    """Graph (text and bytecode) and weights of each model round-trip exactly."""
    main, store, _ = build(model)
    for suffix in (".mlir", ".mlirbc"):
        main.save(tmp_path / f"model{suffix}")
        assert str(static.Program.load(tmp_path / f"model{suffix}")) == str(main)
    store.save(tmp_path / "model.npz")
    fresh = static.ParameterStore()
    for name, p in store.parameters.items():
        fresh.declare(name, p.shape, p.dtype)
    fresh.load(tmp_path / "model.npz")
    assert sorted(fresh) == sorted(store)
    for name in store:
        assert fresh[name].tobytes() == store[name].tobytes(), name


def test_layer_outlives_the_program_it_was_built_in():
    """A layer's parameter values keep their program alive: a layer built in
    a program the user dropped (or one jit.save captured) and then called in
    another program used to read freed IR and crash the process."""
    import gc
    main = static.Program()
    with static.program_guard(main, static.Program()):
        layer = nn.Linear(2, 3)
    del main
    gc.collect()
    other, startup = static.Program(), static.Program()
    with static.program_guard(other, startup):
        x = static.data("x", [1, 2], "float32")
        other.fetch(layer(x), "y")
    assert "pd.matmul" in str(other)


# Attention's scores scaled, then softmax: pd-fuse-linalg-elementwise computes
# the scale inside the softmax's maximum and exponentials (a producer read
# twice, cheap enough to recompute) instead of writing the scaled scores.
# 197 tokens: masked row tails; a scale that is not a power of two. 197 and
# 100 tokens: k^T padded to 208 and 112 columns (pd-pad-matmul-columns), the
# scores a slice of the wider product.
@pytest.mark.parametrize("heads, tokens, dim, scale", [(3, 197, 64, 0.125), (2, 20, 32, 32 ** -0.5),
                                                       (4, 100, 32, 0.2)])
def test_scaled_attention_matches_numpy(heads, tokens, dim, scale):
    rng = np.random.default_rng(tokens)
    q, k, v = (rng.standard_normal((1, heads, tokens, dim)).astype(np.float32) for _ in range(3))
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        fq, fk, fv = (static.data(n, [1, heads, tokens, dim], "float32") for n in "qkv")
        scores = ops.scale(ops.matmul(fq, fk, transpose_y=True), scale)
        main.fetch(ops.matmul(F.softmax(scores, axis=-1), fv), "out")
    exe = static.Executor("cpu")
    exe.run(startup)
    (out,) = exe.run(main, feed={"q": q, "k": k, "v": v}, fetch_list=["out"])
    s = (q.astype(np.float64) @ k.astype(np.float64).transpose(0, 1, 3, 2)) * scale
    p = np.exp(s - s.max(-1, keepdims=True))
    ref = (p / p.sum(-1, keepdims=True)) @ v.astype(np.float64)
    np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-5)
