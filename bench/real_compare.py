"""Outputs against Paddle's, for bench/models_real.py (paddle-mlir's .venv)
and bench/real_peers.py (the benchmark venv): numpy only."""

from __future__ import annotations

import numpy as np

TOL = 1e-4


def close(g, r) -> bool:
    """tools/corpus_check.py's criterion, the project's one definition of
    matching Paddle: |g - r| <= TOL * max(1, max |r|) + TOL * |r|
    elementwise (atol 1e-4 for outputs of magnitude up to 1, scaled with
    the output's magnitude beyond). A fixed atol of 1e-4 failed ResNet-50's
    logits of magnitude 5.2 at an error of 1.7e-4 (Winograd F(4x4, 3x3):
    3.4e-5 of the magnitude; ONNX Runtime's is 7.9e-5)."""
    magnitude = float(np.abs(r).max()) if r.size else 0.0
    return bool(np.allclose(g, r, rtol=TOL, atol=TOL * max(1.0, magnitude)))


def compare(got: list, ref: list, names: list | None = None):
    """(max abs error, max error relative to 1 + |ref|, ok, note) of `got`
    against Paddle's outputs `ref`, in order; `names` label the notes."""
    if len(got) != len(ref):
        return float("inf"), float("inf"), False, f"{len(got)} outputs, Paddle has {len(ref)}"
    abs_err = rel_err = 0.0
    ok, note = True, ""
    for i, (g, r) in enumerate(zip(got, ref)):
        label = f"output {i}" + (f" ({names[i]})" if names else "")
        g = np.asarray(g)
        if g.shape != r.shape:
            return float("inf"), float("inf"), False, f"{label}: shape {g.shape}, Paddle's {r.shape}"
        d = np.abs(g.astype(np.float64) - r.astype(np.float64))
        if not np.all(np.isfinite(d)):
            return float("inf"), float("inf"), False, f"{label}: non-finite values"
        abs_err = max(abs_err, float(d.max()) if d.size else 0.0)
        rel_err = max(rel_err, float((d / (1 + np.abs(r))).max()) if d.size else 0.0)
        if not close(g, r):
            ok = False
            note = note or f"{label} differs from Paddle's: max abs error {abs_err:.3g}"
    return abs_err, rel_err, ok, note
