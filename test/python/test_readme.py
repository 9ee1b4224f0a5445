"""The README's Python examples run as written: every ```python block, in
order, in one namespace (later blocks use what earlier ones built), in a
temporary directory. The Paddle Inference block reads `model.json` and
`image`: a Paddle-exported MLP of the fixtures and an input of its shape.
Rendering needs Graphviz, which is optional: without `dot`, that line is
skipped."""

import os
import re
import shutil

import numpy as np
import pytest

from conftest import REPO

FIXTURES = REPO / "test" / "fixtures" / "paddle"


def _python_blocks():
    text = (REPO / "README.md").read_text()
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_readme_has_python_examples():
    assert len(_python_blocks()) >= 4


def test_readme_python_examples_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(FIXTURES / "mlp.json", tmp_path / "model.json")
    shutil.copy(FIXTURES / "mlp.pdiparams", tmp_path / "model.pdiparams")
    namespace = {"__name__": "readme"}
    for i, block in enumerate(_python_blocks()):
        if "paddle_infer" in block:
            namespace["image"] = np.ones((2, 8), np.float32)
        if shutil.which("dot") is None:
            block = "\n".join(line for line in block.splitlines() if ".render(" not in line)
        try:
            exec(compile(block, f"README.md python block {i + 1}", "exec"), namespace)
        except Exception as e:  # noqa: BLE001 -- name the block that failed
            pytest.fail(f"README python block {i + 1} failed: {type(e).__name__}: {e}\n{block}")
    assert os.path.exists("mlp.mlir") and os.path.exists("mlp.npz")
    assert namespace["out"].shape[0] == 2
