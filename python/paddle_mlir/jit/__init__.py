"""`paddle.jit` on paddle-mlir: capture programs from Python.

  * `trace(fn_or_layer, example_inputs)` runs once and records the ops
    (trace.py); Python branches on tensor values are recorded as taken,
    with a TracerWarning naming the line.
  * `to_static(fn_or_layer, input_spec=None)` converts the function's source
    so that `if`/`while`/`for range` on tensors become pd.if/pd.while, and
    caches the captured program per input spec (to_static.py).
  * `save(layer, path, input_spec)` writes Paddle 3's model files
    (`path.json` + `path.pdiparams`) and `load(path)` runs such a model
    (save_load.py).

The captures return callables that run the compiled program on arrays or
eager tensors, and inline their program when called inside another capture, so
traced pieces and converted functions mix.
"""

from ..static.input_spec import InputSpec  # noqa: F401
from .captured import CaptureError  # noqa: F401
from .convert import Dy2StaticError  # noqa: F401
from .to_static import StaticFunction, not_to_static, to_static  # noqa: F401
from .save_load import TranslatedLayer, load, save  # noqa: F401
from .trace import TracedLayer, TracerWarning, trace  # noqa: F401

__all__ = ["trace", "to_static", "not_to_static", "save", "load", "InputSpec", "StaticFunction",
           "TracedLayer", "TranslatedLayer", "TracerWarning", "Dy2StaticError", "CaptureError"]
