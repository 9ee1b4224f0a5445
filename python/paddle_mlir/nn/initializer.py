"""Parameter initializers (Paddle's paddle.nn.initializer), built as ops of
the startup program: `pd.full`, `pd.uniform`, `pd.gaussian`.

Random initializers get a deterministic seed: `seed=` or the next one of a
counter that `paddle_mlir.nn.initializer.set_global_seed(n)` restarts, so
programs built twice initialize identically.
"""

from __future__ import annotations

import math

from ..dialects import pd
from ..dialects._ods_common import _cext

_cext.globals.register_traceback_file_exclusion(__file__)

_SEED = [0, 0]  # base, counter


def set_global_seed(seed: int) -> None:
    _SEED[0], _SEED[1] = int(seed), 0


def _next_seed() -> int:
    _SEED[1] += 1
    return _SEED[0] * 100_003 + _SEED[1]


def _fans(shape):
    """Paddle's fan_in/fan_out: [in, out] for Linear, [out, in, k...] for conv."""
    if len(shape) < 2:
        return shape[0] if shape else 1, shape[0] if shape else 1
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive = math.prod(shape[2:])
    return shape[1] * receptive, shape[0] * receptive


class Initializer:
    def __call__(self, shape, dtype):
        raise NotImplementedError


class Constant(Initializer):
    def __init__(self, value: float = 0.0):
        self.value = value

    def __call__(self, shape, dtype):
        return pd.full(pd.TensorType.get(shape, dtype), float(self.value))


class Uniform(Initializer):
    def __init__(self, low: float = -1.0, high: float = 1.0, seed: int = 0):
        self.low, self.high, self.seed = low, high, seed

    def __call__(self, shape, dtype):
        return pd.uniform(list(shape), dtype, float(self.low), float(self.high),
                          self.seed or _next_seed())


class Normal(Initializer):
    def __init__(self, mean: float = 0.0, std: float = 1.0, seed: int = 0):
        self.mean, self.std, self.seed = mean, std, seed

    def __call__(self, shape, dtype):
        return pd.gaussian(list(shape), float(self.mean), float(self.std),
                           self.seed or _next_seed(), dtype)


class XavierUniform(Initializer):
    def __init__(self, fan_in=None, fan_out=None, seed: int = 0):
        self.fan_in, self.fan_out, self.seed = fan_in, fan_out, seed

    def __call__(self, shape, dtype):
        fi, fo = _fans(shape)
        limit = math.sqrt(6.0 / ((self.fan_in or fi) + (self.fan_out or fo)))
        return Uniform(-limit, limit, self.seed)(shape, dtype)


class XavierNormal(Initializer):
    def __init__(self, fan_in=None, fan_out=None, seed: int = 0):
        self.fan_in, self.fan_out, self.seed = fan_in, fan_out, seed

    def __call__(self, shape, dtype):
        fi, fo = _fans(shape)
        std = math.sqrt(2.0 / ((self.fan_in or fi) + (self.fan_out or fo)))
        return Normal(0.0, std, self.seed)(shape, dtype)


class KaimingNormal(Initializer):
    def __init__(self, fan_in=None, negative_slope: float = 0.0, seed: int = 0):
        self.fan_in, self.negative_slope, self.seed = fan_in, negative_slope, seed

    def __call__(self, shape, dtype):
        fi, _ = _fans(shape)
        gain = math.sqrt(2.0 / (1 + self.negative_slope ** 2))
        return Normal(0.0, gain / math.sqrt(self.fan_in or fi), self.seed)(shape, dtype)


class KaimingUniform(Initializer):
    def __init__(self, fan_in=None, negative_slope: float = 0.0, seed: int = 0):
        self.fan_in, self.negative_slope, self.seed = fan_in, negative_slope, seed

    def __call__(self, shape, dtype):
        fi, _ = _fans(shape)
        gain = math.sqrt(2.0 / (1 + self.negative_slope ** 2))
        limit = gain * math.sqrt(3.0 / (self.fan_in or fi))
        return Uniform(-limit, limit, self.seed)(shape, dtype)
