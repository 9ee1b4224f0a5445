#!/usr/bin/env python3
"""The CUDA backend on a GPU: numerics against Paddle and the CPU backend, and
speed against PyTorch. Compile here, run there (the GPU machine has no MLIR):

    .venv/bin/python bench/cuda_bench.py build --out DIR [--models-dir BENCH_MODELS]
    python3 DIR/cuda_bench.py run DIR --out REPORT.md      # on the GPU machine

`build` (paddle-mlir's venv, no GPU needed) compiles with
`paddle-mlir compile --device cuda` semantics (backend/cuda.py):
- every Paddle fixture of test/fixtures/paddle that the backend lowers, and the
  real models of BENCH_MODELS (bench/real_export.py's NAME.json) that are
  given, each into DIR/NAME.so; DIR/NAME.npz holds the inputs, Paddle's
  outputs and the CPU backend's outputs;
- kernel programs: an elementwise add of two 2^26-float vectors and a matmul
  of 4096^3 (f32), for bandwidth and TFLOP/s;
- DIR/manifest.json (entry points, feed and fetch shapes) and a copy of this
  script.

`run` (numpy, ctypes; PyTorch for the anchors) loads each library, checks
that its outputs match Paddle's and the CPU backend's (atol 1e-4 + rtol 1e-4),
and times the device entry point (inputs already on the GPU, as PyTorch's are)
against PyTorch on the same machine: copy bandwidth (torch clone), cuBLAS f32
matmul (TF32 off) and the same architectures in eager mode (torchvision's
ResNet-18/50 and MobileNetV2, a ViT-Ti/16 for DeiT-tiny, real_export.py's
small BERT written with torch.nn). Medians of at least 20 runs after 5
warm-ups; a report in Markdown. By default ResNet-18/50, MobileNetV2 and the
BERT are compiled with synthetic weights (timing only: the libraries
compress, and the GPU machine takes 64 MiB of files) and DeiT-tiny with its
weights (checked against Paddle).
"""

from __future__ import annotations

import os
import sys

# `run` reads this copy of the script from the folder of the libraries, which
# are named after the models (statistics.so): that folder must not shadow the
# standard library's modules.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _HERE]

import argparse
import ctypes
import gzip
import json
import shutil
import statistics
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "test" / "fixtures" / "paddle"
ELEMENTWISE_N = 1 << 26
MATMUL_N = 4096

ELEMENTWISE_PROGRAM = f"""
func.func @main() {{
  %x = pd.data "x" : !pd.tensor<{ELEMENTWISE_N}xf32>
  %y = pd.data "y" : !pd.tensor<{ELEMENTWISE_N}xf32>
  %z = pd.add %x, %y : (!pd.tensor<{ELEMENTWISE_N}xf32>, !pd.tensor<{ELEMENTWISE_N}xf32>) -> !pd.tensor<{ELEMENTWISE_N}xf32>
  %f = pd.fetch %z "z" col 0 : !pd.tensor<{ELEMENTWISE_N}xf32>
  return
}}
"""

MATMUL_PROGRAM = f"""
func.func @main() {{
  %a = pd.data "a" : !pd.tensor<{MATMUL_N}x{MATMUL_N}xf32>
  %b = pd.data "b" : !pd.tensor<{MATMUL_N}x{MATMUL_N}xf32>
  %c = pd.matmul %a, %b : (!pd.tensor<{MATMUL_N}x{MATMUL_N}xf32>, !pd.tensor<{MATMUL_N}x{MATMUL_N}xf32>) -> !pd.tensor<{MATMUL_N}x{MATMUL_N}xf32>
  %f = pd.fetch %c "c" col 0 : !pd.tensor<{MATMUL_N}x{MATMUL_N}xf32>
  return
}}
"""


# An embedding whose ids are checked in the kernel: a bad id must make the
# call return runtime_checks.STATUS (2) with the check's message, not read
# out of bounds.
EMBEDDING_PROGRAM = """
func.func @main() {
  %ids = pd.data "ids" : !pd.tensor<4x8xi64>
  %table = pd.data "table" : !pd.tensor<1000x64xf32>
  %e = pd.embedding %ids, %table : (!pd.tensor<4x8xi64>, !pd.tensor<1000x64xf32>) -> !pd.tensor<4x8x64xf32>
  %f = pd.fetch %e "e" col 0 : !pd.tensor<4x8x64xf32>
  return
}
"""
RUNTIME_CHECK_STATUS = 2


# -- build (here) -------------------------------------------------------------------
# Contractions with ragged sizes, checked against numpy in float64: the tiled
# kernels' tails, split reductions, batch loops, transposed operands and
# implicit-GEMM convolutions (strides, padding, groups, NHWC).
def _t(shape) -> str:
    return "!pd.tensor<" + "x".join(map(str, shape)) + "xf32>"


def _contraction(name, xs, ys, out, attrs="", op="matmul") -> tuple:
    text = (f"func.func @main() {{\n"
            f"  %x = pd.data \"x\" : {_t(xs)}\n  %y = pd.data \"y\" : {_t(ys)}\n"
            f"  %z = pd.{op} %x, %y {attrs}: ({_t(xs)}, {_t(ys)}) -> {_t(out)}\n"
            f"  %f = pd.fetch %z \"z\" col 0 : {_t(out)}\n  return\n}}\n")
    return name, text, xs, ys


CONTRACTION_CHECKS = [
    _contraction("mm_split_k", (100, 1200), (1200, 70), (100, 70)),
    _contraction("mm_small_tiles", (196, 384), (384, 64), (196, 64)),
    _contraction("mm_vector", (1, 2048), (2048, 300), (1, 300)),
    _contraction("mm_ragged", (257, 129), (129, 513), (257, 513)),
    _contraction("mm_transposed_y", (130, 96), (200, 96), (130, 200), "{transpose_y = true} "),
    _contraction("bmm_batch", (3, 65, 40), (3, 40, 33), (3, 65, 33)),
    _contraction("conv_stride_pad", (2, 5, 19, 17), (40, 5, 3, 3), (2, 40, 10, 9),
                 "{strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} ", "conv2d"),
    _contraction("conv_groups", (1, 64, 14, 14), (64, 32, 3, 3), (1, 64, 14, 14),
                 "{paddings = array<i32: 1, 1>, groups = 2 : i32} ", "conv2d"),
    _contraction("conv_nhwc", (1, 15, 15, 48), (96, 48, 1, 1), (1, 15, 15, 96),
                 "{data_format = \"NHWC\"} ", "conv2d"),
]


def _reference(name: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """float64 numpy for CONTRACTION_CHECKS."""
    x, y = x.astype(np.float64), y.astype(np.float64)
    if name.startswith(("mm", "bmm")):
        return np.matmul(x, np.swapaxes(y, -1, -2) if name == "mm_transposed_y" else y)
    nhwc = name == "conv_nhwc"
    if nhwc:
        x = x.transpose(0, 3, 1, 2)
    stride, pad, groups = {"conv_stride_pad": (2, 1, 1), "conv_groups": (1, 1, 2),
                           "conv_nhwc": (1, 0, 1)}[name]
    x = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    n, c, h, w = x.shape
    f, cg, kh, kw = y.shape
    oh, ow = (h - kh) // stride + 1, (w - kw) // stride + 1
    out = np.zeros((n, f, oh, ow))
    fg = f // groups
    for g in range(groups):
        xs = x[:, g * cg:(g + 1) * cg]
        for i in range(kh):
            for j in range(kw):
                patch = xs[:, :, i:i + stride * oh:stride, j:j + stride * ow:stride]
                out[:, g * fg:(g + 1) * fg] += np.einsum(
                    "nchw,fc->nfhw", patch, y[g * fg:(g + 1) * fg, :, i, j])
    return out.transpose(0, 2, 3, 1) if nhwc else out


def _gzip(so: Path) -> None:
    """SO -> SO.gz (a synthetic-weights library compresses ~100x)."""
    with open(so, "rb") as src, gzip.open(f"{so}.gz", "wb", compresslevel=6) as dst:
        shutil.copyfileobj(src, dst)
    so.unlink()


def _synthesize_weights(program) -> None:
    """Replaces a model's weights by one small positive value (variances stay
    positive, and weights folded with batch norms stay constant, so the
    library compresses): a library for timing alone."""
    for param in program.parameters.parameters.values():
        if param.value is not None and np.issubdtype(param.value.dtype, np.floating):
            param.value = np.full(param.value.shape, 1e-3, param.value.dtype)


def _spec(s) -> dict:
    return {"name": s.name, "shape": list(s.shape), "dtype": np.dtype(s.dtype).name}


def _compile(name: str, program, shapes: dict, out: Path, kind: str,
             tf32: bool = False, **target) -> dict:
    from paddle_mlir.backend import cuda
    t0 = time.perf_counter()
    lowered = cuda.lower_program(program, shapes, source=name,
                                 target=cuda.CudaTarget(tf32=tf32, **target))
    cuda.emit(lowered, "so", out / f"{name}.so")
    return {"name": name, "kind": kind, "entry": lowered.entry,
            "feeds": [_spec(s) for s in lowered.feeds],
            "fetches": [_spec(s) for s in lowered.fetches],
            "fetch_results": list(lowered.fetch_results or []),
            # fetch col -> col of its shape output (a size known after the run)
            "dynamic_fetches": {str(k): v for k, v in lowered.dynamic_fetches.items()},
            "compile_s": round(time.perf_counter() - t0, 2), "tf32": tf32}


# Ops of the spec checked on the GPU against the numpy references of
# test/python/numerics (their cases with static shapes and a reference), at
# the cases' own tolerances.
OP_CASES = ["lu", "lu_unpack", "cholesky_solve", "fc", "matmul_with_flatten", "skip_layernorm",
            "rms_norm", "add_position_encoding", "fused_softmax_mask",
            "fused_softmax_mask_upper_triangle", "reduce_as", "shard_index", "det", "solve",
            "median", "histogram", "unique_consecutive", "index_put", "fold", "nll_loss"]


def _op_programs(ops: list) -> list:
    """(name, program, inputs, expected outputs, (rtol, atol)) per numerics
    case of `ops`."""
    import re
    sys.path.insert(0, str(ROOT / "test" / "python"))
    from numerics import cases as C
    from paddle_mlir import static
    from paddle_mlir.dialects import pd

    def flatten(result):
        if isinstance(result, (list, tuple)):
            return [v for item in result for v in flatten(item)]
        return [result]

    programs = []
    for case in C.CASES:
        if case.op not in ops or case.check is not None or case.shapes or case.expected is None:
            continue
        prog = static.Program()
        with static.program_guard(prog), prog.building():
            values = {n: static.data(n, list(a.shape), str(a.dtype))
                      for n, a in case.inputs.items()}
            for i, v in enumerate(flatten(case.build(**values))):
                pd.FetchOp(v, f"out{i}", i)
        with np.errstate(all="ignore"):
            expected = flatten(case.expected(**case.inputs))
        tol = (case.tolerance() if case.tol is not None or case.dtype in C.DEFAULT_TOLERANCE
               else C.tolerance(case.op, str(np.asarray(expected[0]).dtype)))
        programs.append((re.sub(r"\W", "_", f"op_{case.id}"), prog, dict(case.inputs),
                         [None if e is None else np.asarray(e) for e in expected], tol))
    return programs


def _cpu_outputs(model: Path, inputs: dict) -> list:
    import paddle_mlir.inference as infer
    params = model.with_suffix(".pdiparams")
    config = infer.Config(str(model), str(params) if params.exists() else None)
    config.disable_compile_cache()
    predictor = infer.create_predictor(config)
    return predictor.run([inputs[n] for n in predictor.get_input_names()])


def build(args) -> int:
    sys.path.insert(0, str(ROOT / "python"))
    from paddle_mlir.backend import aot
    from paddle_mlir.static import Program
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    manifest = []
    models = sorted(FIXTURES.glob("*.json"))
    if args.models_dir:
        models += [Path(args.models_dir) / f"{m}.json" for m in args.models]
    for model in models:
        name = model.stem
        io = np.load(model.with_suffix(".io.npz"))
        inputs = {k[3:]: io[k] for k in io.files if k.startswith("in/")}
        synthetic = name in (args.synthetic or [])
        # The same model on tensor cores (TF32), and with --tile-study the
        # tiles sized for half and twice the H100's 132 multiprocessors: timed.
        variants = {"tf32": {"tf32": True}} if synthetic else {}
        if synthetic and args.tile_study:
            variants.update(sm66={"multiprocessors": 66}, sm264={"multiprocessors": 264})
        for suffix, target in variants.items():
            program = aot.load_program(model)
            _synthesize_weights(program)
            entry = _compile(f"{name}_{suffix}", program,
                             {k: v.shape for k, v in inputs.items()}, out, "model", **target)
            _gzip(out / f"{name}_{suffix}.so")
            entry.update(synthetic_weights=True, data=name)
            manifest.append(entry)
            print(f"{name}_{suffix}: compiled in {entry['compile_s']} s (synthetic weights)")
        try:
            program = aot.load_program(model)
            if synthetic:
                _synthesize_weights(program)
            entry = _compile(name, program, {k: v.shape for k, v in inputs.items()}, out,
                             "model")
        except Exception as e:  # noqa: BLE001 - reported, not fatal
            print(f"{name}: not compiled: {str(e).splitlines()[0]}"
                  f"{' ' + str(e).splitlines()[1].strip() if len(str(e).splitlines()) > 1 else ''}")
            manifest.append({"name": name, "kind": "model", "error": str(e).splitlines()[1].strip()
                             if len(str(e).splitlines()) > 1 else str(e)})
            continue
        arrays = {f"in/{k}": v for k, v in inputs.items()}
        if synthetic:
            # Latency only: the library's repeating weights compress ~100x
            # (a 100 MB ResNet-50 would not fit the GPU machine's 64 MiB).
            _gzip(out / f"{name}.so")
            entry["synthetic_weights"] = True
            np.savez(out / f"{name}.npz", **arrays)
            manifest.append(entry)
            print(f"{name}: compiled in {entry['compile_s']} s (synthetic weights)")
            continue
        paddle = [io[f"out/{i}"] for i in range(_model_fetches(entry))]
        cpu = _cpu_outputs(model, inputs)
        arrays.update({f"paddle/{i}": a for i, a in enumerate(paddle)})
        arrays.update({f"cpu/{i}": a for i, a in enumerate(cpu)})
        np.savez(out / f"{name}.npz", **arrays)
        manifest.append(entry)
        print(f"{name}: compiled in {entry['compile_s']} s")
    for name, prog, inputs, expected, tol in _op_programs(args.ops or []):
        try:
            entry = _compile(name, prog, {}, out, "model")
        except Exception as e:  # noqa: BLE001 - reported, not fatal
            print(f"{name}: not compiled: {str(e).splitlines()[0]}")
            manifest.append({"name": name, "kind": "model", "error": str(e).splitlines()[0]})
            continue
        arrays = {f"in/{k}": v for k, v in inputs.items()}
        for i, e in enumerate(expected):
            if e is not None:
                arrays[f"paddle/{i}"] = arrays[f"cpu/{i}"] = e
        np.savez(out / f"{name}.npz", **arrays)
        entry["tol"] = list(tol)
        manifest.append(entry)
        print(f"{name}: compiled in {entry['compile_s']} s")
    rng = np.random.default_rng(15)
    for name, text, xs, ys in CONTRACTION_CHECKS:
        src = out / f"{name}.mlir"
        src.write_text(text)
        entry = _compile(name, Program.load(src), {}, out, "model")
        # (Program.load would read NAME.npz as weights: compiled before it exists.)
        tf32 = _compile(f"{name}_tf32", Program.load(src), {}, out, "model", tf32=True)
        tf32["data"] = name
        x = rng.standard_normal(xs).astype(np.float32)
        y = rng.standard_normal(ys).astype(np.float32)
        ref = _reference(name, x, y).astype(np.float32)
        # numpy's float64 result stands in for both references.
        np.savez(out / f"{name}.npz", **{"in/x": x, "in/y": y, "paddle/0": ref, "cpu/0": ref})
        manifest.append(entry)
        print(f"{name}: compiled in {entry['compile_s']} s")
        manifest.append(tf32)
    for name, text in (("elementwise_add", ELEMENTWISE_PROGRAM), ("matmul_4096", MATMUL_PROGRAM),
                       ("embedding_check", EMBEDDING_PROGRAM)):
        src = out / f"{name}.mlir"
        src.write_text(text)
        entry = _compile(name, Program.load(src), {}, out, "kernel")
        manifest.append(entry)
        print(f"{name}: compiled in {entry['compile_s']} s")
        if name == "matmul_4096":
            manifest.append(_compile(f"{name}_tf32", Program.load(src), {}, out, "kernel",
                                     tf32=True))
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    shutil.copy(__file__, out / "cuda_bench.py")
    return 0


# -- run (on the GPU machine) -------------------------------------------------------
def _median_ms(fn, warmup=5, runs=20, min_s=0.5, sync=None) -> float:
    for _ in range(warmup):
        fn()
    if sync:
        sync()
    times = []
    deadline = time.perf_counter() + min_s
    while len(times) < runs or (time.perf_counter() < deadline and len(times) < 200):
        t = time.perf_counter()
        fn()
        if sync:
            sync()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3


class Library:
    def __init__(self, path: Path, entry: dict):
        self.lib = ctypes.CDLL(str(path))
        n = len(entry["feeds"]) + len(entry["fetches"])
        self.host = getattr(self.lib, entry["entry"])
        self.device = getattr(self.lib, entry["entry"] + "_device")
        for f in (self.host, self.device):
            f.restype = ctypes.c_int
            f.argtypes = [ctypes.c_void_p] * n
        self.error = getattr(self.lib, entry["entry"] + "_last_error")
        self.error.restype = ctypes.c_char_p
        self.available = getattr(self.lib, entry["entry"] + "_cuda_available")
        self.entry = entry

    def check(self, status: int) -> None:
        if status != 0:
            raise RuntimeError(f"status {status}: {(self.error() or b'').decode()}")

    def run_host(self, inputs: dict) -> list:
        feeds = [np.ascontiguousarray(inputs[f["name"]], dtype=f["dtype"])
                 for f in self.entry["feeds"]]
        outs = [np.empty(f["shape"], f["dtype"]) for f in self.entry["fetches"]]
        self.check(self.host(*[a.ctypes.data for a in feeds + outs]))
        # A fetch whose size depends on the values fills the leading part of
        # its buffer; its shape output says how much.
        for col, shape_col in self.entry.get("dynamic_fetches", {}).items():
            outs[int(col)] = outs[int(col)][tuple(slice(0, int(n)) for n in outs[shape_col])]
        return outs[:_model_fetches(self.entry)]


def _model_fetches(entry: dict) -> int:
    """The model's fetches (the shape outputs of data-dependent ones come
    after them)."""
    return len(entry["fetches"]) - len(entry.get("dynamic_fetches", {}))


def _close_tf32(a, b) -> tuple[bool, float]:
    """TF32's documented accuracy: inputs keep 10 bits of mantissa, so a
    product is off by up to ~2^-10 relative; over a reduction the errors
    partly cancel. Passes when the relative Frobenius error is below 5e-3
    (the error reported is that relative error)."""
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    if a.shape != b.shape:
        return False, float("inf")
    err = float(np.linalg.norm(a - b) / max(np.linalg.norm(b), 1e-30))
    return err < 5e-3, err


def _close(a, b, atol=1e-4, rtol=1e-4) -> tuple[bool, float]:
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        return False, float("inf")
    if a.size == 0:
        return True, 0.0
    # NaN where the reference has NaN (a median of a row with NaN) matches.
    diff = np.abs(a.astype(np.float64) - b.astype(np.float64))
    err = float(np.max(np.where(np.isnan(a) & np.isnan(b), 0.0, diff)))
    return bool(np.allclose(a, b, atol=atol, rtol=rtol, equal_nan=True)), err


def _trace(lib_and_ptrs, path: Path) -> None:
    """The kernels of one device run in launch order (CUPTI through
    torch.profiler sees every kernel of the process): where a model's time
    goes."""
    import torch
    from torch.profiler import ProfilerActivity, profile
    lib, ptrs = lib_and_ptrs
    lib.check(lib.device(*ptrs))
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        lib.check(lib.device(*ptrs))
        torch.cuda.synchronize()
    path.parent.mkdir(parents=True, exist_ok=True)
    prof.export_chrome_trace(str(path))


def _torch_architectures() -> dict:
    """NAME -> (title, module factory, input factory): the architectures of
    bench/real_export.py's models in PyTorch, the anchors of the model rows."""
    import torch
    import torchvision
    from torch import nn

    class SmallBert(nn.Module):
        """real_export.py's SmallBert: token and position embeddings, a
        post-norm GELU encoder (4 layers, hidden 256, 4 heads, FFN 1024),
        a tanh pooler on the first token."""

        def __init__(self, vocab=30522, hidden=256, layers=4, heads=4, ffn=1024):
            super().__init__()
            self.words = nn.Embedding(vocab, hidden)
            self.positions = nn.Embedding(512, hidden)
            self.norm = nn.LayerNorm(hidden, eps=1e-12)
            layer = nn.TransformerEncoderLayer(hidden, heads, ffn, dropout=0.0,
                                               activation="gelu", batch_first=True)
            self.encoder = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
            self.pooler = nn.Linear(hidden, hidden)

        def forward(self, ids):
            pos = torch.arange(ids.shape[1], device=ids.device).unsqueeze(0)
            h = self.encoder(self.norm(self.words(ids) + self.positions(pos)))
            return torch.tanh(self.pooler(h[:, 0]))

    image = lambda dev: torch.rand(1, 3, 224, 224, device=dev)
    vit = torchvision.models.vision_transformer.VisionTransformer
    return {
        "resnet18_b1": ("ResNet-18", torchvision.models.resnet18, image),
        "resnet50_b1": ("ResNet-50", torchvision.models.resnet50, image),
        "mobilenetv2_b1": ("MobileNetV2", torchvision.models.mobilenet_v2, image),
        "deit_tiny_b1": ("DeiT-tiny (ViT-Ti/16)",
                         lambda: vit(224, 16, 12, 3, 192, 768), image),
        "bert_s128": ("BERT (4 layers, hidden 256), seq 128", SmallBert,
                      lambda dev: torch.randint(0, 30522, (1, 128), device=dev)),
    }


def run(args) -> int:
    import torch
    d = Path(args.dir).resolve()
    manifest = json.loads((d / "manifest.json").read_text())
    dev = torch.device("cuda")
    sync = torch.cuda.synchronize
    lines = [f"# CUDA backend on {torch.cuda.get_device_name(0)}", "",
             f"PyTorch {torch.__version__}; medians of at least 20 runs after 5 warm-ups "
             "(device entry point: inputs and outputs already on the GPU).", ""]
    results = {"device": torch.cuda.get_device_name(0), "models": [], "kernels": {}}
    lines += ["## Numerics (outputs vs Paddle's and vs the CPU backend; atol 1e-4 + rtol 1e-4)",
              "", "| model | compiled | vs Paddle (max abs err) | vs CPU backend | "
              "latency (ms) |", "|---|---|---|---|--:|"]
    failures = 0
    libs = {}
    for entry in manifest:
        if entry.get("kind") != "model":
            continue
        name = entry["name"]
        if "error" in entry:
            lines.append(f"| {name} | no: {entry['error'][:120]} | | | |")
            continue
        so = d / f"{name}.so"
        if entry.get("synthetic_weights") and not so.exists():
            with gzip.open(f"{so}.gz", "rb") as src, open(so, "wb") as dst:
                shutil.copyfileobj(src, dst)
        lib = Library(so, entry)
        ok, why = lib.available(), (lib.error() or b"").decode()
        if not ok:
            print(f"no GPU: {why}")
            return 2
        io = np.load(d / f"{entry.get('data', name)}.npz")
        inputs = {f["name"]: io[f"in/{f['name']}"] for f in entry["feeds"]}
        # The host entry and the comparisons in a process of their own: a
        # library that crashes is a failed row, not the end of the report.
        checked = _check_isolated(d, name)
        if "error" in checked:
            failures += 1
            lines.append(f"| {name} | yes | run failed: {checked['error']} | | |")
            print(f"{name}: run failed: {checked['error']}", flush=True)
            continue
        vs_paddle = [tuple(v) for v in checked["vs_paddle"]]
        vs_cpu = [tuple(v) for v in checked["vs_cpu"]]
        good = all(v[0] for v in vs_paddle + vs_cpu)
        failures += not good
        for line in checked.get("detail", []):
            print(f"{name}: {line}", flush=True)
        # Device buffers as PyTorch's tensors are.
        feeds = [torch.from_numpy(np.ascontiguousarray(inputs[f["name"]])).to(dev)
                 for f in entry["feeds"]]
        fetches = [torch.empty(f["shape"], dtype=getattr(torch, f["dtype"]), device=dev)
                   for f in entry["fetches"]]
        ptrs = [t.data_ptr() for t in feeds + fetches]
        print(f"{name}: {'ok' if good else 'MISMATCH'}; timing", flush=True)
        ms = _median_ms(lambda: lib.check(lib.device(*ptrs)))
        fmt = lambda vs: "(synthetic weights: timing only)" if not vs else \
            ("ok " if all(v[0] for v in vs) else "MISMATCH ") + ", ".join(f"{v[1]:.1e}" for v in vs)
        lines.append(f"| {name} | yes | {fmt(vs_paddle)} | {fmt(vs_cpu)} | {ms:.3f} |")
        results["models"].append({"name": name, "ok": good, "ms": ms,
                                  "vs_paddle": [v[1] for v in vs_paddle],
                                  "vs_cpu": [v[1] for v in vs_cpu]})
        libs[name] = (lib, ptrs)

    # Kernels: elementwise bandwidth and matmul against PyTorch.
    print("kernels", flush=True)
    lines += ["", "## Kernels", "", "| case | ours | PyTorch | ratio |", "|---|--:|--:|--:|"]
    by_name = {e["name"]: e for e in manifest}
    n = ELEMENTWISE_N
    x = torch.rand(n, device=dev)
    y = torch.rand(n, device=dev)
    z = torch.empty(n, device=dev)
    copy_ms = _median_ms(lambda: z.copy_(x), sync=sync)
    torch_add_ms = _median_ms(lambda: torch.add(x, y, out=z), sync=sync)
    lib = Library(d / "elementwise_add.so", by_name["elementwise_add"])
    lib.check(lib.device(x.data_ptr(), y.data_ptr(), z.data_ptr()))
    add_ok = bool(torch.allclose(z, x + y))
    ours_ms = _median_ms(lambda: lib.check(lib.device(x.data_ptr(), y.data_ptr(), z.data_ptr())))
    copy_bw = 2 * n * 4 / copy_ms / 1e6
    ours_bw = 3 * n * 4 / ours_ms / 1e6
    torch_bw = 3 * n * 4 / torch_add_ms / 1e6
    lines.append(f"| add 2^26 f32 (GB/s; copy {copy_bw:.0f}) | {ours_bw:.0f} ({ours_bw / copy_bw:.0%} of copy) | "
                 f"{torch_bw:.0f} | {ours_bw / torch_bw:.2f} |")
    results["kernels"]["elementwise"] = {"ours_GBs": ours_bw, "torch_GBs": torch_bw,
                                         "copy_GBs": copy_bw, "ok": add_ok}
    m = MATMUL_N
    torch.backends.cuda.matmul.allow_tf32 = False
    a = torch.rand(m, m, device=dev)
    b = torch.rand(m, m, device=dev)
    c = torch.empty(m, m, device=dev)
    torch_mm_ms = _median_ms(lambda: torch.matmul(a, b, out=c), sync=sync, runs=10, min_s=0.2)
    ref = c.clone()
    lib = Library(d / "matmul_4096.so", by_name["matmul_4096"])
    c.zero_()  # the library must write every element
    lib.check(lib.device(a.data_ptr(), b.data_ptr(), c.data_ptr()))
    mm_ok = bool(torch.allclose(c, ref, atol=1e-2, rtol=1e-4))
    ours_mm_ms = _median_ms(lambda: lib.check(lib.device(a.data_ptr(), b.data_ptr(), c.data_ptr())),
                            warmup=2, runs=5, min_s=0.2)
    flops = 2 * m ** 3
    lines.append(f"| matmul 4096^3 f32 (TFLOP/s) | {flops / ours_mm_ms / 1e9:.1f} | "
                 f"{flops / torch_mm_ms / 1e9:.1f} (cuBLAS, TF32 off) | "
                 f"{torch_mm_ms / ours_mm_ms:.2f} |")
    results["kernels"]["matmul"] = {"ours_ms": ours_mm_ms, "torch_ms": torch_mm_ms, "ok": mm_ok}
    failures += (not add_ok) + (not mm_ok)
    if "matmul_4096_tf32" in by_name:
        torch.backends.cuda.matmul.allow_tf32 = True
        torch_tf32_ms = _median_ms(lambda: torch.matmul(a, b, out=c), sync=sync, runs=10,
                                   min_s=0.2)
        torch.backends.cuda.matmul.allow_tf32 = False
        lib = Library(d / "matmul_4096_tf32.so", by_name["matmul_4096_tf32"])
        c.zero_()
        lib.check(lib.device(a.data_ptr(), b.data_ptr(), c.data_ptr()))
        tf32_ok, tf32_err = _close_tf32(c.cpu().numpy(), ref.cpu().numpy())
        ours_tf32_ms = _median_ms(
            lambda: lib.check(lib.device(a.data_ptr(), b.data_ptr(), c.data_ptr())),
            warmup=2, runs=5, min_s=0.2)
        lines.append(f"| matmul 4096^3 TF32 tensor cores (TFLOP/s; rel. err {tf32_err:.1e}) | "
                     f"{flops / ours_tf32_ms / 1e9:.1f} | "
                     f"{flops / torch_tf32_ms / 1e9:.1f} (cuBLAS, TF32) | "
                     f"{torch_tf32_ms / ours_tf32_ms:.2f} |")
        results["kernels"]["matmul_tf32"] = {"ours_ms": ours_tf32_ms,
                                             "torch_ms": torch_tf32_ms, "ok": tf32_ok}
        failures += not tf32_ok

    # Run-time checks: good ids give the rows, a bad one status 2 and the
    # check's message (nothing read out of bounds).
    if "embedding_check" in by_name:
        lib = Library(d / "embedding_check.so", by_name["embedding_check"])
        table = np.random.default_rng(3).standard_normal((1000, 64)).astype(np.float32)
        ids = np.random.default_rng(4).integers(0, 1000, (4, 8))
        got = lib.run_host({"ids": ids, "table": table})[0]
        rows_ok = bool(np.array_equal(got, table[ids]))
        bad = ids.copy()
        bad[2, 5] = 1000
        rows = np.empty((4, 8, 64), np.float32)  # (kept alive through the call)
        status = lib.host(bad.ctypes.data, table.ctypes.data, rows.ctypes.data)
        message = (lib.error() or b"").decode()
        check_ok = rows_ok and status == RUNTIME_CHECK_STATUS and "1000" in message
        failures += not check_ok
        lines += ["", "## Run-time checks", "",
                  f"An embedding (ids checked in the kernel): good ids {'match' if rows_ok else 'DO NOT match'} "
                  f"numpy; an id of 1000 in a 1000-row table returns status {status} with "
                  f"\"{message}\" ({'ok' if check_ok else 'FAILED'})."]
        results["runtime_check"] = {"ok": check_ok, "status": status, "message": message}

    # Models against the same architecture in PyTorch (eager, f32).
    rows = []
    for name, (title, make, make_input) in _torch_architectures().items():
        if name not in libs:
            continue
        net = make().to(dev).eval()
        xin = make_input(dev)

        def torch_latency(tf32: bool) -> float:
            # cuDNN convolutions default to TF32 in PyTorch: set both ways.
            torch.backends.cudnn.allow_tf32 = torch.backends.cuda.matmul.allow_tf32 = tf32
            with torch.no_grad():
                return _median_ms(lambda: net(xin), sync=sync)

        torch_ms = torch_latency(False)
        ours = next(r for r in results["models"] if r["name"] == name)["ms"]
        rows.append(f"| {title} | {ours:.3f} | {torch_ms:.3f} | {ours / torch_ms:.2f} |")
        tf32 = next((r for r in results["models"] if r["name"] == f"{name}_tf32"), None)
        if tf32:
            torch_tf32_ms = torch_latency(True)
            rows.append(f"| {title}, TF32 (both) | {tf32['ms']:.3f} | {torch_tf32_ms:.3f} | "
                        f"{tf32['ms'] / torch_tf32_ms:.2f} |")
            results[f"{name}_torch_tf32_ms"] = torch_tf32_ms
        torch.backends.cudnn.allow_tf32 = torch.backends.cuda.matmul.allow_tf32 = False
        results[f"{name}_torch_ms"] = torch_ms
        if args.trace_dir:
            _trace(libs[name], Path(args.trace_dir) / f"{name}.trace.json")
    if rows:
        lines += ["", "## Models vs PyTorch eager (batch 1; f32 unless TF32 is named)", "",
                  "| model | ours (ms) | PyTorch (ms) | ours / PyTorch |", "|---|--:|--:|--:|",
                  *rows]
    lines += ["", f"Failures: {failures}"]
    report = "\n".join(lines) + "\n"
    print(report)
    if args.out:
        Path(args.out).write_text(report)
        Path(args.out).with_suffix(".json").write_text(json.dumps(results, indent=1))
    return 1 if failures else 0


def _check_entry(d: Path, entry: dict) -> dict:
    """The host entry on the model's inputs, compared with Paddle's and the
    CPU backend's outputs: {"vs_paddle": [(ok, err)], "vs_cpu": [...]} or
    {"error": why}."""
    name = entry["name"]
    lib = Library(d / f"{name}.so", entry)
    io = np.load(d / f"{entry.get('data', name)}.npz")
    inputs = {f["name"]: io[f"in/{f['name']}"] for f in entry["feeds"]}
    try:
        outs = lib.run_host(inputs)
    except RuntimeError as e:
        return {"error": str(e)}
    if entry.get("synthetic_weights"):
        return {"vs_paddle": [], "vs_cpu": []}
    close = _close_tf32 if entry.get("tf32") else _close
    if "tol" in entry:  # an op's numerics case: its own tolerance
        rtol, atol = entry["tol"]
        close = lambda a, b: _close(a, b, atol=atol, rtol=rtol)  # noqa: E731
    result = {"vs_paddle": [close(o, io[f"paddle/{i}"]) for i, o in enumerate(outs)
                            if f"paddle/{i}" in io],
              "vs_cpu": [close(o, io[f"cpu/{i}"]) for i, o in enumerate(outs)
                         if f"cpu/{i}" in io]}
    # What differs, for the report's log.
    result["detail"] = [f"output {i}: got {np.asarray(o).ravel()[:12].tolist()}, expected "
                        f"{np.asarray(io[f'cpu/{i}']).ravel()[:12].tolist()}"
                        for i, o in enumerate(outs)
                        if f"cpu/{i}" in io and not close(o, io[f"cpu/{i}"])[0]]
    return result


def _check_isolated(d: Path, name: str) -> dict:
    import subprocess
    try:
        r = subprocess.run([sys.executable, __file__, "check", str(d), name],
                           capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return {"error": "timed out after 300 s"}
    lines = [line for line in r.stdout.splitlines() if line.startswith("{")]
    if r.returncode != 0 or not lines:
        tail = (r.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"the process ended with status {r.returncode}: {tail[:200]}"}
    return json.loads(lines[-1])


def check(args) -> int:
    d = Path(args.dir).resolve()
    entry = next(e for e in json.loads((d / "manifest.json").read_text())
                 if e["name"] == args.name)
    result = _check_entry(d, entry)
    if "error" not in result:
        result = {k: v if k == "detail" else [[bool(ok), float(err)] for ok, err in v]
                  for k, v in result.items()}
    print(json.dumps(result))
    return 0


def once(args) -> int:
    """One device run of one library (inputs on the GPU): what a profiler
    such as ncu attaches to."""
    import torch
    d = Path(args.dir).resolve()
    entry = next(e for e in json.loads((d / "manifest.json").read_text())
                 if e["name"] == args.name)
    so = d / f"{args.name}.so"
    if entry.get("synthetic_weights") and not so.exists():
        with gzip.open(f"{so}.gz", "rb") as src, open(so, "wb") as dst:
            shutil.copyfileobj(src, dst)
    lib = Library(so, entry)
    io = np.load(d / f"{entry.get('data', args.name)}.npz")
    feeds = [torch.from_numpy(np.ascontiguousarray(io[f"in/{f['name']}"])).cuda()
             for f in entry["feeds"]]
    fetches = [torch.empty(f["shape"], dtype=getattr(torch, f["dtype"]), device="cuda")
               for f in entry["fetches"]]
    lib.check(lib.device(*[t.data_ptr() for t in feeds + fetches]))
    torch.cuda.synchronize()
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="compile the libraries (here)")
    b.add_argument("--out", required=True)
    b.add_argument("--models-dir", help="bench/real_export.py's models (NAME.json)")
    b.add_argument("--synthetic", nargs="*",
                   default=["resnet18_b1", "resnet50_b1", "mobilenetv2_b1", "bert_s128"],
                   help="models compiled with synthetic weights, for timing only")
    b.add_argument("--tile-study", action="store_true",
                   help="also build the synthetic models with tiles sized for 66 and 264 "
                        "multiprocessors (how the tiling heuristic's scale matters)")
    b.add_argument("--ops", nargs="*", default=OP_CASES,
                   help="ops whose numerics cases (test/python/numerics) run on the GPU")
    b.add_argument("--models", nargs="*",
                   default=["resnet18_b1", "resnet50_b1", "mobilenetv2_b1", "deit_tiny_b1",
                            "bert_s128"])
    b.set_defaults(func=build)
    r = sub.add_parser("run", help="run them on the GPU machine")
    r.add_argument("dir")
    r.add_argument("--out")
    r.add_argument("--trace-dir", help="write each model's kernel trace (chrome JSON) here")
    r.set_defaults(func=run)
    c = sub.add_parser("check", help="one library's numerics, as JSON (run uses it)")
    c.add_argument("dir")
    c.add_argument("name")
    c.set_defaults(func=check)
    o = sub.add_parser("once", help="run one library once (for ncu), on the GPU machine")
    o.add_argument("dir")
    o.add_argument("name")
    o.set_defaults(func=once)
    args = p.parse_args()
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
