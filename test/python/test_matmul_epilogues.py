"""pd-tile-and-vectorize runs the elementwise op after a matmul (bias,
activation, residual add) on each of the matmul's cache tiles. These
networks are large enough for a cache level (m * n * k >= 64^3) and chain
layers so that buffers get reused: an epilogue may write into a buffer the
next layer's matmul reads, or one its own matmul read (then it must not be
fused, since later tiles still read it). Checked against numpy in float64."""

import numpy as np
import pytest

from paddle_mlir import nn, static
from paddle_mlir.utils import unique_name


def _run(build, x):
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        feed = static.data("x", list(x.shape), "float32")
        main.fetch(build(feed), "y")
    exe = static.Executor("cpu")
    exe.run(startup)
    (y,) = exe.run(main, feed={"x": x}, fetch_list=["y"])
    return y, {k: v.astype(np.float64) for k, v in main.parameters.items()}


def _conv_ref(x, w, b, pad):
    """NCHW convolution, stride 1, in float64."""
    kh = w.shape[2]
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    out = x.shape[2] + 2 * pad - kh + 1
    y = np.zeros((x.shape[0], w.shape[0], out, out))
    for i in range(kh):
        for j in range(kh):
            y += np.einsum("nchw,oc->nohw", xp[:, :, i:i + out, j:j + out], w[:, :, i, j])
    return y + b[None, :, None, None]


def _hardswish(v):
    return v * np.clip(v + 3, 0, 6) / 6


# Spatial sizes: 56 (cache tiles of 4 image rows, 224 columns), 28 (4 rows, 112 = 64 + 32 +
# 16), 14 (196 columns whole, 192 + 4), 7 (49 columns whole, one masked tile).
# Batch 2: a contraction over [image, channel, pixel] whose epilogue is tiled per image too.
@pytest.mark.parametrize("batch, c, hw", [(1, 64, 56), (1, 96, 28), (1, 128, 14), (1, 256, 7),
                                          (2, 64, 28), (3, 128, 7)])
def test_pointwise_chain_with_activations(batch, c, hw):
    """1x1 convolutions (no patch copy) with hardswish, relu6 and a residual
    add; several layers of one shape, so that buffers are reused."""
    rng = np.random.default_rng(hw)
    x = rng.standard_normal((batch, c, hw, hw)).astype(np.float32)

    def build(feed):
        convs = [nn.Conv2D(c, c, 1) for _ in range(4)]
        h = nn.functional.hardswish(convs[0](feed))
        h = nn.functional.relu6(convs[1](h))
        h = nn.functional.hardswish(convs[2](h))
        return convs[3](h) + h

    y, p = _run(build, x)
    ref = x.astype(np.float64)
    names = [f"conv2d_{i}" for i in range(4)]
    h = _hardswish(_conv_ref(ref, p[names[0] + ".w_0"], p[names[0] + ".b_0"], 0))
    h = np.clip(_conv_ref(h, p[names[1] + ".w_0"], p[names[1] + ".b_0"], 0), 0, 6)
    h = _hardswish(_conv_ref(h, p[names[2] + ".w_0"], p[names[2] + ".b_0"], 0))
    ref = _conv_ref(h, p[names[3] + ".w_0"], p[names[3] + ".b_0"], 0) + h
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("batch, c, hw", [(1, 64, 28), (1, 128, 14), (2, 64, 14)])
def test_conv_into_padded_activation(batch, c, hw):
    """A 3x3 convolution's epilogue writes into the zero-padded input of the
    next 3x3 convolution."""
    rng = np.random.default_rng(c)
    x = rng.standard_normal((batch, c, hw, hw)).astype(np.float32)

    def build(feed):
        a, b = nn.Conv2D(c, c, 3, padding=1), nn.Conv2D(c, c, 3, padding=1)
        return nn.functional.relu(b(nn.functional.relu(a(feed))))

    y, p = _run(build, x)
    h = np.maximum(_conv_ref(x.astype(np.float64), p["conv2d_0.w_0"], p["conv2d_0.b_0"], 1), 0)
    ref = np.maximum(_conv_ref(h, p["conv2d_1.w_0"], p["conv2d_1.b_0"], 1), 0)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("rows, k, n", [(256, 512, 512), (96, 256, 1000), (64, 128, 196)])
def test_linear_with_activation(rows, k, n):
    """A matrix epilogue: bias and GELU (tanh) after a linear layer; 512 columns
    in tiles of 256, 1000 in tiles of 200 (= 192 + 8), 196 whole."""
    rng = np.random.default_rng(n)
    x = rng.standard_normal((rows, k)).astype(np.float32)

    def build(feed):
        return nn.functional.relu(nn.Linear(k, n)(feed))

    y, p = _run(build, x)
    ref = np.maximum(x.astype(np.float64) @ p["linear_0.w_0"] + p["linear_0.b_0"], 0)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


def test_hardswish_rounds_as_paddle_does():
    """hardswish is x * relu6(x + 3) / 6 with the division, as Paddle's
    kernel computes it, bit for bit in float32 (vectorized and in the
    remainder lanes). A multiplication by 1/6 is within an ulp, but PicoDet's
    detections (scores sorted and thresholded after an LCNet backbone) then
    differed from Paddle's by 34 of 226."""
    x = np.random.default_rng(6).uniform(-5, 5, (1, 8, 37, 37)).astype(np.float32)
    y, _ = _run(nn.functional.hardswish, x)
    expected = x * np.clip(x + np.float32(3), np.float32(0), np.float32(6)) / np.float32(6)
    np.testing.assert_array_equal(y, expected)
