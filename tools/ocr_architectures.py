"""PaddleOCR's PP-OCRv3 and PP-OCRv4 mobile text detection and recognition
networks for the model corpus (tools/export_corpus.py).

Written here after PaddleOCR's ppocr/modeling (its sources are not on PyPI,
so there is no wheel to unpack as for PaddleClas or PaddleDetection): the
same layers, channel counts, activations, parameter shapes and inference
paths, so that `paddle.jit.save` writes the ops PaddleOCR's own
tools/export_model.py writes. Each network follows one PaddleOCR config:

- ppocr_v3_det: configs/det/PP-OCRv3/PP-OCRv3_mobile_det.yml (the
  ch_PP-OCRv3_det student): MobileNetV3 large x0.5 (detection variant,
  disable_se), RSEFPN (96 channels, shortcut), DBHead (k 50).
- ppocr_v4_det: configs/det/PP-OCRv4/PP-OCRv4_mobile_det.yml: PPLCNetV3 x0.75
  (det), RSEFPN (96, shortcut), DBHead (k 50).
- ppocr_v3_rec: configs/rec/PP-OCRv3/ch_PP-OCRv3_rec.yml: MobileNetV1Enhance
  x0.5 (last conv stride [1, 2], average pool), MultiHead's CTC branch: the
  SVTR sequence encoder (dims 64, depth 2, hidden 120, use_guide) and
  CTCHead.
- ppocr_v4_rec: configs/rec/PP-OCRv4/ch_PP-OCRv4_rec.yml: PPLCNetV3 x0.95,
  MultiHead's CTC branch: SVTR encoder (dims 120, depth 2, hidden 120,
  kernel [1, 3], use_guide) and CTCHead.

Inference outputs as PaddleOCR exports them: DBHead's sigmoid shrink map;
the CTC head's softmax (MultiHead's NRTR/SAR branch serves training only and
is left out). PPLCNetV3's reparameterizable layers keep their training-time
branches (PaddleOCR's export fuses them only where a config asks).
"""

from __future__ import annotations

import paddle
import paddle.nn.functional as F
from paddle import nn


def divisible(v: float, divisor: int) -> int:
    """PaddleOCR's make_divisible: v rounded to a multiple of divisor, never
    below divisor nor more than 10% below v."""
    out = max(divisor, int(v + divisor / 2) // divisor * divisor)
    return out + divisor if out < 0.9 * v else out


def _conv(cin, cout, k, stride=1, groups=1, padding=None, bias=False):
    if padding is None:
        padding = (k - 1) // 2 if isinstance(k, int) else [(i - 1) // 2 for i in k]
    return nn.Conv2D(cin, cout, k, stride=stride, padding=padding, groups=groups,
                     bias_attr=None if bias else False)


class SE(nn.Layer):
    """Squeeze-and-excitation: global average, 1x1 conv to c/4, ReLU, 1x1
    conv back, hard sigmoid (PaddleOCR's detection SE: slope 0.2; the
    recognition backbones': Paddle's default 1/6), channel scale."""

    def __init__(self, c, slope=None):
        super().__init__()
        self.pool = nn.AdaptiveAvgPool2D(1)
        self.conv1 = nn.Conv2D(c, c // 4, 1)
        self.conv2 = nn.Conv2D(c // 4, c, 1)
        self.slope = slope

    def forward(self, x):
        w = self.conv2(F.relu(self.conv1(self.pool(x))))
        w = F.hardsigmoid(w) if self.slope is None else F.hardsigmoid(w, self.slope, 0.5)
        return x * w


# --- detection: MobileNetV3 (det_mobilenet_v3.py) ---------------------------

class ConvBNAct(nn.Layer):
    """Conv (no bias), legacy nn.BatchNorm, then relu / hardswish / nothing."""

    def __init__(self, cin, cout, k, stride=1, groups=1, act=None):
        super().__init__()
        self.conv = _conv(cin, cout, k, stride, groups)
        self.bn = nn.BatchNorm(cout)
        self.act = act

    def forward(self, x):
        x = self.bn(self.conv(x))
        if self.act == "relu":
            return F.relu(x)
        return F.hardswish(x) if self.act == "hardswish" else x


class InvertedResidual(nn.Layer):
    def __init__(self, cin, mid, cout, k, stride, se, act):
        super().__init__()
        self.expand = ConvBNAct(cin, mid, 1, act=act)
        self.dw = ConvBNAct(mid, mid, k, stride, groups=mid, act=act)
        self.se = SE(mid, slope=0.2) if se else None
        self.project = ConvBNAct(mid, cout, 1)
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = self.dw(self.expand(x))
        if self.se is not None:
            y = self.se(y)
        y = self.project(y)
        return paddle.add(x, y) if self.residual else y


# MobileNetV3-Large: kernel, expansion, out channels, SE, activation, stride.
_MV3_LARGE = [
    (3, 16, 16, False, "relu", 1), (3, 64, 24, False, "relu", 2),
    (3, 72, 24, False, "relu", 1), (5, 72, 40, True, "relu", 2),
    (5, 120, 40, True, "relu", 1), (5, 120, 40, True, "relu", 1),
    (3, 240, 80, False, "hardswish", 2), (3, 200, 80, False, "hardswish", 1),
    (3, 184, 80, False, "hardswish", 1), (3, 184, 80, False, "hardswish", 1),
    (3, 480, 112, True, "hardswish", 1), (3, 672, 112, True, "hardswish", 1),
    (5, 672, 160, True, "hardswish", 2), (5, 960, 160, True, "hardswish", 1),
    (5, 960, 160, True, "hardswish", 1),
]


class MobileNetV3Det(nn.Layer):
    """MobileNetV3-Large for DB: four stages ending at strides 4, 8, 16 and
    32 (a new stage at each stride-2 block after the third), the last closed
    by a 1x1 conv to 960 * scale channels."""

    def __init__(self, scale=0.5, disable_se=True):
        super().__init__()
        c = divisible(16 * scale, 8)
        self.conv = ConvBNAct(3, c, 3, stride=2, act="hardswish")
        stages, blocks, self.out_channels = [], [], []
        for i, (k, exp, out, se, act, s) in enumerate(_MV3_LARGE):
            if s == 2 and i > 2:
                stages.append(nn.Sequential(*blocks))
                self.out_channels.append(c)
                blocks = []
            blocks.append(InvertedResidual(c, divisible(scale * exp, 8), divisible(scale * out, 8),
                                           k, s, se and not disable_se, act))
            c = divisible(scale * out, 8)
        last = divisible(scale * 960, 8)
        blocks.append(ConvBNAct(c, last, 1, act="hardswish"))
        stages.append(nn.Sequential(*blocks))
        self.out_channels.append(last)
        self.stages = nn.LayerList(stages)

    def forward(self, x):
        x = self.conv(x)
        feats = []
        for stage in self.stages:
            x = stage(x)
            feats.append(x)
        return feats


# --- PPLCNetV3 (rec_lcnetv3.py), detection and recognition ----------------

class Affine(nn.Layer):
    """LearnableAffineBlock: one learned scale and one learned bias."""

    def __init__(self):
        super().__init__()
        self.scale = self.create_parameter([1], default_initializer=nn.initializer.Constant(1.0))
        self.bias = self.create_parameter([1], default_initializer=nn.initializer.Constant(0.0))

    def forward(self, x):
        return self.scale * x + self.bias


class ConvBN(nn.Layer):
    def __init__(self, cin, cout, k, stride=1, groups=1):
        super().__init__()
        self.conv = _conv(cin, cout, k, stride, groups)
        self.bn = nn.BatchNorm2D(cout)

    def forward(self, x):
        return self.bn(self.conv(x))


class RepLayer(nn.Layer):
    """LearnableRepLayer in its training form: the sum of `branches` kxk
    conv-BNs, a 1x1 conv-BN (k > 1) and a BN of the input (same shape), an
    affine, then hardswish and an affine unless the stride is 2."""

    def __init__(self, cin, cout, k, stride=1, groups=1, branches=4):
        super().__init__()
        self.identity = nn.BatchNorm2D(cin) if cin == cout and stride == 1 else None
        self.kxk = nn.LayerList([ConvBN(cin, cout, k, stride, groups) for _ in range(branches)])
        self.one = ConvBN(cin, cout, 1, stride, groups) if k > 1 else None
        self.lab = Affine()
        self.stride = stride
        self.act = nn.Hardswish()
        self.act_lab = Affine()

    def forward(self, x):
        out = 0
        if self.identity is not None:
            out += self.identity(x)
        if self.one is not None:
            out += self.one(x)
        for conv in self.kxk:
            out += conv(x)
        out = self.lab(out)
        if self.stride != 2:
            out = self.act_lab(self.act(out))
        return out


class LCNetV3Block(nn.Layer):
    def __init__(self, cin, cout, k, stride, se):
        super().__init__()
        self.dw = RepLayer(cin, cin, k, stride, groups=cin)
        self.se = SE(cin) if se else None
        self.pw = RepLayer(cin, cout, 1)

    def forward(self, x):
        x = self.dw(x)
        if self.se is not None:
            x = self.se(x)
        return self.pw(x)


# Stages blocks2..blocks6: (kernel, in, out, stride, SE) per block; the
# recognition variant keeps the width (strides (2, 1), one (1, 2)).
def _lcnetv3_stages(det: bool):
    s2 = 2 if det else (2, 1)
    return [
        [(3, 16, 32, 1, False)],
        [(3, 32, 64, 2 if det else 1, False), (3, 64, 64, 1, False)],
        [(3, 64, 128, s2, False), (3, 128, 128, 1, False)],
        [(3, 128, 256, 2 if det else (1, 2), False)] + [(5, 256, 256, 1, False)] * 4,
        [(5, 256, 512, s2, True), (5, 512, 512, 1, True),
         (5, 512, 512, 1 if det else (2, 1), False), (5, 512, 512, 1, False)],
    ]


class PPLCNetV3(nn.Layer):
    """PP-LCNetV3: a stride-2 conv-BN stem and five stages of LCNetV3Block.
    det: the outputs of the last four stages, each through a 1x1 conv (with
    bias) to [16, 24, 56, 480] * scale channels. Recognition: the last stage
    average-pooled by [3, 2] (in training, adaptively to 1 x 40)."""

    def __init__(self, scale=1.0, det=False):
        super().__init__()
        self.det = det
        self.conv1 = ConvBN(3, divisible(16 * scale, 16), 3, stride=2)
        stages, widths = [], []
        for cfg in _lcnetv3_stages(det):
            stages.append(nn.Sequential(*[
                LCNetV3Block(divisible(cin * scale, 16), divisible(cout * scale, 16), k, s, se)
                for k, cin, cout, s, se in cfg]))
            widths.append(divisible(cfg[-1][2] * scale, 16))
        self.stages = nn.LayerList(stages)
        if det:
            outs = [int(c * scale) for c in (16, 24, 56, 480)]
            self.lateral = nn.LayerList([nn.Conv2D(cin, cout, 1)
                                         for cin, cout in zip(widths[1:], outs)])
            self.out_channels = outs
        else:
            self.out_channels = widths[-1]

    def forward(self, x):
        x = self.stages[0](self.conv1(x))
        feats = []
        for stage in self.stages[1:]:
            x = stage(x)
            feats.append(x)
        if self.det:
            return [conv(f) for conv, f in zip(self.lateral, feats)]
        if self.training:
            return F.adaptive_avg_pool2d(x, [1, 40])
        return F.avg_pool2d(x, [3, 2])


# --- RSEFPN (necks/db_fpn.py) and DBHead (heads/det_db_head.py) -------------

class RSELayer(nn.Layer):
    def __init__(self, cin, cout, k, shortcut=True):
        super().__init__()
        self.conv = _conv(cin, cout, k, padding=k // 2)
        self.se = SE(cout, slope=0.2)
        self.shortcut = shortcut

    def forward(self, x):
        x = self.conv(x)
        return x + self.se(x) if self.shortcut else self.se(x)


class RSEFPN(nn.Layer):
    """Top-down FPN of RSE layers: each input to `c` channels (1x1), summed
    with the nearest-upsampled coarser level, each level to c/4 channels
    (3x3), upsampled to 1/4 and concatenated, coarsest first."""

    def __init__(self, in_channels, c=96, shortcut=True):
        super().__init__()
        self.lateral = nn.LayerList([RSELayer(i, c, 1, shortcut) for i in in_channels])
        self.smooth = nn.LayerList([RSELayer(c, c // 4, 3, shortcut) for _ in in_channels])
        self.out_channels = c

    def forward(self, feats):
        lat = [conv(f) for conv, f in zip(self.lateral, feats)]
        merged = [lat[3]]
        for level in (2, 1, 0):
            up = F.upsample(merged[-1], scale_factor=2, mode="nearest", align_mode=1)
            merged.append(lat[level] + up)
        # merged: 1/32, 1/16, 1/8, 1/4.
        outs = []
        for i, m in enumerate(merged):
            p = self.smooth[3 - i](m)
            if i < 3:
                p = F.upsample(p, scale_factor=2 ** (3 - i), mode="nearest", align_mode=1)
            outs.append(p)
        return paddle.concat(outs, axis=1)


class DBMap(nn.Layer):
    """One DB branch: 3x3 conv to c/4, BN-ReLU, 2x2 stride-2 transposed
    conv, BN-ReLU, 2x2 stride-2 transposed conv to one channel, sigmoid."""

    def __init__(self, c):
        super().__init__()
        q = c // 4
        self.conv1 = nn.Conv2D(c, q, 3, padding=1, bias_attr=False)
        self.bn1 = nn.BatchNorm(q, act="relu")
        self.up1 = nn.Conv2DTranspose(q, q, 2, stride=2)
        self.bn2 = nn.BatchNorm(q, act="relu")
        self.up2 = nn.Conv2DTranspose(q, 1, 2, stride=2)

    def forward(self, x):
        return F.sigmoid(self.up2(self.bn2(self.up1(self.bn1(self.conv1(x))))))


class DBHead(nn.Layer):
    """Differentiable binarization: the shrink map in inference; in training
    also the threshold map and their step function exp(-k (P - T))."""

    def __init__(self, c, k=50):
        super().__init__()
        self.k = k
        self.binarize = DBMap(c)
        self.thresh = DBMap(c)

    def forward(self, x):
        shrink = self.binarize(x)
        if not self.training:
            return {"maps": shrink}
        thresh = self.thresh(x)
        binary = paddle.reciprocal(1 + paddle.exp(-self.k * (shrink - thresh)))
        return {"maps": paddle.concat([shrink, thresh, binary], axis=1)}


class DBNet(nn.Layer):
    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone
        self.neck = RSEFPN(backbone.out_channels, 96, shortcut=True)
        self.head = DBHead(96, k=50)

    def forward(self, x):
        return self.head(self.neck(self.backbone(x)))["maps"]


# --- recognition: MobileNetV1Enhance (rec_mv1_enhance.py) -------------------

class ConvBNHS(nn.Layer):
    """Conv (no bias) and legacy nn.BatchNorm with its hard_swish."""

    def __init__(self, cin, cout, k, stride=1, groups=1, padding=None):
        super().__init__()
        self.conv = _conv(cin, cout, k, stride, groups, padding)
        self.bn = nn.BatchNorm(cout, act="hard_swish")

    def forward(self, x):
        return self.bn(self.conv(x))


class DepthwiseSeparable(nn.Layer):
    def __init__(self, cin, mid, cout, stride, k=3, se=False):
        super().__init__()
        self.dw = ConvBNHS(cin, mid, k, stride, groups=mid, padding=k // 2)
        self.se = SE(mid) if se else None
        self.pw = ConvBNHS(mid, cout, 1, padding=0)

    def forward(self, x):
        x = self.dw(x)
        if self.se is not None:
            x = self.se(x)
        return self.pw(x)


class MobileNetV1Enhance(nn.Layer):
    """MobileNetV1 with 5x5 depthwise convs and SE in its last two blocks;
    height halved by a stride-2 stem and three (2, 1) strides, the last
    block's stride and the final pool (avg [3, 2] here) as configured."""

    def __init__(self, scale=0.5, last_conv_stride=(1, 2), pool_kernel=(3, 2)):
        super().__init__()
        # (in, depthwise width, out, stride, kernel, SE), before scaling.
        cfg = [(32, 32, 64, 1, 3, False), (64, 64, 128, 1, 3, False),
               (128, 128, 128, 1, 3, False), (128, 128, 256, (2, 1), 3, False),
               (256, 256, 256, 1, 3, False), (256, 256, 512, (2, 1), 3, False)]
        cfg += [(512, 512, 512, 1, 5, False)] * 5
        cfg += [(512, 512, 1024, (2, 1), 5, True),
                (1024, 1024, 1024, list(last_conv_stride), 5, True)]
        self.conv1 = ConvBNHS(3, int(32 * scale), 3, stride=2, padding=1)
        self.blocks = nn.Sequential(*[
            DepthwiseSeparable(int(cin * scale), int(mid * scale), int(cout * scale), s, k, se)
            for cin, mid, cout, s, k, se in cfg])
        self.pool = nn.AvgPool2D(list(pool_kernel), stride=list(pool_kernel), padding=0)
        self.out_channels = int(1024 * scale)

    def forward(self, x):
        return self.pool(self.blocks(self.conv1(x)))


# --- SVTR sequence encoder (necks/rnn.py, backbones/rec_svtrnet.py), CTC ---

class ConvBNSwish(nn.Layer):
    def __init__(self, cin, cout, k=1, padding=0):
        super().__init__()
        self.conv = nn.Conv2D(cin, cout, k, padding=padding, bias_attr=False)
        self.norm = nn.BatchNorm2D(cout)
        self.act = nn.Swish()

    def forward(self, x):
        return self.act(self.norm(self.conv(x)))


class Attention(nn.Layer):
    """Global multi-head self-attention (qkv with bias, q scaled)."""

    def __init__(self, dim, heads=8, drop=0.1):
        super().__init__()
        self.heads, self.dim = heads, dim
        self.head_dim = dim // heads
        self.scale = self.head_dim ** -0.5
        self.qkv = nn.Linear(dim, 3 * dim)
        self.attn_drop = nn.Dropout(drop)
        self.proj = nn.Linear(dim, dim)
        self.proj_drop = nn.Dropout(drop)

    def forward(self, x):
        qkv = self.qkv(x).reshape((0, -1, 3, self.heads, self.head_dim)).transpose((2, 0, 3, 1, 4))
        q, k, v = qkv[0] * self.scale, qkv[1], qkv[2]
        attn = self.attn_drop(F.softmax(q.matmul(k.transpose((0, 1, 3, 2))), axis=-1))
        x = attn.matmul(v).transpose((0, 2, 1, 3)).reshape((0, -1, self.dim))
        return self.proj_drop(self.proj(x))


class SVTRBlock(nn.Layer):
    """Pre-LayerNorm block (PaddleOCR's prenorm=False): x + attn(LN(x)),
    then x + MLP(LN(x)); the MLP of Swish, ratio 2; LayerNorm eps 1e-5."""

    def __init__(self, dim, heads=8, mlp_ratio=2.0, drop=0.1):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, epsilon=1e-5)
        self.mixer = Attention(dim, heads, drop)
        self.norm2 = nn.LayerNorm(dim, epsilon=1e-5)
        hidden = int(dim * mlp_ratio)
        self.fc1 = nn.Linear(dim, hidden)
        self.act = nn.Swish()
        self.fc2 = nn.Linear(hidden, dim)
        self.drop = nn.Dropout(drop)

    def forward(self, x):
        x = x + self.mixer(self.norm1(x))
        y = self.drop(self.act(self.fc1(self.norm2(x))))
        return x + self.drop(self.fc2(y))


class SVTREncoder(nn.Layer):
    """EncoderWithSVTR then Im2Seq: conv (c/8, `kernel`) and 1x1 conv to
    `hidden`, `depth` global SVTR blocks over the H*W tokens, LayerNorm, 1x1
    conv back to c, concatenated with the (guided, gradient-stopped) input,
    conv (c/8, `kernel`), 1x1 conv to `dims`; then (N, W, dims)."""

    def __init__(self, c, dims=64, depth=2, hidden=120, kernel=(3, 3), use_guide=True):
        super().__init__()
        pad = [kernel[0] // 2, kernel[1] // 2]
        self.use_guide = use_guide
        self.conv1 = ConvBNSwish(c, c // 8, list(kernel), pad)
        self.conv2 = ConvBNSwish(c // 8, hidden)
        self.blocks = nn.LayerList([SVTRBlock(hidden) for _ in range(depth)])
        self.norm = nn.LayerNorm(hidden, epsilon=1e-6)
        self.conv3 = ConvBNSwish(hidden, c)
        self.conv4 = ConvBNSwish(2 * c, c // 8, list(kernel), pad)
        self.conv1x1 = ConvBNSwish(c // 8, dims)
        self.out_channels = dims

    def forward(self, x):
        if self.use_guide:
            z = x.clone()
            z.stop_gradient = True
        else:
            z = x
        h = z
        z = self.conv2(self.conv1(z))
        _, C, H, W = z.shape
        z = z.flatten(2).transpose([0, 2, 1])
        for blk in self.blocks:
            z = blk(z)
        z = self.norm(z).reshape([0, H, W, C]).transpose([0, 3, 1, 2])
        z = paddle.concat((h, self.conv3(z)), axis=1)
        z = self.conv1x1(self.conv4(z))
        return z.squeeze(axis=2).transpose([0, 2, 1])


class CTCHead(nn.Layer):
    def __init__(self, c, classes):
        super().__init__()
        self.fc = nn.Linear(c, classes)

    def forward(self, x):
        y = self.fc(x)
        return y if self.training else F.softmax(y, axis=2)


class CRNN(nn.Layer):
    def __init__(self, backbone, classes, **svtr):
        super().__init__()
        self.backbone = backbone
        self.neck = SVTREncoder(backbone.out_channels, **svtr)
        self.head = CTCHead(self.neck.out_channels, classes)

    def forward(self, x):
        return self.head(self.neck(self.backbone(x)))


def ppocr_v3_det():
    return DBNet(MobileNetV3Det(scale=0.5, disable_se=True))


def ppocr_v4_det():
    return DBNet(PPLCNetV3(scale=0.75, det=True))


def ppocr_v3_rec(classes=97):
    return CRNN(MobileNetV1Enhance(scale=0.5, last_conv_stride=(1, 2)), classes,
                dims=64, depth=2, hidden=120, use_guide=True)


def ppocr_v4_rec(classes=97):
    return CRNN(PPLCNetV3(scale=0.95), classes, dims=120, depth=2, hidden=120, kernel=(1, 3),
                use_guide=True)
