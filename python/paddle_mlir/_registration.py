"""Registers paddle-mlir with the upstream `mlir` Python package.

`_paddle_mlir_ext` links the bindings' own `libMLIRPythonCAPI.so`, so the
dialects and passes it registers live in the one MLIR of this process: no
second copy of MLIR is loaded.
"""

from mlir import ir as _ir

try:
    from . import _paddle_mlir_ext as _ext
except ImportError as e:  # pragma: no cover - only without a build
    raise ImportError(
        "paddle_mlir's native extension is missing: run `make build` "
        f"in the paddle-mlir checkout first ({e})"
    ) from e

# Passes go into MLIR's global registry, so `PassManager.parse` finds them.
_ext.register_passes()

# Let the bindings find `paddle_mlir.dialects.pd` for ops of dialect `pd`, so
# that ops read from IR come back as their generated classes.
from mlir._mlir_libs import _mlir as _cext  # noqa: E402

_cext.globals.append_dialect_search_prefix("paddle_mlir.dialects")

_registry = None


def dialect_registry() -> _ir.DialectRegistry:
    """A DialectRegistry holding the pd and phi dialects."""
    global _registry
    if _registry is None:
        _registry = _ir.DialectRegistry()
        _ext.register_dialects(_registry)
    return _registry


def register_dialects(context: _ir.Context, load: bool = True) -> None:
    """Makes pd and phi available in `context` (and loads them)."""
    context.append_dialect_registry(dialect_registry())
    if load:
        context.dialects["pd"]
        context.dialects["phi"]
