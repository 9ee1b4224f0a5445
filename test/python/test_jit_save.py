"""jit.save / jit.load: models in Paddle 3's format, run by real Paddle 3.3.1.

Models written with paddle-mlir's API (layers, to_static control flow, a
traced layer, eager constants) are saved with `jit.save`, and Paddle's own
exported fixtures are imported and written back; Paddle 3.3.1, in
its own venv (`make paddle-venv`; `make test` passes its python as
PADDLE_MLIR_PADDLE_PYTHON), loads and runs each with `paddle.jit.load` and
with its inference predictor (tools/run_in_paddle.py), and the outputs must
match paddle-mlir's and numpy's (for the fixtures: Paddle's own outputs
when it exported them). Every op of the spec is also written as
jit.save writes it and verified by Paddle against its op definitions, so the
spec's argument kinds stay Paddle 3.3.1's. Without PADDLE_MLIR_PADDLE_PYTHON
(a plain `pytest` run) those tests skip unless .paddle-venv exists; with it,
a missing interpreter fails.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import paddle_mlir as paddle
from paddle_mlir import jit, nn
from paddle_mlir.dialects._pd_spec import OPS
from paddle_mlir.frontend import paddle as paddle_frontend
from paddle_mlir.frontend import paddle_writer
from paddle_mlir.frontend.paddle_writer import PaddleExportError
from paddle_mlir.frontend.pdiparams import read_pdiparams, write_pdiparams
from paddle_mlir.jit import InputSpec
import paddle_mlir.nn.functional as F

REPO = Path(__file__).resolve().parents[2]
RUNNER = REPO / "tools" / "run_in_paddle.py"
FIXTURES = REPO / "test" / "fixtures" / "paddle"
# Models Paddle 3.3.1 exported (tools/make_paddle_fixtures.py), with its outputs.
PADDLE_FIXTURES = ["mlp", "cnn", "resblock", "encoder", "ln_gelu", "shape_ops", "cond",
                   "while_loop", "dy2static", "constants"]


def _paddle_python() -> str | None:
    given = os.environ.get("PADDLE_MLIR_PADDLE_PYTHON")
    if given:
        if not Path(given).is_file():
            pytest.fail(f"PADDLE_MLIR_PADDLE_PYTHON={given} does not exist: run make paddle-venv")
        return given
    local = REPO / ".paddle-venv" / "bin" / "python"
    return str(local) if local.is_file() else None


def _run_paddle(*args, timeout=300) -> None:
    python = _paddle_python()
    if python is None:
        pytest.skip("no Paddle 3.3.1: run `make paddle-venv` (make test does)")
    env = dict(os.environ, GLOG_minloglevel="2")
    r = subprocess.run([python, str(RUNNER), *map(str, args)], capture_output=True, text=True,
                       timeout=timeout, env=env)
    assert r.returncode == 0, r.stderr[-3000:]


def rand(*shape, seed=0):
    return np.random.RandomState(seed).standard_normal(shape).astype("float32")


# -- models --------------------------------------------------------------------------
class ConvNet(nn.Layer):
    """Dense, depthwise and 1x1 convolutions, batch norm, pools, a linear head."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2D(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2D(8)
        self.dw = nn.Conv2D(8, 8, 3, stride=2, padding=1, groups=8)
        self.pw = nn.Conv2D(8, 6, 1)
        self.fc = nn.Linear(6, 5)

    def forward(self, x):
        y = F.relu(self.bn(self.conv(x)))
        y = F.max_pool2d(y, 2)
        y = F.hardswish(self.pw(self.dw(y)))
        y = F.adaptive_avg_pool2d(y, 1).flatten(1)
        return F.softmax(self.fc(y))


class Attention(nn.Layer):
    """A transformer block: layer norm, multi-head attention, GELU MLP."""

    def __init__(self, dim=16, heads=2):
        super().__init__()
        self.heads = heads
        self.ln = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.mlp = nn.Linear(dim, dim)

    def forward(self, x):
        b, s, d = x.shape
        h = self.ln(x)
        qkv = self.qkv(h).reshape([-1, s, 3, self.heads, d // self.heads]).transpose([2, 0, 3, 1, 4])
        q, k, v = qkv[0], qkv[1], qkv[2]
        att = F.softmax(paddle.matmul(q, k, transpose_y=True) * (d // self.heads) ** -0.5)
        o = paddle.matmul(att, v).transpose([0, 2, 1, 3]).reshape([-1, s, d])
        x = x + self.proj(o)
        return x + F.gelu(self.mlp(x))


class Loop(nn.Layer):
    """`if` on a tensor and a `for` over range(tensor) (pd.if, pd.while)."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x, n):
        if x.mean() > 0:
            x = x * 2.0
        else:
            x = x - 1.0
        for _ in range(n):
            x = F.tanh(self.fc(x))
        return x, x.sum()


def _loop_ref(model, a, n):
    a = a * 2.0 if a.mean() > 0 else a - 1.0
    w, b = model.fc.weight.numpy(), model.fc.bias.numpy()
    for _ in range(n):
        a = np.tanh(a @ w + b)
    return a, a.sum()


def _with_constants(x):
    """Eager tensors captured as constants; integer and boolean ops."""
    table = paddle.to_tensor(np.arange(12, dtype="float32").reshape(3, 4) / 7.0)
    picks = paddle.argmax(x, axis=-1)
    gathered = paddle.gather(table, picks % 3)
    mask = paddle.cast(x > 0, "float32")
    return gathered * mask + x, picks


def _models():
    """(name, target, input_spec, example inputs, numpy reference or None)."""
    conv = ConvNet()
    conv.eval()
    conv.bn._mean.set_value(rand(8, seed=5) * 0.1)
    conv.bn._variance.set_value(np.abs(rand(8, seed=6)) + 0.5)
    att = Attention()
    att.eval()
    loop = Loop()
    loop.eval()
    mlp = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
    mlp.eval()
    traced = jit.trace(mlp, [rand(3, 8)])
    a8 = rand(3, 8, seed=1)
    w1, b1 = mlp[0].weight.numpy(), mlp[0].bias.numpy()
    w2, b2 = mlp[2].weight.numpy(), mlp[2].bias.numpy()
    xc = rand(5, 4, seed=3)
    table = np.arange(12, dtype="float32").reshape(3, 4) / 7.0
    picks = xc.argmax(-1)
    return [
        ("convnet", conv, [InputSpec([None, 3, 16, 16], "float32", "image")],
         [rand(2, 3, 16, 16, seed=2)], None),
        ("attention", att, [InputSpec([None, 6, 16], "float32", "tokens")],
         [rand(3, 6, 16, seed=4)], None),
        ("loop", loop, [InputSpec([None, 4], "float32", "x"), InputSpec([], "int64", "n")],
         [rand(2, 4, seed=7), np.array(3, "int64")],
         _loop_ref(loop, rand(2, 4, seed=7), 3)),
        ("traced_mlp", traced, None, [a8],
         (np.maximum(a8 @ w1 + b1, 0) @ w2 + b2,)),
        ("constants", jit.to_static(_with_constants), [InputSpec([None, 4], "float32", "x")],
         [xc], (table[picks % 3] * (xc > 0) + xc, picks)),
    ]


def _outputs(out):
    outs = out if isinstance(out, (list, tuple)) else [out]
    return [o.numpy() for o in outs]


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """Every model saved, run by paddle-mlir and (once, all together) by Paddle."""
    root = tmp_path_factory.mktemp("jit_save")
    models, manifest = {}, []
    for name, target, spec, inputs, ref in _models():
        prefix = root / name
        jit.save(target, prefix, input_spec=spec)
        ours = _outputs(target(*inputs)) if not isinstance(target, nn.Layer) else \
            _outputs(jit.to_static(target, input_spec=spec)(*inputs))
        np.savez(root / f"{name}.in.npz", **{str(i): a for i, a in enumerate(inputs)})
        manifest.append({"prefix": str(prefix), "inputs": str(root / f"{name}.in.npz"),
                         "outputs": str(root / f"{name}.paddle.npz")})
        models[name] = dict(prefix=prefix, inputs=inputs, ours=ours, ref=ref)
    # Paddle's own models, imported and written back (Paddle -> pd -> Paddle).
    for name in PADDLE_FIXTURES:
        program = paddle_frontend.load(FIXTURES / f"{name}.json")
        with np.load(FIXTURES / f"{name}.io.npz") as io:
            inputs = [io[f"in/{feed}"] for feed, _ in program.feeds()]
            want = [io[f"out/{i}"] for i in range(len(program.fetches()))]
        prefix = root / f"paddle_{name}"
        paddle_writer.save(program, prefix)
        np.savez(root / f"paddle_{name}.in.npz", **{str(i): a for i, a in enumerate(inputs)})
        manifest.append({"prefix": str(prefix), "inputs": str(root / f"paddle_{name}.in.npz"),
                         "outputs": str(root / f"paddle_{name}.paddle.npz")})
        models[f"paddle_{name}"] = dict(prefix=prefix, inputs=inputs, ours=want, ref=None)
    (root / "manifest.json").write_text(json.dumps(manifest))
    return root, models


def test_saved_models_load_back_in_paddle_mlir(saved):
    root, models = saved
    for name, m in models.items():
        if m["ref"] is not None:
            for got, want in zip(m["ours"], m["ref"]):
                np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5, err_msg=name)
        loaded = jit.load(m["prefix"])
        assert loaded.input_names() == [n for n, _ in loaded.program.feeds()]
        for got, want in zip(_outputs(loaded(*m["inputs"])), m["ours"]):
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6, err_msg=name)


def test_saved_models_run_in_paddle(saved):
    root, models = saved
    _run_paddle(root / "manifest.json")
    for name, m in models.items():
        with np.load(root / f"{name}.paddle.npz") as result:
            for way in ("jit", "predictor"):
                assert f"error/{way}" not in result.files, \
                    f"{name}: Paddle's {way} failed:\n{result[f'error/{way}']}"
                got = [result[f"{way}/{i}"] for i in range(len(m["ours"]))]
                for g, want in zip(got, m["ours"]):
                    assert g.shape == want.shape and g.dtype == want.dtype, (name, way)
                    np.testing.assert_allclose(g, want, rtol=1e-5, atol=1e-5,
                                               err_msg=f"{name} ({way})")
            assert list(result["meta/inputs"]) == \
                [n for n, _ in jit.load(m["prefix"]).program.feeds()]


def test_the_saved_loop_keeps_a_dynamic_batch_and_trip_count(saved):
    _, models = saved
    loaded = jit.load(models["loop"]["prefix"])
    loop_json = json.loads(Path(str(models["loop"]["prefix"]) + ".json").read_text())
    codes = json.dumps(loop_json)
    assert '"1.while"' in codes and '"1.if"' in codes
    a = rand(7, 4, seed=9)
    got = _outputs(loaded(a, np.array(0, "int64")))
    np.testing.assert_allclose(got[0], a * 2.0 if a.mean() > 0 else a - 1.0, rtol=1e-6)


def _spec_op_program(name: str) -> dict:
    """A program of one spec op, written as jit.save writes its attributes
    (defaults, or a value of the right kind where the spec has none), on
    placeholder inputs: what Paddle's verifier checks is the op's signature."""
    writer = paddle_writer._Writer(None, name)
    placeholder = {"bool": "false", "int": "1", "int64_t": "1", "float": "1.0",
                   "double": "1.0", "str": '"NCHW"', "int[]": "{1}", "int64_t[]": "{1}",
                   "float[]": "{1.0}", "double[]": "{1.0}", "Scalar[]": "{1.0}",
                   "DataType": "DataType::FLOAT32", "Place": "{}"}
    ops, ids = [], iter(range(1, 1000))

    def tensor(shape=(2, 3), element="0.t_f32"):
        return {"#": "0.t_dtensor", "D": [{"#": element}, list(shape), "NCHW", [], 0]}

    def data():
        i = next(ids)
        ops.append({"#": "1.data", "A": [
            {"N": "name", "AT": {"#": "0.a_str", "D": f"x{i}"}},
            {"N": "shape", "AT": {"#": "1.a_intarray", "D": [2, 3]}},
            {"N": "dtype", "AT": {"#": "1.a_dtype", "D": "float32"}},
            {"N": "place", "AT": {"#": "1.a_place", "D": [0, 0, ""]}}],
            "I": [], "O": [{"%": i, "TT": tensor()}]})
        return i

    inputs, attrs = [], []
    for arg, kind, default in OPS[name]["args"]:
        if paddle_writer._is_operand_kind(kind):
            if kind.endswith("?"):
                inputs.append({"%": 0})
            elif kind == "Tensor[]":
                parts = [data(), data()]
                i = next(ids)
                ops.append({"#": "0.combine", "A": [], "I": [{"%": p} for p in parts],
                            "O": [{"%": i, "TT": {"#": "0.t_vec", "D": [tensor(), tensor()]}}]})
                inputs.append({"%": i})
            else:
                inputs.append({"%": data()})
        else:
            written = paddle_writer.attribute_kind(OPS[name], arg, kind)
            attrs.append({"N": arg, "AT": writer.default_value(arg, written,
                                                               default or placeholder[kind])})
    outputs = [{"%": next(ids), "TT": {"#": "0.t_vec", "D": [tensor(), tensor()]}
                if kind == "Tensor[]" else tensor()} for _, kind in OPS[name]["outputs"]]
    ops.append({"#": f"1.{name}", "A": attrs, "I": inputs, "O": outputs})
    return {"base_code": {"magic": "pir", "trainable": False, "version": 4},
            "program": {"regions": [{"#": "region_0",
                                     "blocks": [{"#": "block_0", "args": [], "ops": ops}]}]}}


def test_every_spec_op_is_written_as_paddle_defines_it(tmp_path):
    files = []
    for name in sorted(OPS):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(_spec_op_program(name)))
        files.append(path)
    _run_paddle("--verify", tmp_path / "result.json", *files)
    result = json.loads((tmp_path / "result.json").read_text())
    refused = {Path(p).stem: msg for p, msg in result.items() if msg != "ok"}
    assert not refused, "Paddle 3.3.1 refuses the spec's signature of:\n" + "\n".join(
        f"  pd_op.{n}: {m[:300]}" for n, m in sorted(refused.items()))
    assert len(result) == len(OPS)


# -- without Paddle ----------------------------------------------------------------------
def test_pdiparams_writer_round_trips(tmp_path):
    weights = {"b.w": ("float32", rand(3, 2)), "a.b": ("int64", np.arange(4, dtype="int64")),
               "c.m": ("bool", np.array([True, False])), "d.s": ("float64", np.float64(2.5))}
    path = tmp_path / "w.pdiparams"
    write_pdiparams(path, weights)
    back = read_pdiparams(path, weights)
    for name, (_, array) in weights.items():
        assert back[name].dtype == np.asarray(array).dtype
        np.testing.assert_array_equal(back[name], array)
    with pytest.raises(ValueError, match="complex32|cannot be stored"):
        write_pdiparams(path, {"x": ("complex32", np.zeros(2))})


def test_save_refuses_what_paddle_cannot_load(tmp_path):
    from paddle_mlir import static
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [None, 4], "float32")
        w = static.create_parameter("w", [4, 2], "float32")
        main.fetch(paddle.matmul(x, w), "y")
    with pytest.raises(PaddleExportError, match="parameter 'w' has no value"):
        paddle_writer.save(main, tmp_path / "m")
    assert not (tmp_path / "m.json").exists()

    empty = static.Program()
    with static.program_guard(empty):
        static.data("x", [2], "float32")
    with pytest.raises(PaddleExportError, match="fetches nothing"):
        paddle_writer.save(empty, tmp_path / "e")

    with pytest.raises(Exception, match="input_spec"):
        jit.save(lambda x: x * 2.0, tmp_path / "f")
    with pytest.raises(ValueError, match="output_spec"):
        jit.save(nn.Linear(2, 2), tmp_path / "g", input_spec=[InputSpec([1, 2])],
                 output_spec=[0])
