"""`jit.save` / `jit.load`: models in Paddle 3's deployment format.

    paddle_mlir.jit.save(model, "out/model",
                         input_spec=[InputSpec([None, 3, 224, 224], "float32", "x")])
    # out/model.json + out/model.pdiparams: what paddle.jit.save writes, so
    # Paddle 3.3 runs them (paddle.jit.load, paddle.inference) ...
    layer = paddle_mlir.jit.load("out/model")   # ... and so does paddle-mlir
    y = layer(x)

`save` captures the function or layer as `to_static` does (a layer already
converted by to_static, a to_static function and a traced layer keep their
own capture) for `input_spec` (None dims stay dynamic in the model), then
writes the program with frontend.paddle_writer. `load` returns a
TranslatedLayer, which runs the files as paddle_mlir.inference does.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..eager import _Slot
from ..frontend import paddle as paddle_frontend
from ..frontend import paddle_writer
from ..static.input_spec import InputSpec
from .captured import CaptureError, CapturedProgram
from .to_static import StaticFunction
from .trace import TracedLayer


def _static_function(target, input_spec) -> StaticFunction:
    """The StaticFunction whose capture `save` writes."""
    from ..nn.layer import Layer
    if isinstance(target, Layer):
        forward = target.__dict__.get("forward")
        if isinstance(forward, StaticFunction):  # a layer given to to_static
            spec = input_spec if input_spec is not None else forward._input_spec
            return StaticFunction(target, spec)
        return StaticFunction(target, input_spec)
    if isinstance(target, StaticFunction):
        spec = input_spec if input_spec is not None else target._input_spec
        function = target._function if target._instance is None else \
            (target._layer if target._layer is not None
             else target._function.__get__(target._instance))
        return StaticFunction(function, spec)
    return StaticFunction(target, input_spec)


def _captured(target, input_spec) -> CapturedProgram:
    if isinstance(target, TracedLayer):
        if input_spec is not None:
            problems = []
            feeds = target._captured.feed_types
            for i, (spec, (shape, dtype)) in enumerate(zip(input_spec, feeds)):
                spec = spec if isinstance(spec, InputSpec) else InputSpec.from_tensor(spec)
                if [-1 if d is None else d for d in spec.shape] != list(shape) or \
                        spec.dtype != dtype:
                    problems.append(f"input {i}: spec {spec}, traced {shape} {dtype}")
            if problems or len(input_spec) != len(feeds):
                raise CaptureError("jit.save: a traced layer is saved with the shapes it was "
                                   "traced for; the input_spec differs (" +
                                   ("; ".join(problems) or "count") +
                                   "): trace again or use to_static")
        return target._captured
    static_fn = _static_function(target, input_spec)
    if static_fn._input_spec is None:
        raise CaptureError("jit.save needs an input_spec (a list of InputSpec or example "
                           "arrays) for a function or layer not converted with one")
    return static_fn.get_concrete_program()


def save(layer, path, input_spec=None, **configs) -> None:
    """`paddle.jit.save`: writes `path.json` and `path.pdiparams` (the latter
    only when the model has weights)."""
    unsupported = sorted(set(configs) - {"output_spec", "combine_params"})
    if unsupported:
        raise TypeError(f"jit.save: unsupported option(s) {', '.join(unsupported)}")
    if configs.get("output_spec") is not None:
        raise ValueError("jit.save(output_spec=...) (pruning outputs) is not supported: "
                         "return only the outputs to save")
    if input_spec is not None and not isinstance(input_spec, (list, tuple)):
        raise TypeError("jit.save: input_spec must be a list of InputSpec or arrays")
    captured = _captured(layer, list(input_spec) if input_spec is not None else None)
    paddle_writer.save(captured.program, Path(path))


class TranslatedLayer:
    """A model loaded by `jit.load`: called on arrays or eager tensors (one
    per feed, in the model's feed order), it returns an eager tensor, or a
    list of them for several outputs. It runs as paddle_mlir.inference's
    predictor runs the same files (weights frozen into the compiled code,
    in-place ops of inference such as batch_norm_ resolved, compiled once per
    input shape and cached on disk); called inside a capture it inlines the
    program."""

    def __init__(self, json_path: Path, params_path: Path | None, what: str):
        from .. import inference
        from ..dialects import pd
        self.program = paddle_frontend.load(json_path, params_path)
        feeds, fetches = self.program.feeds(), self.program.fetches()
        if not fetches:
            raise paddle_frontend.PaddleImportError(f"{what}: the model has no outputs")
        self._what = what
        feed_types = [(list(pd.TensorType(t).shape), pd.TensorType(t).dtype) for _, t in feeds]
        template = _Slot(0) if len(fetches) == 1 else [_Slot(i) for i in range(len(fetches))]
        self._captured = CapturedProgram(self.program, [n for n, _ in feeds], feed_types,
                                         template, fetches, what)
        config = inference.Config(str(json_path), str(params_path) if params_path else None)
        self._predictor = inference.create_predictor(config)

    @property
    def parameters(self):
        return self.program.parameters

    def input_names(self) -> list:
        return list(self._captured.feed_names)

    def output_names(self) -> list:
        return list(self._captured.fetch_names)

    def eval(self):
        return self

    def __call__(self, *inputs):
        from ..eager import EagerTensor, _building, _classify, fill_outputs
        _, symbolic = _classify(inputs, {})
        if symbolic or _building():
            return self._captured.inline(list(inputs))
        if len(inputs) != len(self._captured.feed_names):
            raise CaptureError(f"{self._what} takes {len(self._captured.feed_names)} tensor "
                               f"input(s), got {len(inputs)}")
        arrays = [np.asarray(a.numpy() if isinstance(a, EagerTensor) else a) for a in inputs]
        # (np.ascontiguousarray would make a 0-D input 1-D.)
        arrays = [a if a.flags.c_contiguous else a.copy(order="C") for a in arrays]
        outputs = self._predictor.run(arrays)
        return fill_outputs(self._captured.template, lambda i: EagerTensor(outputs[i]))

    def __str__(self):
        return str(self.program)


def load(path, **configs) -> TranslatedLayer:
    """`paddle.jit.load`: the model at `path` (`path.json` + `path.pdiparams`,
    written by Paddle or by jit.save)."""
    if configs:
        raise TypeError(f"jit.load: unsupported option(s) {', '.join(sorted(configs))}")
    prefix = Path(path)
    json_path = prefix.with_name(prefix.name + ".json")
    params_path = prefix.with_name(prefix.name + ".pdiparams")
    return TranslatedLayer(json_path, params_path if params_path.is_file() else None,
                           f"jit.load({prefix})")
