import os
import pathlib
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
BUILD_BIN = REPO / "build" / "bin"

# The compile paths verify the IR after every pass in the tests (a pass that
# breaks it fails there), once per pipeline elsewhere (pipeline.verify_each_pass).
os.environ.setdefault("PADDLE_MLIR_VERIFY_EACH", "1")


def load_fuzz_tool(name: str):
    """tools/fuzz/<name>.py as a module (the fuzzers are scripts, not a package)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, REPO / "tools" / "fuzz" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module      # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


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


def _session_directory(variable: str, tmp_path_factory, name: str):
    """Points `variable` at a new directory of the test session (cleaned up
    with pytest's), restoring the old value afterwards."""
    old = os.environ.get(variable)
    os.environ[variable] = str(tmp_path_factory.mktemp(name))
    yield
    if old is None:
        os.environ.pop(variable, None)
    else:
        os.environ[variable] = old


@pytest.fixture(autouse=True, scope="session")
def _private_reproducers(tmp_path_factory):
    """Reproducers of the failures the tests provoke: not the user's cache."""
    yield from _session_directory("PADDLE_MLIR_REPRO_DIR", tmp_path_factory, "reproducers")


@pytest.fixture(autouse=True, scope="session")
def _private_compile_cache(tmp_path_factory):
    """Compiled models go to a cache of the test session, never the user's."""
    yield from _session_directory("PADDLE_MLIR_CACHE_DIR", tmp_path_factory, "compile_cache")


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
