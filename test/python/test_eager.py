"""Eager tensors (paddle_mlir.eager): Paddle's dynamic graph on the CPU
backend, checked against numpy."""

import numpy as np
import pytest

import paddle_mlir as paddle
from paddle_mlir import eager, nn, static
import paddle_mlir.nn.functional as F


def rand(*shape, seed=0):
    return np.random.RandomState(seed).standard_normal(shape).astype("float32")


def test_to_tensor_dtypes_and_properties():
    assert paddle.to_tensor([1.0, 2.0]).dtype == "float32"      # Python floats: float32
    assert paddle.to_tensor([1, 2]).dtype == "int64"
    assert paddle.to_tensor(np.zeros(3, "float64")).dtype == "float64"
    t = paddle.to_tensor([[1, 2, 3]], dtype="float32")
    assert t.shape == [1, 3] and t.ndim == 2 and t.size == 3 and t.dtype == "float32"
    assert "Tensor(shape=[1, 3], dtype=float32" in repr(t)
    with pytest.raises(eager.EagerError):
        paddle.to_tensor("text")


def test_operators_functions_and_methods_match_numpy():
    a, b = rand(3, 4), rand(3, 4, seed=1)
    x, y = paddle.to_tensor(a), paddle.to_tensor(b)
    np.testing.assert_allclose((x + y * 2 - 1).numpy(), a + b * 2 - 1, rtol=1e-6)
    np.testing.assert_allclose((x @ y.T).numpy(), a @ b.T, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(F.relu(x).numpy(), np.maximum(a, 0))
    np.testing.assert_allclose(paddle.exp(x).numpy(), np.exp(a), rtol=1e-6)
    np.testing.assert_allclose(x.sum(axis=1).numpy(), a.sum(1), rtol=1e-5)
    np.testing.assert_allclose(x.mean().numpy(), a.mean(), rtol=1e-5)
    np.testing.assert_allclose(x.reshape([4, 3]).numpy(), a.reshape(4, 3))
    np.testing.assert_array_equal((x > y).numpy(), a > b)
    np.testing.assert_allclose(x[1:, ::2].numpy(), a[1:, ::2])
    np.testing.assert_allclose((2.0 - x).numpy(), 2.0 - a, rtol=1e-6)
    np.testing.assert_allclose(F.softmax(x, axis=-1).numpy(),
                               np.exp(a) / np.exp(a).sum(-1, keepdims=True), rtol=1e-5)
    assert x.astype("int64").dtype == "int64"


def test_python_values_of_eager_tensors():
    x = paddle.to_tensor([3.0])
    assert float(x) == 3.0 and int(x) == 3 and x.item() == 3.0
    assert bool(x > 2) and not bool(x > 4)
    with pytest.raises(ValueError, match="ambiguous"):
        bool(paddle.to_tensor([1.0, 2.0]))


def test_setitem_is_in_place():
    a = rand(3, 4)
    x = paddle.to_tensor(a)
    x[0, 1:3] = 10.0
    a[0, 1:3] = 10.0
    np.testing.assert_allclose(x.numpy(), a)


def test_creation_functions_are_eager_outside_programs():
    z = paddle.zeros([2, 3])
    assert isinstance(z, eager.EagerTensor)
    np.testing.assert_array_equal(z.numpy(), np.zeros((2, 3), "float32"))
    np.testing.assert_array_equal(paddle.arange(5).numpy(), np.arange(5))
    main = static.Program()
    with static.program_guard(main):
        assert not isinstance(paddle.zeros([2]), eager.EagerTensor)   # a program value
    static.enable_static()
    try:
        assert not isinstance(paddle.ones([2]), eager.EagerTensor)
    finally:
        static.disable_static()


def test_kernels_are_cached_by_op_shape_and_dtype():
    eager.clear_kernel_cache()
    x = paddle.to_tensor(rand(2, 3))
    for _ in range(3):
        F.relu(x)
    assert eager.stats == {"hits": 2, "compiles": 1}
    F.relu(paddle.to_tensor(rand(4, 3)))                  # another shape: compiled
    F.relu(paddle.to_tensor(rand(2, 3).astype("float64")))  # another dtype: compiled
    assert eager.stats["compiles"] == 3


def test_layer_runs_eagerly_with_the_startup_weights():
    """An eager MLP gives what its static program gives (the same initial
    weights: both come from the layers' startup program)."""
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
        model.eval()
        out = model(static.data("x", [None, 8]))
        main.fetch(out, "y")
    exe = static.Executor()
    exe.run(startup)
    a = rand(5, 8)
    (expected,) = exe.run(main, feed={"x": a})
    got = model(paddle.to_tensor(a)).numpy()
    np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)
    w0, b0 = (main.parameters[p.name] for p in (model[0].weight, model[0].bias))
    w1, b1 = (main.parameters[p.name] for p in (model[2].weight, model[2].bias))
    np.testing.assert_allclose(got, np.maximum(a @ w0 + b0, 0) @ w1 + b1, rtol=1e-5, atol=1e-5)


def test_dynamic_graph_layer_without_programs():
    """A Paddle dynamic-graph script: layers made and called eagerly, Python
    control flow on tensor values."""
    class Net(nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(4, 3)

        def forward(self, x):
            y = self.fc(x)
            if y.mean() > 0:            # an eager value: plain Python
                return F.relu(y)
            return -y

    net = Net()
    net.eval()
    a = rand(2, 4)
    w, b = net.fc.weight.numpy(), net.fc.bias.numpy()
    ref = a @ w + b
    ref = np.maximum(ref, 0) if ref.mean() > 0 else -ref
    np.testing.assert_allclose(net(paddle.to_tensor(a)).numpy(), ref, rtol=1e-5, atol=1e-6)


def test_batch_norm_in_training_mode_updates_running_statistics():
    """Paddle's dynamic graph: batch statistics normalize, and the running
    mean/variance move towards them (momentum 0.9)."""
    bn = nn.BatchNorm2D(3)
    a = rand(4, 3, 2, 2)
    out = bn(paddle.to_tensor(a)).numpy()
    mean, var = a.mean((0, 2, 3)), a.var((0, 2, 3))
    ref = (a - mean[None, :, None, None]) / np.sqrt(var[None, :, None, None] + 1e-5)
    np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(bn._mean.numpy(), 0.1 * mean, rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(bn._variance.numpy(), 0.9 + 0.1 * var, rtol=1e-4)


def test_eager_tensors_become_constants_in_programs():
    main = static.Program()
    c = paddle.to_tensor([1.0, 2.0])
    with static.program_guard(main):
        x = static.data("x", [2])
        main.fetch(x + c, "y")
    (y,) = static.Executor().run(main, feed={"x": np.ones(2, "float32")})
    np.testing.assert_allclose(y, [2.0, 3.0])


def test_paddle_api_of_the_new_ops_on_eager_tensors():
    """paddle.kron / cross / diag / baddbmm / logcumsumexp / searchsorted /
    dist / index_sample / meshgrid and F.pixel_unshuffle / channel_shuffle /
    maxout / temporal_shift / unfold / affine_grid / grid_sample / bilinear / label_smooth / swiglu
    and F.interpolate's linear / bicubic / trilinear / 3-D nearest modes, the 3-D poolings and
    local_response_norm, diag_embed / multi_dot / crop / tril_indices / triu_indices with Paddle's
    Python signatures."""
    x, y = rand(4, 3), rand(4, 3, seed=1)
    tx, ty = paddle.to_tensor(x), paddle.to_tensor(y)
    np.testing.assert_allclose(paddle.kron(tx, ty).numpy(), np.kron(x, y), rtol=1e-6)
    np.testing.assert_allclose(paddle.cross(tx, ty, axis=1).numpy(), np.cross(x, y), rtol=1e-5,
                               atol=1e-6)
    np.testing.assert_array_equal(paddle.diag(paddle.to_tensor(x[0]), 1).numpy(),
                                  np.diag(x[0], 1))
    # logcumsumexp without an axis runs over the flattened tensor.
    np.testing.assert_allclose(paddle.logcumsumexp(tx).numpy(),
                               np.logaddexp.accumulate(x.ravel()), rtol=1e-5)
    seq = np.sort(x[0])
    np.testing.assert_array_equal(
        paddle.searchsorted(paddle.to_tensor(seq), ty, right=True).numpy(),
        np.searchsorted(seq, y, side="right"))
    np.testing.assert_allclose(paddle.dist(tx, ty, 3).numpy(),
                               (np.abs(x - y) ** 3).sum() ** (1 / 3), rtol=1e-5)
    index = np.array([[2, 0], [1, 1], [0, 2], [2, 2]])
    np.testing.assert_array_equal(paddle.index_sample(tx, paddle.to_tensor(index)).numpy(),
                                  np.take_along_axis(x, index, 1))
    a, b = paddle.meshgrid(paddle.to_tensor(x[0]), paddle.to_tensor(x[1, :2]))
    ra, rb = np.meshgrid(x[0], x[1, :2], indexing="ij")
    np.testing.assert_array_equal(a.numpy(), ra)
    np.testing.assert_array_equal(b.numpy(), rb)
    img = rand(1, 4, 4, 6)
    np.testing.assert_array_equal(
        F.pixel_unshuffle(paddle.to_tensor(img), 2).numpy(),
        img.reshape(1, 4, 2, 2, 3, 2).transpose(0, 1, 3, 5, 2, 4).reshape(1, 16, 2, 3))
    np.testing.assert_array_equal(
        F.channel_shuffle(paddle.to_tensor(img), 2).numpy(),
        img.reshape(1, 2, 2, 4, 6).transpose(0, 2, 1, 3, 4).reshape(1, 4, 4, 6))
    np.testing.assert_array_equal(F.maxout(paddle.to_tensor(img), 2).numpy(),
                                  img.reshape(1, 2, 2, 4, 6).max(2))
    # temporal_shift: 2 clips of 2 frames, 8 channels at 0.25: 2 from the
    # previous frame, 2 from the next, zeros past the clip's ends.
    clip = rand(4, 8, 1, 2)
    shifted = F.temporal_shift(paddle.to_tensor(clip), 2).numpy().reshape(2, 2, 8, 1, 2)
    c5 = clip.reshape(2, 2, 8, 1, 2)
    np.testing.assert_array_equal(shifted[:, 1, :2], c5[:, 0, :2])
    np.testing.assert_array_equal(shifted[:, 0, :2], 0)
    np.testing.assert_array_equal(shifted[:, 0, 2:4], c5[:, 1, 2:4])
    np.testing.assert_array_equal(shifted[:, 1, 2:4], 0)
    np.testing.assert_array_equal(shifted[:, :, 4:], c5[:, :, 4:])
    # affine_grid: the identity transform gives the base grid.
    eye = np.tile(np.array([[1, 0, 0], [0, 1, 0]], np.float32), (2, 1, 1))
    g = F.affine_grid(paddle.to_tensor(eye), [2, 1, 2, 3], align_corners=True).numpy()
    np.testing.assert_allclose(g[0, 1, :, 0], [-1, 0, 1], atol=1e-6)
    np.testing.assert_allclose(g[1, :, 2, 1], [-1, 1], atol=1e-6)
    # bilinear: x1 W_o x2 + b.
    a1, a2, wt, bb = rand(3, 4), rand(3, 2, seed=1), rand(5, 4, 2, seed=2), rand(1, 5, seed=3)
    np.testing.assert_allclose(
        F.bilinear(paddle.to_tensor(a1), paddle.to_tensor(a2), paddle.to_tensor(wt),
                   paddle.to_tensor(bb)).numpy(),
        np.einsum("bi,oij,bj->bo", a1, wt, a2) + bb, rtol=1e-5, atol=1e-6)
    # interpolate: a linear ramp stays one (linear, trilinear); bicubic with
    # align_corners reads x back at every other output of 2n - 1; nearest 3-D
    # repeats each voxel.
    ramp = np.arange(5, dtype=np.float32).reshape(1, 1, 5)
    np.testing.assert_allclose(
        F.interpolate(paddle.to_tensor(ramp), size=9, mode="linear", align_corners=True,
                      data_format="NCW").numpy()[0, 0], np.arange(9) / 2, atol=1e-6)
    vol = np.broadcast_to(np.arange(4, dtype=np.float32)[:, None, None], (4, 3, 2))
    tri = F.interpolate(paddle.to_tensor(vol.reshape(1, 1, 4, 3, 2).copy()), size=[7, 3, 2],
                        mode="trilinear", align_corners=True).numpy()
    np.testing.assert_allclose(tri[0, 0, :, 1, 1], np.arange(7) / 2, atol=1e-6)
    pic = rand(1, 2, 4, 5)
    cub = F.interpolate(paddle.to_tensor(pic), size=[7, 9], mode="bicubic",
                        align_corners=True).numpy()
    np.testing.assert_allclose(cub[:, :, ::2, ::2], pic, rtol=1e-5, atol=1e-6)
    near = F.interpolate(paddle.to_tensor(vol.reshape(1, 1, 4, 3, 2).copy()), scale_factor=2,
                         mode="nearest").numpy()
    np.testing.assert_array_equal(near[0, 0], vol.repeat(2, 0).repeat(2, 1).repeat(2, 2))
    with pytest.raises(ValueError, match="needs a 4-D input"):
        F.interpolate(paddle.to_tensor(ramp), size=9, mode="bicubic")
    # 3-D pooling: a 2x2x2 max / average of a 4x4x4 volume; adaptive to 1
    # is the mean; local_response_norm (checked equal to Paddle's within
    # 2e-7) channels first and last.
    cube = rand(1, 2, 4, 4, 4)
    blocks = cube.reshape(1, 2, 2, 2, 2, 2, 2, 2)
    np.testing.assert_allclose(F.max_pool3d(paddle.to_tensor(cube), 2).numpy(),
                               blocks.max(axis=(3, 5, 7)), rtol=1e-6)
    np.testing.assert_allclose(F.avg_pool3d(paddle.to_tensor(cube), 2).numpy(),
                               blocks.mean(axis=(3, 5, 7)), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(F.adaptive_avg_pool3d(paddle.to_tensor(cube), 1).numpy()[..., 0, 0, 0],
                               cube.mean(axis=(2, 3, 4)), rtol=1e-5, atol=1e-6)

    def lrn(a, size, alpha=1e-4, beta=0.75, k=1.0):
        sq, total = a.astype(np.float64) ** 2, np.zeros(a.shape)
        for ch in range(a.shape[1]):
            total[:, ch] = sq[:, max(0, ch - size // 2):ch + (size - 1) // 2 + 1].sum(1)
        return a / (k + alpha / size * total) ** beta

    maps = rand(2, 6, 3, 4)
    np.testing.assert_allclose(F.local_response_norm(paddle.to_tensor(maps), 3).numpy(),
                               lrn(maps, 3), rtol=1e-5, atol=1e-6)
    last = np.moveaxis(maps, 1, -1).copy()
    np.testing.assert_allclose(
        F.local_response_norm(paddle.to_tensor(last), 5, alpha=1e-2, beta=0.5, k=2.0,
                              data_format="NHWC").numpy(),
        np.moveaxis(lrn(maps, 5, 1e-2, 0.5, 2.0), 1, -1), rtol=1e-5, atol=1e-6)
    vec = rand(2, 3)
    emb = paddle.diag_embed(paddle.to_tensor(vec), offset=1).numpy()
    assert emb.shape == (2, 4, 4)
    np.testing.assert_array_equal(emb[1].diagonal(1), vec[1])
    mats = [rand(3, 4), rand(4, 5, seed=1), rand(5, seed=2)]
    np.testing.assert_allclose(paddle.multi_dot([paddle.to_tensor(m) for m in mats]).numpy(),
                               np.linalg.multi_dot(mats), rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(paddle.crop(paddle.to_tensor(mats[1]), [2, -1], [1, 3]).numpy(),
                                  mats[1][1:3, 3:])
    np.testing.assert_array_equal(paddle.tril_indices(4, 3, 1).numpy(), np.stack(np.tril_indices(4, 1, 3)))
    np.testing.assert_array_equal(paddle.triu_indices(3, 5, -1).numpy(), np.stack(np.triu_indices(3, -1, 5)))
    # grid_sample at affine_grid's identity grid reads x back.
    img4 = rand(2, 3, 2, 3)
    back = F.grid_sample(paddle.to_tensor(img4), paddle.to_tensor(g), align_corners=True).numpy()
    np.testing.assert_allclose(back, img4, rtol=1e-5, atol=1e-6)
    # unfold: 2x2 windows at stride 2 (paddings as one int), rows (c, i, j).
    cols = F.unfold(paddle.to_tensor(img), 2, strides=2).numpy()
    np.testing.assert_array_equal(
        cols, img.reshape(1, 4, 2, 2, 3, 2).transpose(0, 1, 3, 5, 2, 4).reshape(1, 16, 6))
    with pytest.raises(ValueError, match="paddings"):
        F.unfold(paddle.to_tensor(img), 2, paddings=[1, 2, 3])
    np.testing.assert_allclose(F.label_smooth(tx).numpy(), 0.9 * x + 0.1 / 3, rtol=1e-6)
    np.testing.assert_allclose(F.swiglu(tx, ty).numpy(), x / (1 + np.exp(-x)) * y, rtol=1e-5,
                               atol=1e-6)
    np.testing.assert_allclose(
        paddle.baddbmm(paddle.to_tensor(rand(2, 3, 5)), paddle.to_tensor(rand(2, 3, 4, seed=2)),
                       paddle.to_tensor(rand(2, 4, 5, seed=3)), beta=0.5, alpha=2.0).numpy(),
        0.5 * rand(2, 3, 5) + 2.0 * rand(2, 3, 4, seed=2) @ rand(2, 4, 5, seed=3), rtol=1e-5,
        atol=1e-5)


def test_paddle_losses_on_eager_tensors():
    """F.smooth_l1_loss / log_loss / binary_cross_entropy / kl_div /
    binary_cross_entropy_with_logits with Paddle's signatures and
    reductions, against numpy."""
    x, y = rand(4, 3), rand(4, 3, seed=1)
    tx, ty = paddle.to_tensor(x), paddle.to_tensor(y)
    d = y - x
    huber = np.where(np.abs(d) <= 0.5, 0.5 * d * d, 0.5 * (np.abs(d) - 0.25))
    np.testing.assert_allclose(F.smooth_l1_loss(tx, ty, "none", 0.5).numpy(), huber, rtol=1e-5)
    np.testing.assert_allclose(F.smooth_l1_loss(tx, ty, delta=0.5).numpy(), huber.mean(),
                               rtol=1e-5)
    p = 1 / (1 + np.exp(-x))  # probabilities
    label = (y > 0).astype("float32")
    tp, tl = paddle.to_tensor(p), paddle.to_tensor(label)
    bce = -(label * np.log(p) + (1 - label) * np.log(1 - p))
    np.testing.assert_allclose(F.binary_cross_entropy(tp, tl, reduction="none").numpy(), bce,
                               rtol=1e-5)
    w = np.abs(rand(4, 3, seed=2))
    np.testing.assert_allclose(
        F.binary_cross_entropy(tp, tl, weight=paddle.to_tensor(w), reduction="sum").numpy(),
        (bce * w).sum(), rtol=1e-5)
    np.testing.assert_allclose(
        F.log_loss(paddle.to_tensor(p[:, :1]), paddle.to_tensor(label[:, :1])).numpy(),
        -label[:, :1] * np.log(p[:, :1] + 1e-4) - (1 - label[:, :1]) * np.log(1 - p[:, :1] + 1e-4),
        rtol=1e-5)
    q = np.abs(y) / np.abs(y).sum()
    kl = q * (np.log(q) - x)
    np.testing.assert_allclose(F.kl_div(tx, paddle.to_tensor(q), "batchmean").numpy(),
                               kl.sum() / 4, rtol=1e-5)
    np.testing.assert_allclose(F.kl_div(tx, ty, "none", log_target=True).numpy(),
                               np.exp(y) * (y - x), rtol=1e-5)
    # With pos_weight: (1 - label) x + (1 + (pw - 1) label) log(1 + exp(-x)).
    pw = np.abs(rand(3, seed=3)) + 0.5
    softplus_neg = np.log1p(np.exp(-np.abs(x))) + np.maximum(-x, 0)
    expected = (1 - label) * x + (1 + (pw - 1) * label) * softplus_neg
    np.testing.assert_allclose(
        F.binary_cross_entropy_with_logits(tx, tl, reduction="none",
                                           pos_weight=paddle.to_tensor(pw)).numpy(),
        expected, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(F.binary_cross_entropy_with_logits(tx, tl).numpy(),
                               ((1 - label) * x + softplus_neg).mean(), rtol=1e-5)
    with pytest.raises(ValueError, match="reduction"):
        F.kl_div(tx, ty, "max")


def test_kthvalue_cummax_cummin_renorm_on_eager_tensors():
    """paddle.kthvalue / cummax / cummin / renorm with Paddle's signatures."""
    x = np.array([[3.0, 1.0, 4.0, 1.5, 5.0], [9.0, 2.0, 6.0, 5.5, 3.5]], np.float32)
    tx = paddle.to_tensor(x)
    values, indices = paddle.kthvalue(tx, 2)
    np.testing.assert_array_equal(values.numpy(), [1.5, 3.5])
    np.testing.assert_array_equal(indices.numpy(), [3, 4])
    values, indices = paddle.cummax(tx, axis=1)
    np.testing.assert_array_equal(values.numpy(), np.maximum.accumulate(x, axis=1))
    np.testing.assert_array_equal(indices.numpy(), [[0, 0, 2, 2, 4], [0, 0, 0, 0, 0]])
    # Without an axis: over the flattened tensor.
    values, indices = paddle.cummin(tx, dtype="int32")
    np.testing.assert_array_equal(values.numpy(), np.minimum.accumulate(x.ravel()))
    assert indices.numpy().dtype == np.int32
    norms = np.sqrt((x ** 2).sum(axis=1, keepdims=True))
    np.testing.assert_allclose(paddle.renorm(tx, 2.0, 0, 5.0).numpy(),
                               x * np.where(norms > 5.0, 5.0 / (norms + 1e-7), 1.0), rtol=1e-6)


def test_put_along_axis_on_eager_tensors():
    """paddle.put_along_axis: indices and a scalar value broadcast to arr's
    shape but the axis; the reductions (Paddle 3.3.1's values)."""
    arr = np.arange(12, dtype=np.float32).reshape(3, 4)
    ta, ti = paddle.to_tensor(arr), paddle.to_tensor(np.array([[1], [3], [1]], np.int64))
    out = paddle.put_along_axis(ta, ti, 0.5, 1)
    want = arr.copy()
    want[[0, 1, 2], [1, 3, 1]] = 0.5
    np.testing.assert_array_equal(out.numpy(), want)
    idx = paddle.to_tensor(np.array([[0, 0, 2]], np.int64))
    vals = paddle.to_tensor(np.array([[1.0, 3.0, 5.0]], np.float32))
    row = paddle.to_tensor(np.array([[4.0, 4.0, 4.0, 4.0]], np.float32))
    for reduce, self_, expected in (("add", True, [8, 4, 9, 4]), ("add", False, [4, 4, 5, 4]),
                                    ("mean", True, [8 / 3, 4, 4.5, 4]),
                                    ("amax", False, [3, 4, 5, 4]), ("mul", True, [12, 4, 20, 4])):
        got = paddle.put_along_axis(row, idx, vals, 1, reduce=reduce, include_self=self_)
        np.testing.assert_allclose(got.numpy(), [expected], rtol=1e-6, err_msg=reduce)


def test_multiplex_sequence_mask_rrelu_on_eager_tensors():
    """paddle.multiplex, F.sequence_mask and inference F.rrelu (Paddle 3.3.1's
    values)."""
    a = np.arange(6, dtype=np.float32).reshape(3, 2)
    out = paddle.multiplex([paddle.to_tensor(a), paddle.to_tensor(a * 10)],
                           paddle.to_tensor(np.array([[1], [0], [1]], np.int32)))
    np.testing.assert_array_equal(out.numpy(), [[0, 10], [2, 3], [40, 50]])
    mask = F.sequence_mask(paddle.to_tensor(np.array([2, 0, 3], np.int64)), maxlen=4,
                           dtype="float32")
    np.testing.assert_array_equal(mask.numpy(), [[1, 1, 0, 0], [0, 0, 0, 0], [1, 1, 1, 0]])
    with pytest.raises(ValueError, match="needs maxlen"):
        F.sequence_mask(paddle.to_tensor(np.array([2], np.int64)))
    x = np.array([[1.0, -2.0, 3.0], [4.0, -5.0, 0.0]], np.float32)
    np.testing.assert_allclose(F.rrelu(paddle.to_tensor(x), 0.1, 0.3).numpy(),
                               [[1.0, -0.4, 3.0], [4.0, -1.0, 0.0]], rtol=1e-6)


def test_index_add_on_eager_tensors():
    """paddle.index_add(x, index, axis, value): repeated indices add up."""
    x = np.zeros((2, 5), np.float32)
    value = np.arange(6, dtype=np.float32).reshape(2, 3)
    out = paddle.index_add(paddle.to_tensor(x), paddle.to_tensor(np.array([4, 0, 4], np.int32)),
                           1, paddle.to_tensor(value))
    np.testing.assert_array_equal(out.numpy(), [[1, 0, 0, 0, 2], [4, 0, 0, 0, 8]])


def test_vision_ops_on_eager_tensors():
    """paddle.vision.ops.yolo_box / roi_align on eager tensors, against the
    numerics references (checked equal to Paddle 3.3.1's)."""
    from numerics import references as R
    rng = np.random.default_rng(5)
    head = rng.uniform(-2, 2, (1, 14, 3, 4)).astype(np.float32)
    img = np.array([[48, 64]], np.int32)
    boxes, scores = paddle.vision.ops.yolo_box(paddle.to_tensor(head), paddle.to_tensor(img),
                                               [10, 13, 16, 30], 2, 0.3, 16)
    want_boxes, want_scores = R.yolo_box(head, img, [10, 13, 16, 30], 2, 0.3, 16)
    np.testing.assert_allclose(boxes.numpy(), want_boxes, rtol=2e-5, atol=1e-4)
    np.testing.assert_allclose(scores.numpy(), want_scores, rtol=2e-5, atol=1e-6)
    x = rng.standard_normal((2, 3, 6, 6)).astype(np.float32)
    rois = np.array([[0.5, 1.0, 4.0, 5.5], [1.0, 0.0, 3.0, 2.0], [2.0, 2.0, 5.0, 5.0]], np.float32)
    num = np.array([1, 2], np.int32)
    got = paddle.vision.ops.roi_align(paddle.to_tensor(x), paddle.to_tensor(rois),
                                      paddle.to_tensor(num), (2, 2), spatial_scale=1.0)
    np.testing.assert_allclose(got.numpy(), R.roi_align(x, rois, num, 2, 2, 1.0, -1, True),
                               rtol=1e-5, atol=1e-6)
