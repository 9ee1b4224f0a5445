"""Importers of models from other frameworks into pd programs, and back.

    from paddle_mlir.frontend import paddle as paddle_frontend
    main = paddle_frontend.load("model.json")   # + model.pdiparams
    paddle_writer.save(main, "copy")            # copy.json + copy.pdiparams

`paddle`: PaddlePaddle 3.x inference models (`paddle.jit.save`'s PIR
`.json` program and `.pdiparams` weights); `paddle_writer`: pd programs
written in that format (what `jit.save` uses); `pdiparams`: the weights
reader and writer.
"""

from .paddle import PaddleImportError, load, load_params  # noqa: F401
from .pdiparams import read_pdiparams  # noqa: F401

__all__ = ["PaddleImportError", "load", "load_params", "read_pdiparams"]
