"""The CUDA backend without a GPU: `paddle-mlir compile --device cuda` builds a
self-contained library (kernels for sm_90 inside, no link to libcuda or
libLLVM) that loads anywhere and reports a missing driver as an error; with
a GPU (tests marked by `GPU`), the library's outputs match Paddle's."""

import ctypes
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

from paddle_mlir.backend import aot, cuda

GPU = os.path.exists("/dev/nvidia0") or os.path.exists("/dev/nvidiactl")
needs_gpu = pytest.mark.skipif(not GPU, reason="needs an NVIDIA GPU and its driver")
needs_no_gpu = pytest.mark.skipif(GPU, reason="checks the behaviour without a GPU")


def _fixture(repo, name):
    io = np.load(repo / "test" / "fixtures" / "paddle" / f"{name}.io.npz")
    inputs = {k[3:]: io[k] for k in io.files if k.startswith("in/")}
    outputs = [io[f"out/{i}"] for i in range(sum(k.startswith("out/") for k in io.files))]
    return repo / "test" / "fixtures" / "paddle" / f"{name}.json", inputs, outputs


@pytest.fixture(scope="module")
def mlp_library(tmp_path_factory):
    from pathlib import Path
    repo = Path(__file__).resolve().parents[2]
    model, inputs, outputs = _fixture(repo, "mlp")
    out = tmp_path_factory.mktemp("cuda") / "libmlp.so"
    lowered = cuda.lower_program(aot.load_program(model),
                                 {k: v.shape for k, v in inputs.items()}, source="mlp.json")
    cuda.emit(lowered, "so", out)
    return out, lowered, inputs, outputs


def test_library_is_self_contained(mlp_library):
    path, lowered, _, _ = mlp_library
    assert "\nint paddle_mlir_main_device(const float *x, float *" in path.with_suffix(".h").read_text()
    needed = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True).stdout
    libs = sorted(line.split("[")[1].rstrip("]") for line in needed.splitlines()
                  if "(NEEDED)" in line)
    assert not any("cuda" in lib or "LLVM" in lib or "MLIR" in lib for lib in libs), libs
    exported = subprocess.run(["nm", "-D", "--defined-only", str(path)], capture_output=True,
                              text=True).stdout.split()
    for symbol in cuda.exported_symbols(lowered):
        assert symbol in exported
    # The runtime and the program stay internal.
    assert "mgpuLaunchKernel" not in exported and "pdm_cuda_constant" not in exported


def test_kernels_are_sm90_binaries(mlp_library):
    _, lowered, _, _ = mlp_library
    text = lowered.module.operation.get_asm(large_elements_limit=16)
    assert text.count("gpu.binary @") == 1     # every kernel in one module
    assert text.count("gpu.launch_func") >= 3  # one per structured op
    assert 'chip = "sm_90"' in text
    if cuda.find_ptxas():
        assert 'bin = "\\7FELF' in text        # a cubin from ptxas
    else:
        assert ".target sm_90" in text          # PTX for the driver


@needs_no_gpu
def test_no_driver_is_an_error_not_a_crash(mlp_library):
    path, lowered, inputs, _ = mlp_library
    lib = cuda.CudaLibrary(path, lowered)
    ok, why = lib.available()
    assert not ok and ("CUDA driver" in why or "no GPU" in why), why
    with pytest.raises(cuda.CudaError, match="CUDA driver|GPU"):
        lib.run(dict(inputs))


def test_null_buffers_are_refused(mlp_library):
    path, lowered, _, _ = mlp_library
    lib = cuda.CudaLibrary(path, lowered)
    assert lib.entry(None, None) == -1
    assert lib.device_entry(None, None) == -1


@needs_gpu
def test_outputs_match_paddle_on_the_gpu(mlp_library):
    path, lowered, inputs, outputs = mlp_library
    got = cuda.CudaLibrary(path, lowered).run(dict(inputs))
    np.testing.assert_allclose(got[0], outputs[0], atol=1e-5, rtol=1e-5)


def test_cli_compile_device_cuda(repo, tmp_path, venv_bin):
    out = tmp_path / "cnn.so"
    r = subprocess.run([str(venv_bin / "paddle-mlir"), "compile",
                        str(repo / "test/fixtures/paddle/cnn.json"), "--device", "cuda",
                        "--shape", "image=2x3x8x8", "-o", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert out.exists() and out.with_suffix(".h").exists()
    assert "paddle_mlir_main_device(const float *image, float *" in \
        out.with_suffix(".h").read_text()


def test_control_flow_compiles_for_cuda(repo, tmp_path, venv_bin):
    # pd.if's and pd.while's conditions live in device memory: the host reads
    # each through a copy (gpu.memcpy to a stack buffer) before branching.
    for name in ("cond", "while_loop", "dy2static"):
        out = tmp_path / f"{name}.so"
        r = subprocess.run([str(venv_bin / "paddle-mlir"), "compile",
                            str(repo / f"test/fixtures/paddle/{name}.json"), "--device", "cuda",
                            "--shape", "x=2x4", "-o", str(out)],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert out.exists()


def _mkdir(path):
    path.mkdir()
    return path


def test_host_loops_run_as_one_thread_kernels(repo, tmp_path):
    # Scatters, sorts and NMS lower to scf loops, not structured ops: each
    # loop nest runs as a kernel of one thread; a count the host needs (a
    # data-dependent fetch's size) comes back through a device scalar, and
    # such a fetch gets a bounded buffer and a shape output as on the CPU.
    from paddle_mlir.backend import native
    for name, dynamic in (("pool_index", False), ("nms_head", True),
                          ("data_dependent", True)):
        model, inputs, _ = _fixture(repo, name)
        meta = native.build_library(aot.load_program(model),
                                    {k: v.shape for k, v in inputs.items()},
                                    _mkdir(tmp_path / name), cuda_target=cuda.CudaTarget(chip="sm_90"))
        assert meta["device"] == "cuda"
        assert bool(meta.get("dynamic_fetches")) == dynamic, name


def test_cli_cuda_names_what_it_cannot_lower(repo, tmp_path, venv_bin):
    # A failing CUDA lowering names the option and prints a reproducer.
    r = subprocess.run([str(venv_bin / "paddle-mlir"), "compile",
                        str(repo / "test/fixtures/paddle/cnn.json"), "--device", "cuda",
                        "--cuda-chip", "volta", "--shape", "image=2x3x8x8",
                        "-o", str(tmp_path / "cnn.so")],
                       capture_output=True, text=True)
    assert r.returncode != 0
    assert "expected sm_NN" in r.stderr and "Traceback" not in r.stderr


def test_cli_cuda_tf32(repo, tmp_path, venv_bin):
    # --cuda-tf32: tensor-core kernels (mma.sync) in the library; a chip
    # without TF32 tensor cores is a clear error.
    out = tmp_path / "mm.so"
    src = tmp_path / "mm.mlir"
    src.write_text(
        'func.func @main() {\n'
        '  %a = pd.data "a" : !pd.tensor<256x512xf32>\n'
        '  %b = pd.data "b" : !pd.tensor<512x256xf32>\n'
        '  %c = pd.matmul %a, %b : (!pd.tensor<256x512xf32>, !pd.tensor<512x256xf32>)'
        ' -> !pd.tensor<256x256xf32>\n'
        '  %f = pd.fetch %c "c" col 0 : !pd.tensor<256x256xf32>\n  return\n}\n')
    base = [str(venv_bin / "paddle-mlir"), "compile", str(src), "--device", "cuda",
            "--cuda-format", "isa", "--cuda-tf32", "-o", str(out)]
    r = subprocess.run(base, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert b"mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32" in out.read_bytes()
    r = subprocess.run(base + ["--cuda-chip", "sm_75"], capture_output=True, text=True)
    assert r.returncode != 0 and "tf32 needs tensor cores" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_bad_target_options(repo):
    with pytest.raises(aot.AotError, match="expected sm_NN"):
        cuda.CudaTarget(chip="volta").pipeline()
    with pytest.raises(aot.AotError, match="PTX features"):
        cuda.CudaTarget(features="ptx80").pipeline()
    with pytest.raises(aot.AotError, match="binary format"):
        cuda.CudaTarget(format="elf").pipeline()
    with pytest.raises(aot.AotError, match="multiprocessors 0"):
        cuda.CudaTarget(multiprocessors=0).pipeline()
    assert "multiprocessors=58" in cuda.CudaTarget(multiprocessors=58).pipeline()


# -- the GPU predictor (Config.enable_use_gpu, paddle-mlir run --device cuda) ---------
def _gpu_config(repo, name):
    import paddle_mlir.inference as paddle_infer
    config = paddle_infer.Config(str(repo / "test" / "fixtures" / "paddle" / f"{name}.json"))
    config.enable_use_gpu(100, 0)
    config.disable_compile_cache()
    return config


def test_gpu_config_settings(repo):
    import paddle_mlir.inference as paddle_infer
    config = _gpu_config(repo, "mlp")
    assert config.use_gpu() and config.gpu_device_id() == 0
    assert config.memory_pool_init_size_mb() == 100
    assert "GPU" in config.summary()
    config.disable_gpu()
    assert not config.use_gpu()
    with pytest.raises(paddle_infer.InferenceError, match="device 0"):
        config.enable_use_gpu(100, 1)
    with pytest.raises(paddle_infer.InferenceError, match="Half"):
        config.enable_use_gpu(100, 0, paddle_infer.PrecisionType.Half)


@needs_no_gpu
def test_gpu_predictor_without_a_gpu_is_a_clear_error(repo, tmp_path, venv_bin):
    import paddle_mlir.inference as paddle_infer
    with pytest.raises(paddle_infer.InferenceError,
                       match="enable_use_gpu: no CUDA driver: libcuda.so.1 cannot be loaded"):
        paddle_infer.create_predictor(_gpu_config(repo, "mlp"))
    model, inputs, _ = _fixture(repo, "mlp")
    np.savez(tmp_path / "in.npz", **inputs)
    r = subprocess.run([str(venv_bin / "paddle-mlir"), "run", str(model), "--input",
                        str(tmp_path / "in.npz"), "--output", str(tmp_path / "out.npz"),
                        "--device", "cuda"], capture_output=True, text=True)
    assert r.returncode != 0 and "no CUDA driver" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_native_library_for_cuda(repo, tmp_path):
    """The predictor's library for the GPU (native.build_library with a CUDA
    target): same entry as the CPU one, its CUDA failure a CudaError."""
    from paddle_mlir.backend import native
    model, inputs, outputs = _fixture(repo, "mlp")
    meta = native.build_library(aot.load_program(model), {k: v.shape for k, v in inputs.items()},
                                tmp_path, cuda_target=cuda.CudaTarget(chip="sm_90"))
    assert meta["device"] == "cuda" and not meta["parallel"]
    program = native.NativeProgram.load(tmp_path)
    assert [f.name for f in program.feeds] == list(inputs)
    out = np.empty(program.fetches[0].shape, program.fetches[0].dtype)
    status = program.function(inputs["x"].ctypes.data, out.ctypes.data)
    if GPU:
        assert status == 0
        np.testing.assert_allclose(out, outputs[0], atol=1e-5, rtol=1e-5)
    else:
        assert status == cuda.CUDA_STATUS
        with pytest.raises(cuda.CudaError, match="CUDA driver"):
            raise program.error(status)


@needs_gpu
def test_gpu_predictor_matches_paddle(repo):
    import paddle_mlir.inference as paddle_infer
    for name in ("mlp", "cnn", "losses", "cond", "while_loop", "pool_index", "nms_head",
                 "data_dependent"):
        model, inputs, outputs = _fixture(repo, name)
        predictor = paddle_infer.create_predictor(_gpu_config(repo, name))
        got = predictor.run([inputs[n] for n in predictor.get_input_names()])
        for g, o in zip(got, outputs):
            np.testing.assert_allclose(g, o, atol=1e-4, rtol=1e-4)


EMBEDDING = """
func.func @main() {
  %ids = pd.data "ids" : !pd.tensor<2x3xi64>
  %table = pd.data "table" : !pd.tensor<10x4xf32>
  %e = pd.embedding %ids, %table : (!pd.tensor<2x3xi64>, !pd.tensor<10x4xf32>) -> !pd.tensor<2x3x4xf32>
  %f = pd.fetch %e "e" col 0 : !pd.tensor<2x3x4xf32>
  return
}
"""


def _embedding_library(tmp_path, runtime_checks=None):
    from paddle_mlir.static import Program
    src = tmp_path / "embedding.mlir"
    src.write_text(EMBEDDING)
    lowered = cuda.lower_program(Program.load(src), {}, source="embedding.mlir",
                                 **({} if runtime_checks is None
                                    else {"runtime_checks": runtime_checks}))
    out = tmp_path / "libembedding.so"
    cuda.emit(lowered, "so", out)
    return out, lowered


def test_runtime_checks_in_kernels(tmp_path):
    # An embedding's ids are checked in the kernel: a bad one claims the
    # device record, and the host reports it when the run ends (status 2 and
    # the check's message). Off: no check, no record.
    out, lowered = _embedding_library(tmp_path)
    assert lowered.uses_runtime_checks and "pd.embedding" in lowered.runtime_checks[0]
    wrapper = cuda.wrapper_source(lowered)
    assert "pdm_check_failed()" in wrapper and "pdm_take_runtime_error(0, 0)" in wrapper
    assert "a run-time check failed" in out.with_suffix(".h").read_text()
    host = aot.emit(lowered, "mlir", tmp_path / "host.mlir")[0].read_text()
    assert "pdm_runtime_error" in host
    from paddle_mlir.static import Program
    lowered_off = cuda.lower_program(Program.load(tmp_path / "embedding.mlir"), {},
                                     runtime_checks=False)
    assert not lowered_off.uses_runtime_checks


@needs_gpu
def test_runtime_check_failure_on_the_gpu(tmp_path):
    from paddle_mlir.backend import runtime_checks
    out, lowered = _embedding_library(tmp_path)
    lib = cuda.CudaLibrary(out, lowered)
    table = np.arange(40, dtype=np.float32).reshape(10, 4)
    good = lib.run({"ids": np.array([[0, 9, 3], [1, 2, 4]]), "table": table})[0]
    np.testing.assert_array_equal(good, table[[[0, 9, 3], [1, 2, 4]]])
    bad, rows = np.array([[0, 10, 3], [1, 2, 4]]), np.empty((2, 3, 4), np.float32)
    status = lib.entry(bad.ctypes.data, table.ctypes.data, rows.ctypes.data)
    assert status == runtime_checks.STATUS
    assert b"10" in lib._last_error()
