"""paddle_mlir.inference: Paddle Inference's API over compiled, cached libraries.

The models are Paddle 3.3.1 exports (test/fixtures/paddle) with Paddle's own
outputs stored beside them: a Paddle Inference script, with only its import
changed, must reproduce them."""

import json
import os
import shutil
import subprocess
import sys
import pathlib

import numpy as np
import pytest

import paddle_mlir.inference as paddle_infer
from paddle_mlir.backend import compile_cache
from paddle_mlir.backend.progress import CompileProgress

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "paddle"
MODELS = ["mlp", "cnn", "resblock", "encoder", "ln_gelu", "shape_ops", "cond", "while_loop",
          "dy2static", "constants", "special_functions", "fill_diagonal_hinge", "einsum_broadcast", "pool_index", "scatter_nd",
          "data_dependent", "nms_head", "statistics", "ssd_head"]


pytestmark = pytest.mark.usefixtures("no_pass_manager_threads")


def _fixture(name):
    with np.load(FIXTURES / f"{name}.io.npz", allow_pickle=False) as f:
        return {k: f[k] for k in f.files}


def _config(name, **kw):
    params = FIXTURES / f"{name}.pdiparams"
    return paddle_infer.Config(str(FIXTURES / f"{name}.json"),
                               str(params) if params.exists() else None)


def paddle_inference_script(paddle_infer, model, params, inputs: dict) -> list:
    """What a Paddle Inference user writes (Paddle's documented example),
    parameterized by the module: `paddle.inference` or `paddle_mlir.inference`."""
    config = paddle_infer.Config(model, params)
    config.disable_gpu()
    config.set_cpu_math_library_num_threads(2)
    config.switch_ir_optim(True)
    config.enable_memory_optim()
    config.disable_glog_info()
    predictor = paddle_infer.create_predictor(config)
    for name in predictor.get_input_names():
        handle = predictor.get_input_handle(name)
        handle.reshape(inputs[name].shape)
        handle.copy_from_cpu(inputs[name])
    predictor.run()
    results = []
    for name in predictor.get_output_names():
        results.append(predictor.get_output_handle(name).copy_to_cpu())
    return predictor, results


@pytest.mark.parametrize("name", MODELS)
def test_paddle_inference_script_reproduces_paddle(name):
    ref = _fixture(name)
    params = FIXTURES / f"{name}.pdiparams"
    inputs = {n: ref[f"in/{n}"] for n in ref["meta/feeds"]}
    predictor, outputs = paddle_inference_script(
        paddle_infer, str(FIXTURES / f"{name}.json"), str(params) if params.exists() else None,
        inputs)
    assert predictor.get_input_names() == list(ref["meta/feeds"])
    assert predictor.get_output_names() == list(ref["meta/fetches"])
    assert len(outputs) == len(ref["meta/fetches"])
    for i, out in enumerate(outputs):
        np.testing.assert_allclose(out, ref[f"out/{i}"], rtol=1e-5, atol=1e-5)
    # Paddle 3's form gives the same.
    again = predictor.run([inputs[n] for n in predictor.get_input_names()])
    for i, out in enumerate(again):
        np.testing.assert_allclose(out, ref[f"out/{i}"], rtol=1e-5, atol=1e-5)


def test_handles_shapes_types_and_no_stale_outputs():
    ref = _fixture("cnn")
    predictor = paddle_infer.create_predictor(_config("cnn"))
    x = predictor.get_input_handle("image")
    assert x.name() == "image" and x.type() == paddle_infer.DataType.FLOAT32
    assert x.shape() == [-1, 3, 8, 8]
    x.copy_from_cpu(ref["in/image"])
    assert x.shape() == [2, 3, 8, 8]
    predictor.run()
    out = predictor.get_output_handle("fetch_name_0")
    first = out.copy_to_cpu()
    assert out.shape() == list(first.shape)
    # The returned array is never overwritten by a later run.
    x.copy_from_cpu(np.zeros_like(ref["in/image"]))
    predictor.run()
    np.testing.assert_allclose(first, ref["out/0"], rtol=1e-5, atol=1e-5)
    assert not np.allclose(out.copy_to_cpu(), first)
    # Another batch size runs the library compiled for a batch of one.
    x.copy_from_cpu(np.concatenate([ref["in/image"]] * 2))
    predictor.run()
    assert out.shape() == [4, 5]
    np.testing.assert_allclose(out.copy_to_cpu()[:2], ref["out/0"], rtol=1e-5, atol=1e-5)
    assert predictor.compiled_shapes() == [[[1, 3, 8, 8]]]


def test_run_list_reads_contiguous_inputs_in_place_and_converts_others():
    ref = _fixture("mlp")
    predictor = paddle_infer.create_predictor(_config("mlp"))
    x = ref["in/x"]
    (a,) = predictor.run([x])
    (b,) = predictor.run([np.asfortranarray(x)])    # not contiguous: converted
    np.testing.assert_array_equal(a, b)
    assert a is not b


def test_share_external_data_reads_the_array_at_every_run():
    ref = _fixture("mlp")
    predictor = paddle_infer.create_predictor(_config("mlp"))
    x = np.zeros_like(ref["in/x"])
    predictor.get_input_handle("x").share_external_data(x)
    predictor.run()
    x[...] = ref["in/x"]                 # changed in place after sharing
    predictor.run()
    np.testing.assert_allclose(predictor.get_output_handle("fetch_name_0").copy_to_cpu(),
                               ref["out/0"], rtol=1e-5, atol=1e-5)


def test_config_forms(tmp_path):
    d = tmp_path / "model"
    d.mkdir()
    for suffix in (".json", ".pdiparams"):
        shutil.copy(FIXTURES / f"mlp{suffix}", d / f"inference{suffix}")
    forms = [paddle_infer.Config(str(d)), paddle_infer.Config(str(d), "inference"),
             paddle_infer.Config(str(d / "inference")),
             paddle_infer.Config(d / "inference.json", d / "inference.pdiparams")]
    for config in forms:
        assert config.prog_file() == str(d / "inference.json")
        assert config.params_file() == str(d / "inference.pdiparams")
    ref = _fixture("mlp")
    (out,) = paddle_infer.create_predictor(forms[0]).run([ref["in/x"]])
    np.testing.assert_allclose(out, ref["out/0"], rtol=1e-5, atol=1e-5)
    assert "cpu_math_threads" in forms[0].summary()


@pytest.mark.parametrize("call, message", [
    (lambda c: c.enable_use_gpu(100, 1), "device_id=1. is not supported"),
    (lambda c: c.enable_mkldnn_bfloat16(), "float32"),
    (lambda c: c.enable_mkldnn_int8(), "float32"),
    (lambda c: c.enable_tensorrt_engine(), "TensorRT"),
    (lambda c: c.delete_pass("conv_bn_fuse_pass"), "switch_ir_optim"),
    (lambda c: c.set_cpu_math_library_num_threads(0), "at least 1"),
    (lambda c: c.set_precision(paddle_infer.PrecisionType.Half), "Half"),
])
def test_settings_that_change_results_are_refused(call, message):
    config = _config("mlp")
    with pytest.raises(paddle_infer.InferenceError, match=message):
        call(config)


def test_settings_that_only_tune_paddle_are_accepted():
    config = _config("mlp")
    config.enable_mkldnn()
    config.set_mkldnn_cache_capacity(10)
    config.disable_glog_info()
    config.enable_memory_optim()
    config.switch_use_feed_fetch_ops(False)
    assert config.glog_info_disabled() and config.enable_memory_optim_status()
    assert not config.use_gpu()


@pytest.mark.parametrize("make, message", [
    (lambda d: paddle_infer.Config(str(d / "none.json")), "no such file"),
    (lambda d: paddle_infer.Config(str(d)), "holds no model"),
    (lambda d: paddle_infer.Config(str(d / "prefix")), "no model at"),
    (lambda d: paddle_infer.Config(str(FIXTURES / "mlp.json"), str(d / "w.pdiparams")),
     "no such file"),
    (lambda d: paddle_infer.create_predictor(paddle_infer.Config()), "names no model"),
])
def test_bad_configs(tmp_path, make, message):
    with pytest.raises(paddle_infer.InferenceError, match=message):
        make(tmp_path)


def test_several_models_in_a_directory_is_an_error(tmp_path):
    for n in ("a", "b"):
        shutil.copy(FIXTURES / "mlp.json", tmp_path / f"{n}.json")
    with pytest.raises(paddle_infer.InferenceError, match="several models"):
        paddle_infer.Config(str(tmp_path))


def test_bad_inputs_are_clear_errors():
    predictor = paddle_infer.create_predictor(_config("mlp"))
    x = predictor.get_input_handle("x")
    with pytest.raises(paddle_infer.InferenceError, match="has no data"):
        predictor.run()
    with pytest.raises(paddle_infer.InferenceError, match=r"float32; got an array of float64"):
        x.copy_from_cpu(np.zeros((2, 8)))
    with pytest.raises(paddle_infer.InferenceError, match=r"shape \[\?, 8\]; got \[2, 9\]"):
        x.copy_from_cpu(np.zeros((2, 9), np.float32))
    with pytest.raises(paddle_infer.InferenceError, match=r"shape \[\?, 8\]; got \[8\]"):
        x.reshape([8])
    with pytest.raises(paddle_infer.InferenceError, match="expected a list of 1 arrays"):
        predictor.run([np.zeros((2, 8), np.float32)] * 2)
    with pytest.raises(paddle_infer.InferenceError, match="inputs are x"):
        predictor.get_input_handle("y")
    with pytest.raises(paddle_infer.InferenceError, match="outputs are fetch_name_0"):
        predictor.get_output_handle("y")
    with pytest.raises(paddle_infer.InferenceError, match="is an output"):
        predictor.get_output_handle("fetch_name_0").copy_from_cpu(np.zeros((2, 4), np.float32))
    with pytest.raises(paddle_infer.InferenceError, match="call predictor.run"):
        predictor.get_output_handle("fetch_name_0").copy_to_cpu()


def test_model_that_cannot_be_imported_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(paddle_infer.InferenceError, match="bad.json"):
        paddle_infer.create_predictor(paddle_infer.Config(str(bad)))


# -- the compile cache ---------------------------------------------------------------
def test_second_predictor_comes_from_the_cache(tmp_path):
    config = _config("resblock")
    config.set_optim_cache_dir(tmp_path / "cache")
    ref = _fixture("resblock")
    first = paddle_infer.create_predictor(config)
    first.run([ref["in/x"]])      # a dynamic batch: compiled at the first run
    assert first.cache_hit is False
    second = paddle_infer.create_predictor(config)
    (out,) = second.run([ref["in/x"]])
    assert second.cache_hit is True
    np.testing.assert_allclose(out, ref["out/0"], rtol=1e-5, atol=1e-5)
    # One library entry and one signature entry.
    entries = compile_cache.CompileCache(tmp_path / "cache").entries()
    kinds = sorted(json.loads((p / "meta.json").read_text()).get("kind", "library")
                   for _, _, p in entries)
    assert kinds == ["library", "signature"]


def test_the_key_covers_weights_and_options(tmp_path):
    cache_dir = tmp_path / "cache"
    d = tmp_path / "m"
    d.mkdir()
    shutil.copy(FIXTURES / "mlp.json", d / "mlp.json")
    shutil.copy(FIXTURES / "mlp.pdiparams", d / "mlp.pdiparams")
    ref = _fixture("mlp")

    def open_model(threads=1, ir_optim=True):
        config = paddle_infer.Config(str(d / "mlp.json"))
        config.set_optim_cache_dir(cache_dir)
        config.set_cpu_math_library_num_threads(threads)
        config.switch_ir_optim(ir_optim)
        p = paddle_infer.create_predictor(config)
        return p, p.run([ref["in/x"]])[0]

    p, a = open_model()
    assert p.cache_hit is False
    assert open_model()[0].cache_hit is True
    assert open_model(ir_optim=False)[0].cache_hit is False
    assert open_model(threads=2)[0].cache_hit is False
    # New weights (the same graph): compiled again, and the result changes.
    raw = bytearray((d / "mlp.pdiparams").read_bytes())
    raw[-256:] = np.linspace(-3, 3, 64, dtype=np.float32).tobytes()   # linear_1.w_0
    (d / "mlp.pdiparams").write_bytes(bytes(raw))
    p, b = open_model()
    assert p.cache_hit is False
    assert not np.allclose(a, b)


def test_disabled_cache_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("PADDLE_MLIR_CACHE_DIR", str(tmp_path / "cache"))
    config = _config("mlp")
    config.disable_compile_cache()
    p = paddle_infer.create_predictor(config)
    p.run([_fixture("mlp")["in/x"]])
    assert p.cache_hit is False
    assert not (tmp_path / "cache").exists()
    monkeypatch.setenv("PADDLE_MLIR_CACHE", "0")
    assert _config("mlp").compile_cache() is None


def test_damaged_entry_is_compiled_again(tmp_path):
    config = _config("mlp")
    config.set_optim_cache_dir(tmp_path)
    ref = _fixture("mlp")
    paddle_infer.create_predictor(config).run([ref["in/x"]])
    for _, _, entry in compile_cache.CompileCache(tmp_path).entries():
        if (entry / "program.so").exists():
            # A new file (the loaded one must not be truncated under this process).
            (entry / "program.so").unlink()
            (entry / "program.so").write_bytes(b"not a library")
    p = paddle_infer.create_predictor(config)
    (out,) = p.run([ref["in/x"]])
    np.testing.assert_allclose(out, ref["out/0"], rtol=1e-5, atol=1e-5)


def test_eviction_keeps_the_cache_under_its_limit(tmp_path):
    cache = compile_cache.CompileCache(tmp_path, max_bytes=2500)
    for i in range(4):
        def build(tmp, i=i):
            (tmp / "meta.json").write_text("{}")
            (tmp / "program.so").write_bytes(b"x" * 1000)
        entry, hit = cache.get_or_build(f"key{i}", build)
        assert not hit and entry.name == f"key{i}"
        os.utime(entry, (i, i))        # key0 is the least recently used
    names = sorted(p.name for _, _, p in cache.entries())
    assert names == ["key2", "key3"]
    assert cache.size_bytes() <= 2500


def test_a_failed_build_leaves_no_entry(tmp_path):
    cache = compile_cache.CompileCache(tmp_path)

    def build(tmp):
        (tmp / "meta.json").write_text("{}")
        raise RuntimeError("compiler crashed")
    with pytest.raises(RuntimeError):
        cache.get_or_build("k", build)
    assert cache.lookup("k") is None
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".tmp"]


CONCURRENT = r"""
import sys, numpy as np
import paddle_mlir.inference as pi
config = pi.Config(sys.argv[1])
config.set_optim_cache_dir(sys.argv[2])
p = pi.create_predictor(config)
(out,) = p.run([np.load(sys.argv[3])["in/x"]])
print(p.cache_hit, float(np.abs(out - np.load(sys.argv[3])["out/0"]).max()))
"""


def test_two_processes_compiling_one_model_at_once(tmp_path):
    script = tmp_path / "open.py"
    script.write_text(CONCURRENT)
    args = [sys.executable, str(script), str(FIXTURES / "resblock.json"), str(tmp_path / "c"),
            str(FIXTURES / "resblock.io.npz")]
    procs = [subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    results = [p.communicate(timeout=300) for p in procs]
    for p, (out, err) in zip(procs, results):
        assert p.returncode == 0, err
        assert float(out.split()[1]) < 1e-5
    hits = sorted(out.split()[0] for out, _ in results)
    assert hits == ["False", "True"]      # one compiled, the other waited and loaded
    libraries = [p for _, _, p in compile_cache.CompileCache(tmp_path / "c").entries()
                 if (p / "program.so").exists()]
    assert len(libraries) == 1


# -- progress --------------------------------------------------------------------------
def test_progress_is_printed_only_for_long_compiles(capsys):
    import io
    import time
    quiet = io.StringIO()
    with CompileProgress("m.json", delay=10, stream=quiet) as p:
        p.stage("lowering")
    assert quiet.getvalue() == ""
    loud = io.StringIO()
    with CompileProgress("m.json", delay=0.01, stream=loud) as p:
        p.stage("importing the model")
        time.sleep(0.1)
        p.stage("lowering")
        p.note = "cached"
    lines = loud.getvalue().splitlines()
    assert lines[0].startswith("paddle-mlir: compiling m.json: importing the model ...")
    assert lines[1].startswith("paddle-mlir: compiling m.json: lowering (")
    assert lines[-1].startswith("paddle-mlir: compiled m.json in ") and "(cached)" in lines[-1]


def test_predictor_runs_the_code_paddle_mlir_compile_writes(tmp_path):
    """AOT parity: `paddle-mlir compile --emit so` and the predictor build the
    same library, so a C caller and a Python user get the same bits."""
    import ctypes
    from paddle_mlir.cli import main as cli_main
    ref = _fixture("resblock")
    x = np.ascontiguousarray(ref["in/x"])
    so = tmp_path / "resblock.so"
    assert cli_main(["compile", str(FIXTURES / "resblock.json"), "--emit", "so", "-o", str(so),
                     "--shape", "x=" + "x".join(map(str, x.shape))]) == 0
    lib = ctypes.CDLL(str(so))
    out = np.empty(ref["out/0"].shape, np.float32)
    assert lib.paddle_mlir_main(ctypes.c_void_p(x.ctypes.data),
                                ctypes.c_void_p(out.ctypes.data)) == 0
    (predicted,) = paddle_infer.create_predictor(_config("resblock")).run([x])
    np.testing.assert_array_equal(out, predicted)
    np.testing.assert_allclose(out, ref["out/0"], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", ["encoder", "resblock", "cnn"])
def test_reused_buffers_give_the_same_results_run_after_run(name):
    """The library's caching allocator hands one run's freed buffers to the
    next: alternating inputs must give each its own result every time."""
    ref = _fixture(name)
    x = ref[f"in/{ref['meta/feeds'][0]}"]
    other = np.random.default_rng(0).standard_normal(x.shape).astype(x.dtype)
    predictor = paddle_infer.create_predictor(_config(name))
    first = [predictor.run([a])[0] for a in (x, other)]
    np.testing.assert_allclose(first[0], ref["out/0"], rtol=1e-5, atol=1e-5)
    for _ in range(5):
        for a, expected in zip((x, other), first):
            np.testing.assert_array_equal(predictor.run([a])[0], expected)
