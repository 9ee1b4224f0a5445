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
