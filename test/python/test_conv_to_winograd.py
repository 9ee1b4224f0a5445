"""pd-conv-to-winograd (in pd-lower-to-llvm): 3x3, stride 1 convolutions of
32 or more channels and enough outputs with frozen weights run as Winograd's
F(2x2, 3x3), or F(4x4, 3x3) where there are at least 49 tiles of 4x4
outputs, their data
transforms as pd-tile-and-vectorize's kernels; they still compute what numpy
does (float64 reference) at batch 1 and 2, odd and even map sizes (odd ones
crop the last tile), asymmetric paddings, maps wider than a vector of tiles,
with the bias, batch norm and activation that follow; other convolutions are
left alone."""

import numpy as np
import pytest

from paddle_mlir import ir, nn, run_pipeline, static
from paddle_mlir.backend.cpu import lowering_pipeline
from paddle_mlir.nn.initializer import set_global_seed
from paddle_mlir.utils import unique_name


def _conv_reference(x, w, pads):
    top, bottom, left, right = pads
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (top, bottom), (left, right)))
    oh, ow = xp.shape[2] - 2, xp.shape[3] - 2
    out = np.zeros((x.shape[0], w.shape[0], oh, ow))
    for i in range(3):
        for j in range(3):
            out += np.einsum("oc,nchw->nohw", w[:, :, i, j].astype(np.float64),
                             xp[:, :, i:i + oh, j:j + ow])
    return out


def _program(batch, cin, cout, hw, padding, bn=False):
    set_global_seed(hw[0] * 100 + hw[1] + cin)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [batch, cin, hw[0], hw[1]], "float32")
        conv = nn.Conv2D(cin, cout, 3, padding=padding, bias_attr=None if not bn else False)
        y = conv(x)
        norm = None
        if bn:
            norm = nn.BatchNorm2D(cout)
            norm.eval()  # inference: running statistics, folded into the filter
            y = nn.ReLU()(norm(y))
        main.fetch(y, "y")
    exe = static.Executor("cpu")
    exe.run(startup)
    return main, exe, conv, norm


def _lowered(main):
    """The frozen program down to tiled and vectorized buffers, as text."""
    with main.context:
        module = ir.Module.parse(main.module.operation.get_asm(enable_debug_info=False))
    run_pipeline(module, "pd-inference-opt", description="winograd")
    run_pipeline(module, lowering_pipeline(stage="buffers", parallel=True), description="winograd")
    return str(module)


def _run_optimized(main, exe, x):
    main.freeze()
    text = _lowered(main)
    (y,) = exe.run(main, feed={"x": x}, fetch_list=["y"])
    return y, text


@pytest.mark.parametrize("batch, cin, cout, hw, padding", [
    (1, 96, 128, (14, 14), 1),          # even maps: whole tiles
    (2, 128, 96, (11, 11), 1),          # odd maps: the last tile cropped; batch 2
    (1, 96, 128, (13, 12), [1, 1, 0, 2]),  # asymmetric paddings, a rectangle
    (1, 100, 128, (15, 14), 0),         # no padding: a 13x12 output
    (1, 96, 96, (40, 36), 1),           # 20x18 tiles: more than a vector of them
    (1, 128, 32, (28, 28), 1),          # DenseNet's 128 -> 32 (25,088 outputs)
    (1, 32, 32, (24, 24), 1),           # the fewest channels (18,432 outputs)
])
def test_winograd_matches_numpy(batch, cin, cout, hw, padding):
    main, exe, conv, _ = _program(batch, cin, cout, hw, padding)
    w = np.array(main.parameters[conv.weight.name])
    b = np.array(main.parameters[conv.bias.name])
    x = np.random.default_rng(cin).standard_normal((batch, cin, *hw)).astype(np.float32)
    y, text = _run_optimized(main, exe, x)
    # The convolution is gone, its transforms code-generated (no marked
    # generic left), the transformed filter a constant.
    assert "conv_2d" not in text and "pd.winograd" not in text and "winograd_filter" in text
    pads = [padding] * 4 if isinstance(padding, int) else padding
    ref = _conv_reference(x, w, pads) + b[None, :, None, None]
    assert y.shape == ref.shape
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4 * np.abs(ref).max())


@pytest.mark.parametrize("batch, cin, cout, hw, padding", [
    (1, 64, 64, (56, 56), 1),    # ResNet's first stage: 14x14 tiles of 4x4
    (1, 96, 64, (30, 27), 1),    # 8x7 tiles, the last row and column of tiles cropped
    (2, 64, 96, (20, 20), 1),    # batch 2: 2 x 5x5 tiles
    (1, 64, 64, (31, 29), 0),    # no padding: a 29x27 output
    (1, 32, 48, (44, 44), [1, 2, 0, 1]),  # asymmetric paddings: 45x43
])
def test_large_tiles_match_numpy(batch, cin, cout, hw, padding):
    """F(4x4, 3x3): 36 matmuls (their transforms multiply by 4, 5, 2 and 8,
    and by 1/4, 1/6, 1/12 and 1/24 in the filter's: a larger rounding
    error than F(2x2, 3x3)'s, still within 1e-4 of the float64 result)."""
    main, exe, conv, _ = _program(batch, cin, cout, hw, padding)
    w = np.array(main.parameters[conv.weight.name])
    b = np.array(main.parameters[conv.bias.name])
    x = np.random.default_rng(cin + hw[0]).standard_normal((batch, cin, *hw)).astype(np.float32)
    y, text = _run_optimized(main, exe, x)
    assert "conv_2d" not in text and "pd.winograd" not in text and "winograd_filter" in text
    assert f"memref<36x{cout}x{cin}xf32>" in text  # the transformed filter: 36 positions
    pads = [padding] * 4 if isinstance(padding, int) else padding
    ref = _conv_reference(x, w, pads) + b[None, :, None, None]
    assert y.shape == ref.shape
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4 * np.abs(ref).max())


def test_batched_planes_apart_in_cache_match_numpy():
    """Batch 8 of 64 channels on a 14x14 map: planes of 64 x 8 x 16 floats
    (512 cache lines, 32 KB: all 36 in one cache set) are laid out 513 lines
    apart (pd-pad-winograd-planes), the transformed input and the products
    both; the result is still numpy's."""
    main, exe, conv, _ = _program(8, 64, 64, (14, 14), 1)
    w = np.array(main.parameters[conv.weight.name])
    b = np.array(main.parameters[conv.bias.name])
    x = np.random.default_rng(8).standard_normal((8, 64, 14, 14)).astype(np.float32)
    y, text = _run_optimized(main, exe, x)
    assert "pd.winograd" not in text and "memref<36x64x64xf32>" in text
    assert text.count("memref.alloc() {alignment = 64 : i64} : memref<36x8208xf32>") == 2
    ref = _conv_reference(x, w, [1] * 4) + b[None, :, None, None]
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4 * np.abs(ref).max())


def test_small_maps_keep_2x2_tiles():
    """A 14x14 map at batch 1 has 16 tiles of 4x4, fewer than min-large-tiles
    (49): F(2x2, 3x3), whose 16 matmuls have 49 columns."""
    main, exe, conv, _ = _program(1, 96, 128, (14, 14), 1)
    x = np.random.default_rng(2).standard_normal((1, 96, 14, 14)).astype(np.float32)
    _, text = _run_optimized(main, exe, x)
    assert "memref<16x128x96xf32>" in text and "memref<36x" not in text


def test_winograd_after_batch_norm_folding_matches_numpy():
    main, exe, conv, norm = _program(1, 128, 128, (12, 12), 1, bn=True)
    rng = np.random.default_rng(5)
    # Non-trivial running statistics, so that the folded weights differ.
    main.parameters[norm._mean.name] = rng.standard_normal(128).astype(np.float32)
    main.parameters[norm._variance.name] = rng.uniform(0.5, 2, 128).astype(np.float32)
    p = {k: np.array(v, np.float64) for k, v in main.parameters.items()}
    x = rng.standard_normal((1, 128, 12, 12)).astype(np.float32)
    y, text = _run_optimized(main, exe, x)
    assert "conv_2d" not in text and "winograd_filter" in text
    c = _conv_reference(x, p[conv.weight.name], [1] * 4)
    scale = p[norm.weight.name] / np.sqrt(p[norm._variance.name] + 1e-5)
    ref = np.maximum((c - p[norm._mean.name][None, :, None, None]) * scale[None, :, None, None]
                     + p[norm.bias.name][None, :, None, None], 0)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4 * np.abs(ref).max())


@pytest.mark.parametrize("cin, hw, stride, groups", [
    (16, 24, 1, 1), (96, 5, 1, 1), (96, 12, 1, 1), (96, 24, 2, 1), (96, 24, 1, 2)])
def test_other_convolutions_are_left_alone(cin, hw, stride, groups):
    """Too few channels (16, below min-channels = 32), too few tiles (a 5x5
    map: 9, below min-tiles = 16), too few outputs (96 x 12 x 12 = 13,824,
    below min-outputs = 16,384: DenseNet's 32 x 14 x 14 ran slower so),
    stride 2, grouped."""
    set_global_seed(1)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [1, cin, hw, hw], "float32")
        main.fetch(nn.Conv2D(cin, 96, 3, stride=stride, padding=1, groups=groups)(x), "y")
    static.Executor("cpu").run(startup)
    main.freeze()
    text = _lowered(main)
    assert "winograd" not in text


@pytest.mark.parametrize("hw", [(14, 14), (15, 13), (28, 28), (29, 31)])
def test_winograd_with_residual_and_relu_matches_numpy(hw):
    """The bias, residual add and relu after the output transform run on
    each row it stores (an odd map: its last tile row has one output row,
    its last tile column one output column; with 4x4 tiles (28x28, 29x31)
    a 29-row map's last tile row has one output row of four)."""
    set_global_seed(7)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [1, 96, *hw], "float32")
        conv = nn.Conv2D(96, 96, 3, padding=1)
        main.fetch(nn.ReLU()(conv(x) + x), "y")
    exe = static.Executor("cpu")
    exe.run(startup)
    w = np.array(main.parameters[conv.weight.name])
    b = np.array(main.parameters[conv.bias.name])
    xv = np.random.default_rng(3).standard_normal((1, 96, *hw)).astype(np.float32)
    y, text = _run_optimized(main, exe, xv)
    assert "conv_2d" not in text and "winograd_filter" in text
    ref = np.maximum(_conv_reference(xv, w, [1] * 4) + b[None, :, None, None] + xv, 0)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4 * np.abs(ref).max())


def test_winograd_into_a_concatenation_matches_numpy():
    """DenseNet's layer: the output transform stores its rows straight into
    the convolution's slice of the concatenation (the copy after it is its
    epilogue); the features before it are kept."""
    from paddle_mlir import ops

    set_global_seed(11)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [1, 128, 28, 28], "float32")
        conv = nn.Conv2D(128, 32, 3, padding=1, bias_attr=False)
        main.fetch(ops.concat([x, conv(x)], axis=1), "y")
    exe = static.Executor("cpu")
    exe.run(startup)
    w = np.array(main.parameters[conv.weight.name])
    xv = np.random.default_rng(4).standard_normal((1, 128, 28, 28)).astype(np.float32)
    y, text = _run_optimized(main, exe, xv)
    assert "conv_2d" not in text and "winograd_filter" in text
    ref = np.concatenate([xv, _conv_reference(xv, w, [1] * 4)], axis=1)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4 * np.abs(ref).max())
