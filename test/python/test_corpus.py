"""The model corpus: every model tools/export_corpus.py exported (real
architectures of paddle.vision.models, PaddleClas and PaddleSeg, random
weights, Paddle 3.3.1) runs through `paddle-mlir run` and matches Paddle's
outputs (tools/corpus_check.py: the tolerance and the run).

`make test-corpus` exports the corpus into build/corpus/models and runs this
with $PADDLE_MLIR_CORPUS pointing there; without it (make test) the models
skip. A
model the exporter could not export fails here with the exporter's reason.
The comparison itself is tested without the corpus."""

import os
import pathlib
import sys

import numpy as np
import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))
import corpus_check  # noqa: E402

# Only where asked for (make test-corpus): 44 compiles take minutes.
CORPUS = pathlib.Path(os.environ.get("PADDLE_MLIR_CORPUS", "")) if os.environ.get(
    "PADDLE_MLIR_CORPUS") else None
ROWS = corpus_check.corpus_index(CORPUS) if CORPUS and (CORPUS / "index.tsv").is_file() else []


@pytest.mark.parametrize("name,status,text", ROWS or [pytest.param(
    "", "", "", marks=pytest.mark.skip(
        reason="no corpus: make test-corpus exports it and sets $PADDLE_MLIR_CORPUS"))])
def test_model_matches_paddle(name, status, text):
    assert status == "ok", f"{name} was not exported: {text}"
    result = corpus_check.run_model(CORPUS, name)
    assert result.ok, f"{name}: {result.detail}"


def test_compare_scales_the_tolerance_with_the_output():
    ref = {"out": np.array([30.0, -2.0, 0.5], np.float32)}
    # Within 1e-4 x 30 (+ rtol) of outputs of magnitude 30.
    ok, _ = corpus_check.compare({"out": ref["out"] + np.float32(2.5e-3)}, ref)
    assert ok
    ok, detail = corpus_check.compare({"out": ref["out"] + np.float32(1e-2)}, ref)
    assert not ok and "MISMATCH" in detail
    # Small outputs: atol 1e-4.
    small = {"out": np.array([0.5, -0.25], np.float32)}
    assert corpus_check.compare({"out": small["out"] + np.float32(5e-5)}, small)[0]
    assert not corpus_check.compare({"out": small["out"] + np.float32(5e-4)}, small)[0]


def test_compare_names_missing_and_misshapen_outputs():
    ref = {"out": np.zeros((2, 3), np.float32)}
    ok, detail = corpus_check.compare({"other": np.zeros((2, 3), np.float32)}, ref)
    assert not ok and "out: missing" in detail
    ok, detail = corpus_check.compare({"out": np.zeros((3, 2), np.float32)}, ref)
    assert not ok and "shape" in detail
    ok, detail = corpus_check.compare({"out": np.zeros((2, 3), np.int64)}, ref)
    assert not ok and "dtype" in detail
    ok, _ = corpus_check.compare({"out": np.full((2, 3), np.nan, np.float32)},
                                 {"out": np.full((2, 3), np.nan, np.float32)})
    assert ok
