"""The phi dialect: `phi.kernel` and `#phi.kernel_key`."""

from ._phi_ops_gen import *  # noqa: F401,F403
from ._phi_ops_gen import _Dialect  # noqa: F401

from mlir import ir as _ir

from .pd import Backend, DataLayout, DataType


def kernel_key(backend, layout, dtype, context=None) -> _ir.Attribute:
    """`#phi.kernel_key<backend, layout, dtype>` from enum members or names."""
    text = "#phi.kernel_key<{}, {}, {}>".format(
        Backend[str(backend)] if isinstance(backend, str) else Backend(backend),
        DataLayout[str(layout)] if isinstance(layout, str) else DataLayout(layout),
        _dtype(dtype),
    )
    return _ir.Attribute.parse(text, context)


def _dtype(dtype) -> DataType:
    if isinstance(dtype, str):
        for member in DataType:
            if str(member) == dtype or member.name == dtype:
                return member
        raise ValueError(f"unknown Paddle dtype {dtype!r}")
    return DataType(dtype)
