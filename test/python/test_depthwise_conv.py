"""Depthwise convolutions (NCHW) take their own vectorized kernel in
pd-tile-and-vectorize: rows of 16 output columns with masked tails, the
kernel window unrolled into FMAs, strided inputs gathered. Checked against
numpy in float64 over kernel sizes, strides, dilations, paddings and widths
that do and do not divide by 16."""

import numpy as np
import pytest

from paddle_mlir import nn, static
from paddle_mlir.utils import unique_name


def _reference(x, w, b, stride, padding, dilation):
    n, c, h, wd = x.shape
    k = w.shape[-1]
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (padding, padding), (padding, padding)))
    span = dilation * (k - 1) + 1
    oh = (h + 2 * padding - span) // stride + 1
    ow = (wd + 2 * padding - span) // stride + 1
    out = np.zeros((n, c, oh, ow))
    for i in range(k):
        for j in range(k):
            r, q = i * dilation, j * dilation
            patch = xp[:, :, r:r + stride * oh:stride, q:q + stride * ow:stride]
            out += patch * w[None, :, 0, i, j, None, None].astype(np.float64)
    return out + b[None, :, None, None]


@pytest.mark.parametrize("c, hw, k, stride, padding, dilation", [
    (8, 56, 3, 1, 1, 1), (8, 56, 3, 2, 1, 1), (4, 14, 5, 1, 2, 1), (4, 7, 7, 1, 3, 1),
    (3, 20, 3, 1, 2, 2), (5, 33, 3, 2, 0, 1), (2, 9, 3, 3, 1, 1), (16, 4, 3, 1, 1, 1)])
def test_depthwise_matches_numpy(c, hw, k, stride, padding, dilation):
    rng = np.random.default_rng(hw * 10 + k)
    x = rng.standard_normal((2, c, hw, hw)).astype(np.float32)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        feed = static.data("x", list(x.shape), "float32")
        conv = nn.Conv2D(c, c, k, stride=stride, padding=padding, dilation=dilation, groups=c)
        main.fetch(conv(feed), "y")
    exe = static.Executor("cpu")
    exe.run(startup)
    (y,) = exe.run(main, feed={"x": x}, fetch_list=["y"])
    w, b = main.parameters["conv2d_0.w_0"], main.parameters["conv2d_0.b_0"]
    np.testing.assert_allclose(y, _reference(x, w, b, stride, padding, dilation),
                               rtol=1e-4, atol=1e-4)
