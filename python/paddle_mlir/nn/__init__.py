"""Paddle's `paddle.nn` on the pd dialect: layers, `functional` and
`initializer`. Layers create their parameters in the current
`static.program_guard` (see `layer.py`)."""

from . import functional, initializer  # noqa: F401
from .layer import *  # noqa: F401,F403
from .layer import __all__ as _layers
from .rnn import GRU, LSTM, SimpleRNN  # noqa: F401

__all__ = ["functional", "initializer", *_layers, "SimpleRNN", "LSTM", "GRU"]
