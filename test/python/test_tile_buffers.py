"""A convolution whose result only its epilogue reads computes each cache
tile into a buffer of one tile on the stack (pd-tile-and-vectorize), and
convolutions of one output shape accumulate into fills of their own
(pd-sink-init-fills), not copies of one shared fill. These programs are
MobileNetV2-style blocks (1x1 expansion + bias + ReLU6 into the padded input
of a depthwise convolution, then a 1x1 projection), repeated with the same
shapes so that CSE would merge their fills; with threads and without (the
tile buffer in a region of its own), a batch of images, depth in one block
and in several, and a result that is also fetched (kept in memory).
Checked against numpy in float64."""

import numpy as np
import pytest

from numerics import references as R
from paddle_mlir import nn, static
from paddle_mlir.utils import unique_name


def _run(build, x, fetches, parallel=None):
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        feed = static.data("x", list(x.shape), "float32")
        for name, value in zip(fetches, build(feed)):
            main.fetch(value, name)
    exe = static.Executor("cpu", parallel=parallel)
    exe.run(startup)
    outs = exe.run(main, feed={"x": x}, fetch_list=list(fetches))
    return outs, {k: v.astype(np.float64) for k, v in main.parameters.items()}


def _conv(x, p, name, stride=1, padding=0, groups=1):
    y = R.conv_nd(x, p[name + ".w_0"], [stride] * 2, [padding] * 2, [1] * 2, groups)
    bias = p.get(name + ".b_0")
    return y if bias is None else y + bias[None, :, None, None]


def _relu6(v):
    return np.clip(v, 0, 6)


@pytest.mark.parametrize("batch, c, e, hw, blocks, parallel", [
    (1, 16, 96, 56, 2, None),     # depth 16 in one block, tiles of whole rows
    (1, 24, 144, 28, 3, None),    # three blocks of one shape: shared fills
    (2, 16, 64, 28, 2, None),     # a batch of images
    (1, 16, 96, 28, 2, False),    # without threads: tile buffer in a region
    (1, 320, 64, 14, 2, None),    # depth 320: several depth blocks
])
def test_inverted_residual_blocks(batch, c, e, hw, blocks, parallel):
    rng = np.random.default_rng(c * hw + e)
    x = rng.standard_normal((batch, c, hw, hw)).astype(np.float32)

    def build(feed):
        y = feed
        for _ in range(blocks):
            h = nn.functional.relu6(nn.Conv2D(c, e, 1)(y))
            h = nn.functional.relu6(nn.Conv2D(e, e, 3, padding=1, groups=e)(h))
            y = y + nn.Conv2D(e, c, 1)(h)
        return [y]

    (y,), p = _run(build, x, ["y"], parallel)
    ref = x.astype(np.float64)
    for i in range(blocks):
        h = _relu6(_conv(ref, p, f"conv2d_{3 * i}"))
        h = _relu6(_conv(h, p, f"conv2d_{3 * i + 1}", padding=1, groups=e))
        ref = ref + _conv(h, p, f"conv2d_{3 * i + 2}")
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


def test_result_also_fetched():
    """The convolution's own result is fetched besides its epilogue's: the
    tiles write it to memory, and both outputs are right."""
    rng = np.random.default_rng(3)
    x = rng.standard_normal((1, 32, 28, 28)).astype(np.float32)

    def build(feed):
        raw = nn.Conv2D(32, 64, 1, bias_attr=False)(feed)
        return [raw, nn.functional.relu6(raw + 0.5)]

    (raw, act), p = _run(build, x, ["raw", "act"])
    ref = _conv(x.astype(np.float64), p, "conv2d_0")
    np.testing.assert_allclose(raw, ref, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(act, _relu6(ref + 0.5), rtol=1e-4, atol=1e-4)
