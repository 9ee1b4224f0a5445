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


def _assign_program(shape, assign, dtype="float32"):
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", list(shape), dtype)
        assign(x)
        main.fetch(x, "y")
    return main


@pytest.mark.parametrize("name, assign, numpy_assign", [
    ("rows", lambda x: x.__setitem__((slice(1, 3), slice(None)), 0.0),
     lambda a: a.__setitem__((slice(1, 3), slice(None)), 0.0)),
    ("strided", lambda x: x.__setitem__((slice(None), slice(None, None, 2)), -1.0),
     lambda a: a.__setitem__((slice(None), slice(None, None, 2)), -1.0)),
    ("negative step", lambda x: x.__setitem__((-1, slice(5, 0, -2)), [7, 8, 9]),
     lambda a: a.__setitem__((-1, slice(5, 0, -2)), [7, 8, 9])),
    ("int index, broadcast row", lambda x: x.__setitem__(2, np.arange(6)),
     lambda a: a.__setitem__(2, np.arange(6))),
    ("column from a tensor", lambda x: x.__setitem__((slice(None), 0), x[:, 5] * 2),
     lambda a: a.__setitem__((slice(None), 0), a[:, 5] * 2)),
    ("ellipsis, empty slice", lambda x: x.__setitem__((Ellipsis, slice(6, None)), 5.0),
     lambda a: a.__setitem__((Ellipsis, slice(6, None)), 5.0)),
    ("twice", lambda x: (x.__setitem__(0, 1.0), x.__setitem__((slice(1, 3), 1), x[0, :2] + 1)),
     lambda a: (a.__setitem__(0, 1.0), a.__setitem__((slice(1, 3), 1), a[0, :2] + 1))),
])
def test_setitem_matches_numpy(name, assign, numpy_assign):
    """x[index] = v on a feed: pd.set_value_ / pd.set_value_with_tensor_, in
    place (the fetch of x sees every assignment, in order)."""
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    main = _assign_program(a.shape, assign)
    (got,) = static.Executor("cpu").run(main, feed={"x": a}, fetch_list=["y"])
    want = a.copy()
    numpy_assign(want)
    np.testing.assert_array_equal(got, want)


def test_setitem_on_an_intermediate_and_int_dtype():
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [3, 4], "int64")
        y = x * 2
        y[1, 1:3] = x[0, :2] + 100
        pd.relu_(y)
        main.fetch(y, "y")
    a = np.arange(12, dtype=np.int64).reshape(3, 4) - 6
    (got,) = static.Executor("cpu").run(main, feed={"x": a}, fetch_list=["y"])
    want = a * 2
    want[1, 1:3] = a[0, :2] + 100
    np.testing.assert_array_equal(got, np.maximum(want, 0))


def test_setitem_errors():
    from paddle_mlir import PipelineError

    main = _assign_program((4, 6), lambda x: x.__setitem__(slice(0, 2), np.ones((3, 6))))
    with pytest.raises(PipelineError, match=r"values of shape \[3, 6\] cannot be broadcast "
                                            r"to the slice of shape \[2, 6\]"):
        static.Executor("cpu").run(main, feed={"x": np.ones((4, 6), np.float32)},
                                   fetch_list=["y"])
    with pytest.raises(TypeError, match="cannot assign"):
        _assign_program((4, 6), lambda x: x.__setitem__(0, "text"))


def test_integer_array_indexing():
    """x[[2, 0]], x[..., idx] with a list, a numpy array or an int tensor:
    pd.index_select along that axis."""
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [4, 3])
        i = static.data("i", [2], "int64")
        main.fetch(x[..., [2, 0]], "a")
        main.fetch(x[i], "b")
        main.fetch(x[np.array([3, 3, 1])], "c")
    a = np.arange(12, dtype=np.float32).reshape(4, 3)
    got = static.Executor("cpu").run(main, feed={"x": a, "i": np.array([1, 0])},
                                     fetch_list=["a", "b", "c"])
    for g, want in zip(got, [a[..., [2, 0]], a[[1, 0]], a[[3, 3, 1]]]):
        np.testing.assert_array_equal(g, want)


def test_unsupported_indexing_says_why():
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [4, 3])
        with pytest.raises(IndexError, match="data-dependent result shape.*pd.where"):
            x[x > 0]
        with pytest.raises(IndexError, match="supported alone"):
            x[[0, 1], 1:]
        with pytest.raises(IndexError, match="1-D list of ints"):
            x[[[0, 1]]]
