"""The static API never aborts the process: mistakes that used to reach an
MLIR abort (a value of one program used in another, an operand shape that a
dynamic feed dim contradicts at run time) raise Python exceptions, and what
Paddle allows (a Layer called in a second program, reducing a 0-D tensor
over axis 0) works."""

import numpy as np
import pytest

from paddle_mlir import PipelineError, nn, ops, static
from paddle_mlir.nn.initializer import set_global_seed

pytestmark = pytest.mark.usefixtures("no_pass_manager_threads")


def test_a_value_of_another_program_is_refused():
    first, _ = static.Program(), static.Program()
    with static.program_guard(first):
        x = static.data("x", [2, 4], "float32")
        y = nn.functional.relu(x)
        first.fetch(y, "y")
    second = static.Program()
    with static.program_guard(second):
        z = static.data("z", [2, 4], "float32")
        with pytest.raises(ValueError, match=r"pd\.add: operand #1 is a value of another "
                                             r"program"):
            ops.add(z, y)
        with pytest.raises(ValueError, match="another program"):
            second.fetch(y, "w")
        second.fetch(nn.functional.relu(z), "w")
    # Both programs are intact.
    first.verify()
    second.verify()
    exe = static.Executor("cpu")
    x_in = np.array([[-1, 2, -3, 4]] * 2, np.float32)
    (a,) = exe.run(first, feed={"x": x_in}, fetch_list=["y"])
    (b,) = exe.run(second, feed={"z": x_in}, fetch_list=["w"])
    np.testing.assert_array_equal(a, np.maximum(x_in, 0))
    np.testing.assert_array_equal(b, a)


def test_a_layer_called_in_a_second_program_shares_its_parameters():
    set_global_seed(3)
    layer, outs = None, []
    x_in = np.random.default_rng(0).standard_normal((2, 4)).astype(np.float32)
    for k in range(2):
        main, startup = static.Program(), static.Program()
        with static.program_guard(main, startup):
            x = static.data("x", [2, 4], "float32")
            if layer is None:
                layer = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
            main.fetch(layer(x), "y")
        exe = static.Executor("cpu")
        if k == 0:
            exe.run(startup)    # initializes the weights both programs read
        outs.append(exe.run(main, feed={"x": x_in}, fetch_list=["y"])[0])
        if k == 0:
            w0 = main.parameters[layer[0].weight.name].copy()
        else:
            # The same weight object: a change is seen by both programs.
            assert main.parameters.parameter(layer[0].weight.name).value is not None
            np.testing.assert_array_equal(main.parameters[layer[0].weight.name], w0)
    np.testing.assert_array_equal(outs[0], outs[1])


@pytest.mark.parametrize("reduce", ["mean", "sum", "max", "min"])
def test_reducing_a_0d_tensor_over_axis_0(reduce):
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [], "float32")
        main.fetch(getattr(ops, reduce)(x, axis=0), "y")
    (y,) = static.Executor("cpu").run(main, feed={"x": np.array(3.5, np.float32)},
                                      fetch_list=["y"])
    assert y.shape == () and y == np.float32(3.5)


def test_a_dynamic_dim_that_contradicts_another_operand():
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [None, 4], "float32")
        y = static.data("y", [3, 4], "float32")
        main.fetch(ops.add(x, y), "z")
    exe = static.Executor("cpu")
    (z,) = exe.run(main, feed={"x": np.ones((3, 4), np.float32),
                               "y": np.ones((3, 4), np.float32)}, fetch_list=["z"])
    assert z.shape == (3, 4)
    with pytest.raises(PipelineError, match=r"'pd\.add' op cannot broadcast x of shape "
                                            r"\[5, 4\] with y of shape \[3, 4\]"):
        exe.run(main, feed={"x": np.ones((5, 4), np.float32),
                            "y": np.ones((3, 4), np.float32)}, fetch_list=["z"])


# -- valid but unusual inputs ---------------------------------------------------------------
def _run(build, feed):
    main = static.Program()
    with static.program_guard(main):
        xs = {name: static.data(name, list(a.shape), str(a.dtype)) for name, a in feed.items()}
        main.fetch(build(**xs), "y")
    (y,) = static.Executor("cpu").run(main, feed=feed, fetch_list=["y"])
    return y


def test_slicing_past_the_end_is_empty_as_in_numpy():
    x = np.arange(16, dtype=np.float32).reshape(2, 8)
    assert _run(lambda x: x[:, 10:], {"x": x}).shape == x[:, 10:].shape == (2, 0)
    np.testing.assert_array_equal(_run(lambda x: x[:, 6:20], {"x": x}), x[:, 6:20])


def test_concat_with_an_empty_operand():
    x = np.ones((2, 3), np.float32)
    e = np.ones((2, 0), np.float32)
    np.testing.assert_array_equal(_run(lambda x, e: ops.concat([e, x, e], axis=1),
                                       {"x": x, "e": e}), x)


def test_pooling_a_batch_of_zero():
    x = np.zeros((0, 3, 8, 8), np.float32)
    assert _run(lambda x: nn.MaxPool2D(2)(x), {"x": x}).shape == (0, 3, 4, 4)


def test_layer_norm_of_integers_is_refused():
    with pytest.raises(PipelineError, match=r"'pd.layer_norm' op is defined on floating-point "
                                            r"tensors only, got 'i8'"):
        _run(lambda x: nn.functional.layer_norm(x, [8]), {"x": np.ones((2, 8), np.int8)})


NANS = np.array([[3, np.nan, 1, 2, np.nan, -1], [np.nan, 0, 0, np.nan, 5, 4]], np.float32)


def test_sort_puts_nan_last_as_numpy():
    np.testing.assert_array_equal(_run(lambda x: ops.sort(x, axis=1), {"x": NANS}),
                                  np.sort(NANS, axis=1))
    np.testing.assert_array_equal(_run(lambda x: ops.argsort(x, axis=1), {"x": NANS}),
                                  np.argsort(NANS, axis=1, kind="stable"))


def test_descending_sort_and_topk_put_nan_first():
    got = _run(lambda x: ops.sort(x, axis=1, descending=True), {"x": NANS})
    np.testing.assert_array_equal(got, np.flip(np.sort(NANS, axis=1), axis=1))  # NaN first
    values = _run(lambda x: ops.topk(x, 2, axis=1)[0], {"x": NANS})
    np.testing.assert_array_equal(values, [[np.nan, np.nan], [np.nan, np.nan]])


def test_the_ops_of_a_program_no_longer_referenced_stay_readable(tmp_path):
    # `Program.load(path).ops` drops the program at once: its ops keep it
    # alive (they read a freed module before, an abort in nanobind).
    import gc
    program = static.Program()
    with static.program_guard(program):
        x = static.data("x", [2, 4], "float32")
        program.fetch(nn.functional.relu(x), "y")
    program.save(tmp_path / "relu.mlir")
    del program
    ops = static.Program.load(tmp_path / "relu.mlir").ops
    gc.collect()
    static.Program()  # other modules allocated where the freed one was
    assert [op.operation.name for op in ops] == ["pd.data", "pd.relu", "pd.fetch"]


def test_the_tensors_of_a_program_no_longer_referenced_stay_readable():
    # A tensor keeps its program alive: `y` returned by a function that built
    # a temporary Program read the freed module before (SIGSEGV).
    import gc

    def build(width):
        program = static.Program()
        with static.program_guard(program):
            x = static.data("x", [2, width], "float32")
            return x, nn.functional.relu(x) + 1.0

    gc.collect()
    live = static.global_context()._get_live_module_count()
    tensors = [build(width) for width in range(1, 6)]
    gc.collect()
    assert static.global_context()._get_live_module_count() == live + 5
    [static.Program() for _ in range(5)]  # other modules allocated where freed ones were
    for width, (x, y) in enumerate(tensors, start=1):
        assert x.shape == y.shape == [2, width]
        assert y.owner.operation.name == "pd.scale"
        assert y.owner.operands[0].owner.operation.name == "pd.relu"
    # Once the last tensor goes, so does the program.
    del tensors, x, y
    gc.collect()
    assert static.global_context()._get_live_module_count() == live
