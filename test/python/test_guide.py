"""docs/guide.md runs as written: its ```sh, ```python and ```c blocks, in
document order, in one temporary directory that holds what the guide assumes
(a Paddle-exported MLP as model.json + model.pdiparams, and paddle-mlir and
paddle-opt on PATH). sh blocks run with `bash -e`; python blocks share one
namespace; the c block is main.c for the sh block that compiles it."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

from conftest import REPO

GUIDE = REPO / "docs" / "guide.md"
FIXTURES = REPO / "test" / "fixtures" / "paddle"


def _blocks():
    """(language, text) of each fenced block that the test runs; ```text
    blocks (setup, Paddle's side) are shown, not run."""
    text = GUIDE.read_text()
    blocks = re.findall(r"^ *```(\w+)\n(.*?)^ *```", text, re.S | re.M)
    return [(lang, re.sub(r"^  ", "", body, flags=re.M) if body.startswith("  ") else body)
            for lang, body in blocks if lang in ("sh", "python", "c")]


def test_guide_covers_the_three_ways_in():
    langs = [lang for lang, _ in _blocks()]
    assert langs.count("sh") >= 4 and langs.count("python") >= 4 and "c" in langs
    text = GUIDE.read_text()
    for heading in ("## 1. A Paddle model", "## 2. The static API",
                    "## 3. Pass pipelines with `paddle-opt`", "## Prerequisites"):
        assert heading in text


@pytest.mark.skipif(shutil.which("cc") is None and not os.environ.get("CC"),
                    reason="the guide compiles C: no C compiler")
def test_guide_examples_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(FIXTURES / "mlp.json", tmp_path / "model.json")
    shutil.copy(FIXTURES / "mlp.pdiparams", tmp_path / "model.pdiparams")
    env = dict(os.environ)
    # The venv's bin (python, paddle-mlir) and the build's (paddle-opt).
    env["PATH"] = os.pathsep.join([str(pathlib.Path(sys.executable).parent),
                                   str(REPO / "build" / "bin"), env.get("PATH", "")])
    namespace = {"__name__": "guide"}
    for i, (lang, body) in enumerate(_blocks(), 1):
        where = f"docs/guide.md block {i} ({lang})"
        if lang == "c":
            (tmp_path / "main.c").write_text(body)
        elif lang == "sh":
            out = subprocess.run(["bash", "-e", "-c", body], cwd=tmp_path, env=env,
                                 capture_output=True, text=True, timeout=600)
            assert out.returncode == 0, f"{where} failed:\n{body}\n{out.stdout}{out.stderr}"
        else:
            try:
                exec(compile(body, where, "exec"), namespace)
            except Exception as e:  # noqa: BLE001 -- name the block that failed
                pytest.fail(f"{where} failed: {type(e).__name__}: {e}\n{body}")
    # What the examples made: the C program ran on the library, the static
    # program was saved and compiled.
    for name in ("out.npz", "model.mlir", "libmlp.so", "main", "net.mlir", "net.npz",
                 "libnet.so", "lowered.mlir"):
        assert (tmp_path / name).exists(), name

