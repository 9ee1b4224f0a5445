"""bench/real_compare.py: the benchmark's check of an engine's outputs
against Paddle's uses tools/corpus_check.py's criterion, |ours - Paddle's|
<= 1e-4 * max(1, max |Paddle's|) + 1e-4 * |Paddle's| elementwise."""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from real_compare import close, compare  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import corpus_check  # noqa: E402


def test_atol_scales_with_the_outputs_magnitude():
    logits = np.array([5.19, 0.1, -0.2], np.float32)
    # 1.7e-4 on a small logit of an output of magnitude 5.19: within
    # 1e-4 * 5.19 + 1e-4 * 0.1.
    assert close(logits + np.float32([0, 1.7e-4, 0]), logits)
    assert not close(logits + np.float32([0, 6e-4, 0]), logits)
    # Outputs of magnitude up to 1: atol 1e-4.
    small = np.array([0.5, 0.1])
    assert close(small + 0.9e-4, small)
    assert not close(small + 1.6e-4, small)


def test_compare_reports_the_first_mismatch():
    ref = [np.array([1.0, 2.0]), np.array([[0.25]])]
    err, rel, ok, note = compare([ref[0] + 1e-5, ref[1]], ref, ["a", "b"])
    assert ok and note == "" and abs(err - 1e-5) < 1e-9
    err, rel, ok, note = compare([ref[0], ref[1] + 0.01], ref, ["a", "b"])
    assert not ok and "output 1 (b)" in note
    assert compare([ref[0]], ref)[2] is False  # an output missing
    assert compare([ref[0], np.zeros((2, 2))], ref)[2] is False  # a shape
    assert compare([ref[0] * np.nan, ref[1]], ref)[2] is False  # NaN


def test_same_criterion_as_the_corpus_check():
    rng = np.random.default_rng(0)
    for scale in (0.3, 1.0, 5.0, 40.0):
        want = (rng.standard_normal(64) * scale).astype(np.float32)
        for error in (5e-5, 2e-4, 1e-3, 5e-3):
            got = want + np.float32(error) * rng.choice([-1, 1], 64).astype(np.float32)
            magnitude = float(np.abs(want).max())
            corpus = bool(np.allclose(got, want, rtol=corpus_check.RTOL,
                                      atol=corpus_check.ATOL * max(1.0, magnitude)))
            assert close(got, want) == corpus
