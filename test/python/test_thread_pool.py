"""The thread pool that runs parallel loops (backend/runtime/thread_pool.c):
`pdm_parallel_for` driven from C the way lowered code drives it, under 1 to
8 threads and from several threads at once; and a parallel library that
carries the pool (self-contained, `<entry>_set_num_threads`) and gives
numpy's results at every thread count."""

import ctypes
import pathlib
import shutil
import subprocess
import sys

import numpy as np
import pytest

from paddle_mlir import nn, static
from paddle_mlir.backend import aot
from paddle_mlir.nn.initializer import set_global_seed
from paddle_mlir.utils import unique_name

REPO = pathlib.Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.usefixtures("no_pass_manager_threads")
CC = aot.find_c_compiler()
needs_cc = pytest.mark.skipif(CC is None, reason="no C compiler (cc, gcc, clang or $CC)")
DRIVER = REPO / "test" / "aot" / "thread_pool_driver.c"


@needs_cc
def test_parallel_for_from_c(tmp_path):
    """Every iteration once, for 0..5000 iterations and 1..8 threads, three
    callers at once; compiled with warnings as errors."""
    exe = tmp_path / "driver"
    subprocess.run([CC, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-pthread",
                    str(aot.THREAD_POOL_SOURCE), str(DRIVER), "-o", str(exe)],
                   check=True, capture_output=True, text=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip() == "ok"


N, C_IN, C_OUT, HW = 2, 16, 32, 40


@pytest.fixture(scope="module")
def conv_library(tmp_path_factory):
    """conv3x3 + ReLU large enough for every loop to go on threads: the
    im2col copy, the contraction and the ReLU."""
    if CC is None:
        pytest.skip("no C compiler (cc, gcc, clang or $CC)")
    d = tmp_path_factory.mktemp("pool")
    set_global_seed(3)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [N, C_IN, HW, HW], "float32")
        main.fetch(nn.ReLU()(nn.Conv2D(C_IN, C_OUT, 3, padding=1)(x)), "y")
    static.Executor("cpu", parallel=False).run(startup)
    main.save(d / "conv.mlir")
    main.parameters.save(d / "conv.npz")
    out = d / "libconv.so"
    lowered = aot.compile_file(d / "conv.mlir", "so", out, parallel=True, entry="conv")
    weights = dict(np.load(d / "conv.npz"))
    return {"so": out, "lowered": lowered, "w": weights["conv2d_0.w_0"],
            "b": weights["conv2d_0.b_0"]}


def _reference(x, w, b):
    pad = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (1, 1), (1, 1)))
    ref = np.zeros((N, C_OUT, HW, HW))
    for i in range(3):
        for j in range(3):
            ref += np.einsum("nchw,oc->nohw", pad[:, :, i:i + HW, j:j + HW], w[:, :, i, j])
    return np.maximum(ref + b[None, :, None, None], 0)


def test_parallel_library_has_its_own_pool(conv_library):
    assert conv_library["lowered"].uses_thread_pool
    so = str(conv_library["so"])
    nm = shutil.which("nm")
    if nm:
        out = subprocess.run([nm, "-D", "--defined-only", so], capture_output=True, text=True,
                             check=True).stdout
        assert sorted(line.split()[-1] for line in out.splitlines()) == [
            "conv", "conv_catch_sigint", "conv_interrupt", "conv_set_num_threads"]
    readelf = shutil.which("readelf")
    if readelf:
        out = subprocess.run([readelf, "-d", so], capture_output=True, text=True).stdout
        assert "mlir" not in out.lower() and "LLVM" not in out


@pytest.mark.parametrize("threads", [1, 2, 3, 8])
def test_parallel_library_matches_numpy(conv_library, threads):
    lib = ctypes.CDLL(str(conv_library["so"]))
    lib.conv_set_num_threads.argtypes = [ctypes.c_int]
    lib.conv_set_num_threads(threads)
    assert lib.conv_set_num_threads(0) == threads       # n < 1 only queries
    x = np.random.default_rng(threads).standard_normal((N, C_IN, HW, HW)).astype(np.float32)
    ref = _reference(x, conv_library["w"].astype(np.float64),
                     conv_library["b"].astype(np.float64))
    y = np.empty((N, C_OUT, HW, HW), np.float32)
    for _ in range(3):      # the pool is reused across calls
        y.fill(np.nan)
        assert lib.conv(ctypes.c_void_p(x.ctypes.data), ctypes.c_void_p(y.ctypes.data)) == 0
        np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


@pytest.mark.skipif(shutil.which("nm") is None, reason="no nm (binutils)")
def test_profile_names_the_parallel_loops(conv_library, tmp_path):
    """PADDLE_MLIR_PROFILE: bench/profile_model.py runs the model in a child
    process with the profile on and names each loop body from the library's
    symbols; every loop of the conv (im2col copy, contraction, ReLU) shows
    up once per call with its iterations."""
    d = conv_library["so"].parent
    np.savez(tmp_path / "in.npz", x=np.ones((N, C_IN, HW, HW), np.float32))
    out = subprocess.run(
        [sys.executable, str(REPO / "bench" / "profile_model.py"), str(d / "conv.mlir"),
         "--input", str(tmp_path / "in.npz"), "--runs", "3", "--warmup", "1"],
        capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    rows = [line.split() for line in out.stdout.splitlines() if line.startswith("main_kernel_")]
    assert rows, out.stdout
    for name, calls, iterations, *_ in rows:
        assert name.endswith("_task")
        assert float(calls) == 1 and int(iterations) >= 1
    assert "median" in out.stdout.splitlines()[0]
