"""The PHI kernel registry `pd-select-kernels` reads.

    from paddle_mlir import kernels
    kernels.register_kernel("relu", backend="GPU", layout="ANY", dtype="float32")

Keys are (kernel name, backend, layout, dtype) with Paddle's spellings
(`CPU`/`GPU`/`ALL_BACKEND`, `ANY`/`NCHW`/`NHWC`, `float32`/`all_dtype`).
Lookups fall back to the ANY layout, then all_dtype, then ALL_BACKEND. The
CPU backend registers every op it can lower when the pass first runs.
"""

from __future__ import annotations

from . import _paddle_mlir_ext as _ext


def register_kernel(kernel: str, backend: str = "CPU", layout: str = "ANY",
                    dtype: str = "all_dtype") -> None:
    """Adds a kernel; ValueError for an unknown backend, layout or dtype."""
    _ext.register_kernel(kernel, backend, layout, dtype)


def has_cpu_lowering(op_name: str) -> bool:
    """Whether the CPU backend (convert-pd-to-linalg) lowers the op named
    `op_name` ("pd.relu")."""
    return _ext.has_cpu_lowering(op_name)


def has_kernel(kernel: str, backend: str = "CPU", layout: str = "ANY",
               dtype: str = "all_dtype") -> bool:
    """Whether exactly this key is registered (no fallbacks)."""
    return _ext.has_kernel(kernel, backend, layout, dtype)
