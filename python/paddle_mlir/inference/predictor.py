"""`create_predictor(config)` -> `Predictor`, and its input/output `Tensor` handles.

Everything that does not depend on the input values is done once: the
model's signature (feed names, declared shapes and dtypes; fetch names) at
creation, the compiled library and the output buffers at the first run with
a set of input shapes. A run is then one call into the library with
pointers prepared in advance (N calls for a batch of N of a model with a
dynamic batch that `backend/batching.py` found separable: the library is
compiled once, for a batch of one, and reads and writes consecutive slices;
batches of 8 or more go 8 samples at a time through a second library): inputs are read where they are (handles own
contiguous buffers; `run(arrays)` uses contiguous arrays of the right dtype
as they are) and outputs are written straight into the arrays that
`copy_to_cpu` / `run(arrays)` return.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np

from ..backend import batching, compile_cache, native
from ..backend.progress import CompileProgress
from . import _DATA_TYPES, InferenceError, PlaceType

SIGNATURE_FORMAT = 1
_log = logging.getLogger("paddle_mlir.inference")


def _fmt(shape) -> str:
    return "[" + ", ".join("?" if d < 0 else str(d) for d in shape) + "]"


class Tensor:
    """An input or output of a predictor (Paddle's `paddle.inference.Tensor`)."""

    def __init__(self, predictor: "Predictor", name: str, shape: tuple, dtype: np.dtype,
                 is_input: bool):
        self._predictor = predictor
        self._name = name
        self._declared = tuple(shape)      # -1: dynamic
        self._dtype = np.dtype(dtype) if dtype is not None else None
        self._is_input = is_input
        self._array = None                 # inputs: the data; outputs: the last result
        self._shape = None                 # inputs: set by reshape
        self._handed_out = False           # outputs: copy_to_cpu returned _array
        self._owned = False                # inputs: _array is our copy (copy_from_cpu)

    def name(self) -> str:
        return self._name

    def type(self):
        return _DATA_TYPES.get(self._dtype)

    def place(self):
        return PlaceType.CPU

    def lod(self) -> list:
        return []

    def set_lod(self, lod) -> None:
        if lod:
            raise InferenceError(f"{self._name}: LoD tensors are not supported")

    def shape(self) -> list:
        if self._array is not None:
            return list(self._array.shape)
        if self._shape is not None:
            return list(self._shape)
        if not self._is_input:
            shape = self._predictor._output_shape(self._name)
            if shape is not None:
                return list(shape)
        return list(self._declared)

    # -- inputs ---------------------------------------------------------------------
    def _check_input(self, what: str) -> None:
        if not self._is_input:
            raise InferenceError(f"{what}: {self._name!r} is an output of the model")

    def _check_shape(self, shape, what: str) -> tuple:
        shape = tuple(int(d) for d in shape)
        declared = self._declared
        if len(shape) != len(declared) or any(
                d >= 0 and d != s for d, s in zip(declared, shape)) or any(s < 0 for s in shape):
            raise InferenceError(f"{what}: input {self._name!r} has shape {_fmt(declared)}; "
                                 f"got {list(shape)}")
        return shape

    def reshape(self, shape) -> None:
        self._check_input("reshape")
        self._shape = self._check_shape(shape, "reshape")
        if self._array is not None and self._array.shape != self._shape:
            self._array = None
            self._predictor._invalidate()

    def copy_from_cpu(self, data) -> None:
        """Copies `data` into this input (its shape becomes the input's shape)."""
        self._check_input("copy_from_cpu")
        data = np.asarray(data)
        if data.dtype != self._dtype:
            raise InferenceError(f"copy_from_cpu: input {self._name!r} is {self._dtype.name}; "
                                 f"got an array of {data.dtype.name} (convert it with "
                                 f".astype('{self._dtype.name}'))")
        shape = self._check_shape(data.shape, "copy_from_cpu")
        self._shape = shape
        if self._array is not None and self._array.shape == shape and self._owned:
            np.copyto(self._array, data)        # same buffer: prepared pointers stay valid
            return
        self._array = np.array(data, dtype=self._dtype, order="C", copy=True)
        self._owned = True
        self._predictor._invalidate()

    def share_external_data(self, data) -> None:
        """Uses `data` itself as this input (no copy): it must stay alive and
        contiguous, and is read at every run."""
        self._check_input("share_external_data")
        if not isinstance(data, np.ndarray) or data.dtype != self._dtype or \
                not data.flags.c_contiguous:
            raise InferenceError(f"share_external_data: input {self._name!r} needs a "
                                 f"C-contiguous numpy array of {self._dtype.name}")
        self._shape = self._check_shape(data.shape, "share_external_data")
        self._array = data
        self._owned = False
        self._predictor._invalidate()

    # -- outputs --------------------------------------------------------------------
    def copy_to_cpu(self) -> np.ndarray:
        """The data as a numpy array. An output's array is the one the run
        wrote (no copy); later runs write into new arrays."""
        if self._array is None:
            raise InferenceError(f"copy_to_cpu: {self._name!r} has no data yet"
                                 + ("" if self._is_input else " (call predictor.run() first)"))
        if self._is_input or self._handed_out:
            return self._array.copy()
        self._handed_out = True
        self._predictor._invalidate()
        return self._array


class _Binding:
    """What one run needs, prepared once per shapes and buffers: the
    function and arguments of each call (one, or one per slice of a batch)."""
    __slots__ = ("program", "calls", "outputs", "dynamic")

    def __init__(self, program, calls, outputs, dynamic=()):
        self.program = program
        self.calls = calls
        self.outputs = outputs
        #: (output handle, its buffer, its shape output) of each output whose
        #: size depends on the values: the handle gets the leading part.
        self.dynamic = dynamic

    def run(self) -> None:
        for fn, args, library in self.calls:
            status = fn(*args)
            if status != 0:
                raise library.error(status)
        for t, buffer, shape in self.dynamic:
            t._array = buffer[tuple(slice(0, int(n)) for n in shape)]


class Predictor:
    def __init__(self, config):
        if not config.is_valid():
            raise InferenceError("create_predictor: the Config names no model "
                                 "(Config(MODEL.json, MODEL.pdiparams) or Config(model_dir))")
        self._config = config.copy()
        self._model_path = Path(config.prog_file())
        self._params_path = Path(config.params_file()) if config.params_file() else None
        self._cache = config.compile_cache()
        self._parallel = config.cpu_math_library_num_threads() > 1
        #: The CUDA target (the chip of device 0) with Config.enable_use_gpu.
        self._cuda_target = None
        if config.use_gpu():
            from ..backend import cuda
            try:
                self._cuda_target = cuda.device_target()
            except cuda.CudaError as e:
                raise InferenceError(f"create_predictor: enable_use_gpu: {e}") from None
            self._parallel = False
        self._runtime_checks = config.runtime_checks_enabled()
        self._pipeline = config.optimization_pipeline()
        self._digest = None
        self._program = None           # an imported program no compile has used yet
        self._compiled: dict = {}      # input shapes -> NativeProgram
        self._binding = None
        #: Seconds spent compiling (or loading from the cache) by this predictor.
        self.compile_seconds = 0.0
        #: Whether the last compile was found in the cache.
        self.cache_hit = None
        feeds, fetches = self._signature()
        # Feeds with a dynamic batch dim: compiled once, for a batch of one.
        # (A CUDA library is compiled for each batch size: no batch slices.)
        self._batch_feeds = (batching.batch_feeds([(n, s) for n, s, _ in feeds])
                             if config.dynamic_batch_enabled() and self._cuda_target is None
                             else [])
        self._batch_block = config.dynamic_batch_block()
        self._batch_warned = set()
        self._inputs = {n: Tensor(self, n, s, d, True) for n, s, d in feeds}
        self._input_list = list(self._inputs.values())
        self._outputs = {n: Tensor(self, n, (), None, False) for n in fetches}
        self._output_list = list(self._outputs.values())
        if all(all(d >= 0 for d in s) for _, s, _ in feeds):
            # Static input shapes: compile now, as Paddle prepares at creation.
            self._native_for(tuple(tuple(s) for _, s, _ in feeds))

    # -- the model ---------------------------------------------------------------------
    def _model_files(self) -> list:
        return [self._model_path, self._params_path]

    def _model_digest(self) -> str:
        if self._digest is None:
            try:
                self._digest = compile_cache.model_digest(self._model_files())
            except OSError as e:
                raise InferenceError(f"cannot read the model: {e}") from None
        return self._digest

    def _import(self):
        from ..backend import aot
        from ..frontend.pdiparams import PaddleImportError
        from ..static.parameters import ParameterError
        from ..static.program import ProgramError
        try:
            return aot.load_program(self._model_path, self._params_path)
        except (aot.AotError, PaddleImportError, ProgramError, ParameterError) as e:
            raise InferenceError(str(e)) from None

    def _take_program(self):
        program, self._program = self._program, None
        return program if program is not None else self._import()

    def _signature(self) -> tuple:
        """(feeds [(name, declared shape, dtype)], fetch names), from the
        cache when this model was opened before."""
        def read(meta):
            feeds = [(f["name"], tuple(f["shape"]), np.dtype(f["dtype"])) for f in meta["feeds"]]
            return feeds, list(meta["fetches"])

        entry = key = None
        if self._cache is not None:
            key = compile_cache.cache_key(self._model_digest(), {"signature": SIGNATURE_FORMAT})
            entry = self._cache.lookup(key)
            if entry is not None:
                try:
                    return read(json.loads((entry / native.META_FILE).read_text()))
                except (OSError, ValueError, KeyError, TypeError):
                    entry = None
        self._program = self._import()
        from ..backend import cpu
        feeds = []
        for name, t in self._program.feeds():
            shape = tuple(t.shape)
            try:
                dtype = cpu.numpy_dtype(t.element_type)
            except cpu.CompileError as e:
                raise InferenceError(f"input {name!r}: {e}") from None
            feeds.append((name, shape, dtype))
        fetches = list(self._program.fetches())
        if self._cache is not None:
            meta = {"format": native.FORMAT_VERSION, "kind": "signature",
                    "model": str(self._model_path),
                    "feeds": [{"name": n, "shape": list(s), "dtype": d.name} for n, s, d in feeds],
                    "fetches": fetches}

            def build(tmp):
                (tmp / native.META_FILE).write_text(json.dumps(meta, indent=1))
            try:
                self._cache.get_or_build(key, build)
            except (OSError, compile_cache.CacheError):
                pass  # the signature is cheap to recompute
        return feeds, fetches

    def _native_for(self, shapes: tuple) -> native.NativeProgram:
        program = self._compiled.get(shapes)
        if program is not None:
            return program
        names = [t._name for t in self._input_list]
        shape_map = {n: list(s) for n, s in zip(names, shapes)}
        options = {"shapes": shape_map, "parallel": self._parallel, "pipeline": self._pipeline,
                   "library": native.FORMAT_VERSION}
        if not self._runtime_checks:  # (absent when on: existing cache entries stay valid)
            options["runtime_checks"] = False
        if self._cuda_target is not None:
            options["device"] = f"cuda:{self._cuda_target.chip}"
        # A batch of one of a dynamic batch: also decide whether it serves
        # every batch size.
        batch_feeds = None
        if self._batch_feeds and all(shape_map[n][0] == 1 for n in self._batch_feeds):
            batch_feeds = list(self._batch_feeds)
            options["batch"] = {"feeds": batch_feeds, "analysis": batching.ANALYSIS_VERSION}
        start = time.perf_counter()
        with CompileProgress(self._model_path.name, enabled=self._config._progress) as progress:
            def build(tmp: Path):
                if self._program is None:
                    progress.stage("importing the model")
                source = self._take_program()
                native.build_library(source, shape_map, tmp, parallel=self._parallel,
                                     pipeline=self._pipeline, progress=progress,
                                     batch_feeds=batch_feeds,
                                     runtime_checks=self._runtime_checks,
                                     cuda_target=self._cuda_target)
            try:
                if self._cache is not None:
                    key = compile_cache.cache_key(self._model_digest(), options)
                    entry, self.cache_hit = self._cache.get_or_build(key, build)
                    try:
                        program = native.NativeProgram.load(entry)
                    except native.NativeError:
                        if not self.cache_hit:
                            raise
                        # A damaged entry (a disk error, a hand edit): compile again.
                        shutil.rmtree(entry, ignore_errors=True)
                        entry, self.cache_hit = self._cache.get_or_build(key, build)
                        program = native.NativeProgram.load(entry)
                    progress.note = ("loaded from the compile cache" if self.cache_hit
                                     else f"cached in {self._cache.directory}")
                else:
                    tmp = Path(tempfile.mkdtemp(prefix="paddle_mlir_predictor_"))
                    try:
                        build(tmp)
                        program = native.NativeProgram.load(tmp)   # dlopen keeps it mapped
                    finally:
                        shutil.rmtree(tmp, ignore_errors=True)
                    self.cache_hit = False
            except compile_cache.CacheError as e:
                raise InferenceError(str(e)) from None
            except InferenceError:
                raise
            except Exception as e:  # noqa: BLE001 -- one clear error for every compile failure
                from ..backend.aot import AotError
                from ..pipeline import PipelineError
                if isinstance(e, (AotError, PipelineError, native.NativeError)):
                    raise InferenceError(f"compiling {self._model_path.name} failed: {e}") \
                        from None
                raise
        self.compile_seconds += time.perf_counter() - start
        if [f.name for f in program.feeds] != names:
            raise InferenceError(f"{self._model_path.name}: the compiled program's inputs "
                                 f"{[f.name for f in program.feeds]} differ from {names}")
        # The library's own pool: as many threads as the Config asks for.
        program.set_num_threads(self._config.cpu_math_library_num_threads())
        self._compiled[shapes] = program
        return program

    def _output_shape(self, name: str):
        b = self._binding
        if b is not None:
            for info, out in zip(b.program.fetches, b.outputs):
                if info.name == name:
                    return out.shape
        if len(self._compiled) == 1:
            (program,) = self._compiled.values()
            for info in program.fetches:
                if info.name == name:
                    return info.shape
        return None

    # -- running -----------------------------------------------------------------------
    def _invalidate(self) -> None:
        self._binding = None

    def _bind(self) -> _Binding:
        arrays = []
        for t in self._input_list:
            if t._array is None:
                raise InferenceError(f"run: input {t._name!r} has no data (call "
                                     f"get_input_handle({t._name!r}).copy_from_cpu(array))")
            arrays.append(t._array)
        shapes = tuple(a.shape for a in arrays)
        program, batch, block = self._program_for(shapes)
        outputs = []
        # The model's fetches, then the shape outputs of those whose size
        # depends on the values (program.dynamic), which no handle shows.
        handles = self._output_list + [None] * (len(program.fetches) - len(self._output_list))
        for i, (t, info) in enumerate(zip(handles, program.fetches)):
            shape = info.shape if batch is None else (batch * info.shape[0],) + info.shape[1:]
            out = t._array if t is not None and i not in program.dynamic else None
            if out is None or t._handed_out or out.shape != shape or out.dtype != info.dtype:
                out = np.empty(shape, info.dtype)
            if t is not None:
                t._array, t._dtype, t._handed_out = out, info.dtype, False
            outputs.append(out)
        dynamic = tuple((self._output_list[i], outputs[i], outputs[j])
                        for i, j in program.dynamic.items())
        feeds = [a.ctypes.data for a in arrays]
        fetches = [o.ctypes.data for o in outputs]
        if batch is None:
            calls = [(program.function, tuple(feeds) + tuple(fetches), program)]
        else:
            # Samples [i, i + k) of every batch feed and fetch: a contiguous block.
            feed_steps = [a.nbytes // max(batch, 1) if t._name in self._batch_feeds else 0
                          for t, a in zip(self._input_list, arrays)]
            fetch_steps = [o.nbytes // max(batch, 1) for o in outputs]

            def call(library, i):
                return (library.function, tuple(p + i * s for p, s in zip(feeds, feed_steps))
                        + tuple(p + i * s for p, s in zip(fetches, fetch_steps)), library)
            calls, i = [], 0
            if block is not None:
                size = self._batch_block
                for i in range(0, batch - batch % size, size):
                    calls.append(call(block, i))
                i = batch - batch % size
            calls += [call(program, j) for j in range(i, batch)]
        self._binding = _Binding(program, calls, outputs, dynamic)
        return self._binding

    def _program_for(self, shapes: tuple):
        """(library, batch, block library): the library for these input
        shapes; with a dynamic batch that it may be sliced for, the library
        of a batch of one, the batch size, and the library that takes
        `_batch_block` samples at a time when the batch has that many (else
        None, None)."""
        if self._batch_feeds:
            names = [t._name for t in self._input_list]
            split = batching.split(shapes, names, self._batch_feeds)
            if split is not None:
                n, unit = split
                program = self._native_for(unit)
                analysis = program.batch
                # (Outputs whose size depends on the values do not stack
                # by sample: such a model is compiled for the whole batch.)
                if n == 1 or (analysis is not None and analysis.separable
                              and not program.dynamic):
                    block = None
                    if self._batch_block > 1 and n >= self._batch_block:
                        size = self._batch_block
                        block = self._native_for(tuple(
                            (size,) + s[1:] if name in self._batch_feeds else s
                            for name, s in zip(names, unit)))
                    return program, n, block
                if unit not in self._batch_warned:
                    self._batch_warned.add(unit)
                    _log.debug("%s: compiling for batch %d: the program does not compute each "
                               "sample on its own (%s)", self._model_path.name, n,
                               analysis.reason if analysis else "no analysis")
        return self._native_for(shapes), None, None

    def run(self, inputs=None):
        """`run()`: reads the input handles, fills the output handles, returns
        True. `run([arrays])` (Paddle 3): the inputs in `get_input_names()`
        order; returns the outputs in `get_output_names()` order."""
        if inputs is not None:
            return self._run_arrays(inputs)
        (self._binding or self._bind()).run()
        return True

    def _run_arrays(self, inputs) -> list:
        if isinstance(inputs, np.ndarray) or len(inputs) != len(self._input_list):
            raise InferenceError(f"run: expected a list of {len(self._input_list)} arrays "
                                 f"({', '.join(self.get_input_names())})")
        for t, a in zip(self._input_list, inputs):
            if type(a) is not np.ndarray or a.dtype != t._dtype or not a.flags.c_contiguous:
                a = np.asarray(a)
                if a.dtype != t._dtype:
                    raise InferenceError(f"run: input {t._name!r} is {t._dtype.name}; got "
                                         f"{a.dtype.name} (convert it with "
                                         f".astype('{t._dtype.name}'))")
                a = np.ascontiguousarray(a)
            if a.shape != t._shape:
                t._shape = t._check_shape(a.shape, "run")
            t._array, t._owned = a, False
        self._binding = None
        b = self._bind()
        b.run()
        for t in self._output_list:
            t._handed_out = True
        self._binding = None
        return [t._array for t in self._output_list]

    # -- Paddle's accessors -----------------------------------------------------------
    def get_input_names(self) -> list:
        return [t._name for t in self._input_list]

    def get_output_names(self) -> list:
        return [t._name for t in self._output_list]

    def get_input_handle(self, name: str) -> Tensor:
        try:
            return self._inputs[name]
        except KeyError:
            raise InferenceError(f"get_input_handle({name!r}): the model's inputs are "
                                 f"{', '.join(self._inputs) or 'none'}") from None

    def get_output_handle(self, name: str) -> Tensor:
        try:
            return self._outputs[name]
        except KeyError:
            raise InferenceError(f"get_output_handle({name!r}): the model's outputs are "
                                 f"{', '.join(self._outputs) or 'none'}") from None

    def get_input_tensor_shape(self) -> dict:
        return {t._name: list(t._declared) for t in self._input_list}

    def get_output_tensor_shape(self) -> dict:
        return {t._name: t.shape() for t in self._output_list}

    def clone(self) -> "Predictor":
        """A predictor of the same model with its own buffers (compiled code
        is shared through the cache)."""
        other = Predictor.__new__(Predictor)
        other.__dict__.update(self.__dict__)
        other._program = None
        other._compiled = dict(self._compiled)
        other._binding = None
        other._inputs = {n: Tensor(other, n, t._declared, t._dtype, True)
                         for n, t in self._inputs.items()}
        other._input_list = list(other._inputs.values())
        other._outputs = {n: Tensor(other, n, (), None, False) for n in self._outputs}
        other._output_list = list(other._outputs.values())
        return other

    def compiled_shapes(self) -> list:
        """(paddle-mlir) The input shapes this predictor has compiled (or
        loaded) a library for, in order: with a dynamic batch that the
        program computes sample by sample, only the batch of one."""
        return [list(map(list, shapes)) for shapes in self._compiled]

    def clear_intermediate_tensor(self) -> None:
        pass

    def try_shrink_memory(self) -> int:
        return 0


def create_predictor(config) -> Predictor:
    return Predictor(config)
