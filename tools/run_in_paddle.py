#!/usr/bin/env python3
"""Runs saved models in real PaddlePaddle 3.3.1: the other side of jit.save's tests.

Runs in Paddle's own venv (`make paddle-venv`, never paddle-mlir's .venv):

    .paddle-venv/bin/python tools/run_in_paddle.py MANIFEST.json
    .paddle-venv/bin/python tools/run_in_paddle.py --verify RESULT.json MODEL.json...

MANIFEST.json lists models: `[{"prefix": P, "inputs": IN.npz, "outputs": OUT.npz}]`.
IN.npz holds one array per input, named `0`, `1`, ... in the model's feed
order. For each model this writes OUT.npz with

- `jit/<i>`: output i of `paddle.jit.load(P)` called on the inputs;
- `predictor/<i>`: output i of `paddle.inference.create_predictor` (Config
  with P.json and P.pdiparams) run on the inputs;
- `meta/inputs`, `meta/outputs`: the predictor's input and output names;
- `error/jit`, `error/predictor`: the exception's text where one failed
  (the other still runs), so the test can say what Paddle refused.

With --verify, each MODEL.json is only read into a PIR program and verified
(every op's operands, attributes and results against Paddle's op
definitions, as Paddle does before running it); RESULT.json maps each file to
"ok" or Paddle's error message.

One process runs all models: importing Paddle takes seconds.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from pathlib import Path

import numpy as np

os.environ.setdefault("GLOG_minloglevel", "2")
os.environ.setdefault("FLAGS_enable_pir_api", "1")

import paddle  # noqa: E402
import paddle.inference as paddle_infer  # noqa: E402


def _inputs(path: str) -> list:
    with np.load(path) as data:
        return [data[str(i)] for i in range(len(data.files))]


def _run_jit(prefix: str, inputs: list) -> list:
    layer = paddle.jit.load(prefix)
    layer.eval()
    out = layer(*[paddle.to_tensor(a) for a in inputs])
    outs = out if isinstance(out, (list, tuple)) else [out]
    return [o.numpy() for o in outs]


def _run_predictor(prefix: str, inputs: list) -> tuple[list, list, list]:
    config = paddle_infer.Config(prefix + ".json", prefix + ".pdiparams"
                                 if Path(prefix + ".pdiparams").is_file() else "")
    config.disable_glog_info()
    # Paddle's oneDNN passes fail on some while-loop programs (see
    # ../shared/reference/paddle-pir-format.md); the plain CPU kernels are
    # the reference.
    config.disable_mkldnn()
    predictor = paddle_infer.create_predictor(config)
    names = predictor.get_input_names()
    for name, a in zip(names, inputs):
        handle = predictor.get_input_handle(name)
        handle.reshape(list(a.shape))
        handle.copy_from_cpu(np.ascontiguousarray(a))
    predictor.run()
    out_names = predictor.get_output_names()
    return [predictor.get_output_handle(n).copy_to_cpu() for n in out_names], names, out_names


def _verify(paths: list) -> dict:
    from paddle.base import core, libpaddle
    paddle.enable_static()
    results = {}
    for path in paths:
        program = paddle.static.Program()
        try:
            core.deserialize_pir_program(path, program, 1)
            libpaddle.pir.PassManager().run(program)  # verifies every op first
            results[path] = "ok"
        except Exception as e:  # noqa: BLE001  (reported to the test)
            results[path] = " ".join(str(e).split())
    return results


def main(argv: list) -> int:
    if len(argv) >= 3 and argv[1] == "--verify":
        Path(argv[2]).write_text(json.dumps(_verify(argv[3:]), indent=1))
        return 0
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    paddle.set_device("cpu")
    for model in json.loads(Path(argv[1]).read_text()):
        inputs = _inputs(model["inputs"])
        result = {}
        try:
            for i, a in enumerate(_run_jit(model["prefix"], inputs)):
                result[f"jit/{i}"] = a
        except Exception:  # noqa: BLE001  (reported to the test)
            result["error/jit"] = np.array(traceback.format_exc())
        try:
            outs, names, out_names = _run_predictor(model["prefix"], inputs)
            for i, a in enumerate(outs):
                result[f"predictor/{i}"] = a
            result["meta/inputs"] = np.array(names)
            result["meta/outputs"] = np.array(out_names)
        except Exception:  # noqa: BLE001
            result["error/predictor"] = np.array(traceback.format_exc())
        np.savez(model["outputs"], **result)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
