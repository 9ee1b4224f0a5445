"""Paddle's recurrent layers, `nn.SimpleRNN`, `nn.LSTM` and `nn.GRU`, as one
`pd.rnn` each (Paddle's fused op, which `paddle.jit.save` writes too).

As in Paddle, each layer and direction has a cell named `<mode>_cell_N` with
parameters `w_0` (input weights, [gates * hidden_size, input]), `w_1`
(hidden weights, [gates * hidden_size, hidden_size]), `b_0` and `b_1`, all
drawn from Uniform(-1/sqrt(hidden_size), 1/sqrt(hidden_size)); the cells of
a bidirectional layer are the forward one, then the backward one. The gates
are LSTM i, f, c, o; GRU r, z, c; one for a simple RNN.

    lstm = nn.LSTM(16, 32, num_layers=2, direction="bidirect")
    y, (h, c) = lstm(x)                 # x [batch, time, 16] -> y [batch, time, 64]

Inference only: the layers run in eval mode (no dropout between layers).
"""

from __future__ import annotations

import math

from .. import ops
from ..dialects import pd
from ..tensor import building
from ..utils import unique_name
from .initializer import Uniform
from .layer import Layer, ParamAttr

__all__ = ["SimpleRNN", "LSTM", "GRU"]

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}
_DIRECTIONS = {"forward": 1, "bidirect": 2, "bidirectional": 2}


class RNNBase(Layer):
    """The layers' common part: parameters in Paddle's order, forward as
    `pd.rnn` on time-major input."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None):
        super().__init__({"LSTM": "lstm", "GRU": "gru"}.get(mode, "simple_rnn"))
        if direction not in _DIRECTIONS:
            raise ValueError(f"direction must be 'forward', 'bidirect' or 'bidirectional', "
                             f"got {direction!r}")
        for what, v in (("input_size", input_size), ("hidden_size", hidden_size),
                        ("num_layers", num_layers)):
            if not isinstance(v, int) or v <= 0:
                raise ValueError(f"{what} must be a positive int, got {v!r}")
        if not 0.0 <= dropout <= 1.0:
            raise ValueError(f"dropout must be in [0, 1], got {dropout}")
        self.mode, self.input_size, self.hidden_size = mode, input_size, hidden_size
        self.num_layers, self.time_major, self.dropout = num_layers, time_major, dropout
        self.num_directions = _DIRECTIONS[direction]
        gates = _GATES[mode]
        bound = 1.0 / math.sqrt(hidden_size)
        cell = {"LSTM": "lstm_cell", "GRU": "gru_cell"}.get(mode, "simple_rnn_cell")
        weights, biases = [], []
        for layer in range(num_layers):
            width = input_size if layer == 0 else self.num_directions * hidden_size
            for _ in range(self.num_directions):
                prefix = unique_name.generate(cell)
                for attrs, shape, out in (
                        ((weight_ih_attr, "w_0"), [gates * hidden_size, width], weights),
                        ((weight_hh_attr, "w_1"), [gates * hidden_size, hidden_size], weights),
                        ((bias_ih_attr, "b_0"), [gates * hidden_size], biases),
                        ((bias_hh_attr, "b_1"), [gates * hidden_size], biases)):
                    attr = ParamAttr._to_attr(attrs[0])
                    if attr is False:
                        raise ValueError("recurrent layers need their weights and biases "
                                         "(Paddle's fused rnn op has no bias-free form)")
                    attr = ParamAttr(name=attr.name or f"{prefix}.{attrs[1]}",
                                     initializer=attr.initializer or Uniform(-bound, bound),
                                     trainable=attr.trainable)
                    out.append(self.create_parameter(shape, attr))
        self._all_weights = weights + biases
        for i, p in enumerate(self._all_weights):
            self.add_parameter(f"_param_{i}", p)

    def _zeros_state(self, x):
        """Zero initial states [layers * directions, batch, hidden]: the
        batch size from x's shape when it is only known at run time."""
        batch = x.shape[1]
        n = self.num_layers * self.num_directions
        if batch is not None and batch >= 0:
            return ops.zeros([n, batch, self.hidden_size], x.dtype)
        return ops.full([n, ops.shape(x)[1], self.hidden_size], 0.0, x.dtype)

    def forward(self, inputs, initial_states=None, sequence_length=None):
        x = inputs if self.time_major else ops.transpose(inputs, [1, 0, 2])
        states = 2 if self.mode == "LSTM" else 1
        if initial_states is None:
            initial_states = [self._zeros_state(x) for _ in range(states)]
        elif not isinstance(initial_states, (list, tuple)):
            initial_states = [initial_states]
        if len(initial_states) != states:
            raise ValueError(f"{type(self).__name__} takes {states} initial state(s), got "
                             f"{len(initial_states)}")
        with building(x):
            out, _, final, _ = pd.rnn(
                x, list(initial_states), list(self._all_weights), sequence_length, x,
                float(self.dropout), self.num_directions == 2, self.input_size,
                self.hidden_size, self.num_layers, self.mode, 0, True)
        if not self.time_major:
            out = ops.transpose(out, [1, 0, 2])
        return out, (tuple(final) if self.mode == "LSTM" else final[0])

    def extra_repr(self):
        direction = "bidirect" if self.num_directions == 2 else "forward"
        return (f"{self.input_size}, {self.hidden_size}, num_layers={self.num_layers}, "
                f"direction={direction}, time_major={self.time_major}")


class SimpleRNN(RNNBase):
    """h_t = act(x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh), act tanh or relu."""

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, activation="tanh", weight_ih_attr=None,
                 weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
        if activation not in ("tanh", "relu"):
            raise ValueError(f"activation must be 'tanh' or 'relu', got {activation!r}")
        super().__init__("RNN_TANH" if activation == "tanh" else "RNN_RELU", input_size,
                         hidden_size, num_layers, direction, time_major, dropout,
                         weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr)


class LSTM(RNNBase):
    """Long short-term memory; returns (outputs, (h, c))."""

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0, name=None):
        if proj_size:
            raise ValueError("LSTM with proj_size is not supported (Paddle's fused rnn op "
                             "has no projection)")
        super().__init__("LSTM", input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr)


class GRU(RNNBase):
    """Gated recurrent unit (Paddle's form: the reset gate scales the hidden
    part of the candidate); returns (outputs, h)."""

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__("GRU", input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr)
