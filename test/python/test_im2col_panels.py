"""pd-tile-and-vectorize copies a convolution's patches per cache tile of its
matmul (a depth block of channels x whole output rows) into a panel on the
stack, instead of copying all patches first. These convolutions are large
enough for a cache level (m * n * k >= 64^3) and cover each way a panel is
filled: strides 1 (contiguous rows), 2 to 4 (deinterleaved) and 5 (gathered),
dilations, a batch of images, rows that are not a multiple of the vector
width, a matmul too small for threads (its panel in a region of its own),
with and without a fused epilogue, and two convolutions reading one copy of
the patches. Checked against numpy in float64."""

import numpy as np
import pytest

from numerics import references as R
from paddle_mlir import nn, static
from paddle_mlir.utils import unique_name


def _run(build, x, parallel=None):
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        feed = static.data("x", list(x.shape), "float32")
        main.fetch(build(feed), "y")
    exe = static.Executor("cpu", parallel=parallel)
    exe.run(startup)
    (y,) = exe.run(main, feed={"x": x}, fetch_list=["y"])
    return y, {k: v.astype(np.float64) for k, v in main.parameters.items()}


def _conv(x, p, name, stride, padding, dilation):
    y = R.conv_nd(x, p[name + ".w_0"], [stride] * 2, [padding] * 2, [dilation] * 2, 1)
    bias = p.get(name + ".b_0")
    return y if bias is None else y + bias[None, :, None, None]


@pytest.mark.parametrize(
    "batch, c, f, hw, k, stride, padding, dilation, bias",
    [
        (1, 64, 64, 56, 3, 1, 1, 1, True),     # tiles of 4 rows (224 columns), epilogue
        (2, 32, 48, 28, 3, 1, 1, 1, False),    # a batch, rows of 28, no epilogue
        (3, 16, 64, 28, 3, 1, 1, 1, True),     # three images
        (1, 64, 128, 56, 3, 2, 1, 1, True),    # stride 2: deinterleaved rows
        (1, 32, 64, 112, 3, 2, 1, 1, True),    # stride 2, rows of 56: a loop of 3 vectors, 8 left
        (1, 24, 32, 33, 3, 3, 1, 1, True),     # stride 3: all taps from one load
        (1, 16, 32, 45, 5, 4, 2, 1, False),    # stride 4, a 5x5 window
        (1, 8, 16, 23, 7, 2, 3, 1, True),      # 7x7/2 on rows of 12: the last columns only
        (1, 96, 64, 14, 3, 2, 1, 1, True),     # 3x3/2 to a 7x7 map: 48 + 1 columns
        (2, 64, 96, 14, 3, 2, 1, 1, False),    # the same for two images, no epilogue
        (1, 32, 64, 30, 3, 1, 2, 2, True),     # dilation 2
        (1, 3, 64, 64, 7, 2, 3, 1, True),      # a 7x7 stem: depth 147 in one block
        (1, 64, 128, 28, 1, 2, 0, 1, True),    # a 1x1 window with stride 2
        (1, 16, 64, 40, 5, 5, 0, 1, False),    # stride 5: gathered, one serial tile
        (1, 128, 32, 14, 3, 1, 1, 1, True),    # m = 32, n = 196: serial, depth blocks
    ])
def test_convolution(batch, c, f, hw, k, stride, padding, dilation, bias):
    rng = np.random.default_rng(c * hw + k)
    x = rng.standard_normal((batch, c, hw, hw)).astype(np.float32)

    def build(feed):
        conv = nn.Conv2D(c, f, k, stride=stride, padding=padding, dilation=dilation,
                         bias_attr=None if bias else False)
        y = conv(feed)
        return nn.functional.relu(y) if bias else y

    y, p = _run(build, x)
    ref = _conv(x.astype(np.float64), p, "conv2d_0", stride, padding, dilation)
    if bias:
        ref = np.maximum(ref, 0)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


def test_two_convolutions_of_one_input():
    """Two branches convolve the same input with the same window: one copy
    of the patches (after CSE) read by both matmuls, each with its panels."""
    rng = np.random.default_rng(7)
    x = rng.standard_normal((1, 32, 28, 28)).astype(np.float32)

    def build(feed):
        a, b = nn.Conv2D(32, 64, 3, padding=1), nn.Conv2D(32, 64, 3, padding=1)
        return nn.functional.relu(a(feed)) + b(feed)

    y, p = _run(build, x)
    ref = x.astype(np.float64)
    ref = np.maximum(_conv(ref, p, "conv2d_0", 1, 1, 1), 0) + _conv(ref, p, "conv2d_1", 1, 1, 1)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


def test_sequential_batch():
    """Without threads the cache tiles are one loop (56 tiles of 4 image rows
    here): the panel is allocated once before it (pd-hoist-stack-buffers),
    not in each iteration, which overflowed the stack (56 x 172 KB)."""
    rng = np.random.default_rng(11)
    x = rng.standard_normal((4, 64, 56, 56)).astype(np.float32)

    def build(feed):
        return nn.Conv2D(64, 64, 3, padding=1, bias_attr=False)(feed)

    y, p = _run(build, x, parallel=False)
    ref = _conv(x.astype(np.float64), p, "conv2d_0", 1, 1, 1)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)
