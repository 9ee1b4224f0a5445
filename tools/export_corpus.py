#!/usr/bin/env python3
"""Exports paddle-mlir's model corpus: real architectures of Paddle's model
libraries with random, seeded weights, as a Paddle user exports them.
Runs in Paddle's own venv (.paddle-venv, Paddle 3.3.1), never in .venv:

    .paddle-venv/bin/python tools/export_corpus.py --out DIR [NAME...]
    .paddle-venv/bin/python tools/export_corpus.py --list

For each NAME (default: all) it writes into DIR:

- NAME.json, NAME.pdiparams: `paddle.jit.save` of the layer in eval mode;
- NAME.in.npz: the inputs, keyed by feed name (what `paddle-mlir run --input`
  reads);
- NAME.ref.npz: the outputs of Paddle's inference predictor for those inputs,
  keyed by fetch name, written last (a model whose .ref.npz exists is
  complete);

and index.tsv: one line per model tried, NAME<TAB>ok<TAB>description or
NAME<TAB>export failed<TAB>why. The library wheels (tools/corpus-libraries.txt)
are unpacked into --libs (default build/corpus/libs) by `make corpus`.

Nothing is downloaded: every architecture is built by `paddle.vision.models`
(pretrained=False) or written here after its library's source, with widths
and input sizes shrunk where the architecture stays the same (the corpus is
exported at test time, not committed). Weights: bench/real_export.py's
`randomize` and `calibrate_batch_norm` (random BatchNorm statistics, biases
and norms, so that no op is an identity, and outputs of moderate size).
`make test-corpus` exports the corpus and runs every model through
`paddle-mlir run` against Paddle's outputs (tools/corpus_check.py,
test/python/test_corpus.py).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import types
from pathlib import Path

os.environ.setdefault("GLOG_minloglevel", "3")
os.environ.setdefault("FLAGS_print_ir", "0")

import numpy as np  # noqa: E402
import paddle  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench.real_export import seeded_model  # noqa: E402


def vision(factory: str, **kwargs):
    def build():
        import paddle.vision.models as models
        return getattr(models, factory)(pretrained=False, **kwargs)
    return build


def image(size: int, batch: int = 1, channels: int = 3):
    return [("x", [batch, channels, size, size], "float32")]


def image_hw(height: int, width: int, batch: int = 1, channels: int = 3):
    return [("x", [batch, channels, height, width], "float32")]


# name -> (builder, [(feed, shape, dtype)], description). Classifier heads of
# 1000 classes are kept where they are small; AlexNet's and VGG's 25088 x
# 4096 layers are not (num_classes=0: the features, 400 MB less to export).
MODELS = {
    "lenet": (lambda: __import__("paddle.vision.models", fromlist=["LeNet"]).LeNet(), image(28, channels=1), "LeNet (paddle.vision)"),
    "alexnet": (vision("alexnet", num_classes=0), image(96), "AlexNet features"),
    "vgg11": (vision("vgg11", num_classes=0), image(64), "VGG-11 features"),
    "vgg16_bn": (vision("vgg16", batch_norm=True, num_classes=0), image(64),
                 "VGG-16 with BatchNorm, features"),
    "resnet18": (vision("resnet18"), image(64), "ResNet-18"),
    "resnet34": (vision("resnet34", num_classes=10), image(64), "ResNet-34, 10 classes"),
    "resnet50_b2": (vision("resnet50", num_classes=10), image(64, batch=2),
                    "ResNet-50, 10 classes, batch 2"),
    "resnext50_32x4d": (vision("resnext50_32x4d", num_classes=10), image(64),
                        "ResNeXt-50 32x4d (grouped convolutions)"),
    "wide_resnet50_2": (vision("wide_resnet50_2", num_classes=10), image(32),
                        "Wide ResNet-50-2"),
    "mobilenet_v1": (vision("mobilenet_v1", scale=0.5), image(64), "MobileNetV1 x0.5"),
    "mobilenet_v2": (vision("mobilenet_v2", scale=0.5), image(64), "MobileNetV2 x0.5"),
    "mobilenet_v3_small": (vision("mobilenet_v3_small", scale=0.5), image(64),
                           "MobileNetV3-Small x0.5 (hardswish, SE)"),
    "mobilenet_v3_large": (vision("mobilenet_v3_large"), image(64), "MobileNetV3-Large"),
    "shufflenet_v2_x0_5": (vision("shufflenet_v2_x0_5"), image(64),
                           "ShuffleNetV2 x0.5 (channel shuffle)"),
    "shufflenet_v2_swish": (vision("shufflenet_v2_swish"), image(64), "ShuffleNetV2 swish"),
    "squeezenet1_0": (vision("squeezenet1_0", num_classes=10), image(64), "SqueezeNet 1.0"),
    "squeezenet1_1": (vision("squeezenet1_1", num_classes=10), image(64), "SqueezeNet 1.1"),
    "densenet121": (vision("densenet121", num_classes=10), image(64), "DenseNet-121"),
    "googlenet": (vision("googlenet", num_classes=10), image(224),
                  "GoogLeNet (three outputs: main and two auxiliary heads)"),
    "inception_v3": (vision("inception_v3", num_classes=10), image(96), "Inception-v3"),
}


#: The model libraries' source trees (the wheels of tools/corpus-libraries.txt,
#: unpacked by `make corpus`); --libs DIR.
LIBS = Path(__file__).resolve().parents[1] / "build/corpus/libs"


def clas(module: str, factory: str, **kwargs):
    """PaddleClas's `factory` (a function taking `pretrained`, or a class)."""
    def build():
        from corpus_libraries import import_architecture
        root = LIBS / "paddleclas"
        # ppcls's logger is None until its training entry points set it up.
        log = import_architecture(root, "ppcls.utils.logger")
        if log._logger is None:
            import logging
            log._logger = logging.getLogger("ppcls")
        made = getattr(import_architecture(root, "ppcls.arch.backbone." + module), factory)
        args = dict(kwargs)
        if not isinstance(made, type):
            args.setdefault("pretrained", False)
        return made(**args)
    return build


def seg(module: str, factory: str, backbone: tuple | None = None, **kwargs):
    def build():
        from corpus_libraries import import_architecture
        if backbone is not None:
            bmod, bfactory, bkwargs = backbone
            kwargs["backbone"] = getattr(import_architecture(LIBS, "paddleseg.models.backbones." + bmod),
                                         bfactory)(**bkwargs)
        return getattr(import_architecture(LIBS, "paddleseg.models." + module), factory)(**kwargs)
    return build


def nlp(arch: str, config: str, model: str, **settings):
    """PaddleNLP's transformers/`arch` `model` of a `config` with `settings`
    (shrunk: a vocabulary of 1000 tokens, 2 layers of width 64)."""
    def build():
        from corpus_libraries import import_paddlenlp_model
        modeling, configuration = import_paddlenlp_model(LIBS, arch)
        return getattr(modeling, model)(getattr(configuration, config)(**settings))
    return build


class _T5:
    """PaddleNLP's T5Model called as a user calls it for inference: encoder
    ids and decoder ids, the decoder's last hidden state back (no cache)."""

    @staticmethod
    def build():
        t5 = nlp("t5", "T5Config", "T5Model", vocab_size=1000, d_model=64, d_kv=16, d_ff=128,
                  num_layers=2, num_decoder_layers=2, num_heads=4,
                  relative_attention_num_buckets=8)()

        class T5(paddle.nn.Layer):
            def __init__(self):
                super().__init__()
                self.t5 = t5

            def forward(self, input_ids, decoder_input_ids):
                out = self.t5(input_ids, decoder_input_ids=decoder_input_ids, use_cache=False,
                              return_dict=False)
                return out[0]
        return T5()


def tokens(*names: str, length: int = 16):
    return [(name, [1, length], "int64") for name in names]


_SMALL_BERT = dict(vocab_size=1000, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                   intermediate_size=128, max_position_embeddings=64)

class _PPYOLOE:
    """PaddleDetection's PP-YOLOE (ppdet/modeling/architectures/ppyoloe.py):
    CSPResNet, CustomCSPPAN and PPYOLOEHead with its post-processing (box
    decoding, multiclass_nms3), at PP-YOLOE-s depth and 1/4 of its width
    for 4 classes. The head's inference path is called directly (its
    training path wants targets, also while BatchNorm is calibrated)."""

    @staticmethod
    def build():
        from corpus_libraries import import_architecture

        def part(module):
            return import_architecture(LIBS, "ppdet.modeling." + module)

        class PPYOLOE(paddle.nn.Layer):
            def __init__(self):
                super().__init__()
                self.backbone = part("backbones.cspresnet").CSPResNet(
                    layers=[3, 6, 6, 3], channels=[64, 128, 256, 512, 1024],
                    return_idx=[1, 2, 3], use_large_stem=True, width_mult=0.125,
                    depth_mult=0.33)
                self.neck = part("necks.custom_pan").CustomCSPPAN(
                    in_channels=[c.channels for c in self.backbone.out_shape],
                    out_channels=[768, 384, 192], stage_num=1, block_num=3, act="swish",
                    spp=True, width_mult=0.125, depth_mult=0.33)
                self.head = part("heads.ppyoloe_head").PPYOLOEHead(
                    in_channels=[c.channels for c in self.neck.out_shape], num_classes=4,
                    fpn_strides=[32, 16, 8], static_assigner=None, assigner=None,
                    eval_size=[64, 64], exclude_nms=True)

            def forward(self, image, scale_factor):
                outs = self.head.forward_eval(self.neck(self.backbone({"image": image})))
                boxes, scores, _ = self.head.post_process(outs, scale_factor)
                # ppdet's MultiClassNMS(score_threshold=0.3, nms_top_k=100,
                # keep_top_k=20, nms_threshold=0.6) as its dynamic-graph path
                # calls it (its static path builds a legacy op PIR refuses).
                out, _, num = paddle._C_ops.multiclass_nms3(boxes, scores, None, 0.3, 100, 20,
                                                            0.6, True, 1.0, -1)
                return out, num

        return PPYOLOE()


class _PicoDet:
    """PaddleDetection's PicoDet (ppdet/modeling/architectures/picodet.py)
    as picodet_s_320_coco_lcnet builds it: LCNet x0.75, LCPAN (96 channels,
    4 levels), PicoHeadV2 (PicoFeat with SE, strides 8 to 64, reg_max 7) and
    ppdet's multiclass NMS, for 4 classes at 128x128."""

    @staticmethod
    def build():
        from corpus_libraries import import_architecture

        def part(module):
            return import_architecture(LIBS, "ppdet.modeling." + module)

        class PicoDet(paddle.nn.Layer):
            def __init__(self):
                super().__init__()
                self.backbone = part("backbones.lcnet").LCNet(scale=0.75, feature_maps=[3, 4, 5])
                self.neck = part("necks.lc_pan").LCPAN(
                    in_channels=[c.channels for c in self.backbone.out_shape], out_channels=96,
                    use_depthwise=True, num_features=4)
                heads = part("heads.pico_head")
                feat = heads.PicoFeat(feat_in=96, feat_out=96, num_convs=2, num_fpn_stride=4,
                                      norm_type="bn", share_cls_reg=True, use_se=True)
                # (Of its varifocal loss, inference reads only use_sigmoid.)
                self.head = heads.PicoHeadV2(
                    conv_feat=feat, num_classes=4, fpn_stride=[8, 16, 32, 64], reg_max=7,
                    cell_offset=0.5, static_assigner=None, assigner=None, eval_size=[128, 128],
                    loss_class=types.SimpleNamespace(use_sigmoid=True))

            def forward(self, image, scale_factor):
                outs = self.head.forward_eval(self.neck(self.backbone({"image": image})))
                boxes, scores = self.head.post_process(outs, scale_factor, export_nms=False)
                # PicoDet's MultiClassNMS(score_threshold=0.025, nms_top_k=1000,
                # keep_top_k=100, nms_threshold=0.6) as ppdet's dynamic graph
                # calls it (boxes are in input pixels: rescaled here).
                scale_y, scale_x = paddle.split(scale_factor, 2, axis=-1)
                scale = paddle.concat([scale_x, scale_y, scale_x, scale_y], axis=-1)
                out, _, num = paddle._C_ops.multiclass_nms3(
                    boxes / scale.reshape([-1, 1, 4]), scores, None, 0.3, 1000, 100, 0.6, True,
                    1.0, -1)
                return out, num

        return PicoDet()


def ocr(factory: str):
    """PaddleOCR's PP-OCR networks, written here after ppocr/modeling
    (tools/ocr_architectures.py: PaddleOCR is not on PyPI)."""
    def build():
        import ocr_architectures
        return getattr(ocr_architectures, factory)()
    return build


# PaddleClas's backbones (ppcls/arch/backbone), shrunk where their
# constructors allow it, and PaddleSeg's segmentation models.
MODELS.update({
    "ppcls_resnet50_vd": (clas("legendary_models.resnet", "ResNet50_vd", class_num=10), image(64),
                          "PaddleClas ResNet50_vd"),
    "ppcls_pplcnet_x0_5": (clas("legendary_models.pp_lcnet", "PPLCNet_x0_5"), image(64),
                           "PaddleClas PP-LCNet x0.5"),
    "ppcls_pplcnetv2_small": (clas("legendary_models.pp_lcnet_v2", "PPLCNetV2_small", class_num=10),
                              image(64), "PaddleClas PP-LCNetV2 small"),
    "ppcls_pphgnet_tiny": (clas("legendary_models.pp_hgnet", "PPHGNet_tiny", class_num=10),
                           image(64), "PaddleClas PP-HGNet tiny"),
    "ppcls_pphgnetv2_b0": (clas("legendary_models.pp_hgnet_v2", "PPHGNetV2_B0", class_num=10),
                           image(64), "PaddleClas PP-HGNetV2 B0"),
    "ppcls_esnet_x0_25": (clas("legendary_models.esnet", "ESNet_x0_25", class_num=10), image(64),
                          "PaddleClas ESNet x0.25"),
    "ppcls_mobilenetv4_conv_small": (clas("legendary_models.mobilenet_v4", "MobileNetV4_conv_small",
                                          class_num=10), image(64),
                                     "PaddleClas MobileNetV4 conv small"),
    "ppcls_efficientnet_b0": (clas("model_zoo.efficientnet", "EfficientNetB0", class_num=10),
                              image(64), "PaddleClas EfficientNet-B0 (SAME padding)"),
    "ppcls_ghostnet_x0_5": (clas("model_zoo.ghostnet", "GhostNet_x0_5", class_num=10), image(64),
                            "PaddleClas GhostNet x0.5"),
    "ppcls_repvgg_a0": (clas("model_zoo.repvgg", "RepVGG_A0", class_num=10), image(64),
                        "PaddleClas RepVGG-A0"),
    "ppcls_res2net50_26w_4s": (clas("model_zoo.res2net", "Res2Net50_26w_4s", class_num=10),
                               image(64), "PaddleClas Res2Net-50 26w x 4s"),
    "ppcls_mobilevit_xxs": (clas("model_zoo.mobilevit", "MobileViT_XXS", class_num=10), image(64),
                            "PaddleClas MobileViT-XXS (unfold/fold attention)"),
    "ppcls_convnext": (clas("model_zoo.convnext", "ConvNeXt", depths=[1, 1, 3, 1],
                            dims=[32, 64, 128, 256], class_num=10), image(64),
                       "PaddleClas ConvNeXt, depths 1-1-3-1, dims 32-256"),
    "ppcls_vit_small": (clas("model_zoo.vision_transformer", "VisionTransformer", patch_size=16,
                             embed_dim=384, depth=2, num_heads=6, mlp_ratio=4, qkv_bias=True,
                             epsilon=1e-6, class_num=10), image(224),
                        "PaddleClas ViT-S/16 (ViT_small_patch16_224's), 2 blocks"),
    "ppcls_deit_tiny_distilled": (clas("model_zoo.distilled_vision_transformer",
                                       "DistilledVisionTransformer", patch_size=16, embed_dim=192,
                                       depth=2, num_heads=3, mlp_ratio=4, qkv_bias=True,
                                       epsilon=1e-6, class_num=10), image(224),
                                  "PaddleClas DeiT-tiny distilled (two tokens, two heads), "
                                  "2 blocks"),
    "ppcls_swin": (clas("legendary_models.swin_transformer", "SwinTransformer", embed_dim=32,
                        depths=[1, 1, 2, 1], num_heads=[1, 2, 4, 8], class_num=10,
                        drop_path_rate=0.0), image(224),
                   "PaddleClas Swin Transformer (window 7, shifted windows, attention mask), "
                   "embed 32, depths 1-1-2-1"),
    "ppdet_ppyoloe": (_PPYOLOE.build,
                      [("image", [1, 3, 64, 64], "float32"),
                       ("scale_factor", [1, 2], "float32", (0.5, 2.0))],
                      "PaddleDetection PP-YOLOE (s depth, 1/4 width, 4 classes) with NMS"),
    "ppdet_picodet": (_PicoDet.build,
                      [("image", [1, 3, 128, 128], "float32"),
                       ("scale_factor", [1, 2], "float32", (0.5, 2.0))],
                      "PaddleDetection PicoDet-S (LCNet x0.75, LCPAN, PicoHeadV2) with NMS"),
    "ppocr_v3_det": (ocr("ppocr_v3_det"), image(64),
                     "PP-OCRv3 det (written here after PaddleOCR: MobileNetV3 x0.5 without SE, "
                     "RSEFPN, DBHead's sigmoid shrink map)"),
    "ppocr_v4_det": (ocr("ppocr_v4_det"), image(64),
                     "PP-OCRv4 det (written here after PaddleOCR: PPLCNetV3 x0.75 unfused, "
                     "RSEFPN, DBHead's sigmoid shrink map)"),
    "ppocr_v3_rec": (ocr("ppocr_v3_rec"), image_hw(48, 80),
                     "PP-OCRv3 rec (written here after PaddleOCR: MobileNetV1Enhance x0.5, SVTR "
                     "neck, CTC head's softmax, 97 classes)"),
    "ppocr_v4_rec": (ocr("ppocr_v4_rec"), image_hw(48, 80),
                     "PP-OCRv4 rec (written here after PaddleOCR: PPLCNetV3 x0.95 unfused, SVTR "
                     "neck, CTC head's softmax, 97 classes)"),
    "ppnlp_bert": (nlp("bert", "BertConfig", "BertModel", **_SMALL_BERT), tokens("input_ids"),
                   "PaddleNLP BERT (sequence and pooled outputs), 2 layers, width 64"),
    "ppnlp_ernie3": (nlp("ernie", "ErnieConfig", "ErnieModel", use_task_id=True,
                         task_type_vocab_size=3, **_SMALL_BERT), tokens("input_ids"),
                     "PaddleNLP ERNIE 3.0 (task-type embedding), 2 layers, width 64"),
    "ppnlp_gpt2": (nlp("gpt", "GPTConfig", "GPTModel", **_SMALL_BERT), tokens("input_ids"),
                   "PaddleNLP GPT-2 (causal mask from the input's shape), 2 layers, width 64"),
    "ppnlp_t5": (_T5.build, tokens("input_ids", "decoder_input_ids"),
                 "PaddleNLP T5 (relative position buckets, encoder-decoder; the decoder's "
                 "causal mask under a pd.if on shapes), 2+2 layers, width 64"),
    "ppseg_pp_liteseg": (seg("pp_liteseg", "PPLiteSeg", backbone=("stdcnet", "STDC1", {}),
                             num_classes=4), image(128), "PaddleSeg PP-LiteSeg with STDC1"),
    "ppseg_deeplabv3p": (seg("deeplab", "DeepLabV3P",
                             backbone=("resnet_vd", "ResNet18_vd", {"output_stride": 8}),
                             num_classes=4, backbone_indices=[0, 3]), image(64),
                         "PaddleSeg DeepLabV3+ (ASPP, bilinear upsampling) with ResNet18_vd"),
})


def export(name: str, out_dir: Path) -> None:
    build, feeds, _ = MODELS[name]
    prefix = str(out_dir / name)
    t0 = time.perf_counter()
    # BatchNorm statistics of a batch of 8: the last maps of a small input
    # are 2x2, and one image's 4 values per channel gave outputs of 1e4.
    # (A feed may give the range of its values: uniform in (lo, hi).)
    layer, rng = seeded_model(name, build, [(f, [8] + shape[1:], d) for f, shape, d, *_ in feeds])
    specs = [paddle.static.InputSpec(shape, dtype, feed) for feed, shape, dtype, *_ in feeds]
    paddle.jit.save(layer, prefix, input_spec=specs)
    inputs = {}
    for feed, shape, dtype, *value_range in feeds:
        if value_range:
            inputs[feed] = rng.uniform(*value_range[0], shape).astype(dtype)
        elif dtype.startswith("int"):
            inputs[feed] = rng.integers(0, 100, shape).astype(dtype)
        else:
            inputs[feed] = rng.standard_normal(shape).astype(dtype)

    import paddle.inference as pi
    config = pi.Config(prefix + ".json", prefix + ".pdiparams")
    config.disable_gpu()
    config.disable_mkldnn()
    config.disable_glog_info()
    predictor = pi.create_predictor(config)
    for feed in predictor.get_input_names():
        predictor.get_input_handle(feed).copy_from_cpu(inputs[feed])
    predictor.run()
    outs = {n: predictor.get_output_handle(n).copy_to_cpu()
            for n in predictor.get_output_names()}
    np.savez(prefix + ".in.npz", **inputs)
    np.savez(prefix + ".ref.npz", **outs)
    shapes = ", ".join(f"{tuple(o.shape)}" for o in outs.values())
    print(f"{name}: exported in {time.perf_counter() - t0:.1f} s; outputs {shapes}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path)
    ap.add_argument("--libs", type=Path, help="the unpacked model libraries (default: "
                    "build/corpus/libs)")
    ap.add_argument("--list", action="store_true", help="print NAME<TAB>description and exit")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    if args.list:
        for name, (_, _, desc) in MODELS.items():
            print(f"{name}\t{desc}")
        return 0
    global LIBS
    LIBS = args.libs or LIBS
    unknown = [n for n in args.names if n not in MODELS]
    if unknown or not args.out:
        print(f"unknown model(s) {', '.join(unknown)}; known: {', '.join(MODELS)}"
              if unknown else "--out is required", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    paddle.set_device("cpu")
    rows = []
    for name in args.names or list(MODELS):
        for suffix in (".ref.npz", ".json"):
            (args.out / (name + suffix)).unlink(missing_ok=True)
        try:
            export(name, args.out)
            rows.append(f"{name}\tok\t{MODELS[name][2]}")
        except Exception as e:  # noqa: BLE001 (one line per model that cannot be exported)
            msg = " ".join(f"{type(e).__name__}: {e}".split())[:300]
            rows.append(f"{name}\texport failed\t{msg}")
            print(f"{name}: export failed: {msg}", file=sys.stderr)
    # What was tried, for tools/corpus_check.py and test/python/test_corpus.py:
    # a model that failed to export is a failure there, not a silent gap.
    (args.out / "index.tsv").write_text("\n".join(rows) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
