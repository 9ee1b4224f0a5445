#!/usr/bin/env python3
"""Exports the real-architecture models of bench/models_real.py (random, seeded
weights). Runs in the benchmark venv (PaddlePaddle 3.3.1 + paddle2onnx), never
in paddle-mlir's .venv:

    BENCH_VENV/bin/python bench/real_export.py --models-dir DIR NAME [NAME...]
    BENCH_VENV/bin/python bench/real_export.py --list

For each NAME it writes into DIR:

- NAME.json, NAME.pdiparams: `paddle.jit.save` of the layer in eval mode, with
  static input shapes (the batch size is part of the name: resnet50_b8);
- NAME.onnx: paddle2onnx (opset 17) of that very NAME.json/.pdiparams, or
  NAME.onnx.err (one line) when paddle2onnx fails;
- NAME.io.npz: the inputs (`in/<feed>`), Paddle's outputs (`out/<i>`, by fetch
  index; from `paddle.jit.load` of the saved model), the feed and fetch names
  of Paddle's inference predictor (`meta/feeds`, `meta/fetches`), and a rough
  latency of Paddle's predictor (`meta/paddle_us`, a few runs, used only to
  choose how many runs the first timing makes);
- NAME.in.npz: the inputs keyed by feed name (what `paddle-mlir run/bench
  --input` reads).

NAME.io.npz is written last: a model whose .io.npz exists is complete.

Weights: every model is built right after `paddle.seed`/numpy seeding (the
seed is a CRC of the name), then BatchNorm statistics and affine parameters,
LayerNorm parameters and every bias (and ViT's cls token / position embedding)
get random values, so no op is a no-op; then the BatchNorm statistics are
set from one random batch and perturbed (calibrate_batch_norm), which keeps
outputs of moderate size as in a trained network.

Models written here in plain paddle.nn (PaddleClas/PaddleNLP are hard to
install beside Paddle 3.3.1): PP-LCNet x1.0 (after PaddleClas's
ppcls/arch/backbone/legendary_models/pp_lcnet.py), DeiT-tiny (after
PaddleClas's vision_transformer.py: patch 16, dim 192, depth 12, 3 heads, MLP
768), and a small BERT (4 layers, hidden 256, 4 heads, FFN 1024, vocab 30522,
sequence 128; token and position embeddings, post-norm encoder, pooler).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import zlib
from pathlib import Path

os.environ.setdefault("GLOG_minloglevel", "3")
os.environ.setdefault("FLAGS_print_ir", "0")

import numpy as np  # noqa: E402
import paddle  # noqa: E402
import paddle.nn as nn  # noqa: E402
import paddle.nn.functional as F  # noqa: E402


# -- PP-LCNet x1.0 (PaddleClas legendary_models/pp_lcnet.py) ---------------------------
# kernel, in, out, stride, SE
LCNET_CONFIG = {
    "blocks2": [[3, 16, 32, 1, False]],
    "blocks3": [[3, 32, 64, 2, False], [3, 64, 64, 1, False]],
    "blocks4": [[3, 64, 128, 2, False], [3, 128, 128, 1, False]],
    "blocks5": [[3, 128, 256, 2, False], [5, 256, 256, 1, False], [5, 256, 256, 1, False],
                [5, 256, 256, 1, False], [5, 256, 256, 1, False], [5, 256, 256, 1, False]],
    "blocks6": [[5, 256, 512, 2, True], [5, 512, 512, 1, True]],
}


def make_divisible(v, divisor=8, min_value=None):
    min_value = min_value or divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


class ConvBNLayer(nn.Layer):
    def __init__(self, num_channels, filter_size, num_filters, stride, num_groups=1):
        super().__init__()
        self.conv = nn.Conv2D(num_channels, num_filters, filter_size, stride=stride,
                              padding=(filter_size - 1) // 2, groups=num_groups,
                              bias_attr=False)
        self.bn = nn.BatchNorm2D(num_filters)
        self.hardswish = nn.Hardswish()

    def forward(self, x):
        return self.hardswish(self.bn(self.conv(x)))


class SEModule(nn.Layer):
    def __init__(self, channel, reduction=4):
        super().__init__()
        self.avg_pool = nn.AdaptiveAvgPool2D(1)
        self.conv1 = nn.Conv2D(channel, channel // reduction, 1)
        self.relu = nn.ReLU()
        self.conv2 = nn.Conv2D(channel // reduction, channel, 1)
        self.hardsigmoid = nn.Hardsigmoid()

    def forward(self, x):
        s = self.hardsigmoid(self.conv2(self.relu(self.conv1(self.avg_pool(x)))))
        return paddle.multiply(x, s)


class DepthwiseSeparable(nn.Layer):
    def __init__(self, num_channels, num_filters, stride, dw_size=3, use_se=False):
        super().__init__()
        self.dw_conv = ConvBNLayer(num_channels, dw_size, num_channels, stride,
                                   num_groups=num_channels)
        self.se = SEModule(num_channels) if use_se else None
        self.pw_conv = ConvBNLayer(num_channels, 1, num_filters, 1)

    def forward(self, x):
        x = self.dw_conv(x)
        if self.se is not None:
            x = self.se(x)
        return self.pw_conv(x)


class PPLCNet(nn.Layer):
    def __init__(self, scale=1.0, class_num=1000, class_expand=1280):
        super().__init__()
        self.conv1 = ConvBNLayer(3, 3, make_divisible(16 * scale), 2)
        blocks = []
        for key in ("blocks2", "blocks3", "blocks4", "blocks5", "blocks6"):
            blocks += [DepthwiseSeparable(make_divisible(i * scale), make_divisible(o * scale),
                                          s, dw_size=k, use_se=se)
                       for k, i, o, s, se in LCNET_CONFIG[key]]
        self.blocks = nn.Sequential(*blocks)
        self.avg_pool = nn.AdaptiveAvgPool2D(1)
        self.last_conv = nn.Conv2D(make_divisible(512 * scale), class_expand, 1, bias_attr=False)
        self.hardswish = nn.Hardswish()
        self.dropout = nn.Dropout(p=0.2, mode="downscale_in_infer")
        self.flatten = nn.Flatten(start_axis=1, stop_axis=-1)
        self.fc = nn.Linear(class_expand, class_num)

    def forward(self, x):
        x = self.blocks(self.conv1(x))
        x = self.dropout(self.hardswish(self.last_conv(self.avg_pool(x))))
        return self.fc(self.flatten(x))


# -- DeiT-tiny / ViT-Ti/16 (PaddleClas vision_transformer.py) ---------------------------
class Attention(nn.Layer):
    def __init__(self, dim, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.scale = (dim // num_heads) ** -0.5
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        n, c = x.shape[1], x.shape[2]
        qkv = self.qkv(x).reshape((-1, n, 3, self.num_heads, c // self.num_heads)).transpose(
            (2, 0, 3, 1, 4))
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = F.softmax(q.matmul(k.transpose((0, 1, 3, 2))) * self.scale, axis=-1)
        x = attn.matmul(v).transpose((0, 2, 1, 3)).reshape((-1, n, c))
        return self.proj(x)


class Block(nn.Layer):
    def __init__(self, dim, num_heads, mlp_ratio=4.0):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, epsilon=1e-6)
        self.attn = Attention(dim, num_heads)
        self.norm2 = nn.LayerNorm(dim, epsilon=1e-6)
        hidden = int(dim * mlp_ratio)
        self.fc1 = nn.Linear(dim, hidden)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.fc2(self.act(self.fc1(self.norm2(x))))


class VisionTransformer(nn.Layer):
    def __init__(self, img_size=224, patch_size=16, embed_dim=192, depth=12, num_heads=3,
                 mlp_ratio=4.0, class_num=1000):
        super().__init__()
        self.patch_embed = nn.Conv2D(3, embed_dim, patch_size, stride=patch_size)
        num_patches = (img_size // patch_size) ** 2
        self.cls_token = self.create_parameter([1, 1, embed_dim])
        self.pos_embed = self.create_parameter([1, num_patches + 1, embed_dim])
        self.blocks = nn.LayerList([Block(embed_dim, num_heads, mlp_ratio)
                                    for _ in range(depth)])
        self.norm = nn.LayerNorm(embed_dim, epsilon=1e-6)
        self.head = nn.Linear(embed_dim, class_num)

    def forward(self, x):
        b = x.shape[0]
        x = self.patch_embed(x).flatten(2).transpose((0, 2, 1))
        x = paddle.concat((self.cls_token.expand((b, -1, -1)), x), axis=1) + self.pos_embed
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x)[:, 0])


# -- a small BERT --------------------------------------------------------------------
class SmallBert(nn.Layer):
    def __init__(self, vocab=30522, hidden=256, layers=4, heads=4, ffn=1024, max_pos=512):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab, hidden)
        self.position_embeddings = nn.Embedding(max_pos, hidden)
        self.emb_norm = nn.LayerNorm(hidden, epsilon=1e-12)
        layer = nn.TransformerEncoderLayer(hidden, heads, ffn, dropout=0.0, activation="gelu",
                                           attn_dropout=0.0, act_dropout=0.0)
        self.encoder = nn.TransformerEncoder(layer, layers)
        self.pooler = nn.Linear(hidden, hidden)

    def forward(self, input_ids):
        positions = paddle.arange(0, input_ids.shape[1], dtype="int64").unsqueeze(0)
        x = self.emb_norm(self.word_embeddings(input_ids) + self.position_embeddings(positions))
        seq = self.encoder(x)
        pooled = paddle.tanh(self.pooler(seq[:, 0]))
        return seq, pooled


# -- the models ---------------------------------------------------------------------
def _vision(factory_name, **kwargs):
    def build():
        import paddle.vision.models as models
        return getattr(models, factory_name)(pretrained=False, **kwargs)
    return build


def _image(batch):
    return [("x", [batch, 3, 224, 224], "float32")]


# name -> (builder, [(feed, shape, dtype)], description)
MODELS = {
    "resnet18_b1": (_vision("resnet18"), _image(1), "ResNet-18 (paddle.vision), batch 1"),
    "resnet50_b1": (_vision("resnet50"), _image(1), "ResNet-50 (paddle.vision), batch 1"),
    "resnet50_b8": (_vision("resnet50"), _image(8), "ResNet-50 (paddle.vision), batch 8"),
    "mobilenetv2_b1": (_vision("mobilenet_v2"), _image(1), "MobileNetV2 (paddle.vision)"),
    "mobilenetv3l_b1": (_vision("mobilenet_v3_large"), _image(1),
                        "MobileNetV3-Large (paddle.vision)"),
    "densenet121_b1": (_vision("densenet121"), _image(1), "DenseNet-121 (paddle.vision)"),
    "pplcnet_b1": (PPLCNet, _image(1), "PP-LCNet x1.0 (written here after PaddleClas)"),
    "deit_tiny_b1": (VisionTransformer, _image(1),
                     "DeiT-tiny / ViT-Ti/16 (written here after PaddleClas)"),
    "bert_s128": (SmallBert, [("input_ids", [1, 128], "int64")],
                  "BERT, 4 layers, hidden 256, 4 heads, seq 128 (written here)"),
}

# Exported with a dynamic batch dim (InputSpec [None, ...]); the inputs and
# Paddle's outputs are at the batch given here. bench/dynamic_batch.py.
DYNAMIC_BATCH = {
    "resnet50_dyn": (_vision("resnet50"), _image(4), "ResNet-50 (paddle.vision), batch None"),
    "mobilenetv2_dyn": (_vision("mobilenet_v2"), _image(4), "MobileNetV2 (paddle.vision), batch None"),
    "bert_dyn": (SmallBert, [("input_ids", [4, 128], "int64")],
                 "BERT, 4 layers, hidden 256, 4 heads, seq 128, batch None"),
}


class ConvBNReLU(nn.Layer):
    """One convolution of ResNet-50 as paddle.vision builds it: Conv2D
    without bias, BatchNorm2D, ReLU."""

    def __init__(self, cin, cout, kernel, stride):
        super().__init__()
        self.conv = nn.Conv2D(cin, cout, kernel, stride=stride, padding=kernel // 2,
                              bias_attr=False)
        self.bn = nn.BatchNorm2D(cout)
        self.relu = nn.ReLU()

    def forward(self, x):
        return self.relu(self.bn(self.conv(x)))


def _conv_layer(cin, cout, kernel, stride, size, count):
    """name -> (builder, feeds, description, GFLOP, count) of a convolution that
    ResNet-50 has `count` times, at batch 1."""
    out = (size + 2 * (kernel // 2) - kernel) // stride + 1
    gflop = 2 * cin * cout * kernel * kernel * out * out / 1e9
    name = f"r50_{kernel}x{kernel}_{cin}to{cout}_{size}" + ("_s2" if stride == 2 else "")
    desc = (f"Conv2D {kernel}x{kernel}{'/2' if stride == 2 else ''} {cin}->{cout} on "
            f"{size}x{size} (-> {out}x{out}), BatchNorm, ReLU")
    return name, (lambda: ConvBNReLU(cin, cout, kernel, stride), _image_of(cin, size, 1),
                  desc, gflop, count)


def _image_of(channels, size, batch):
    return [("x", [batch, channels, size, size], "float32")]


# The distinct convolutions of ResNet-50 (paddle.vision: the stride of a
# bottleneck on its 3x3), batch 1: bench/models_real.py --set conv-layers
# times each alone next to ONNX Runtime (issue 11's per-layer target).
# (cin, cout, kernel, stride, input size, how many ResNet-50 has)
CONV_LAYERS = dict(_conv_layer(*c) for c in [
    (3, 64, 7, 2, 224, 1),
    (64, 64, 1, 1, 56, 1), (64, 64, 3, 1, 56, 3), (64, 256, 1, 1, 56, 4),
    (256, 64, 1, 1, 56, 2),
    (256, 128, 1, 1, 56, 1), (128, 128, 3, 2, 56, 1), (128, 512, 1, 1, 28, 4),
    (512, 128, 1, 1, 28, 3), (128, 128, 3, 1, 28, 3), (256, 512, 1, 2, 56, 1),
    (512, 256, 1, 1, 28, 1), (256, 256, 3, 2, 28, 1), (512, 1024, 1, 2, 28, 1),
    (256, 1024, 1, 1, 14, 6), (1024, 256, 1, 1, 14, 5), (256, 256, 3, 1, 14, 5),
    (1024, 512, 1, 1, 14, 1), (512, 512, 3, 2, 14, 1), (1024, 2048, 1, 2, 14, 1),
    (512, 2048, 1, 1, 7, 3), (2048, 512, 1, 1, 7, 2), (512, 512, 3, 1, 7, 2),
])
assert sum(v[4] for v in CONV_LAYERS.values()) == 53  # ResNet-50's convolutions
ALL_MODELS = {**MODELS, **DYNAMIC_BATCH, **{k: v[:3] for k, v in CONV_LAYERS.items()}}


# nn.BatchNorm (the old-style layer densenet uses) is no _BatchNormBase.
BATCH_NORMS = (nn.layer.norm._BatchNormBase, nn.BatchNorm)


def seed_of(name: str) -> int:
    return zlib.crc32(name.encode()) % (2 ** 31)


def randomize(layer: nn.Layer, rng: np.random.Generator) -> None:
    """Random BatchNorm statistics and affine parameters, LayerNorm parameters,
    biases, and any other parameter left all zeros or ones (cls tokens, ...)."""
    def put(t, values):
        t.set_value(values.astype(str(t.numpy().dtype)).reshape(t.shape))

    done = set()
    for sub in layer.sublayers(include_self=True):
        if isinstance(sub, BATCH_NORMS):
            n = sub._mean.shape[0]
            put(sub._mean, rng.standard_normal(n) * 0.1)
            put(sub._variance, rng.uniform(0.5, 1.5, n))
            put(sub.weight, rng.uniform(0.5, 1.5, n))
            put(sub.bias, rng.standard_normal(n) * 0.1)
            done.update({id(sub.weight), id(sub.bias)})
        elif isinstance(sub, nn.LayerNorm):
            n = int(np.prod(sub.weight.shape))
            put(sub.weight, rng.uniform(0.5, 1.5, n))
            put(sub.bias, rng.standard_normal(n) * 0.1)
            done.update({id(sub.weight), id(sub.bias)})
    for p in layer.parameters():
        if id(p) in done:
            continue
        v = p.numpy()
        if v.size and (np.all(v == 0) or np.all(v == 1)):
            put(p, rng.standard_normal(v.shape) * 0.02)


def calibrate_batch_norm(layer: nn.Layer, feeds: list, rng: np.random.Generator) -> None:
    """Sets BatchNorm running statistics to the batch statistics of one random
    input (as a trained network's roughly match its activations), then
    perturbs them: outputs stay of moderate size (a deep ResNet with arbitrary
    statistics reaches 1e5) while no BatchNorm is an identity."""
    bns = [s for s in layer.sublayers(include_self=True)
           if isinstance(s, BATCH_NORMS)]
    if not bns:
        return
    momenta = [bn._momentum for bn in bns]
    for bn in bns:
        bn._momentum = 0.0
    layer.train()
    with paddle.no_grad():
        layer(*[paddle.to_tensor(rng.standard_normal(shape).astype(dtype))
                for _, shape, dtype in feeds])
    layer.eval()
    for bn, m in zip(bns, momenta):
        bn._momentum = m
        var = bn._variance.numpy()
        n = var.shape[0]
        bn._mean.set_value((bn._mean.numpy() + rng.standard_normal(n) * 0.1 * np.sqrt(var))
                           .astype("float32"))
        bn._variance.set_value((var * rng.uniform(0.8, 1.25, n)).astype("float32"))
        assert np.all(bn._variance.numpy() > 0), "a BatchNorm variance is not positive"


def _predictor(prefix: str, inputs: dict, runs: int = 3):
    import paddle.inference as pi
    config = pi.Config(prefix + ".json", prefix + ".pdiparams")
    config.disable_gpu()
    config.disable_mkldnn()
    config.disable_glog_info()
    config.set_cpu_math_library_num_threads(2)
    predictor = pi.create_predictor(config)
    feeds = list(predictor.get_input_names())
    for feed in feeds:
        predictor.get_input_handle(feed).copy_from_cpu(inputs[feed])
    predictor.run()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        predictor.run()
        times.append(time.perf_counter() - t)
    fetches = list(predictor.get_output_names())
    outs = [predictor.get_output_handle(n).copy_to_cpu() for n in fetches]
    return feeds, fetches, outs, float(np.median(times) * 1e6)


def seeded_model(name: str, build, calibration_feeds: list):
    """(layer, rng): `build()` in eval mode with the random weights of
    `name`'s seed (randomize), its BatchNorm statistics calibrated on random
    inputs shaped as `calibration_feeds`; rng continues the seed's stream
    (for the inputs). tools/export_corpus.py builds its models so too."""
    seed = seed_of(name)
    paddle.seed(seed)
    np.random.seed(seed)
    rng = np.random.default_rng(seed)
    with paddle.utils.unique_name.guard():
        layer = build()
    randomize(layer, rng)
    calibrate_batch_norm(layer, calibration_feeds, rng)
    layer.eval()
    return layer, rng


def export(name: str, out_dir: Path) -> None:
    build, feeds, _ = ALL_MODELS[name]
    seed = seed_of(name)
    prefix = str(out_dir / name)
    t0 = time.perf_counter()
    layer, rng = seeded_model(name, build, feeds)
    specs = [paddle.static.InputSpec([None] + shape[1:] if name in DYNAMIC_BATCH else shape,
                                     dtype, feed) for feed, shape, dtype in feeds]
    paddle.jit.save(layer, prefix, input_spec=specs)

    inputs = {}
    for feed, shape, dtype in feeds:
        if dtype == "int64":  # token ids
            inputs[feed] = rng.integers(0, 30522, shape).astype("int64")
        else:
            inputs[feed] = rng.standard_normal(shape).astype(dtype)
    loaded = paddle.jit.load(prefix)
    loaded.eval()
    outs = loaded(*[paddle.to_tensor(inputs[feed]) for feed, _, _ in feeds])
    outs = [o.numpy() for o in (outs if isinstance(outs, (list, tuple)) else [outs])]
    eager = layer(*[paddle.to_tensor(inputs[feed]) for feed, _, _ in feeds])
    eager = [e.numpy() for e in (eager if isinstance(eager, (list, tuple)) else [eager])]
    for i, (o, e) in enumerate(zip(outs, eager)):
        err = float(np.max(np.abs(o - e)))
        if not np.allclose(o, e, rtol=1e-4, atol=1e-4):
            print(f"{name}: warning: output {i}: jit.load vs eager max error {err:.3g}",
                  file=sys.stderr)
    feed_names, fetch_names, predicted, paddle_us = _predictor(prefix, inputs)
    assert feed_names == [feed for feed, _, _ in feeds], (name, feed_names)
    for i, (o, p) in enumerate(zip(outs, predicted)):
        if not np.allclose(o, p, rtol=1e-4, atol=1e-4):
            print(f"{name}: warning: output {i}: predictor vs jit.load max error "
                  f"{float(np.max(np.abs(o - p))):.3g}", file=sys.stderr)

    onnx_path, err_path = Path(prefix + ".onnx"), Path(prefix + ".onnx.err")
    for p in (onnx_path, err_path):
        p.unlink(missing_ok=True)
    try:
        # paddle2onnx sets POLYGRAPHY_AUTOINSTALL_DEPS=1, and polygraphy's pip
        # installs then upgraded numpy to 2.x in the venv: read polygraphy's
        # config first, with auto-install off (models_real.py installs its deps).
        os.environ["POLYGRAPHY_AUTOINSTALL_DEPS"] = "0"
        try:
            import polygraphy.config  # noqa: F401
        except ImportError:
            pass
        import paddle2onnx
        paddle2onnx.export(prefix + ".json", prefix + ".pdiparams", str(onnx_path),
                           opset_version=17, auto_upgrade_opset=False,
                           enable_onnx_checker=True)
        if not onnx_path.exists():
            raise RuntimeError("paddle2onnx wrote no file")
    except BaseException as e:  # noqa: BLE001 (SystemExit too: a failed export is a row)
        msg = " ".join(f"{type(e).__name__}: {e}".split())[:300]
        err_path.write_text(msg + "\n")
        print(f"{name}: paddle2onnx failed: {msg}", file=sys.stderr)

    np.savez(prefix + ".in.npz", **inputs)
    arrays = {f"in/{feed}": a for feed, a in inputs.items()}
    arrays.update({f"out/{i}": o for i, o in enumerate(outs)})
    arrays["meta/feeds"] = np.array(feed_names)
    arrays["meta/fetches"] = np.array(fetch_names)
    arrays["meta/paddle_us"] = np.array(paddle_us)
    arrays["meta/seed"] = np.array(seed)
    np.savez(prefix + ".io.npz", **arrays)
    shapes = ", ".join(f"{tuple(o.shape)} max|.| {float(np.max(np.abs(o))):.3g}" for o in outs)
    print(f"{name}: exported in {time.perf_counter() - t0:.1f} s; outputs {shapes}; "
          f"Paddle predictor ~{paddle_us / 1e3:.1f} ms", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--models-dir", type=Path, required=False)
    ap.add_argument("--list", action="store_true", help="print NAME<TAB>description and exit")
    ap.add_argument("--list-dynamic", action="store_true",
                    help="the same for the models exported with a dynamic batch")
    ap.add_argument("--list-conv-layers", action="store_true",
                    help="NAME<TAB>description<TAB>GFLOP of ResNet-50's convolutions")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    if args.list or args.list_dynamic:
        for name, (_, _, desc) in (MODELS if args.list else DYNAMIC_BATCH).items():
            print(f"{name}\t{desc}")
        return 0
    if args.list_conv_layers:
        for name, (_, _, desc, gflop, count) in CONV_LAYERS.items():
            print(f"{name}\t{desc}\t{gflop:.6f}\t{count}")
        return 0
    unknown = [n for n in args.names if n not in ALL_MODELS]
    if unknown or not args.models_dir:
        print(f"unknown model(s) {', '.join(unknown)}; known: {', '.join(ALL_MODELS)}"
              if unknown else "--models-dir is required", file=sys.stderr)
        return 2
    args.models_dir.mkdir(parents=True, exist_ok=True)
    paddle.set_device("cpu")
    for name in args.names or list(MODELS):
        export(name, args.models_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
