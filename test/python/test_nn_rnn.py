"""nn.LSTM / nn.GRU / nn.SimpleRNN: Paddle's parameter names, shapes and
initial range, and the programs run by the Executor against the numpy
reference of pd.rnn (checked equal to Paddle 3.3.1's layers), batch-major
and time-major, with a dynamic batch, initial states and sequence lengths."""

import math

import numpy as np
import pytest

from numerics import references as R
from paddle_mlir import nn, static
from paddle_mlir.nn.initializer import set_global_seed
from paddle_mlir.utils import unique_name


def run(build, feeds, shapes=None):
    set_global_seed(0)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        data = {k: static.data(k, (shapes or {}).get(k, list(v.shape)), str(v.dtype))
                for k, v in feeds.items()}
        layer, outs = build(**data)
        for i, o in enumerate(outs):
            main.fetch(o, f"out{i}")
    exe = static.Executor("cpu", parallel=False)
    exe.run(startup)
    got = exe.run(main, feed=feeds, fetch_list=[f"out{i}" for i in range(len(outs))])
    return layer, main, got


def weights(layer, main):
    return [main.parameters[p.name] for p in layer._all_weights]


def test_lstm_parameters_follow_paddle():
    set_global_seed(0)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        lstm = nn.LSTM(4, 6, num_layers=2, direction="bidirect")
    names = [p.name for p in lstm._all_weights]
    assert names[:4] == ["lstm_cell_0.w_0", "lstm_cell_0.w_1", "lstm_cell_1.w_0",
                         "lstm_cell_1.w_1"]
    assert names[8:10] == ["lstm_cell_0.b_0", "lstm_cell_0.b_1"] and len(names) == 16
    assert [p.shape for p in lstm._all_weights[:6:2]] == [[24, 4], [24, 4], [24, 12]]
    store = static.run_startup(startup, main.parameters)
    assert max(np.abs(store[n]).max() for n in names) <= 1 / math.sqrt(6)


@pytest.mark.parametrize("kind", ["LSTM", "GRU", "RNN_TANH", "RNN_RELU"])
def test_layers_match_the_reference(kind):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((3, 5, 4)).astype(np.float32)       # [batch, time, in]

    def build(x):
        if kind == "LSTM":
            layer = nn.LSTM(4, 3, num_layers=2, direction="bidirect")
        elif kind == "GRU":
            layer = nn.GRU(4, 3, direction="bidirectional")
        else:
            layer = nn.SimpleRNN(4, 3, num_layers=2,
                                 activation="tanh" if kind == "RNN_TANH" else "relu")
        y, final = layer(x)
        return layer, [y, *(final if kind == "LSTM" else [final])]

    # A dynamic batch: the zero initial states take it from x's shape.
    layer, main, got = run(build, {"x": x}, {"x": [None, 5, 4]})
    directions = layer.num_directions
    zeros = np.zeros((layer.num_layers * directions, 3, 3))
    y, states = R.rnn(x.transpose(1, 0, 2), [zeros, zeros], weights(layer, main), None, kind,
                      directions == 2, layer.num_layers, 3)
    np.testing.assert_allclose(got[0], y.transpose(1, 0, 2), rtol=1e-5, atol=1e-5)
    for g, s in zip(got[1:], states):
        np.testing.assert_allclose(g, s, rtol=1e-5, atol=1e-5)


def test_time_major_initial_states_and_lengths():
    rng = np.random.default_rng(2)
    feeds = {"x": rng.standard_normal((6, 2, 3)).astype(np.float32),     # [time, batch, in]
             "h0": rng.standard_normal((1, 2, 4)).astype(np.float32),
             "c0": rng.standard_normal((1, 2, 4)).astype(np.float32),
             "len": np.array([6, 3], np.int64)}

    def build(x, h0, c0, len):
        layer = nn.LSTM(3, 4, time_major=True)
        y, (h, c) = layer(x, (h0, c0), sequence_length=len)
        return layer, [y, h, c]

    layer, main, got = run(build, feeds)
    y, (h, c) = R.rnn(feeds["x"], [feeds["h0"], feeds["c0"]], weights(layer, main),
                      feeds["len"], "LSTM", False, 1, 4)
    for g, want in zip(got, (y, h, c)):
        np.testing.assert_allclose(g, want, rtol=1e-5, atol=1e-5)
    assert not got[0][3:, 1].any()        # past row 1's length: zeros


def test_bad_arguments():
    with static.program_guard(static.Program(), static.Program()):
        with pytest.raises(ValueError, match="direction must be"):
            nn.LSTM(3, 4, direction="backward")
        with pytest.raises(ValueError, match="activation must be"):
            nn.SimpleRNN(3, 4, activation="sigmoid")
        with pytest.raises(ValueError, match="hidden_size must be a positive int"):
            nn.GRU(3, 0)
        with pytest.raises(ValueError, match="proj_size"):
            nn.LSTM(3, 4, proj_size=2)
        x = static.data("x", [2, 5, 3], "float32")
        with pytest.raises(ValueError, match="takes 2 initial state"):
            nn.LSTM(3, 4)(x, [x])
