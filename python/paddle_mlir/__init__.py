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
           "Tensor", "to_tensor", "EagerTensor", "enable_static", "disable_static",
           "in_dynamic_mode"]

_SUBMODULES = {"nn", "static", "jit", "ops", "inference", "eager", "vision"}


def __getattr__(name):
    """Paddle's top-level namespace: `paddle_mlir.nn`, `.jit`, `.static`, and
    the tensor functions of `paddle_mlir.ops` (`paddle_mlir.add`, `.matmul`,
    `.to_tensor`, ...), so `import paddle_mlir as paddle` reads like Paddle."""
    import importlib
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    if name in ("EagerTensor", "to_tensor"):
        from . import eager
        return getattr(eager, name)
    if name in ("enable_static", "disable_static", "in_dynamic_mode"):
        from . import static
        return getattr(static, name)
    from . import ops
    if not name.startswith("_") and callable(getattr(ops, name, None)):
        return getattr(ops, name)
    raise AttributeError(f"module 'paddle_mlir' has no attribute {name!r}")
