"""A dense block (DenseNet): each layer reads the concatenation of all the
block's features so far (BatchNorm, ReLU, 1x1 and 3x3 convolutions) and adds
its own. pd-concat-in-place builds all the concatenations in one buffer; the
result is checked against numpy in float64,
also where a concatenation is fetched (read after the next one grew from it)
and at batch 2."""

import numpy as np
import pytest

from paddle_mlir import nn, ops, static
from paddle_mlir.nn import functional as F
from paddle_mlir.utils import unique_name


def _conv(x, w, pad):
    """NCHW convolution, stride 1, in float64."""
    n, c, h, wd = x.shape
    k = w.shape[2]
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    out = np.zeros((n, w.shape[0], h + 2 * pad - k + 1, wd + 2 * pad - k + 1))
    for i in range(k):
        for j in range(k):
            patch = xp[:, :, i:i + out.shape[2], j:j + out.shape[3]]
            out += np.einsum("nchw,oc->nohw", patch, w[:, :, i, j])
    return out


@pytest.mark.parametrize("batch, layers, fetch_inner", [(1, 4, False), (1, 3, True),
                                                        (2, 3, False)])
def test_dense_block(batch, layers, fetch_inner):
    channels, growth, size = 16, 8, 12
    rng = np.random.default_rng(layers + batch)
    x = rng.standard_normal((batch, channels, size, size)).astype(np.float32)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        feed = static.data("x", list(x.shape), "float32")
        features, convs, inner = feed, [], None
        for i in range(layers):
            c = channels + i * growth
            conv1 = nn.Conv2D(c, 2 * growth, 1, bias_attr=False)
            conv3 = nn.Conv2D(2 * growth, growth, 3, padding=1, bias_attr=False)
            convs.append((conv1, conv3))
            y = conv3(F.relu(conv1(F.relu(features))))
            features = ops.concat([features, y], axis=1)
            if i == 1:
                inner = features
        main.fetch(features, "y")
        if fetch_inner:
            main.fetch(inner, "inner")
    exe = static.Executor("cpu")
    exe.run(startup)
    names = ["y", "inner"] if fetch_inner else ["y"]
    outs = exe.run(main, feed={"x": x}, fetch_list=names)
    params = main.parameters
    ref = x.astype(np.float64)
    refs = []
    for i, (conv1, conv3) in enumerate(convs):
        w1 = params[conv1.weight.name].astype(np.float64)
        w3 = params[conv3.weight.name].astype(np.float64)
        y = _conv(np.maximum(_conv(np.maximum(ref, 0), w1, 0), 0), w3, 1)
        ref = np.concatenate([ref, y], axis=1)
        refs.append(ref)
    np.testing.assert_allclose(outs[0], ref, rtol=1e-4, atol=1e-4)
    if fetch_inner:
        np.testing.assert_allclose(outs[1], refs[1], rtol=1e-4, atol=1e-4)
