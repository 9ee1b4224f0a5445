"""Single-op benchmarks: matmul, conv2d, fused elementwise chains.

Each program takes its operands as feeds (no weights), so what is timed is
the lowered kernel plus the Executor's call overhead.
"""

from __future__ import annotations

import numpy as np

from paddle_mlir import static
from paddle_mlir.dialects import pd
from paddle_mlir.tensor import building

from .harness import Case, Prepared, torch


def feed_program(feeds: list, build) -> static.Program:
    """A program with float32 feeds of static shapes and one fetch "out"."""
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        values = [static.data(name, list(shape), "float32") for name, shape in feeds]
        with building(values[0]):
            out = build(*values)
        main.fetch(out, "out")
    return main


# -- matmul ------------------------------------------------------------------------------
#: Child-process environment for single-threaded runs of both sides.
SINGLE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
                 "PADDLE_MLIR_THREADS": "0"}


def matmul_case(n: int, seed: int = 0, single_thread: bool = False) -> Case:
    def prepare() -> Prepared:
        rng = np.random.default_rng(seed)
        a = rng.standard_normal((n, n), dtype=np.float32)
        b = rng.standard_normal((n, n), dtype=np.float32)
        program = feed_program([("a", (n, n)), ("b", (n, n))], lambda x, y: pd.matmul(x, y))
        ta, tb = (torch.from_numpy(a), torch.from_numpy(b)) if torch is not None else (None, None)
        return Prepared(program, {"a": a, "b": b}, numpy_fn=lambda: a @ b,
                        reference=a.astype(np.float64) @ b.astype(np.float64),
                        torch_fn=(lambda: (ta @ tb).numpy()) if torch is not None else None)
    return Case("matmul", f"{n}x{n} @ {n}x{n}" + (", 1 thread each" if single_thread else ""),
                prepare, flops=2.0 * n ** 3, numpy_label="numpy (OpenBLAS sgemm)",
                env=SINGLE_THREAD if single_thread else None)


# -- conv2d ------------------------------------------------------------------------------
def im2col_conv2d(x: np.ndarray, w: np.ndarray, pad: int) -> np.ndarray:
    """NCHW stride-1 conv as im2col + one GEMM (numpy, BLAS): the columns
    are [C*KH*KW, N*OH*OW], the result is made contiguous NCHW like ours."""
    n, c, h, wd = x.shape
    f, _, kh, kw = w.shape
    oh, ow = h + 2 * pad - kh + 1, wd + 2 * pad - kw + 1
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    cols = np.empty((c, kh, kw, n, oh, ow), x.dtype)
    xp_c = xp.transpose(1, 0, 2, 3)  # [C, N, H, W] view
    for i in range(kh):
        for j in range(kw):
            cols[:, i, j] = xp_c[:, :, i:i + oh, j:j + ow]
    out = w.reshape(f, c * kh * kw) @ cols.reshape(c * kh * kw, n * oh * ow)
    return np.ascontiguousarray(out.reshape(f, n, oh, ow).transpose(1, 0, 2, 3))


def conv2d_case(n: int, c: int, f: int, hw: int, k: int = 3, pad: int = 1, seed: int = 0) -> Case:
    oh = hw + 2 * pad - k + 1

    def prepare() -> Prepared:
        rng = np.random.default_rng(seed)
        x = rng.standard_normal((n, c, hw, hw), dtype=np.float32)
        w = (rng.standard_normal((f, c, k, k), dtype=np.float32) / np.sqrt(c * k * k)).astype(np.float32)
        program = feed_program([("x", x.shape), ("w", w.shape)],
                               lambda xv, wv: pd.conv2d(xv, wv, (1, 1), (pad, pad)))
        torch_fn = None
        if torch is not None:
            tx, tw = torch.from_numpy(x), torch.from_numpy(w)
            torch_fn = lambda: torch.nn.functional.conv2d(tx, tw, padding=pad).numpy()  # noqa: E731
        return Prepared(program, {"x": x, "w": w}, numpy_fn=lambda: im2col_conv2d(x, w, pad),
                        reference=im2col_conv2d(x.astype(np.float64), w.astype(np.float64), pad),
                        torch_fn=torch_fn)
    return Case("conv2d", f"N={n} C={c}->{f} {hw}x{hw} {k}x{k} pad {pad}", prepare,
                flops=2.0 * n * f * oh * oh * c * k * k,
                numpy_label="numpy im2col + sgemm")


# -- elementwise ---------------------------------------------------------------------------
CHAINS = {
    # name: (pd builder, numpy (float32 timed, float64 reference), torch, number of ops)
    "exp(relu(x*2+1))": (lambda v: pd.exp(pd.relu(v * 2.0 + 1.0)),
                         lambda x: np.exp(np.maximum(x * 2 + 1, 0)),
                         lambda t: torch.exp(torch.relu(t * 2 + 1)), 4),
    "relu(x*2+1)": (lambda v: pd.relu(v * 2.0 + 1.0),
                    lambda x: np.maximum(x * 2 + 1, 0),
                    lambda t: torch.relu(t * 2 + 1), 3),
}


def elementwise_case(size: int, chain: str = "exp(relu(x*2+1))", seed: int = 0) -> Case:
    """A chain of pd ops (scale, scale, relu[, exp]) that the lowering can
    fuse into one loop; numpy runs them one by one, with temporaries."""
    build, np_fn, torch_chain, n_ops = CHAINS[chain]

    def prepare() -> Prepared:
        rng = np.random.default_rng(seed)
        x = rng.uniform(-2.0, 2.0, size).astype(np.float32)
        program = feed_program([("x", (size,))], build)
        torch_fn = None
        if torch is not None:
            tx = torch.from_numpy(x)
            torch_fn = lambda: torch_chain(tx).numpy()  # noqa: E731
        return Prepared(program, {"x": x}, numpy_fn=lambda: np_fn(x),
                        reference=np_fn(x.astype(np.float64)), torch_fn=torch_fn)
    label = f"{size / 2 ** 20:g}M" if size % 2 ** 20 == 0 else str(size)
    return Case("elementwise", f"{chain}, {label} f32", prepare,
                numpy_label=f"numpy ({n_ops} unfused ufuncs)")
