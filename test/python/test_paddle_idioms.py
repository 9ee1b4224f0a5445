"""Paddle idioms a new user writes first: the pd.X builders inside
program_guard, a model left in training mode, saving a program with its
weights and loading it back."""

import numpy as np
import pytest

from paddle_mlir import nn, static
from paddle_mlir.dialects import pd
from paddle_mlir.static.executor import ExecutorError
from paddle_mlir.utils import unique_name


def test_pd_builders_inside_program_guard():
    """pd.X takes its context, location and insertion point from its tensor
    arguments, as the Tensor methods do (a list argument too)."""
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [2, 3])
        y = pd.matmul(x, pd.transpose(x, [1, 0]))
        main.fetch(pd.concat([y, pd.relu(-y)], axis=1), "z")
    x = np.arange(6, dtype=np.float32).reshape(2, 3) - 2
    (z,) = static.Executor("cpu").run(main, feed={"x": x}, fetch_list=["z"])
    ref = x @ x.T
    np.testing.assert_allclose(z, np.concatenate([ref, np.maximum(-ref, 0)], axis=1), rtol=1e-6)


def _conv_bn(eval_mode: bool):
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [1, 3, 8, 8])
        model = nn.Sequential(nn.Conv2D(3, 4, 3), nn.BatchNorm2D(4), nn.ReLU())
        if eval_mode:
            model.eval()
        main.fetch(model(x), "y")
    exe = static.Executor("cpu")
    exe.run(startup)
    return exe, main


def test_batch_norm_in_training_mode_says_to_call_eval():
    exe, main = _conv_bn(eval_mode=False)
    with pytest.raises(ExecutorError, match=r"batch_norm in training mode.*model\.eval\(\)"):
        exe.run(main, feed={"x": np.ones((1, 3, 8, 8), np.float32)}, fetch_list=["y"])
    exe, main = _conv_bn(eval_mode=True)
    (y,) = exe.run(main, feed={"x": np.ones((1, 3, 8, 8), np.float32)}, fetch_list=["y"])
    assert y.shape == (1, 4, 6, 6) and np.all(y >= 0)


def _linear_program():
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [2, 3])
        main.fetch(nn.Linear(3, 2)(x), "y")
    exe = static.Executor("cpu")
    exe.run(startup)
    return exe, main


@pytest.mark.parametrize("suffix", [".mlir", ".mlirbc"])
def test_program_save_load_round_trips_the_weights(tmp_path, suffix):
    exe, main = _linear_program()
    feed = {"x": np.ones((2, 3), np.float32)}
    (want,) = exe.run(main, feed=feed, fetch_list=["y"])
    main.save(tmp_path / f"m{suffix}")
    assert (tmp_path / "m.npz").is_file()
    loaded = static.Program.load(tmp_path / f"m{suffix}")
    (got,) = static.Executor("cpu").run(loaded, feed=feed, fetch_list=["y"])
    np.testing.assert_array_equal(got, want)


def test_program_load_then_parameters_load(tmp_path):
    """The weights in a file of their own: the loaded program declares its
    parameters from the graph, so ParameterStore.load accepts them."""
    exe, main = _linear_program()
    feed = {"x": np.ones((2, 3), np.float32)}
    (want,) = exe.run(main, feed=feed, fetch_list=["y"])
    main.save(tmp_path / "m.mlir", weights=False)
    main.parameters.save(tmp_path / "weights.npz")
    loaded = static.Program.load(tmp_path / "m.mlir")
    with pytest.raises(ExecutorError, match="has no value"):
        static.Executor("cpu").run(loaded, feed=feed, fetch_list=["y"])
    loaded.parameters.load(tmp_path / "weights.npz")
    (got,) = static.Executor("cpu").run(loaded, feed=feed, fetch_list=["y"])
    np.testing.assert_array_equal(got, want)


def test_shape_errors_are_one_line_at_the_users_line():
    """An op the builders refuse: paddle_mlir.ShapeError (a ValueError and an
    ir.MLIRError), one line naming the op, the reason and the user's line."""
    import inspect

    import paddle_mlir
    from mlir import ir

    main = static.Program()
    with static.program_guard(main):
        x, y = static.data("x", [2, 3]), static.data("y", [4, 5])
        line = inspect.currentframe().f_lineno + 2
        with pytest.raises(paddle_mlir.ShapeError) as info:
            pd.matmul(x, y)
    message = str(info.value)
    assert "\n" not in message
    assert "'pd.matmul' op contraction dims differ" in message
    assert f'test_paddle_idioms.py":{line}:' in message
    assert isinstance(info.value, ValueError) and isinstance(info.value, ir.MLIRError)
    assert type(info.value).__module__ + "." + type(info.value).__name__ == "paddle_mlir.ShapeError"
