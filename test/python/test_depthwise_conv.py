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
    (3, 20, 3, 1, 2, 2), (5, 33, 3, 2, 0, 1), (2, 9, 3, 3, 1, 1), (16, 4, 3, 1, 1, 1),
    # strided taps of a row through one shared load: 5x5/2 (MobileNetV3,
    # PP-LCNet), 3x3/4, 7x7/3 (64 lanes), odd widths (a masked last vector)
    (6, 29, 5, 2, 2, 1), (3, 37, 3, 4, 1, 1), (4, 40, 7, 3, 3, 1),
    # padded borders zeroed in blocks of channels, each next channel's while
    # one is computed: blocks of 8, 5, 3 and 1 (13 channels: prime)
    (64, 14, 5, 1, 2, 1), (40, 10, 3, 1, 1, 1), (24, 9, 3, 2, 1, 1), (13, 12, 3, 1, 1, 1)])
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


def _run(build, x, fetch_extra=False):
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        feed = static.data("x", list(x.shape), "float32")
        outs = build(feed)
        for i, out in enumerate(outs):
            main.fetch(out, f"y{i}")
    exe = static.Executor("cpu")
    exe.run(startup)
    ys = exe.run(main, feed={"x": x}, fetch_list=[f"y{i}" for i in range(len(outs))])
    return ys, main.parameters


# The bias and activation after a depthwise convolution run on each row of
# its accumulators (pd-tile-and-vectorize's row epilogue), the zero fill is
# their initial value; a residual add reads its other input row by row.
@pytest.mark.parametrize("act", ["relu6", "hardswish", "residual"])
@pytest.mark.parametrize("c, hw, stride", [(16, 56, 1), (24, 28, 2), (32, 7, 1)])
def test_depthwise_with_epilogue(act, c, hw, stride):
    rng = np.random.default_rng(hw + stride)
    x = rng.standard_normal((1, c, hw, hw)).astype(np.float32)

    def build(feed):
        conv = nn.Conv2D(c, c, 3, stride=stride, padding=1, groups=c)
        y = conv(feed)
        if act == "relu6":
            return [nn.functional.relu6(y)]
        if act == "hardswish":
            return [nn.functional.hardswish(y)]
        return [y + feed if stride == 1 else y * 2.0]

    (y,), p = _run(build, x)
    ref = _reference(x, p["conv2d_0.w_0"], p["conv2d_0.b_0"], stride, 1, 1)
    if act == "relu6":
        ref = np.clip(ref, 0, 6)
    elif act == "hardswish":
        ref = ref * np.clip(ref + 3, 0, 6) / 6
    else:
        ref = ref + x if stride == 1 else ref * 2.0
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


def test_depthwise_output_still_read_after_its_epilogue():
    """The convolution's own output is fetched too: it is stored as well."""
    rng = np.random.default_rng(3)
    x = rng.standard_normal((1, 8, 20, 20)).astype(np.float32)

    def build(feed):
        y = nn.Conv2D(8, 8, 3, padding=1, groups=8, bias_attr=False)(feed)
        return [nn.functional.relu(y), y]

    (act, y), p = _run(build, x)
    ref = _reference(x, p["conv2d_0.w_0"], np.zeros(8), 1, 1, 1)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(act, np.maximum(ref, 0), rtol=1e-4, atol=1e-4)


# MobileNetV3's first block: a computed activation padded for the depthwise
# convolution and read again by the residual add after the 1x1 convolution
# (pd-decompose-pad: the add reads the padded buffer's interior), and the
# depthwise activation and the 1x1 convolution's epilogue once shared one
# output (pd-sink-init-fills gives the epilogue its own). Checked against
# numpy at the model's 112x112 and on an odd map.
@pytest.mark.parametrize("c, hw", [(16, 112), (8, 9)])
def test_residual_block_reads_padded_input(c, hw):
    rng = np.random.default_rng(c + hw)
    x = rng.standard_normal((1, c, hw, hw)).astype(np.float32)

    def build(feed):
        a = nn.functional.relu(feed)
        d = nn.functional.relu(nn.Conv2D(c, c, 3, padding=1, groups=c)(a))
        return [nn.Conv2D(c, c, 1)(d) + a]

    (y,), p = _run(build, x)
    a = np.maximum(x, 0)
    d = np.maximum(_reference(a, p["conv2d_0.w_0"], p["conv2d_0.b_0"], 1, 1, 1), 0)
    w1, b1 = p["conv2d_1.w_0"][:, :, 0, 0], p["conv2d_1.b_0"]
    ref = np.einsum("oc,nchw->nohw", w1, d) + b1[None, :, None, None] + a
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)
