"""The matmul kernel peels a column remainder (n not a multiple of the 64-wide
register tile) into ops of full 64-, then 48-, 32- or 16-wide tiles and the rest, so that
every part is vectorized; rows likewise (m not a multiple of the 4-row
tile). Each shape here lands on another split; all are
checked against numpy in float64."""

import numpy as np
import pytest

from paddle_mlir import nn, ops, static
from paddle_mlir.utils import unique_name


def _run(build, x):
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        feed = static.data("x", list(x.shape), "float32")
        layer = build()
        main.fetch(layer(feed), "y")
    exe = static.Executor("cpu")
    exe.run(startup)
    (y,) = exe.run(main, feed={"x": x}, fetch_list=["y"])
    return y, main.parameters


def _matmul(feeds, **attrs):
    """ops.matmul of the two feeds (name -> array) with `attrs`, run."""
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        a, b = (static.data(name, list(v.shape), "float32") for name, v in feeds.items())
        main.fetch(ops.matmul(a, b, **attrs), "y")
    exe = static.Executor("cpu")
    exe.run(startup)
    (y,) = exe.run(main, feed=feeds, fetch_list=["y"])
    return y


# n = 1000 -> 960 + 32 + 8; 49 -> 48 + 1; 100 -> 64 + 32 + 4; 17 -> 16 + 1; 16, 64: whole.
# Rows too: 197 -> 196 + 1 (a ViT's tokens), 7 -> 4 + 3, 6 -> 4 + 2; a prime
# number of rows with enough columns (197 tokens by 576, 192 or 768 features,
# 131 by 256): cache tiles of all the rows, 6-row register tiles and the
# remainder inside each.
# Masked column tiles: 49 and 17 columns in 64 and 32 lanes; 16 and 4 columns
# with 16-row register tiles (batch 64).
@pytest.mark.parametrize("batch, k, n", [(3, 70, 1000), (2, 33, 49), (5, 128, 100), (4, 9, 17),
                                         (1, 8, 16), (7, 64, 64), (1, 2048, 1000),
                                         (197, 64, 192), (6, 16, 49), (197, 40, 197),
                                         (64, 40, 16), (64, 300, 4), (128, 96, 49),
                                         (197, 192, 576), (197, 768, 192), (197, 192, 768),
                                         (131, 64, 256)])
def test_linear_with_column_remainders(batch, k, n):
    rng = np.random.default_rng(n)
    x = rng.standard_normal((batch, k)).astype(np.float32)
    y, w = _run(lambda: nn.Linear(k, n), x)
    ref = x.astype(np.float64) @ w["linear_0.w_0"].astype(np.float64) + w["linear_0.b_0"]
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


# Output spatial sizes 28x28 (784 -> 768 + 16), 14x14 (196 -> 192 + 4), 7x7 (49 -> 48 + 1);
# with 64 input channels the 14x14 and 7x7 ones are large enough to be cache-tiled
# around their column remainders.
@pytest.mark.parametrize("c, hw, stride", [(8, 28, 1), (16, 28, 2), (8, 14, 1), (4, 7, 1),
                                           (64, 14, 1), (64, 7, 1)])
def test_conv_with_spatial_remainders(c, hw, stride):
    rng = np.random.default_rng(hw)
    x = rng.standard_normal((2, c, hw, hw)).astype(np.float32)
    y, w = _run(lambda: nn.Conv2D(c, 12, 3, stride=stride, padding=1), x)
    weight, bias = w["conv2d_0.w_0"].astype(np.float64), w["conv2d_0.b_0"].astype(np.float64)
    pad = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (1, 1), (1, 1)))
    out = (hw + 2 - 3) // stride + 1
    ref = np.zeros((2, 12, out, out))
    for i in range(3):
        for j in range(3):
            patch = pad[:, :, i:i + stride * out:stride, j:j + stride * out:stride]
            ref += np.einsum("nchw,oc->nohw", patch, weight[:, :, i, j])
    ref += bias[None, :, None, None]
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


# Rows with a remainder inside cache tiles that divide them (a matmul of two
# feeds: no epilogue): 128 = 2 x 64 (10 register tiles of 6 rows and one of
# 4 each), 130 = 5 x 26 (4 + 2), 128 rows by 1024 columns whose rows of B
# are 4 KB apart (panels of B copied to the stack), 2050 = 50 x 41 rows.
@pytest.mark.parametrize("m, k, n", [(128, 256, 256), (130, 96, 256), (128, 256, 1024),
                                     (2050, 64, 128)])
def test_matmul_with_row_remainders_in_cache_tiles(m, k, n):
    rng = np.random.default_rng(m + n)
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    y = _matmul({"a": a, "b": b})
    ref = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


# 48 columns as one register tile of 3 vectors of 16 (one accumulator per
# row and vector): alone, with a dot-product column (49), after a 64-column
# tile (112, 176), with rows 4 KB apart (k = 1024: 8-row tiles), with depth
# blocks that accumulate in memory (k = 2048), and with a row remainder.
# Rows a multiple of 8 but not of 6 take 8 x 48 tiles over the whole width
# where 48 leaves no more columns over than 64 (32 x 196 = 4 x 48 + 4,
# 40 x 98, 64 x 784 = 16 x 48 + 16, 128 x 192).
@pytest.mark.parametrize("m, k, n", [(64, 128, 48), (128, 1024, 49), (96, 64, 112),
                                     (40, 200, 176), (64, 2048, 49), (70, 96, 48),
                                     (32, 300, 196), (40, 200, 98), (64, 256, 784),
                                     (128, 1024, 192)])
def test_matmul_48_column_tiles(m, k, n):
    rng = np.random.default_rng(m * n + k)
    x = rng.standard_normal((m, k)).astype(np.float32)
    y = rng.standard_normal((k, n)).astype(np.float32)
    out = _matmul({"x": x, "y": y})
    ref = x.astype(np.float64) @ y.astype(np.float64)
    np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4 * np.sqrt(k))


# A cache tile of one or more register tiles of columns and a few more
# (49 = 48 + 1, 50, 193 = 4 x 48 + 1: in the first tile of columns): the
# few columns' dot products accumulated inside the register tiles' depth
# loops every 16 steps; all of k (from the fill) or depth blocks (k = 2048,
# 4608: from C), 8-row and 15-row tiles (m = 60). A pass of dot products of
# its own where k is not a multiple of 16 (200) or the few columns need too
# many accumulators (56 = 48 + 8, 52, 20 = 16 + 4 in 16-row tiles, 40 =
# 32 + 8 in 12-row tiles).
@pytest.mark.parametrize("m, k, n", [(64, 128, 49), (128, 2048, 49), (64, 4608, 50),
                                     (64, 256, 56), (60, 320, 49), (96, 160, 40),
                                     (128, 512, 20), (64, 200, 49), (48, 1024, 52),
                                     (64, 256, 193), (128, 1024, 193)])
def test_matmul_few_columns_in_the_tiles_depth_loops(m, k, n):
    rng = np.random.default_rng(m * n + k + 1)
    x = rng.standard_normal((m, k)).astype(np.float32)
    y = rng.standard_normal((k, n)).astype(np.float32)
    out = _matmul({"x": x, "y": y})
    ref = x.astype(np.float64) @ y.astype(np.float64)
    np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4 * np.sqrt(k))


# 1x1 convolutions whose column parts (49 = 48 + 1, 784 = 768 + 16) land in
# row tiles that 16 does not divide (60, 40): the 16-column part in register
# tiles of the most rows dividing them (40 -> 10), the 48-column part in
# tiles of 6 or 8 rows; with the bias epilogue.
@pytest.mark.parametrize("cin, cout, hw", [(160, 960, 7), (96, 60, 7), (32, 40, 28), (24, 40, 7)])
def test_pointwise_conv_16_column_tiles(cin, cout, hw):
    rng = np.random.default_rng(cout + hw)
    x = rng.standard_normal((1, cin, hw, hw)).astype(np.float32)
    y, w = _run(lambda: nn.Conv2D(cin, cout, 1), x)
    weight, bias = w["conv2d_0.w_0"].astype(np.float64), w["conv2d_0.b_0"].astype(np.float64)
    ref = np.einsum("nchw,oc->nohw", x.astype(np.float64), weight[:, :, 0, 0])
    ref += bias[None, :, None, None]
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


# x times y^T with 100 and 197 columns: y^T padded to 112 and 208 columns
# with zeros (pd-pad-matmul-columns), the product a slice of the wider one.
@pytest.mark.parametrize("m, k, n", [(50, 32, 100), (197, 64, 197), (7, 16, 70)])
def test_matmul_transpose_y_padded_columns(m, k, n):
    rng = np.random.default_rng(m + n)
    x = rng.standard_normal((m, k)).astype(np.float32)
    y = rng.standard_normal((n, k)).astype(np.float32)
    out = _matmul({"x": x, "y": y}, transpose_y=True)
    ref = x.astype(np.float64) @ y.astype(np.float64).T
    np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4)
