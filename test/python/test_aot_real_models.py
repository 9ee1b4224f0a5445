"""AOT parity on a real model: ResNet-18 exported by Paddle 3.3.1
(`bench/real_export.py`, random weights), compiled with `paddle-mlir compile
--emit so --parallel`, run by a plain C program (test/aot/run_classifier.c)
with 1 and 2 threads, gives Paddle's own output (stored with the export).

The exported models come from the benchmark's venv (`bench/models_real.py`
makes them; nothing is downloaded here): the test runs where they are
($PADDLE_MLIR_BENCH_MODELS, default ~/.cache/paddle-mlir/bench-models) and
skips elsewhere; `make test-models` points it at them."""

import os
import pathlib
import shutil
import subprocess

import numpy as np
import pytest

from paddle_mlir.backend import aot

REPO = pathlib.Path(__file__).resolve().parents[2]
RUN_CLASSIFIER_C = REPO / "test" / "aot" / "run_classifier.c"
MODELS = pathlib.Path(os.environ.get("PADDLE_MLIR_BENCH_MODELS",
                                     pathlib.Path.home() / ".cache" / "paddle-mlir" / "bench-models"))
CC = aot.find_c_compiler()
pytestmark = pytest.mark.usefixtures("no_pass_manager_threads")


def _model(name):
    files = [MODELS / f"{name}.{ext}" for ext in ("json", "pdiparams", "io.npz")]
    if not all(f.is_file() for f in files):
        pytest.skip(f"no exported {name} in {MODELS} (run bench/models_real.py, or set "
                    "PADDLE_MLIR_BENCH_MODELS)")
    if CC is None:
        pytest.skip("no C compiler (cc, gcc, clang or $CC)")
    return files


@pytest.mark.parametrize("threads", [1, 2])
def test_resnet18_so_from_c_matches_paddle(tmp_path, threads):
    model, params, io = _model("resnet18_b1")
    lib = tmp_path / "libmodel.so"
    aot.compile_file(model, "so", lib, params=params, parallel=True)
    exe = tmp_path / "run_classifier"
    subprocess.run([CC, "-std=c99", "-Wall", "-Werror", "-O2", str(RUN_CLASSIFIER_C),
                    f"-I{tmp_path}", f"-L{tmp_path}", "-lmodel", f"-Wl,-rpath,{tmp_path}",
                    "-o", str(exe)], check=True, capture_output=True, text=True)
    ref = np.load(io)
    x = np.ascontiguousarray(ref["in/x"], np.float32)
    (tmp_path / "in.bin").write_bytes(x.tobytes())
    # A bare environment: no Python, no MLIR paths.
    out = subprocess.run([str(exe), str(tmp_path / "in.bin"), str(tmp_path / "out.bin"),
                          str(threads)], capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin"}, cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr
    want = ref["out/0"]
    got = np.fromfile(tmp_path / "out.bin", np.float32).reshape(want.shape)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
    ldd = shutil.which("ldd")
    if ldd:
        deps = subprocess.run([ldd, str(lib)], capture_output=True, text=True).stdout
        assert "mlir" not in deps.lower() and "libLLVM" not in deps
