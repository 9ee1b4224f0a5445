"""Paddle Inference's API (`paddle.inference`) on paddle-mlir's compiled code.

A Paddle Inference script changes one import:

    import paddle_mlir.inference as paddle_infer       # was: import paddle.inference as paddle_infer

    config = paddle_infer.Config("model.json", "model.pdiparams")
    config.set_cpu_math_library_num_threads(2)
    predictor = paddle_infer.create_predictor(config)
    x = predictor.get_input_handle(predictor.get_input_names()[0])
    x.reshape(image.shape)
    x.copy_from_cpu(image)
    predictor.run()
    out = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()
    (out,) = predictor.run([image])                     # Paddle 3's form

The model is imported, optimized (`pd-inference-opt`, `switch_ir_optim`),
lowered (`pd-lower-to-llvm`) and compiled for the host CPU into a shared
library, once per set of input shapes; libraries are kept in a persistent
cache (`set_optim_cache_dir`, `PADDLE_MLIR_CACHE_DIR`), so the next process
that opens the same model does not compile it again. A call is one ctypes
call into the library: inputs are read in place, outputs written in place.
`config.enable_use_gpu(100, 0)` compiles for the NVIDIA GPU the driver
reports as device 0 instead (`pd-lower-to-cuda`; weights uploaded once).

Settings that would change results and that paddle-mlir does not implement
(a GPU other than device 0, TensorRT, XPU, bf16/int8/fp16 precision,
deleting passes) raise
`InferenceError` instead of being ignored; settings that only tune Paddle's
own runtime (oneDNN, glog, memory optimization, feed/fetch ops) are accepted.
"""

from __future__ import annotations

import enum
import os
from pathlib import Path

import numpy as np

__all__ = ["Config", "Predictor", "Tensor", "create_predictor", "InferenceError",
           "DataType", "PlaceType", "PrecisionType", "get_version"]


class InferenceError(RuntimeError):
    """A setting, a model or an input the predictor cannot use."""


class PrecisionType(enum.IntEnum):
    Float32 = 0
    Int8 = 1
    Half = 2
    Bfloat16 = 3


class PlaceType(enum.IntEnum):
    UNK = -1
    CPU = 0
    GPU = 1


class DataType(enum.IntEnum):
    FLOAT32 = 0
    INT64 = 1
    INT32 = 2
    UINT8 = 3
    INT8 = 4
    FLOAT16 = 5
    BOOL = 6
    FLOAT64 = 7


_DATA_TYPES = {
    np.dtype(np.float32): DataType.FLOAT32, np.dtype(np.int64): DataType.INT64,
    np.dtype(np.int32): DataType.INT32, np.dtype(np.uint8): DataType.UINT8,
    np.dtype(np.int8): DataType.INT8, np.dtype(np.float16): DataType.FLOAT16,
    np.dtype(np.bool_): DataType.BOOL, np.dtype(np.float64): DataType.FLOAT64,
}


def get_version() -> str:
    from .. import __version__
    return f"paddle-mlir {__version__}"


from .config import Config  # noqa: E402
from .predictor import Predictor, Tensor, create_predictor  # noqa: E402
