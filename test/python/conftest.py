import os
import pathlib
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
BUILD_BIN = REPO / "build" / "bin"


@pytest.fixture
def ctx():
    from paddle_mlir import ir

    with ir.Context() as context, ir.Location.unknown():
        yield context


@pytest.fixture
def repo():
    return REPO


@pytest.fixture
def venv_bin():
    return pathlib.Path(sys.executable).parent


@pytest.fixture(autouse=True, scope="session")
def _private_reproducers(tmp_path_factory):
    """Reproducers of the failures the tests provoke go to pytest's own
    temporary directory (cleaned up with it), not the user's cache."""
    old = os.environ.get("PADDLE_MLIR_REPRO_DIR")
    os.environ["PADDLE_MLIR_REPRO_DIR"] = str(tmp_path_factory.mktemp("reproducers"))
    yield
    if old is None:
        os.environ.pop("PADDLE_MLIR_REPRO_DIR", None)
    else:
        os.environ["PADDLE_MLIR_REPRO_DIR"] = old


@pytest.fixture(autouse=True, scope="session")
def _private_compile_cache(tmp_path_factory):
    """Compiled models go to a cache of the test session, never the user's."""
    import os
    old = os.environ.get("PADDLE_MLIR_CACHE_DIR")
    os.environ["PADDLE_MLIR_CACHE_DIR"] = str(tmp_path_factory.mktemp("compile_cache"))
    yield
    if old is None:
        os.environ.pop("PADDLE_MLIR_CACHE_DIR", None)
    else:
        os.environ["PADDLE_MLIR_CACHE_DIR"] = old


@pytest.fixture(scope="module")
def no_pass_manager_threads():
    """For modules that compile in the pytest process: with the context's
    multithreading on, compiles would leave llvm-worker threads behind, and a
    later test that forks the process (test_numerics.py) would deadlock in
    the child on workers that do not exist there."""
    from paddle_mlir.static.program import global_context
    ctx = global_context()
    ctx.enable_multithreading(False)
    yield
    ctx.enable_multithreading(True)
