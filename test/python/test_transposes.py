"""Transposes that move the innermost dim run as 16 x 16 register tiles
(pd-tile-and-vectorize, Transposes.cpp): rows read contiguously, exchanged
in registers, written contiguously; the last tiles masked. Shapes here hit
whole tiles, remainders on either exchanged dim, dims below one tile, 4-D
permutations that exchange a middle dim with the innermost, and 32-bit
integers; each is compared with numpy's transpose exactly."""

import numpy as np
import pytest

from paddle_mlir import static
from paddle_mlir import ops
from paddle_mlir.utils import unique_name


def _transpose(x, perm):
    main, startup = static.Program(), static.Program()
    dtype = {np.dtype(np.float32): "float32", np.dtype(np.int32): "int32"}[x.dtype]
    with unique_name.guard(), static.program_guard(main, startup):
        feed = static.data("x", list(x.shape), dtype)
        main.fetch(ops.transpose(feed, perm), "y")
    exe = static.Executor("cpu")
    (y,) = exe.run(main, feed={"x": x}, fetch_list=["y"])
    return y


@pytest.mark.parametrize("shape, perm", [
    ((64, 32), (1, 0)),             # whole tiles
    ((197, 64), (1, 0)),            # 197 rows: 12 tiles and 5
    ((3, 197, 64), (0, 2, 1)),      # attention's k^T, per head
    ((1, 3, 197, 64), (0, 1, 3, 2)),
    ((5, 7), (1, 0)),               # smaller than a tile both ways
    ((2, 17, 33), (0, 2, 1)),       # one past a tile both ways
    ((1, 192, 14, 14), (0, 2, 3, 1)),  # NCHW -> NHWC (a ViT's patch embedding)
    ((4, 20, 3, 40), (3, 1, 2, 0)),  # exchanges the first dim with the innermost
])
def test_transpose_matches_numpy(shape, perm):
    rng = np.random.default_rng(len(shape) * 100 + shape[-1])
    x = rng.standard_normal(shape).astype(np.float32)
    np.testing.assert_array_equal(_transpose(x, perm), np.transpose(x, perm))


def test_transpose_int32_matches_numpy():
    x = np.arange(37 * 50, dtype=np.int32).reshape(37, 50)
    np.testing.assert_array_equal(_transpose(x, (1, 0)), x.T)
