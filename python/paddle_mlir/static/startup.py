"""Runs startup (initializer) programs with numpy to fill a ParameterStore.

A startup program only creates values (`pd.full`, `pd.uniform`,
`pd.gaussian`, `pd.full_int_array`, ...) and writes them with
`pd.set_parameter`. This evaluator runs exactly those ops; random ops use
numpy's PCG64 seeded by the op's `seed`, so initialization is reproducible.
Any other op is reported by name: programs that compute are run by the
compiled Executor.
"""

from __future__ import annotations

import numpy as np

from ..dialects import pd
from .parameters import ParameterStore

_NP = {"bool": np.bool_, "uint8": np.uint8, "int8": np.int8, "uint16": np.uint16,
       "int16": np.int16, "uint32": np.uint32, "int32": np.int32, "uint64": np.uint64,
       "int64": np.int64, "float16": np.float16, "float32": np.float32,
       "float64": np.float64, "complex64": np.complex64, "complex128": np.complex128}


class StartupError(ValueError):
    """The startup program uses an op the initializer runner cannot evaluate."""


def _np_dtype(t) -> np.dtype:
    return np.dtype(_NP[pd.canonical_dtype(t.element_type)])


def _attr_value(attr):
    for cast in (lambda a: pd._ir.BoolAttr(a).value, lambda a: pd._ir.IntegerAttr(a).value,
                 lambda a: pd._ir.FloatAttr(a).value):
        try:
            return cast(attr)
        except ValueError:
            continue
    raise StartupError(f"unsupported scalar attribute {attr}")


def run_startup(program, store: ParameterStore | None = None, seed: int = 0) -> ParameterStore:
    """Evaluates `program` and stores what it sets; returns the store."""
    store = store if store is not None else program.parameters
    env = {}

    def key(value):
        # Tensor overloads == (it builds pd.equal): key values by their
        # identity hash instead.
        return pd._ir.Value.__hash__(value)

    def get(value):
        return env[key(value)]

    def scalar(value):
        return get(value).reshape(-1)[0].item()

    for op in program.ops:
        name = op.operation.name
        attrs = op.operation.attributes
        results = op.operation.results
        if name == "pd.full":
            t = results[0].type
            env[key(results[0])] = np.full(t.shape, _attr_value(attrs["value"]), _np_dtype(t))
        elif name == "pd.full_int_array":
            t = results[0].type
            env[key(results[0])] = np.array(list(pd._ir.DenseI64ArrayAttr(attrs["value"])), _np_dtype(t))
        elif name in ("pd.uniform", "pd.gaussian", "pd.randint"):
            t = results[0].type
            shape = [int(d) for d in get(op.operation.operands[0])]
            rng = np.random.Generator(np.random.PCG64(seed * 1_000_003 + pd._ir.IntegerAttr(attrs["seed"]).value))
            if name == "pd.uniform":
                low, high = scalar(op.operation.operands[1]), scalar(op.operation.operands[2])
                value = rng.uniform(low, high, shape)
            elif name == "pd.gaussian":
                value = rng.normal(pd._ir.FloatAttr(attrs["mean"]).value,
                                   pd._ir.FloatAttr(attrs["std"]).value, shape)
            else:
                value = rng.integers(pd._ir.IntegerAttr(attrs["low"]).value,
                                     pd._ir.IntegerAttr(attrs["high"]).value, shape)
            env[key(results[0])] = value.astype(_np_dtype(t))
        elif name == "pd.scale":
            x = get(op.operation.operands[0])
            s = scalar(op.operation.operands[1])
            b = pd._ir.FloatAttr(attrs["bias"]).value if "bias" in attrs else 0.0
            after = pd._ir.BoolAttr(attrs["bias_after_scale"]).value if "bias_after_scale" in attrs else True
            out = x * s + b if after else (x + b) * s
            env[key(results[0])] = out.astype(x.dtype)
        elif name == "pd.cast":
            env[key(results[0])] = get(op.operation.operands[0]).astype(_np_dtype(results[0].type))
        elif name in ("pd.assign", "pd.to_tensor", "pd.to_vtensor"):
            env[key(results[0])] = get(op.operation.operands[0]).copy()
        elif name == "pd.get_parameter":
            env[key(results[0])] = store[pd._ir.StringAttr(attrs["parameter_name"]).value]
        elif name == "pd.set_parameter":
            store[pd._ir.StringAttr(attrs["parameter_name"]).value] = get(op.operation.operands[0])
        else:
            raise StartupError(
                f"{op.location}: the startup program uses {name}, which the initializer "
                "runner does not evaluate (it runs pd.full, pd.uniform, pd.gaussian, "
                "pd.randint, pd.scale, pd.cast, pd.assign and parameter ops)")
    return store
