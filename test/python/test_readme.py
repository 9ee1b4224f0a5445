"""The README's examples run as written: every ```python block, in order, in
one namespace (later blocks use what earlier ones built), in a temporary
directory; then every command of its ```sh blocks there: the quick ones run
(program.mlir, MODEL.json and in.npz are a small pd program, a
Paddle-exported MLP and its input), the long ones (benchmarks, make
targets) must exist (`--help` works, the Makefile has the target). The
Paddle Inference block reads `model.json` and `image`: the same MLP and an
input of its shape. Rendering needs Graphviz, which is optional: without
`dot`, that line is skipped."""

import linecache
import os
import re
import shlex
import shutil
import subprocess
import sys

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
        filename = f"README.md python block {i + 1}"
        # As IPython does: the block's source is findable (jit.to_static reads it).
        linecache.cache[filename] = (len(block), None, block.splitlines(True), filename)
        try:
            exec(compile(block, filename, "exec"), namespace)
        except Exception as e:  # noqa: BLE001 -- name the block that failed
            pytest.fail(f"README python block {i + 1} failed: {type(e).__name__}: {e}\n{block}")
    assert os.path.exists("mlp.mlir") and os.path.exists("mlp.npz")
    assert namespace["out"].shape[0] == 2
    _run_sh_commands(tmp_path)


PROGRAM = """func.func @main() {
  %x = pd.data "x" : !pd.tensor<4x16xf32>
  %r = pd.relu %x : (!pd.tensor<4x16xf32>) -> !pd.tensor<4x16xf32>
  %f = pd.fetch %r "out" col 0 : !pd.tensor<4x16xf32>
  return
}
"""


def _sh_commands():
    """The commands of the README's ```sh blocks, comments and continuation
    lines dropped."""
    text = (REPO / "README.md").read_text()
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if line and not line.startswith("#"):
                commands.append(line)
    return commands


def _run_sh_commands(tmp_path):
    (tmp_path / "program.mlir").write_text(PROGRAM)
    shutil.copy(FIXTURES / "mlp.json", tmp_path / "MODEL.json")
    shutil.copy(FIXTURES / "mlp.pdiparams", tmp_path / "MODEL.pdiparams")
    np.savez(tmp_path / "in.npz", x=np.ones((2, 8), np.float32))
    makefile = (REPO / "Makefile").read_text()
    venv_bin = os.path.dirname(sys.executable)
    ran = 0
    for command in _sh_commands():
        argv = shlex.split(command)
        if argv[0] == "make":           # long: the target exists
            for target in argv[1:]:
                assert re.search(rf"^{re.escape(target)}:", makefile, re.M), command
            continue
        argv[0] = (str(REPO / argv[0]) if argv[0].startswith("build/")
                   else os.path.join(venv_bin, os.path.basename(argv[0])))
        if len(argv) > 1 and argv[1].startswith("bench/"):
            argv = [argv[0], str(REPO / argv[1]), "--help"]   # long: it starts
        out = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, f"README command failed: {command}\n{out.stdout}{out.stderr}"
        ran += 1
    assert ran >= 10
