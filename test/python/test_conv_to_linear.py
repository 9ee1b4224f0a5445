"""pd-conv-to-linear (in pd-inference-opt): a squeeze-and-excitation
block's 1x1 convolutions of 1x1 maps run as matmuls with the frozen filters
transposed at compile time; the block still computes what numpy does, at
batch 1 (then matrix-vector products: pd-vector-matrix-as-matvec transposes
them back) and at a larger batch."""

import numpy as np
import pytest

from paddle_mlir import nn, ops, run_pipeline, static
from paddle_mlir.nn.initializer import set_global_seed
from paddle_mlir.utils import unique_name


def _excitation_program(channels, squeezed, batch):
    set_global_seed(3)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [batch, channels, 5, 5], "float32")
        pooled = nn.AdaptiveAvgPool2D(1)(x)
        squeeze, excite = nn.Conv2D(channels, squeezed, 1), nn.Conv2D(squeezed, channels, 1)
        gate = nn.Hardsigmoid()(excite(nn.ReLU()(squeeze(pooled))))
        main.fetch(ops.multiply(x, gate), "y")
    exe = static.Executor("cpu")
    exe.run(startup)
    weights = {k: np.array(v) for k, v in main.parameters.items()}
    return main, exe, weights, (squeeze, excite)


def _reference(x, w, names):
    (w1, b1), (w2, b2) = names
    pooled = x.astype(np.float64).mean(axis=(2, 3))                  # [N, C]
    h = np.maximum(pooled @ w[w1][:, :, 0, 0].T.astype(np.float64) + w[b1], 0)
    g = h @ w[w2][:, :, 0, 0].T.astype(np.float64) + w[b2]
    gate = np.clip(g / 6 + 0.5, 0, 1)                                  # Paddle's hardsigmoid
    return x * gate[:, :, None, None]


@pytest.mark.parametrize("batch", [1, 3])
def test_excitation_convolutions_become_matmuls_and_match_numpy(batch):
    main, exe, weights, (squeeze, excite) = _excitation_program(240, 64, batch)
    main.freeze()
    run_pipeline(main.module, "pd-inference-opt", description="excitation")
    text = str(main.module)
    assert "pd.conv2d" not in text and text.count("pd.matmul") == 2, text
    x = np.random.default_rng(batch).standard_normal((batch, 240, 5, 5)).astype(np.float32)
    (y,) = exe.run(main, feed={"x": x}, fetch_list=["y"])
    names = [(squeeze.weight.name, squeeze.bias.name), (excite.weight.name, excite.bias.name)]
    np.testing.assert_allclose(y, _reference(x, weights, names), rtol=1e-5, atol=1e-5)
