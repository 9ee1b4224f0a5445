#!/usr/bin/env python3
"""Exports the small real-Paddle models the frontend tests import.

Needs PaddlePaddle 3.3.1 (CPU) in its own virtual environment, never in
paddle-mlir's .venv:

    python3.11 -m venv /tmp/paddle-venv
    /tmp/paddle-venv/bin/pip install paddlepaddle==3.3.1 numpy
    /tmp/paddle-venv/bin/python tools/make_paddle_fixtures.py [OUT_DIR [NAME...]]

For each model NAME (default: all of MODELS) it writes into OUT_DIR (default
test/fixtures/paddle):

- NAME.json, NAME.pdiparams: `paddle.jit.save` of the model in eval mode;
- NAME.io.npz: the fixed random inputs (`in/<feed name>`), Paddle's outputs
  (`out/<fetch index>`, by fetch column) from the saved model run by
  `paddle.jit.load`, every parameter's value (`param/<name>`), and the feed
  and fetch names Paddle's inference predictor reports (`meta/feeds`,
  `meta/fetches`), so tests can check the importer's weights and names and,
  later, execution without Paddle.

The models are tiny (the whole directory stays well under 1 MB) and seeded,
so the files are reproducible up to Paddle's own nondeterminism.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np

os.environ.setdefault("GLOG_minloglevel", "2")

import paddle  # noqa: E402
import paddle.inference as paddle_infer  # noqa: E402
import paddle.nn as nn  # noqa: E402
import paddle.nn.functional as F  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / "test" / "fixtures" / "paddle"


class MLP(nn.Layer):
    """Linear-ReLU-Linear-Softmax."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.fc2 = nn.Linear(16, 4)

    def forward(self, x):
        return F.softmax(self.fc2(F.relu(self.fc1(x))), axis=-1)


class CNN(nn.Layer):
    """Conv2D-BatchNorm2D-ReLU-MaxPool2D-Flatten-Linear."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2D(3, 4, 3, padding=1)
        self.bn = nn.BatchNorm2D(4)
        self.pool = nn.MaxPool2D(2, 2)
        self.flatten = nn.Flatten()
        self.fc = nn.Linear(4 * 4 * 4, 5)

    def forward(self, x):
        return self.fc(self.flatten(self.pool(F.relu(self.bn(self.conv(x))))))


class ResidualBlock(nn.Layer):
    """conv-bn-relu-conv-bn, plus the input, relu (a ResNet basic block)."""

    def __init__(self, c=4):
        super().__init__()
        self.conv1 = nn.Conv2D(c, c, 3, padding=1, bias_attr=False)
        self.bn1 = nn.BatchNorm2D(c)
        self.conv2 = nn.Conv2D(c, c, 3, padding=1, bias_attr=False)
        self.bn2 = nn.BatchNorm2D(c)

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return F.relu(y + x)


class Encoder(nn.Layer):
    """One transformer encoder layer: d_model 16, 2 heads, ffn 32."""

    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0)

    def forward(self, x):
        return self.layer(x)


class LayerNormGelu(nn.Layer):
    """LayerNorm-Linear-GELU-Linear: a classifier head."""

    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(12)
        self.fc1 = nn.Linear(12, 24)
        self.fc2 = nn.Linear(24, 3)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(self.norm(x))))


class ShapeOps(nn.Layer):
    """reshape with 0/-1, transpose, concat, split, slice; two outputs."""

    def forward(self, x):                        # [N, 4, 6]
        y = paddle.reshape(x, [0, -1, 3])        # [N, 8, 3]
        y = paddle.transpose(y, [0, 2, 1])       # [N, 3, 8]
        z = paddle.concat([y, y * 2.0], axis=1)  # [N, 6, 8]
        a, b = paddle.split(z, [2, 4], axis=1)   # [N, 2, 8], [N, 4, 8]
        c = b[:, 1:3, 2:6]                       # [N, 2, 4]
        return a + 1.0, paddle.flatten(c, 1)     # [N, 2, 8], [N, 8]


class ShapeExpand(nn.Layer):
    """GPT-2's position ids: an arange of the sequence length read from the
    input's shape, expanded to its batch (pd.shape64, slice, stack, expand
    on a dynamic batch), through an embedding, added to the input."""

    def __init__(self):
        super().__init__()
        self.pos = nn.Embedding(8, 4)

    def forward(self, x):                        # [N, 8, 4]
        shape = paddle.shape(x)
        ids = paddle.arange(shape[1], dtype="int64").unsqueeze(0)
        ids = ids.expand([shape[0], shape[1]])   # [N, 8]
        return x + self.pos(ids)


class StaticCond(nn.Layer):
    """paddle.static.nn.cond with two results: one pd_op.if whose branches
    use the layer's output and the feed (values of the enclosing block)."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):                        # [N, 4]
        y = self.fc(x)
        return paddle.static.nn.cond(paddle.mean(y) > 0,
                                     lambda: (y * 2.0, y + x),
                                     lambda: (paddle.tanh(y), y - x))


class StaticWhileLoop(nn.Layer):
    """paddle.static.nn.while_loop: s = tanh(fc(s)) + x, three times; the
    body reads the parameters, the feed and the loop bound from outside.
    (s starts as tanh(x), not x: eager while_loop writes each step's values
    into the loop_vars tensors in place, so the body's x would change too.)"""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):                        # [N, 4]
        i = paddle.full([1], 0, "int64")
        n = paddle.full([1], 3, "int64")

        def cond(i, s):
            return i < n

        def body(i, s):
            return [i + 1, paddle.tanh(self.fc(s)) + x]

        i, s = paddle.static.nn.while_loop(cond, body, [i, paddle.tanh(x)])
        return s, i


class Dy2StaticControlFlow(nn.Layer):
    """Python `if` and `while` on tensors, converted by paddle.jit.to_static
    (which paddle.jit.save applies): a pd_op.if, then a pd_op.while whose
    body holds another pd_op.if."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):                        # [N, 4]
        if paddle.mean(x) > 0:
            y = self.fc(x)
        else:
            y = x - 1.0
        i = paddle.zeros([1], "int64")
        while paddle.sum(paddle.abs(y)) < 40.0:
            if paddle.mean(y) > 0:
                y = y * 2.0
            else:
                y = y - 1.0
            i = i + 1
        return y, i


class Constants(nn.Layer):
    """paddle.to_tensor constants in forward (saved as pd_op.full +
    pd_op.assign_value_) and integer arithmetic on a cast input."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x):                        # [N, 3]
        c = paddle.to_tensor(np.array([[1.5, 2.0, -3.0]], "float32"))
        i = paddle.to_tensor(np.array([1, 2, 3], "int64"))
        return self.fc(x) + c, paddle.cast(x * 10.0, "int64") + i


class Losses(nn.Layer):
    """The loss ops: huber_loss, kldiv_loss, bce_loss, log_loss and
    sigmoid_cross_entropy_with_logits (with pos_weight); no weights."""

    def forward(self, x, y):                       # [N, 3] each
        p = F.sigmoid(y)                           # probabilities
        label = paddle.cast(x > 0, "float32")      # 0/1 labels
        pos_weight = paddle.to_tensor([1.5, 0.5, 2.0], "float32")
        return (F.smooth_l1_loss(x, y, reduction="none", delta=0.5),
                F.kl_div(x, F.softmax(y), reduction="sum"),
                F.binary_cross_entropy(p, label, reduction="none"),
                F.binary_cross_entropy_with_logits(y, label, reduction="sum",
                                                   pos_weight=pos_weight),
                F.log_loss(p[:, :1], label[:, :1]))


class SpecialFunctions(nn.Layer):
    """The modified Bessel functions (pd_op.i0, i0e, i1, i1e) over both of
    their Chebyshev ranges (|x| <= 8 and beyond: the inputs are scaled up),
    and pd_op.logspace (float32, and int64 with its truncations); no
    weights."""

    def forward(self, x):                          # [N, 6]
        return (paddle.i0(x * 4.0), paddle.i0e(x * 12.0), paddle.i1(x * 6.0),
                paddle.i1e(x * 15.0),
                paddle.logspace(-1.0, 2.5, 6, base=3.0) * x,
                paddle.logspace(0, 10, 7, base=2, dtype="int64"))


class FillDiagonalHinge(nn.Layer):
    """pd_op.fill_diagonal (wrapped on a tall matrix, a negative offset, and
    on int32) and pd_op.hinge_loss on 0/1 labels; no weights."""

    def forward(self, x, y):                       # [7, 5], [7, 1]
        labels = paddle.cast(y > 0, "float32")
        return (paddle._C_ops.fill_diagonal(x, -1.5, 0, True),
                paddle._C_ops.fill_diagonal(x * 2.0, 3.0, -2, False),
                paddle._C_ops.fill_diagonal(paddle.cast(x * 4.0, "int32"), 7.0, 1, True),
                paddle._C_ops.hinge_loss(y * 2.0, labels))


class EinsumBroadcast(nn.Layer):
    """pd_op.einsum (a projection, attention scores, a weight applied under
    "...", a trace and an implicit-output contraction) and
    pd_op.broadcast_tensors. (A size-1 dim broadcast against the dynamic
    batch is left out: Paddle's InferMeta records it as 1.)"""

    def __init__(self):
        super().__init__()
        self.proj = self.create_parameter([4, 6])
        self.mix = self.create_parameter([6, 3])

    def forward(self, x, y):                       # [N, 5, 4], [N, 5, 1]
        q = paddle.einsum("bsd,de->bse", x, self.proj)
        scores = paddle.einsum("bqe,bke->bqk", q, q)
        mixed = paddle.einsum("...se,ef->...sf", q, self.mix)
        trace = paddle.einsum("bii", scores)
        pooled = paddle.einsum("bsd,bs", x, y[:, :, 0])
        a, b = paddle.broadcast_tensors([x, y])
        return scores, mixed, trace, pooled, a * b


class PoolIndex(nn.Layer):
    """pd_op.max_pool2d_with_index (padded with ceil_mode, adaptive) and
    pd_op.unpool putting the maxima back (SegNet's decoder); no weights."""

    def forward(self, x):                          # [N, 3, 7, 9]
        pooled, mask = F.max_pool2d(x, 3, stride=2, padding=1, ceil_mode=True, return_mask=True)
        restored = F.max_unpool2d(pooled, mask, 3, stride=2, padding=1, output_size=[7, 9])
        adaptive, where = F.adaptive_max_pool2d(x, [2, 3], return_mask=True)
        return pooled, mask, restored, adaptive, where


class ScatterNd(nn.Layer):
    """pd_op.scatter_nd_add: rows added at a repeated and a negative
    position, and elements at computed positions; no weights."""

    def forward(self, x):                          # [N >= 3, 3, 5]
        rows = paddle.to_tensor([[1], [-1], [1]], dtype="int64")
        added = paddle.scatter_nd_add(x, rows, paddle.full([3, 3, 5], 0.5) * paddle.mean(x))
        cells = paddle.cast(paddle.stack([paddle.arange(3) + 1, 2 - paddle.arange(3)], axis=1), "int64")
        return added, paddle.scatter_nd_add(x, cells, x[0, :, :])


class DataDependent(nn.Layer):
    """Outputs whose size depends on the values: pd_op.nonzero of a
    thresholded input, pd_op.masked_select with a mask that broadcasts (a
    row of the input compared with 0 selects from every row), and
    pd_op.unique of the input rounded to a few levels (with its indices,
    inverse and counts, and without); no weights."""

    def forward(self, x):                          # [N, 5]
        positive = paddle.nonzero(x > 0.3)
        picked = paddle.masked_select(x * 2.0, x[:1, :] < 0.0)
        levels = paddle.cast(paddle.round(x * 2.0), "int64")
        values, first, inverse, counts = paddle.unique(
            levels, return_index=True, return_inverse=True, return_counts=True)
        return positive, picked, values, first, inverse, counts, paddle.unique(levels * 3)


class Recurrent(nn.Layer):
    """pd_op.rnn in each mode: a 2-layer bidirectional LSTM (its input
    transposed to time-major and its zero initial states made in the
    program), a GRU with an initial state computed from the input, and a
    simple RNN with relu, time-major."""

    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 5, num_layers=2, direction="bidirect")
        self.gru = nn.GRU(4, 3)
        self.rnn = nn.SimpleRNN(4, 2, activation="relu", time_major=True)

    def forward(self, x):                        # [N, 6, 4]
        y, (h, c) = self.lstm(x)
        g, hg = self.gru(x, paddle.tanh(x[:, :1, :3]).transpose([1, 0, 2]))
        r, hr = self.rnn(x.transpose([1, 0, 2]))
        return y, h, c, g, hg, r, hr


class YoloHead(nn.Layer):
    """A YOLOv3 head: a 1x1 convolution to 3 anchors x (5 + 2 classes)
    channels, decoded by vision.ops.yolo_box (pd_op.yolo_box) for images
    of 80x64 (img_size [N, 2] int32 made in the program)."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2D(4, 21, 1)

    def forward(self, x):                        # [N, 4, 5, 4]
        img = paddle.ones_like(x[:, :2, 0, 0], dtype="int32") * paddle.to_tensor([80, 64], "int32")
        return paddle.vision.ops.yolo_box(self.conv(x), img, [10, 13, 16, 30, 33, 23], 2, 0.3,
                                          16, clip_bbox=True, scale_x_y=1.05)


class RoiHead(nn.Layer):
    """A two-stage detector's box head: a convolution, vision.ops.roi_align
    (pd_op.roi_align) at 1/2 scale of 3 rois over 2 images (boxes_num [1, 2]
    made in the program), made from the boxes input as (x1, y1) <= (x2, y2)
    inside a 20x16 frame, and a linear layer. (Paddle 3.3.1's run hung on
    the raw random boxes of the input.)"""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2D(3, 4, 3, padding=1)
        self.fc = nn.Linear(4 * 2 * 2, 5)

    def forward(self, x, boxes):                 # [2, 3, 8, 10], [3, 4]
        num = paddle.to_tensor([1, 2], "int32")
        b = F.sigmoid(boxes) * paddle.to_tensor([20.0, 16.0, 20.0, 16.0])
        b = paddle.concat([paddle.minimum(b[:, :2], b[:, 2:]), paddle.maximum(b[:, :2], b[:, 2:])], 1)
        rois = paddle.vision.ops.roi_align(self.conv(x), b, num, 2, spatial_scale=0.5,
                                           sampling_ratio=-1, aligned=True)
        return self.fc(rois.flatten(1))


class NmsHead(nn.Layer):
    """PaddleDetection's post-processing: pd_op.multiclass_nms3 as its
    heads call it (_C_ops.multiclass_nms3) on decoded boxes (x1, y1) <= (x2,
    y2) in [0, 1] made from the input, and sigmoid class scores: 3 classes
    (0 the background), score threshold 0.3, the best 6 per class, IoU 0.45,
    the best 5 per image; rows, indices and counts per image."""

    def forward(self, x, logits):                # [2, 8, 4], [2, 3, 8]
        xy = F.sigmoid(x[:, :, :2]) * 0.6
        boxes = paddle.concat([xy, xy + 0.1 + 0.3 * F.sigmoid(x[:, :, 2:])], axis=2)
        out, index, num = paddle._C_ops.multiclass_nms3(boxes, F.sigmoid(logits), None, 0.3, 6, 5,
                                                        0.45, True, 1.0, 0)
        return out, index, num


class Statistics(nn.Layer):
    """Order statistics and friends as Paddle 3.3.1 exports them: median
    (avg over one axis; min with indices), nanmedian, mode (of rounded
    values: ties), histogram over a fixed range, nll_loss of log-softmax
    scores with weights and an ignored label, and slice assignment through
    a mask and through an index tensor (pd_op.index_put)."""

    def forward(self, x):                        # [N, 5, 6]
        med = paddle.median(x, axis=2)
        low, low_index = paddle.median(x, axis=1, mode="min")
        # NaN where x > 1.2 (0 / 0: a NaN attribute does not survive jit.save)
        zero = x - x
        nan = paddle.nanmedian(paddle.where(x > 1.2, zero / zero, x), axis=-1)
        mode, mode_index = paddle.mode(paddle.round(x * 2.0), axis=-1)
        hist = paddle.histogram(x, bins=6, min=-2, max=2)
        scores = F.log_softmax(x[:, :, 0], axis=-1)
        label = paddle.to_tensor([1, 4, -100, 0] * 8, "int64")[: x.shape[0]]
        loss = F.nll_loss(scores, label, weight=paddle.to_tensor([1.0, 2.0, 0.5, 1.0, 3.0]))
        y = x * 1.0
        y[x > 1.0] = 0.5
        z = x * 1.0
        z[paddle.to_tensor([0, 3])] = paddle.ones([6])
        return med, low, low_index, nan, mode, mode_index, hist, loss, y, z


class SsdHead(nn.Layer):
    """SSD's head: prior boxes of a feature map (pd_op.prior_box) and the
    convolution's offsets decoded against them (pd_op.box_coder), an
    lp_pool2d and a fold (MobileViT's col2im) of the feature map."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2D(4, 8 * 4, 1)  # 8 priors per cell

    def forward(self, x, image):                 # [N, 4, 3, 4], [N, 3, 24, 32]
        boxes, variances = paddle.vision.ops.prior_box(
            x, image, min_sizes=[8.0, 16.0], max_sizes=[12.0, 20.0], aspect_ratios=[2.0],
            variance=[0.1, 0.1, 0.2, 0.2], flip=True, clip=True)
        offsets = self.conv(x).transpose([0, 2, 3, 1]).reshape([0, -1, 4])
        decoded = paddle.vision.ops.box_coder(boxes.reshape([-1, 4]), variances.reshape([-1, 4]),
                                              offsets, "decode_center_size", True, 0)
        pooled = F.lp_pool2d(F.relu(x) + 0.1, 2.0, kernel_size=2, stride=1)
        cols = F.unfold(x, [2, 2], strides=1)
        folded = F.fold(cols, [3, 4], [2, 2], strides=1)
        return decoded, pooled, folded


# name -> (layer factory, [(feed name, InputSpec shape, concrete shape)])
MODELS = {
    "mlp": (MLP, [("x", [None, 8], [2, 8])]),
    "cnn": (CNN, [("image", [None, 3, 8, 8], [2, 3, 8, 8])]),
    "resblock": (ResidualBlock, [("x", [None, 4, 6, 6], [1, 4, 6, 6])]),
    "encoder": (Encoder, [("src", [None, 5, 16], [2, 5, 16])]),
    "ln_gelu": (LayerNormGelu, [("x", [None, 12], [3, 12])]),
    "shape_ops": (ShapeOps, [("x", [None, 4, 6], [2, 4, 6])]),
    # Control flow.
    "cond": (StaticCond, [("x", [None, 4], [2, 4])]),
    "while_loop": (StaticWhileLoop, [("x", [None, 4], [2, 4])]),
    "dy2static": (Dy2StaticControlFlow, [("x", [None, 4], [2, 4])]),
    "constants": (Constants, [("x", [None, 3], [2, 3])]),
    # Ops.
    "losses": (Losses, [("x", [None, 3], [4, 3]), ("y", [None, 3], [4, 3])]),
    "special_functions": (SpecialFunctions, [("x", [None, 6], [3, 6])]),
    "fill_diagonal_hinge": (FillDiagonalHinge, [("x", [None, 5], [7, 5]), ("y", [None, 1], [7, 1])]),
    "scatter_nd": (ScatterNd, [("x", [None, 3, 5], [4, 3, 5])]),
    "pool_index": (PoolIndex, [("x", [None, 3, 7, 9], [2, 3, 7, 9])]),
    "einsum_broadcast": (EinsumBroadcast, [("x", [None, 5, 4], [2, 5, 4]), ("y", [None, 5, 1], [2, 5, 1])]),
    "data_dependent": (DataDependent, [("x", [None, 5], [4, 5])]),
    "recurrent": (Recurrent, [("x", [None, 6, 4], [2, 6, 4])]),
    "yolo_head": (YoloHead, [("x", [None, 4, 5, 4], [2, 4, 5, 4])]),
    "roi_head": (RoiHead, [("x", [2, 3, 8, 10], [2, 3, 8, 10]), ("boxes", [3, 4], [3, 4])]),
    "nms_head": (NmsHead, [("x", [2, 8, 4], [2, 8, 4]), ("logits", [2, 3, 8], [2, 3, 8])]),
    "statistics": (Statistics, [("x", [None, 5, 6], [4, 5, 6])]),
    # Static batch: F.lp_pool2d's Python asserts on a dynamic one.
    "ssd_head": (SsdHead, [("x", [2, 4, 3, 4], [2, 4, 3, 4]),
                           ("image", [2, 3, 24, 32], [2, 3, 24, 32])]),
    # Shapes computed from a dynamic batch (GPT-2's position ids).
    "shape_expand": (ShapeExpand, [("x", [None, 8, 4], [3, 8, 4])]),
}


def _randomize_batch_norm_stats(layer: nn.Layer, rng: np.random.Generator) -> None:
    """Fresh BatchNorm running stats are 0/1, which would hide a mixed-up
    mean/variance; give them random values."""
    for sub in layer.sublayers(include_self=True):
        if isinstance(sub, nn.layer.norm._BatchNormBase):
            n = sub._mean.shape[0]
            sub._mean.set_value(rng.standard_normal(n).astype("float32") * 0.1)
            sub._variance.set_value(rng.uniform(0.5, 1.5, n).astype("float32"))


def _predict(prefix: str, inputs: dict):
    params = prefix + ".pdiparams"
    config = paddle_infer.Config(prefix + ".json", params if os.path.exists(params) else "")
    config.disable_mkldnn()
    config.disable_glog_info()
    predictor = paddle_infer.create_predictor(config)
    feed_names = list(predictor.get_input_names())
    for feed in feed_names:
        predictor.get_input_handle(feed).copy_from_cpu(inputs[feed])
    predictor.run()
    fetch_names = list(predictor.get_output_names())
    outs = [predictor.get_output_handle(n).copy_to_cpu() for n in fetch_names]
    return feed_names, fetch_names, outs


def export(name: str, out_dir: Path, seed: int) -> None:
    factory, feeds = MODELS[name]
    paddle.seed(seed)
    rng = np.random.default_rng(seed)
    with paddle.utils.unique_name.guard():  # names start at linear_0 per model
        layer = factory()
    _randomize_batch_norm_stats(layer, rng)
    layer.eval()
    prefix = str(out_dir / name)
    specs = [paddle.static.InputSpec(spec, "float32", feed) for feed, spec, _ in feeds]
    paddle.jit.save(layer, prefix, input_spec=specs)

    inputs = {feed: rng.standard_normal(shape).astype("float32") for feed, _, shape in feeds}
    loaded = paddle.jit.load(prefix)
    loaded.eval()
    outs = loaded(*[paddle.to_tensor(inputs[feed]) for feed, _, _ in feeds])
    if not isinstance(outs, (list, tuple)):
        outs = [outs]
    arrays = {f"in/{feed}": a for feed, a in inputs.items()}
    arrays.update({f"out/{i}": o.numpy() for i, o in enumerate(outs)})
    # The eager layer agrees with the saved program.
    eager = layer(*[paddle.to_tensor(inputs[feed]) for feed, _, _ in feeds])
    if not isinstance(eager, (list, tuple)):
        eager = [eager]
    for i, (o, e) in enumerate(zip(outs, eager)):
        np.testing.assert_allclose(o.numpy(), e.numpy(), rtol=1e-5, atol=1e-5,
                                   err_msg=f"{name}: output {i}")
    # (Not the buffers Paddle makes at run time, e.g. a recurrent layer's
    # dropout state: jit.save does not store them.)
    for p in list(layer.parameters()) + [b for b in layer.buffers() if b.persistable]:
        arrays[f"param/{p.name}"] = p.numpy()
    # The names (and outputs) of Paddle's inference predictor.
    feed_names, fetch_names, predicted = _predict(prefix, inputs)
    assert feed_names == [feed for feed, _, _ in feeds], (name, feed_names)
    for i, o in enumerate(predicted):
        np.testing.assert_allclose(o, arrays[f"out/{i}"], rtol=1e-5, atol=1e-5,
                                   err_msg=f"{name}: predictor output {i}")
    arrays["meta/feeds"] = np.array(feed_names)
    arrays["meta/fetches"] = np.array(fetch_names)
    np.savez(out_dir / f"{name}.io.npz", **arrays)
    print(f"{name}: {', '.join(f.name for f in sorted(out_dir.glob(name + '.*')))}")


def main(argv: list[str]) -> int:
    out_dir = Path(argv[1]) if len(argv) > 1 else DEFAULT_OUT
    names = argv[2:] or list(MODELS)
    unknown = [n for n in names if n not in MODELS]
    if unknown:
        print(f"unknown model(s) {', '.join(unknown)}; known: {', '.join(MODELS)}",
              file=sys.stderr)
        return 2
    out_dir.mkdir(parents=True, exist_ok=True)
    paddle.set_device("cpu")
    for seed, name in enumerate(MODELS):  # a model's seed is its index in MODELS
        if name in names:
            export(name, out_dir, seed)
    total = sum(f.stat().st_size for f in out_dir.iterdir() if f.is_file())
    print(f"total {total} bytes in {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
