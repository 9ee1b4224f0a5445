"""`InputSpec`: the shape (None for a dim of any size), dtype and name of a
program input, as Paddle's `paddle.static.InputSpec`."""

from __future__ import annotations

import numpy as np

from ..dialects import pd


class InputSpec:
    def __init__(self, shape, dtype="float32", name=None, stop_gradient=False):
        if isinstance(shape, int):
            shape = [shape]
        try:
            self.shape = tuple(None if d is None or int(d) < 0 else int(d) for d in shape)
        except (TypeError, ValueError):
            raise ValueError(f"InputSpec shape must be a list of ints and None, got {shape!r}") \
                from None
        self.dtype = pd.canonical_dtype(dtype)
        self.name = name
        self.stop_gradient = stop_gradient

    @classmethod
    def from_tensor(cls, tensor, name=None):
        array = np.asarray(tensor)
        return cls(array.shape, array.dtype.name, name)

    from_numpy = from_tensor

    def batch(self, batch_size):
        return InputSpec((batch_size,) + self.shape, self.dtype, self.name)

    def unbatch(self):
        return InputSpec(self.shape[1:], self.dtype, self.name)

    def matches(self, shape, dtype) -> str | None:
        """Why an array of `shape`/`dtype` does not fit this spec, or None."""
        if len(shape) != len(self.shape) or any(d is not None and d != s
                                                for d, s in zip(self.shape, shape)):
            return f"shape {list(shape)} does not match {self._dims()}"
        if pd.canonical_dtype(dtype) != self.dtype:
            return f"dtype {dtype} is not {self.dtype}"
        return None

    def _dims(self) -> str:
        return "[" + ", ".join("None" if d is None else str(d) for d in self.shape) + "]"

    def __eq__(self, other):
        return isinstance(other, InputSpec) and (self.shape, self.dtype, self.name) == \
            (other.shape, other.dtype, other.name)

    def __hash__(self):
        return hash((self.shape, self.dtype, self.name))

    def __repr__(self):
        return f"InputSpec(shape={self._dims()}, dtype={self.dtype}, name={self.name})"
