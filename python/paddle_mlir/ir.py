"""`mlir.ir`, plus a `Context` that has the pd and phi dialects loaded.

The generated enum bindings import `register_attribute_builder` from
`..ir`, so this module also serves them.
"""

from mlir.ir import *  # noqa: F401,F403
from mlir.ir import Context as _UpstreamContext

from ._registration import register_dialects


class Context(_UpstreamContext):
    """An `mlir.ir.Context` with pd and phi registered and loaded."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        register_dialects(self)
