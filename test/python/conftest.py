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
