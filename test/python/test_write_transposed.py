"""Attention's head split and merge without transpose copies
(pd-write-transposed): the bias add of the q and v projections writes the
[b, h, s, d] buffer directly, and attention times v writes the merged
[b, s, h, d] one. Compared with numpy on BERT's and DeiT-tiny's shapes, odd
sizes (remainders of the register tiles, a batch of 2), an elementwise
producer, and a transposed input that is read again after the copy (left
alone by the pass)."""

import numpy as np
import pytest

from paddle_mlir import nn, ops, static
from paddle_mlir.utils import unique_name


def _run(build, feeds):
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        args = [static.data(name, list(a.shape), "float32") for name, a in feeds.items()]
        main.fetch(build(*args), "y")
    (y,) = static.Executor("cpu").run(main, feed=feeds, fetch_list=["y"])
    return y


def _softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


@pytest.mark.parametrize("batch, seq, heads, dim", [
    (1, 128, 4, 64),   # BERT-small
    (1, 197, 3, 64),   # DeiT-tiny
    (2, 7, 3, 5),      # below a register tile everywhere
])
def test_attention_matches_numpy(batch, seq, heads, dim):
    rng = np.random.default_rng(seq)
    embed = heads * dim
    feeds = {"x": rng.standard_normal((batch, seq, embed)).astype(np.float32)}
    for n in "qkvo":
        feeds["w" + n] = (rng.standard_normal((embed, embed)) / np.sqrt(embed)).astype(np.float32)
    for n in "qkv":
        feeds["b" + n] = rng.standard_normal(embed).astype(np.float32)

    def build(x, wq, wk, wv, wo, bq, bk, bv):
        def project(w, b):
            return ops.reshape(ops.add(ops.matmul(x, w), b), [batch, seq, heads, dim])
        q = ops.transpose(project(wq, bq), [0, 2, 1, 3])
        k = ops.transpose(project(wk, bk), [0, 2, 3, 1])
        v = ops.transpose(project(wv, bv), [0, 2, 1, 3])
        p = nn.functional.softmax(ops.scale(ops.matmul(q, k), 1.0 / np.sqrt(dim), 0.0), axis=-1)
        o = ops.reshape(ops.transpose(ops.matmul(p, v), [0, 2, 1, 3]), [batch, seq, embed])
        return ops.matmul(o, wo)

    f = feeds
    def project(n):
        return (f["x"] @ f["w" + n] + f["b" + n]).reshape(batch, seq, heads, dim)
    q = project("q").transpose(0, 2, 1, 3)
    k = project("k").transpose(0, 2, 3, 1)
    v = project("v").transpose(0, 2, 1, 3)
    p = _softmax(q @ k / np.sqrt(dim))
    want = (p @ v).transpose(0, 2, 1, 3).reshape(batch, seq, embed) @ f["wo"]
    np.testing.assert_allclose(_run(build, feeds), want, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("shape, perm", [
    ((2, 5, 3, 17), (0, 2, 1, 3)),
    ((3, 5, 4, 16), (2, 0, 1, 3)),        # not its own inverse
    ((1, 9, 3, 2, 8), (2, 0, 3, 1, 4)),   # DeiT's qkv split, [b, s, 3, h, d]
])
def test_elementwise_producer_matches_numpy(shape, perm):
    rng = np.random.default_rng(3)
    x = rng.standard_normal(shape).astype(np.float32)
    y = _run(lambda x: ops.transpose(nn.functional.relu(x) + 1.0, list(perm)), {"x": x})
    np.testing.assert_array_equal(y, (np.maximum(x, 0) + 1).transpose(perm))


def test_input_read_after_the_transpose_matches_numpy():
    # The producer's result is read again after the copy: the copy stays.
    rng = np.random.default_rng(4)
    x = rng.standard_normal((1, 6, 2, 16)).astype(np.float32)
    y = _run(lambda x: ops.transpose(nn.functional.relu(x), [0, 2, 1, 3])
             + ops.transpose(nn.functional.relu(x) * 2.0, [0, 2, 1, 3]), {"x": x})
    r = np.maximum(x, 0)
    np.testing.assert_allclose(y, (r + 2 * r).transpose(0, 2, 1, 3), rtol=1e-6)
