"""Importers of models from other frameworks into pd programs.

    from paddle_mlir.frontend import paddle as paddle_frontend
    main = paddle_frontend.load("model.json")   # + model.pdiparams

`paddle`: PaddlePaddle 3.x inference models (`paddle.jit.save`'s PIR
`.json` program and `.pdiparams` weights); `pdiparams`: the weights reader.
"""

from .paddle import PaddleImportError, load, load_params  # noqa: F401
from .pdiparams import read_pdiparams  # noqa: F401

__all__ = ["PaddleImportError", "load", "load_params", "read_pdiparams"]
