"""Ctrl-C stops a long compiled run (runtime/thread_pool.c: pdm_interrupt,
pdm_catch_sigint): a child process runs a chain of 2048^3 matmuls (seconds)
through the Predictor (AOT library) and through Executor.run (JIT); SIGINT
sent during each run raises KeyboardInterrupt within a fraction of the run,
and the next run of the same program completes with the right result (the
request does not outlive the run it stopped)."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from paddle_mlir.backend import aot

pytestmark = pytest.mark.skipif(aot.find_c_compiler() is None,
                                reason="no C compiler (cc, gcc, clang or $CC)")

CHILD = textwrap.dedent("""
    import sys, time
    import numpy as np
    from paddle_mlir import inference, static
    from paddle_mlir.dialects import pd

    N, CHAIN = 2048, 40          # 40 x 17 GFLOP: seconds on 2 cores
    main = static.Program()
    with static.program_guard(main), main.building():
        x = static.data("x", [N, N], "float32")
        w = static.data("w", [N, N], "float32")
        y = x
        for _ in range(CHAIN):
            y = pd.matmul(y, w)
        main.fetch(y, "y")
    X = np.random.default_rng(0).standard_normal((N, N)).astype(np.float32)
    W = np.eye(N, dtype=np.float32)   # y == x exactly when every matmul ran

    def interrupted_then_complete(name, run):
        print(f"{name} ready", flush=True)
        start = time.perf_counter()
        try:
            run()
            print(f"{name} not interrupted", flush=True)
        except KeyboardInterrupt:
            print(f"{name} interrupted after {time.perf_counter() - start:.2f}", flush=True)
        sys.stdin.readline()            # the parent's go for the full run
        start = time.perf_counter()
        out = run()
        full = time.perf_counter() - start
        assert np.array_equal(out, X), f"{name}: wrong result after the interruption"
        print(f"{name} complete in {full:.2f}", flush=True)

    main.save(sys.argv[1])
    config = inference.Config(sys.argv[1])
    config.set_cpu_math_library_num_threads(2)
    predictor = inference.create_predictor(config)
    predictor.run([X, W])               # compiled (and run once) before the test
    interrupted_then_complete("predictor", lambda: predictor.run([X, W])[0])

    exe = static.Executor("cpu", parallel=True)
    exe.run(main, feed={"x": X, "w": W}, fetch_list=["y"])
    interrupted_then_complete(
        "executor", lambda: exe.run(main, feed={"x": X, "w": W}, fetch_list=["y"])[0])
""")


def _expect(child, prefix: str) -> str:
    line = child.stdout.readline()
    assert line.startswith(prefix), f"expected {prefix!r}, got {line!r}: " + child.stderr.read()
    return line


def test_ctrl_c_stops_a_compiled_run(tmp_path):
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = dict(os.environ, PADDLE_MLIR_CACHE_DIR=str(tmp_path / "cache"))
    child = subprocess.Popen([sys.executable, str(script), str(tmp_path / "chain.mlir")],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    try:
        for name in ("predictor", "executor"):
            _expect(child, f"{name} ready")
            time.sleep(0.3)
            child.send_signal(signal.SIGINT)
            stopped = float(_expect(child, f"{name} interrupted after").split()[-1])
            child.stdin.write("go\n")
            child.stdin.flush()
            full = float(_expect(child, f"{name} complete in").split()[-1])
            # Stopped within a block of work after the signal, long before
            # the end of the run.
            assert stopped < 0.3 + max(0.5, full / 4), (name, stopped, full)
        assert child.wait(timeout=120) == 0, child.stderr.read()
    finally:
        if child.poll() is None:
            child.kill()
