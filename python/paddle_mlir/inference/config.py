"""`Config`: where the model is and how to compile it (Paddle Inference's API).

    Config("model.json", "model.pdiparams")   # graph and weights
    Config("model_dir")                      # the one *.json (+ .pdiparams) inside
    Config("model_dir", "inference")         # model_dir/inference.json + .pdiparams
    Config("path/inference")                 # prefix: path/inference.json + .pdiparams
"""

from __future__ import annotations

import copy
import os
from pathlib import Path

from ..backend import compile_cache
from . import InferenceError, PrecisionType

MODEL_SUFFIXES = (".json", ".mlir", ".mlirbc")


def _resolve(model, params) -> tuple:
    """(program file, weights file or None) of Config's argument forms."""
    if model is None:
        return None, None
    model = Path(os.fspath(model)).expanduser()
    if model.is_dir():
        if params is not None and not Path(os.fspath(params)).suffix:
            prefix = model / os.fspath(params)           # Config(model_dir, prefix)
            return _with_suffixes(prefix, f"Config({str(model)!r}, {os.fspath(params)!r})")
        found = sorted(p for p in model.iterdir() if p.suffix == ".json")
        preferred = [p for p in found if p.stem in ("inference", "model")]
        if len(found) == 1 or len(preferred) == 1:
            program = (preferred or found)[0]
            weights = program.with_suffix(".pdiparams")
            return program, weights if weights.is_file() else None
        if not found:
            raise InferenceError(f"Config({str(model)!r}): the directory holds no model "
                                 "(*.json); pass Config(MODEL.json, MODEL.pdiparams)")
        raise InferenceError(f"Config({str(model)!r}): the directory holds several models "
                             f"({', '.join(p.name for p in found)}); pass "
                             "Config(model_dir, prefix) or Config(MODEL.json, MODEL.pdiparams)")
    if model.suffix in MODEL_SUFFIXES:
        if not model.is_file():
            raise InferenceError(f"{model}: no such file (the model)")
        if params is None:
            guess = model.with_suffix(".pdiparams") if model.suffix == ".json" else \
                model.with_suffix(".npz")
            return model, guess if guess.is_file() else None
        params = Path(os.fspath(params)).expanduser()
        if not params.is_file():
            raise InferenceError(f"{params}: no such file (the weights)")
        return model, params
    return _with_suffixes(model, f"Config({str(model)!r})")


def _with_suffixes(prefix: Path, what: str) -> tuple:
    program = prefix.with_name(prefix.name + ".json")
    if not program.is_file():
        raise InferenceError(f"{what}: no model at {program} (expected a model directory, "
                             "MODEL.json, or a prefix with PREFIX.json beside PREFIX.pdiparams)")
    weights = prefix.with_name(prefix.name + ".pdiparams")
    return program, weights if weights.is_file() else None


def _unsupported(what: str, why: str):
    raise InferenceError(f"{what} is not supported by paddle-mlir: {why}")


class Config:
    """Paddle Inference's `Config`; see the module docstring for the forms."""

    def __init__(self, model=None, params=None):
        self._model, self._params = _resolve(model, params)
        self._threads = 1               # Paddle's default
        self._ir_optim = True
        self._memory_optim = False
        self._glog = True
        self._cache_dir = None          # None: compile_cache's default
        self._cache_enabled = None      # None: the environment decides
        self._progress = True
        self._runtime_checks = None     # None: PADDLE_MLIR_RUNTIME_CHECKS decides
        self._pipeline = None           # None: pd-inference-opt when ir_optim
        self._dynamic_batch = True
        self._batch_block = 8
        self._gpu = False
        self._gpu_pool_mb = 100

    # -- the model ------------------------------------------------------------------
    def set_model(self, model, params=None) -> None:
        self._model, self._params = _resolve(model, params)

    def set_prog_file(self, path) -> None:
        self._model, _ = _resolve(path, self._params)

    def set_params_file(self, path) -> None:
        path = Path(os.fspath(path)).expanduser()
        if not path.is_file():
            raise InferenceError(f"{path}: no such file (the weights)")
        self._params = path

    def set_model_buffer(self, *args) -> None:
        _unsupported("Config.set_model_buffer", "give the model as files")

    def prog_file(self) -> str:
        return str(self._model) if self._model else ""

    def params_file(self) -> str:
        return str(self._params) if self._params else ""

    def model_dir(self) -> str:
        return str(self._model.parent) if self._model else ""

    def model_from_memory(self) -> bool:
        return False

    # -- the device -------------------------------------------------------------------
    def enable_use_gpu(self, memory_pool_init_size_mb: int = 100, device_id: int = 0,
                       precision_mode=PrecisionType.Float32) -> None:
        """Run on the NVIDIA GPU: the program is compiled (here, with
        pd-lower-to-cuda) for the chip of device 0, which the driver reports
        when the predictor is created; weights are uploaded once and stay
        on the GPU. `memory_pool_init_size_mb` is accepted (the device
        allocator grows as needed); only device 0 and Float32."""
        if int(device_id) != 0:
            _unsupported(f"Config.enable_use_gpu(device_id={device_id})",
                         "the GPU predictor runs on device 0 (set CUDA_VISIBLE_DEVICES to "
                         "choose the GPU)")
        if int(precision_mode) != PrecisionType.Float32:
            _unsupported(f"GPU precision {PrecisionType(int(precision_mode)).name}",
                         "the CUDA kernels compute in the model's own dtypes (Float32)")
        if int(memory_pool_init_size_mb) < 0:
            raise InferenceError("enable_use_gpu: memory_pool_init_size_mb must be >= 0, got "
                                 f"{memory_pool_init_size_mb}")
        self._gpu = True
        self._gpu_pool_mb = int(memory_pool_init_size_mb)

    def disable_gpu(self) -> None:
        self._gpu = False

    def use_gpu(self) -> bool:
        return self._gpu

    def gpu_device_id(self) -> int:
        return 0

    def memory_pool_init_size_mb(self) -> int:
        return self._gpu_pool_mb

    def enable_xpu(self, *args, **kwargs) -> None:
        _unsupported("Config.enable_xpu", "paddle-mlir runs on the CPU or an NVIDIA GPU "
                     "(enable_use_gpu)")

    def enable_custom_device(self, *args, **kwargs) -> None:
        _unsupported("Config.enable_custom_device", "paddle-mlir runs on the CPU or an NVIDIA "
                     "GPU (enable_use_gpu)")

    def enable_tensorrt_engine(self, *args, **kwargs) -> None:
        _unsupported("Config.enable_tensorrt_engine", "paddle-mlir compiles its own CUDA kernels "
                     "(enable_use_gpu); there is no TensorRT")

    def set_cpu_math_library_num_threads(self, threads: int) -> None:
        threads = int(threads)
        if threads < 1:
            raise InferenceError(f"set_cpu_math_library_num_threads({threads}): at least 1")
        self._threads = threads

    def cpu_math_library_num_threads(self) -> int:
        return self._threads

    # oneDNN tunes Paddle's own CPU kernels; paddle-mlir's are always its own
    # compiled code, so the float32 switches have nothing to change.
    def enable_mkldnn(self) -> None:
        pass

    def disable_mkldnn(self) -> None:
        pass

    def mkldnn_enabled(self) -> bool:
        return False

    def set_mkldnn_cache_capacity(self, capacity: int) -> None:
        pass

    def set_mkldnn_op(self, ops) -> None:
        pass

    def enable_onednn(self) -> None:
        pass

    def disable_onednn(self) -> None:
        pass

    def enable_mkldnn_bfloat16(self) -> None:
        _unsupported("Config.enable_mkldnn_bfloat16", "paddle-mlir computes in float32")

    def enable_mkldnn_int8(self, *args) -> None:
        _unsupported("Config.enable_mkldnn_int8", "paddle-mlir computes in float32")

    def enable_onednn_bfloat16(self) -> None:
        self.enable_mkldnn_bfloat16()

    def enable_onednn_int8(self, *args) -> None:
        self.enable_mkldnn_int8()

    def enable_low_precision_io(self, enable: bool = True) -> None:
        if enable:
            _unsupported("Config.enable_low_precision_io", "inputs and outputs keep the "
                         "model's dtypes")

    def set_precision(self, precision) -> None:
        if int(precision) != PrecisionType.Float32:
            _unsupported(f"precision {PrecisionType(int(precision)).name}",
                         "paddle-mlir computes in the model's own dtypes (Float32)")

    # -- optimization -----------------------------------------------------------------
    def switch_ir_optim(self, enable: bool = True) -> None:
        """On (default): pd-inference-opt (conv+bn folding, constant folding,
        fusion); off: the program is lowered as it is."""
        self._ir_optim = bool(enable)

    def ir_optim(self) -> bool:
        return self._ir_optim

    def enable_memory_optim(self, enable: bool = True) -> None:
        # Buffers are planned at compile time whatever this says.
        self._memory_optim = bool(enable)

    def enable_memory_optim_status(self) -> bool:
        return self._memory_optim

    def switch_use_feed_fetch_ops(self, enable: bool = False) -> None:
        pass

    def switch_specify_input_names(self, enable: bool = True) -> None:
        pass

    def enable_new_ir(self, enable: bool = True) -> None:
        if not enable:
            _unsupported("Config.enable_new_ir(False)", "models are read as PIR (.json)")

    def enable_new_executor(self, enable: bool = True) -> None:
        pass

    def delete_pass(self, name: str) -> None:
        _unsupported(f"Config.delete_pass({name!r})", "paddle-mlir's passes are not "
                     "Paddle's; use switch_ir_optim(False) or set_optimization_pipeline()")

    def pass_builder(self):
        _unsupported("Config.pass_builder", "paddle-mlir's passes are not Paddle's; use "
                     "set_optimization_pipeline()")

    def set_optimization_pipeline(self, pipeline: str | None) -> None:
        """(paddle-mlir) The pd pass pipeline run before lowering instead of
        pd-inference-opt; None restores the default."""
        self._pipeline = pipeline

    def optimization_pipeline(self) -> str | None:
        if self._pipeline is not None:
            return self._pipeline
        return "pd-inference-opt" if self._ir_optim else None

    # -- logging, profiling -------------------------------------------------------------
    def disable_glog_info(self) -> None:
        self._glog = False

    def glog_info_disabled(self) -> bool:
        return not self._glog

    def enable_profile(self) -> None:
        pass

    def set_compile_progress(self, enable: bool) -> None:
        """(paddle-mlir) Stage and progress on stderr for compiles longer than
        about 2 s (default on; PADDLE_MLIR_PROGRESS=0 turns it off)."""
        self._progress = bool(enable)

    def switch_runtime_checks(self, enable: bool = True) -> None:
        """(paddle-mlir) Whether the compiled model checks the values only
        known at run time: gather/embedding/scatter indices against their
        bounds and integer divisors against zero, raising RuntimeCheckError
        (default on, or PADDLE_MLIR_RUNTIME_CHECKS=0 off). Off saves the
        checking loops, for inputs you trust only: an out-of-range id then
        reads outside its table and an integer division by zero kills the
        process."""
        self._runtime_checks = bool(enable)

    def runtime_checks_enabled(self) -> bool:
        from ..backend import cpu
        if self._runtime_checks is None:
            return cpu.runtime_checks_default()
        return self._runtime_checks

    def set_dynamic_batch(self, enable: bool = True, block: int = 8) -> None:
        """(paddle-mlir) For a model whose inputs have a dynamic batch dim
        (-1 at dim 0): compile once for a batch of one and run a batch of N
        as N calls on consecutive slices, when the program computes every
        sample on its own (checked by `pd-check-batch-separable`; otherwise,
        and with False, every batch size is compiled for). A batch of at
        least `block` samples goes `block` at a time through a second library
        compiled for that size (batched GEMMs are faster than one sample at a
        time); 1 keeps to the batch of one. Default on, block 8."""
        block = int(block)
        if block < 1:
            raise InferenceError(f"set_dynamic_batch: block must be at least 1, got {block}")
        self._dynamic_batch = bool(enable)
        self._batch_block = block

    def dynamic_batch_enabled(self) -> bool:
        return self._dynamic_batch

    def dynamic_batch_block(self) -> int:
        return self._batch_block

    # -- the compile cache ----------------------------------------------------------------
    def set_optim_cache_dir(self, path) -> None:
        """Where compiled models are cached (default $PADDLE_MLIR_CACHE_DIR or
        ~/.cache/paddle-mlir/compiled)."""
        self._cache_dir = Path(os.fspath(path)).expanduser()
        self._cache_enabled = True

    def disable_compile_cache(self) -> None:
        """(paddle-mlir) Compile in every process, keep nothing on disk."""
        self._cache_enabled = False

    def compile_cache(self):
        """The cache to use, or None."""
        enabled = self._cache_enabled
        if enabled is None:
            enabled = compile_cache.enabled_by_environment()
        if not enabled:
            return None
        return compile_cache.CompileCache(self._cache_dir)

    # -- misc -----------------------------------------------------------------------
    def is_valid(self) -> bool:
        return self._model is not None

    def copy(self) -> "Config":
        return copy.copy(self)

    def summary(self) -> str:
        rows = [("model", self.prog_file() or "(none)"), ("params", self.params_file() or "(none)"),
                ("place", "GPU (CUDA device 0)" if self._gpu else "CPU"),
                ("cpu_math_threads", str(self._threads)),
                ("ir_optim", str(self._ir_optim)),
                ("pipeline", str(self.optimization_pipeline())),
                ("dynamic_batch", str(self._dynamic_batch)),
                ("runtime_checks", str(self.runtime_checks_enabled())),
                ("compile_cache", str(self.compile_cache().directory)
                 if self.compile_cache() else "off")]
        width = max(len(k) for k, _ in rows)
        return "\n".join(f"{k:<{width}}  {v}" for k, v in rows)

    def __repr__(self) -> str:
        return f"Config({self.prog_file()!r}, {self.params_file()!r})"
