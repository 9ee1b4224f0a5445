#!/usr/bin/env python3
"""Random valid pd programs, compiled and run against numpy.

    .venv/bin/python tools/fuzz/fuzz_programs.py --count 40 --seed 1      # make test's budget
    .venv/bin/python tools/fuzz/fuzz_programs.py --count 2000 --out /tmp/fuzz-programs

Each seed makes one program of 1 to 8 ops drawn from a palette of the spec's
ops (elementwise unary and binary ops with broadcasting, matmul with
transposes and batches, reductions, softmax, transpose, reshape, concat,
slice, scale, conv2d (dense, 1x1, depthwise, strided, dilated), pool2d and
layer_norm), on random float32 shapes within each op's contract: ranks 1
to 4, dims of 1 (broadcasts), odd sizes (vector remainders) and sometimes 0
(empty tensors), sometimes a dynamic leading dim. The program is built with the static API, run by
`static.Executor("cpu")`, and every fetched value is compared with a float64
numpy evaluation of the same graph (the references of the numerics tests,
test/python/numerics/references.py).

Outcomes: `ok`; `mismatch` (a value differs from numpy by more than 16x
numpy's own float32 error, with its sums pairwise or one element after
another, whichever is further off, plus 1e-5 of the output's magnitude per
op);
`error` (a Python exception: the op combination is reported as
unsupported, which is listed but not a failure); `crash` (the worker process
died: a signal or an abort) and `hang` (over --timeout). Programs run in
worker processes that take seeds one after another, so an abort is counted
and the worker replaced. A mismatch, crash or hang makes the exit status 1
and is listed with the command that reproduces it (`--replay SEED`).
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import random
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# Elementwise ops defined on all reals with bounded growth (chains stay finite).
UNARY_OPS = ("relu", "sigmoid", "tanh", "abs", "sin", "cos", "gelu", "silu", "erf",
             "hardswish", "leaky_relu", "softsign", "relu6", "square", "exp")
BINARY_OPS = ("add", "subtract", "multiply", "maximum", "minimum")
REDUCE_OPS = ("sum", "mean", "max", "min")
DIMS = (1, 1, 2, 3, 4, 5, 7, 8, 16, 17, 33)


# -- the program: nodes with shapes --------------------------------------------------
@dataclass
class Node:
    kind: str                 # feed, unary, binary, matmul, reduce, softmax, ...
    inputs: list              # node indices
    shape: tuple
    attrs: dict = field(default_factory=dict)


def _broadcast_partner(rng, shape):
    """A shape that broadcasts with `shape` to `shape`: some dims 1, maybe
    fewer leading dims."""
    rank = len(shape)
    drop = rng.randint(0, rank - 1) if rank > 1 and rng.random() < 0.3 else 0
    return tuple(1 if rng.random() < 0.3 else d for d in shape[drop:])


def generate(seed: int, zero_dims: float = 0.0) -> list:
    """The program of `seed`; `zero_dims` is the probability that a feed's
    dim is 0 (empty tensors)."""
    rng = random.Random(seed)
    nodes: list[Node] = []

    def dim():
        return 0 if rng.random() < zero_dims else rng.choice(DIMS)

    def feed(shape, dynamic=False):
        nodes.append(Node("feed", [], tuple(shape), {"dynamic": dynamic}))
        return len(nodes) - 1

    rank = rng.choice((1, 2, 3, 4, 4, 4))     # rank 4 for the convolutions and pools
    first = feed([dim() for _ in range(rank)], dynamic=rng.random() < 0.25)
    for _ in range(rng.randint(1, 8)):
        i = rng.randrange(len(nodes))
        x = nodes[i]
        shape, r = x.shape, len(x.shape)
        kind = rng.choice(("unary", "unary", "binary", "binary", "matmul", "reduce", "softmax",
                           "transpose", "reshape", "concat", "slice", "scale", "conv2d",
                           "pool2d", "layer_norm") if r else
                          ("unary", "binary", "scale"))     # a 0-d result of a full reduction
        if kind == "unary":
            op = rng.choice(UNARY_OPS)
            if op in ("exp", "square"):
                # Bounded inputs keep the chain finite: exp(tanh(x)), tanh(x)^2.
                nodes.append(Node("unary", [i], shape, {"op": "tanh"}))
                i = len(nodes) - 1
            nodes.append(Node("unary", [i], shape, {"op": op}))
        elif kind == "binary":
            partner = _broadcast_partner(rng, shape)
            j = next((k for k, n in enumerate(nodes) if n.shape == partner and k != i
                      and rng.random() < 0.5), None)
            if j is None:
                j = feed(partner)
            pair = [i, j] if rng.random() < 0.5 else [j, i]
            nodes.append(Node("binary", pair, shape, {"op": rng.choice(BINARY_OPS)}))
        elif kind == "matmul":
            if r < 2:
                continue
            *batch, m, k = shape
            n = dim()
            ty = rng.random() < 0.4
            bshape = (tuple(batch) if rng.random() < 0.5 else ()) + ((n, k) if ty else (k, n))
            j = feed(bshape)
            nodes.append(Node("matmul", [i, j], tuple(batch) + (m, n), {"transpose_y": ty}))
        elif kind == "reduce":
            axes = sorted(rng.sample(range(r), rng.randint(1, r)))
            if math.prod(shape[a] for a in axes) > 16384:
                # Sums of 10^5+ float32 values accumulate per vector lane here
                # and pairwise in numpy: ~1e-3 apart, which cos() then shows.
                axes = [r - 1]
            keep = rng.random() < 0.5
            op = rng.choice(REDUCE_OPS)
            if op in ("max", "min") and any(shape[a] == 0 for a in axes):
                op = "sum"      # max/min of nothing has no value (an error in Paddle)
            out = tuple((1 if a in axes else d) for a, d in enumerate(shape)) if keep else \
                tuple(d for a, d in enumerate(shape) if a not in axes)
            nodes.append(Node("reduce", [i], out, {"op": op, "axis": axes, "keepdim": keep}))
        elif kind == "softmax":
            nodes.append(Node("softmax", [i], shape, {"axis": rng.randrange(-r, r)}))
        elif kind == "transpose":
            perm = list(range(r))
            rng.shuffle(perm)
            nodes.append(Node("transpose", [i], tuple(shape[p] for p in perm), {"perm": perm}))
        elif kind == "reshape":
            if 0 in shape:
                continue        # a 0 in Paddle's target shape copies the input's dim
            if r < 2:
                target = [1, shape[0]] if rng.random() < 0.5 else [shape[0], 1]
            else:
                cut = rng.randint(1, r - 1)
                target = [math.prod(shape[:cut]), math.prod(shape[cut:])]
            nodes.append(Node("reshape", [i], tuple(target), {"shape": target}))
        elif kind == "concat":
            axis = rng.randrange(r)
            other = tuple(dim() if a == axis else d for a, d in enumerate(shape))
            j = feed(other)
            out = tuple(d + other[a] if a == axis else d for a, d in enumerate(shape))
            nodes.append(Node("concat", [i, j], out, {"axis": axis}))
        elif kind == "slice":
            axis = rng.randrange(r)
            size = shape[axis]
            if size == 0:
                continue
            start = rng.randint(0, size - 1)
            end = rng.randint(start + 1, size + 2)     # past the end is clamped, as in Paddle
            out = tuple(min(end, size) - start if a == axis else d for a, d in enumerate(shape))
            nodes.append(Node("slice", [i], out, {"axis": axis, "start": start, "end": end}))
        elif kind == "conv2d":
            if r != 4:
                continue
            n, c, h, w = shape
            if 0 in (c, h, w):
                continue
            k = rng.choice((1, 1, 3, 3, 5, 7))
            stride, pad, dil = rng.choice((1, 1, 2)), rng.randint(0, k // 2 + 1), \
                rng.choice((1, 1, 2))
            groups = c if c > 1 and rng.random() < 0.3 else 1      # depthwise
            span = dil * (k - 1) + 1
            oh, ow = (h + 2 * pad - span) // stride + 1, (w + 2 * pad - span) // stride + 1
            if oh < 1 or ow < 1:
                continue
            o = c if groups > 1 else dim()
            j = feed((o, c // groups, k, k))
            nodes.append(Node("conv2d", [i, j], (n, o, oh, ow),
                              {"strides": [stride] * 2, "paddings": [pad] * 2,
                               "dilations": [dil] * 2, "groups": groups}))
        elif kind == "pool2d":
            if r != 4:
                continue
            n, c, h, w = shape
            if 0 in (c, h, w):
                continue
            k = rng.choice((1, 2, 3))
            stride, pad = rng.choice((1, 2)), rng.randint(0, k // 2)
            oh, ow = (h + 2 * pad - k) // stride + 1, (w + 2 * pad - k) // stride + 1
            glob = rng.random() < 0.2
            if glob:
                oh = ow = 1
            if oh < 1 or ow < 1:
                continue
            nodes.append(Node("pool2d", [i], (n, c, oh, ow),
                              {"kernel_size": [k, k], "strides": [stride] * 2,
                               "paddings": [pad] * 2, "pooling_type": rng.choice(("max", "avg")),
                               "global_pooling": glob}))
        elif kind == "layer_norm":
            begin = rng.randrange(r)
            norm = math.prod(shape[begin:])
            if norm == 0 or norm > 16384:
                # Real layer norms normalize a few thousand values; over 10^5+
                # the float32 statistics differ from numpy's pairwise sums
                # by ~1e-4 (a precision limit, not a wrong result).
                continue
            j, b = feed((norm,)), feed((norm,))
            nodes.append(Node("layer_norm", [i, j, b], shape, {"begin_norm_axis": begin}))
        else:
            nodes.append(Node("scale", [i], shape, {"scale": rng.choice((0.5, -2.0, 3.0)),
                                                    "bias": rng.choice((0.0, 1.0, -0.25))}))
    if all(n.kind == "feed" for n in nodes):
        nodes.append(Node("unary", [first], nodes[first].shape, {"op": "relu"}))
    # A dynamic leading dim only where every feed keeps it as is.
    if nodes[first].attrs["dynamic"]:
        nodes[first].attrs["dynamic"] = all(n.kind != "feed" or k == first
                                            for k, n in enumerate(nodes)) and rank > 1
    return nodes


def fetched(nodes) -> list:
    """The nodes a program fetches: those no other node reads."""
    read = {i for n in nodes for i in n.inputs}
    return [k for k, n in enumerate(nodes) if n.kind != "feed" and k not in read]


def feeds_for(nodes, seed: int) -> dict:
    import numpy as np
    rng = np.random.default_rng(seed)
    return {f"x{k}": rng.standard_normal(n.shape).astype(np.float32)
            for k, n in enumerate(nodes) if n.kind == "feed"}


# -- building (paddle_mlir) and reference (numpy) ----------------------------------------
def build(nodes, static, pd):
    program = static.Program()
    values = []
    with static.program_guard(program), program.building():
        for k, n in enumerate(nodes):
            a = [values[i] for i in n.inputs]
            t = n.attrs
            if n.kind == "feed":
                shape = list(n.shape)
                if t.get("dynamic"):
                    shape[0] = None
                v = static.data(f"x{k}", shape, "float32")
            elif n.kind == "unary":
                v = getattr(pd, t["op"])(a[0])
            elif n.kind == "binary":
                v = getattr(pd, t["op"])(a[0], a[1])
            elif n.kind == "matmul":
                v = pd.matmul(a[0], a[1], transpose_y=t["transpose_y"])
            elif n.kind == "reduce":
                v = getattr(pd, t["op"])(a[0], axis=t["axis"], keepdim=t["keepdim"])
            elif n.kind == "softmax":
                v = pd.softmax(a[0], t["axis"])
            elif n.kind == "transpose":
                v = pd.transpose(a[0], t["perm"])
            elif n.kind == "reshape":
                v = pd.reshape(a[0], t["shape"])
            elif n.kind == "concat":
                v = pd.concat([a[0], a[1]], t["axis"])
            elif n.kind == "slice":
                v = pd.slice(a[0], [t["axis"]], [t["start"]], [t["end"]], [1], [])
            elif n.kind == "conv2d":
                v = pd.conv2d(a[0], a[1], strides=t["strides"], paddings=t["paddings"],
                              dilations=t["dilations"], groups=t["groups"])
            elif n.kind == "pool2d":
                v = pd.pool2d(a[0], kernel_size=t["kernel_size"], strides=t["strides"],
                              paddings=t["paddings"], ceil_mode=False, exclusive=True,
                              data_format="NCHW", pooling_type=t["pooling_type"],
                              global_pooling=t["global_pooling"], adaptive=False,
                              padding_algorithm="EXPLICIT")
            elif n.kind == "layer_norm":
                v = pd.layer_norm(a[0], a[1], a[2], 1e-5, t["begin_norm_axis"])
                v = v[0] if isinstance(v, (list, tuple)) else v
            else:
                v = pd.scale(a[0], t["scale"], t["bias"], True)
            values.append(v)
    return program, [values[k] for k in fetched(nodes)]


def _sequential_sum(x, axes, keepdims):
    """x summed over `axes` one element after another: numpy sums along a
    contiguous axis pairwise, whose float32 error can be much smaller than
    that of the blocked sequential sums every vectorized kernel makes."""
    import numpy as np
    axes = tuple(sorted(a % x.ndim for a in axes))
    rest = [d for d in range(x.ndim) if d not in axes]
    moved = np.transpose(x, axes + tuple(rest)).reshape((-1,) + tuple(x.shape[d] for d in rest))
    total = np.zeros(moved.shape[1:], x.dtype)
    for row in moved:
        total = total + row
    if keepdims:
        total = total.reshape(tuple(1 if d in axes else x.shape[d] for d in range(x.ndim)))
    return total


def reference(nodes, feeds, dtype, sequential=False):
    """The graph on numpy arrays of `dtype` (float64: the reference;
    float32: numpy's own rounding, the scale of an acceptable error;
    `sequential`: with sums and means summed one element after another,
    the other end of the float32 error of a sum)."""
    import numpy as np
    sys.path.insert(0, str(REPO / "test" / "python"))
    from numerics import references as R
    values = []
    with np.errstate(all="ignore"):
        for k, n in enumerate(nodes):
            a = [values[i] for i in n.inputs]
            t = n.attrs
            if n.kind == "feed":
                v = feeds[f"x{k}"].astype(dtype)
            elif n.kind == "unary":
                v = R.UNARY[t["op"]](a[0])
            elif n.kind == "binary":
                v = R.BINARY[t["op"]](a[0], a[1])
            elif n.kind == "matmul":
                v = a[0] @ (np.swapaxes(a[1], -1, -2) if t["transpose_y"] else a[1])
            elif n.kind == "reduce" and sequential and t["op"] in ("sum", "mean") and \
                    a[0].size:
                v = _sequential_sum(a[0], t["axis"], t["keepdim"])
                if t["op"] == "mean":
                    count = a[0].size // max(v.size, 1)
                    v = v / dtype(count)
            elif n.kind == "reduce":
                fn = {"sum": np.sum, "mean": np.mean, "max": np.max, "min": np.min}[t["op"]]
                v = fn(a[0], axis=tuple(t["axis"]), keepdims=t["keepdim"])
            elif n.kind == "softmax":
                if a[0].size == 0:
                    v = a[0].copy()
                else:
                    e = np.exp(a[0] - np.max(a[0], axis=t["axis"], keepdims=True))
                    v = e / np.sum(e, axis=t["axis"], keepdims=True)
            elif n.kind == "transpose":
                v = np.transpose(a[0], t["perm"])
            elif n.kind == "reshape":
                v = a[0].reshape(t["shape"])
            elif n.kind == "concat":
                v = np.concatenate([a[0], a[1]], t["axis"])
            elif n.kind == "slice":
                index = [slice(None)] * a[0].ndim
                index[t["axis"]] = slice(t["start"], t["end"])
                v = a[0][tuple(index)]
            elif n.kind == "conv2d":
                v = R.conv_nd(a[0], a[1], t["strides"], t["paddings"], t["dilations"],
                              t["groups"])
            elif n.kind == "pool2d":
                v = R.pool2d(a[0], t["kernel_size"], t["strides"], t["paddings"],
                             pooling_type=t["pooling_type"], global_pooling=t["global_pooling"])
            elif n.kind == "layer_norm":
                v = R.layer_norm(a[0], a[1], a[2], 1e-5, t["begin_norm_axis"])
                v = v[0] if isinstance(v, (list, tuple)) else v
            else:
                v = a[0] * t["scale"] + t["bias"]
            values.append(np.asarray(v, dtype))
    return [values[k] for k in fetched(nodes)]


def check(nodes, outputs, feeds) -> str:
    """'' when every output matches numpy, else what differs."""
    import numpy as np
    ref64 = reference(nodes, feeds, np.float64)
    ref32 = reference(nodes, feeds, np.float32)
    ref32s = reference(nodes, feeds, np.float32, sequential=True)
    ops = sum(n.kind != "feed" for n in nodes)
    for i, (out, r64, r32, r32s) in enumerate(zip(outputs, ref64, ref32, ref32s)):
        out = np.asarray(out)
        if out.shape != r64.shape:
            return f"output {i}: shape {out.shape}, numpy {r64.shape}"
        # The scale of the finite values: one NaN (the mean of nothing) made
        # it, and so every bound, NaN (found by fuzz_programs, seed 17810).
        finite = np.abs(r64[np.isfinite(r64)])
        scale = float(np.max(finite)) if finite.size else 0.0
        # numpy's float32 error in pairwise and in sequential sums: a sum of
        # 3927 values, summed pairwise, was 13x closer than our blocked
        # sums, and its cosine 16x (fuzz_programs seed 1130692).
        f32_error = np.maximum(np.abs(r32.astype(np.float64) - r64),
                               np.abs(r32s.astype(np.float64) - r64))
        bound = 16 * f32_error + 1e-5 * (1 + scale) * ops
        err = np.abs(out.astype(np.float64) - r64)
        # NaN where numpy has NaN (the mean of nothing), inf where it has the same inf.
        same = (np.isnan(out) & np.isnan(r64)) | (out.astype(np.float64) == r64)
        bad = ~(err <= bound) & ~same
        if np.any(bad):
            where = tuple(int(w[0]) for w in np.nonzero(np.atleast_1d(bad))) if bad.ndim else ()
            return (f"output {i}: {int(bad.sum())} of {out.size} values differ, e.g. at "
                    f"{where}: {out[where]!r} vs numpy {r64[where]!r}")
    return ""


def describe(nodes) -> str:
    parts = []
    for k, n in enumerate(nodes):
        args = ",".join(f"%{i}" for i in n.inputs)
        attrs = " ".join(f"{a}={v}" for a, v in n.attrs.items() if a != "op")
        name = n.attrs.get("op", n.kind)
        parts.append(f"%{k}={name}({args}){list(n.shape)}{' ' + attrs if attrs else ''}")
    return "; ".join(parts)


# -- the worker: runs seeds, one JSON line each -------------------------------------------
def run_seed(seed: int, static, pd, exe, zero_dims: float = 0.0) -> dict:
    nodes = generate(seed, zero_dims)
    feeds = feeds_for(nodes, seed)
    try:
        program, fetches = build(nodes, static, pd)
        outputs = exe.run(program, feed={k: v.copy() for k, v in feeds.items()},
                          fetch_list=fetches)
    except Exception as e:  # noqa: BLE001 -- any clean error is the outcome
        first = str(e).strip().splitlines()[0] if str(e).strip() else ""
        return {"seed": seed, "outcome": "error", "detail": f"{type(e).__name__}: {first}"}
    problem = check(nodes, outputs, feeds)
    return {"seed": seed, "outcome": "mismatch" if problem else "ok", "detail": problem}


def worker(zero_dims: float) -> int:
    from paddle_mlir import static
    from paddle_mlir.dialects import pd
    exe = static.Executor("cpu")
    for line in sys.stdin:
        result = run_seed(int(line), static, pd, exe, zero_dims)
        print(json.dumps(result), flush=True)
    return 0


class Worker:
    """A worker process; `run(seed)` gives its result, or crash/hang."""

    def __init__(self, timeout: float, zero_dims: float):
        self.timeout = timeout
        self.zero_dims = zero_dims
        self.proc = None

    def _start(self):
        self.proc = subprocess.Popen([sys.executable, __file__, "--worker",
                                      "--zero-dims", str(self.zero_dims)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)

    def run(self, seed: int) -> dict:
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        self.proc.stdin.write(f"{seed}\n")
        self.proc.stdin.flush()
        line = [None]
        reader = threading.Thread(target=lambda: line.__setitem__(0, self.proc.stdout.readline()))
        reader.start()
        reader.join(self.timeout)
        if reader.is_alive():
            self.proc.kill()
            reader.join()
            self.proc.wait()
            self.proc = None
            return {"seed": seed, "outcome": "hang", "detail": f"over {self.timeout:.0f} s"}
        if line[0]:
            return json.loads(line[0])
        code = self.proc.wait()
        tail = self.proc.stderr.read().strip().splitlines()[-3:]
        self.proc = None
        return {"seed": seed, "outcome": "crash",
                "detail": f"worker exited with {code}: {' | '.join(tail)}"}

    def close(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait()


OUTCOMES = ("ok", "error", "mismatch", "crash", "hang")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--count", type=int, default=40, help="programs to run (default 40)")
    ap.add_argument("--seed", type=int, default=1, help="the first program's seed")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (each JIT compiles "
                    "on all cores already)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per program")
    ap.add_argument("--out", type=Path, help="where the failing programs are listed")
    ap.add_argument("--zero-dims", type=float, default=0.05, metavar="P",
                    help="probability that a dim is 0 (default 0.05)")
    ap.add_argument("--replay", type=int, metavar="SEED", help="run one seed here and print it")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        return worker(args.zero_dims)
    if args.replay is not None:
        print(describe(generate(args.replay, args.zero_dims)))
        from paddle_mlir import static
        from paddle_mlir.dialects import pd
        print(json.dumps(run_seed(args.replay, static, pd, static.Executor("cpu"),
                                  args.zero_dims)))
        return 0
    seeds = list(range(args.seed, args.seed + args.count))
    counts = collections.Counter()
    bad, errors, error_seed = [], collections.Counter(), {}
    lock = threading.Lock()

    def drain(chunk):
        w = Worker(args.timeout, args.zero_dims)
        try:
            for seed in chunk:
                r = w.run(seed)
                with lock:
                    counts[r["outcome"]] += 1
                    if r["outcome"] in ("mismatch", "crash", "hang"):
                        bad.append(r)
                    elif r["outcome"] == "error":
                        errors[r["detail"][:160]] += 1
                        error_seed.setdefault(r["detail"][:160], r["seed"])
        finally:
            w.close()
    jobs = max(1, args.jobs)
    threads = [threading.Thread(target=drain, args=(seeds[j::jobs],)) for j in range(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"fuzz_programs: {sum(counts.values())} programs (seeds {args.seed}.."
          f"{args.seed + args.count - 1}): " + ", ".join(f"{k} {counts[k]}" for k in OUTCOMES))
    for detail, n in errors.most_common(10):
        print(f"  error x{n} (seed {error_seed[detail]}): {detail}")
    for r in sorted(bad, key=lambda r: r["seed"]):
        print(f"  {r['outcome']} seed {r['seed']}: {r['detail']}\n    program: "
              f"{describe(generate(r['seed'], args.zero_dims))}\n    reproduce: "
              f"{sys.executable} {__file__} --zero-dims {args.zero_dims} --replay {r['seed']}")
    if args.out and bad:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "failures.json").write_text(json.dumps(bad, indent=1))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
