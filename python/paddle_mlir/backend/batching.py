"""Dynamic batch: one compile for every batch size.

A model exported with a dynamic batch dim (`[-1, 3, 224, 224]`) is compiled
once for a batch of one and run at batch N as N calls of that code on
consecutive slices of the feeds and fetches (no copies: the batch dim is the
outermost, so every sample is one contiguous block). This is only right when
the program computes each sample on its own, which `analyze` decides before
the runtime relies on it:

- no op reads the shape of a batched value (`pd.shape` and friends would
  bake the probe's batch size into the arithmetic);
- `pd-check-batch-separable` on the program lowered to linalg, specialized at
  two probe batch sizes, follows the batch through every op (a reduction, a
  slice or a concatenation across the batch makes it dependent);
- at both probes every fetch has the unit compile's shape with its dim 0
  scaled by the batch size.

Anything else is compiled for each batch size, as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import ir
from ..pipeline import run_pipeline

#: Batch sizes the analysis specializes the program at: primes that model
#: dims rarely are, two of them so a shape coincidence cannot pass both.
PROBES = (17, 19)
#: Bumped when the analysis changes (part of its compile-cache key).
ANALYSIS_VERSION = 1
#: Ops whose result is (part of) a shape: the batch size would become a constant.
SHAPE_READERS = frozenset({"pd.shape", "pd.shape64", "pd.numel"})


@dataclass
class BatchAnalysis:
    separable: bool
    reason: str = ""

    def to_json(self) -> dict:
        return {"separable": self.separable, "reason": self.reason}

    @classmethod
    def from_json(cls, d: dict) -> "BatchAnalysis":
        return cls(bool(d["separable"]), str(d.get("reason", "")))


def batch_feeds(declared: list) -> list:
    """Names of the feeds whose declared dim 0 is dynamic: `declared` is
    [(name, shape)]."""
    return [name for name, shape in declared if len(shape) >= 1 and shape[0] < 0]


def split(shapes: tuple, names: list, batch: list):
    """(batch size, unit shapes) when every batch feed in `shapes` (by
    `names`) has the same dim 0, else None."""
    sizes = {shapes[names.index(n)][0] for n in batch}
    if len(sizes) != 1:
        return None
    (n,) = sizes
    unit = tuple((1,) + tuple(s[1:]) if name in batch else tuple(s)
                 for name, s in zip(names, shapes))
    return n, unit


def _reads_batched_shape(program) -> str:
    """The first op that reads a shape with a dynamic dim, or ""."""
    found = []

    def visit(op):
        if found:
            return
        if op.name in SHAPE_READERS:
            for v in op.operands:
                t = v.type
                if hasattr(t, "shape") and any(d < 0 for d in t.shape):
                    found.append(f"'{op.name}' at {op.location} reads the shape of a batched value")
                    return
        for region in op.regions:
            for block in region.blocks:
                for inner in block.operations:
                    visit(inner.operation)

    for op in program.module.body.operations:
        visit(op.operation)
    return found[0] if found else ""


def _fetch_shapes(module) -> list:
    from . import cpu
    return [f[1] for f in cpu.fetch_types(module)]


def _specialized(program, shapes: dict, pipeline: str | None):
    from . import aot
    module = aot.specialize(program, shapes)
    if pipeline and pipeline.strip() not in ("", "none"):
        run_pipeline(module, pipeline, description="batch analysis")
    run_pipeline(module, "pd-infer-shapes", description="batch analysis", verify_each=False)
    run_pipeline(module, "pd-reduce-inplace-variants,pd-maximize-value-semantics,pd-infer-shapes",
                 description="batch analysis")
    return module


def analyze(program, unit_shapes: dict, batch: list,
            pipeline: str | None = None) -> BatchAnalysis:
    """Whether `program` (not modified) computes every sample of the `batch`
    feeds on its own, given the other dims in `unit_shapes` (name -> shape
    with dim 0 = 1 for the batch feeds), once optimized by `pipeline` as the
    the compile does (None: `program` is already optimized)."""
    reason = _reads_batched_shape(program)
    if reason:
        return BatchAnalysis(False, reason)
    try:
        unit = _fetch_shapes(_specialized(program, unit_shapes, pipeline))
        for probe in PROBES:
            shapes = {n: ((probe,) + tuple(s[1:]) if n in batch else tuple(s))
                      for n, s in unit_shapes.items()}
            module = _specialized(program, shapes, pipeline)
            fetched = _fetch_shapes(module)
            for name, u, p in zip(program.fetches(), unit, fetched):
                if u is None or p is None or not u or \
                        tuple(p) != (probe * u[0],) + tuple(u[1:]):
                    return BatchAnalysis(False, f"fetch {name!r} has shape {p} at batch {probe} "
                                                f"and {u} at batch 1")
            run_pipeline(module, "convert-pd-to-linalg,canonicalize,cse,pd-check-batch-separable"
                         "{batch-feeds=" + ",".join(batch) + "}", description="batch analysis")
            attrs = module.body.operations[0].operation.attributes
            if "pd.batch_separable" not in attrs:
                why = (ir.StringAttr(attrs["pd.batch_dependent"]).value
                       if "pd.batch_dependent" in attrs else "the analysis gave no answer")
                return BatchAnalysis(False, why)
    except Exception as e:  # noqa: BLE001 -- a program the analysis cannot lower is not sliced
        return BatchAnalysis(False, f"the analysis could not lower the program: "
                                    f"{str(e).splitlines()[0] if str(e) else type(e).__name__}")
    return BatchAnalysis(True)
