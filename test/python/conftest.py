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
