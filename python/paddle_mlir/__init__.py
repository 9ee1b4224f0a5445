"""paddle-mlir: PaddlePaddle's program IR (PIR) and PHI kernels on MLIR.

    from paddle_mlir import ir
    from paddle_mlir.dialects import pd

    with ir.Context(), ir.Location.unknown():
        t = pd.TensorType.get([4, -1], ir.F32Type.get())

`paddle_mlir.ir.Context` has the pd and phi dialects loaded;
`register_dialects(ctx)` adds them to any `mlir.ir.Context`.
"""

__version__ = "0.5.0"

from ._registration import dialect_registry, register_dialects  # noqa: F401
from .dialects._pd_builder_support import ShapeError  # noqa: F401
from .pipeline import PipelineError, run_pipeline  # noqa: F401
from .tensor import Tensor  # noqa: F401  (registers the value caster)

__all__ = ["dialect_registry", "register_dialects", "run_pipeline", "PipelineError", "ShapeError",
           "Tensor"]
