"""Programs, parameters outside the graph, save/load, freeze, Tensor operators."""

import inspect
import shutil

import re

import numpy as np
import pytest
from mlir import ir

from paddle_mlir import static
from paddle_mlir.nn import initializer as I


def _line():
    return inspect.currentframe().f_back.f_lineno


@pytest.fixture
def programs():
    I.set_global_seed(0)
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        yield main, startup


def _linear(main):
    x = static.data("x", [None, 4])
    w = static.create_parameter("linear_0.w_0", [4, 3], initializer=I.XavierUniform())
    b = static.create_parameter("linear_0.b_0", [3], initializer=I.Constant(0.5))
    y = x @ w + b
    main.fetch(y, "y")
    return x, w, b, y


def test_program_guard_data_and_printing(programs):
    main, startup = programs
    assert static.default_main_program() is main
    assert static.default_startup_program() is startup
    x = static.data("x", [None, 784], "float32")
    ids = static.data("ids", [8, -1], "int64")
    assert x.shape == [-1, 784] and x.dtype == "float32"
    assert ids.shape == [8, -1] and ids.dtype == "int64"
    text = str(main)
    assert 'pd.data "x" : !pd.tensor<?x784xf32>' in text
    assert 'pd.data "ids" : !pd.tensor<8x?xi64>' in text
    assert main.feeds()[0][0] == "x"


def test_parameters_live_outside_the_graph(programs):
    main, startup = programs
    _linear(main)
    assert 'pd.get_parameter "linear_0.w_0" : !pd.tensor<4x3xf32>' in str(main)
    assert 'pd.set_parameter %{} "linear_0.w_0"'.split("%")[0] in str(startup)
    assert "pd.uniform" in str(startup) and "pd.set_parameter" in str(startup)
    assert sorted(main.parameters) == ["linear_0.b_0", "linear_0.w_0"]
    with pytest.raises(static.ParameterError, match="no value yet"):
        main.parameters["linear_0.w_0"]
    static.run_startup(startup, main.parameters)
    w = main.parameters["linear_0.w_0"]
    assert w.shape == (4, 3) and w.dtype == np.float32
    limit = np.sqrt(6 / 7)
    assert np.all(np.abs(w) <= limit) and np.std(w) > 0
    assert np.array_equal(main.parameters["linear_0.b_0"], np.full(3, 0.5, np.float32))
    main.verify()
    startup.verify()


def test_initialization_is_deterministic():
    values = []
    for _ in range(2):
        I.set_global_seed(7)
        main, startup = static.Program(), static.Program()
        with static.program_guard(main, startup):
            _linear(main)
        static.run_startup(startup, main.parameters)
        values.append(main.parameters["linear_0.w_0"])
    assert values[0].tobytes() == values[1].tobytes()


def test_store_checks_shapes_and_dtypes(programs):
    main, _ = programs
    _linear(main)
    store = main.parameters
    with pytest.raises(static.ParameterError, match=r"has shape \[4, 3\], got an array of shape \[3, 4\]"):
        store["linear_0.w_0"] = np.zeros((3, 4), np.float32)
    with pytest.raises(static.ParameterError, match="has dtype float32, got float64"):
        store["linear_0.w_0"] = np.zeros((4, 3))
    with pytest.raises(static.ParameterError, match="unknown parameter 'nope'"):
        store["nope"] = np.zeros(1)
    with pytest.raises(static.ParameterError, match="already declared with shape"):
        static.create_parameter("linear_0.w_0", [5], initializer=I.Constant(0.0))


def test_save_and_load_graph_and_weights_bit_exactly(programs, tmp_path):
    main, startup = programs
    _linear(main)
    static.run_startup(startup, main.parameters)
    for suffix in (".mlir", ".mlirbc"):
        main.save(tmp_path / f"model{suffix}")
        assert str(static.Program.load(tmp_path / f"model{suffix}")) == str(main)
    main.parameters.save(tmp_path / "model.npz")
    fresh = static.ParameterStore()
    fresh.declare("linear_0.w_0", [4, 3], "float32")
    fresh.declare("linear_0.b_0", [3], "float32")
    fresh.load(tmp_path / "model.npz")
    for name in main.parameters:
        assert fresh[name].tobytes() == main.parameters[name].tobytes()


def test_bad_weight_files_load_nothing(programs, tmp_path):
    main, startup = programs
    _linear(main)
    static.run_startup(startup, main.parameters)
    good = tmp_path / "w.npz"
    main.parameters.save(good)
    before = main.parameters["linear_0.w_0"].copy()

    truncated = tmp_path / "truncated.npz"
    truncated.write_bytes(good.read_bytes()[:100])
    with pytest.raises(static.ParameterLoadError, match="not a valid .npz weights file"):
        main.parameters.load(truncated)

    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, **{"linear_0.w_0": np.ones((3, 3), np.float32),
                       "linear_0.b_0": np.ones(3, np.float64), "extra": np.ones(1)})
    with pytest.raises(static.ParameterLoadError) as info:
        main.parameters.load(wrong)
    message = str(info.value)
    assert "unexpected parameter 'extra'" in message
    assert "'linear_0.w_0': shape [3, 3] in the file, [4, 3] declared" in message
    assert "'linear_0.b_0': dtype float64 in the file, float32 declared" in message
    assert main.parameters["linear_0.w_0"].tobytes() == before.tobytes()

    missing = tmp_path / "missing.npz"
    np.savez(missing, **{"linear_0.w_0": before})
    with pytest.raises(static.ParameterLoadError, match="missing parameter 'linear_0.b_0'"):
        main.parameters.load(missing)
    with pytest.raises(static.ParameterLoadError, match="no such weights file"):
        main.parameters.load(tmp_path / "absent.npz")


def test_corrupt_graph_file_is_located(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text('func.func @main() {\n  %0 = pd.data "x" : !pd.tensor<2xq32>\n  return\n}\n')
    with pytest.raises(static.ProgramError, match=r'bad.mlir: loc\(".*bad.mlir":2:'):
        static.Program.load(bad)


def test_mutability_and_freeze(programs):
    main, startup = programs
    _linear(main)
    static.run_startup(startup, main.parameters)
    # A training step writes w: it becomes mutable and cannot be frozen.
    train = static.Program()
    with static.program_guard(train, static.Program()):
        w = static.create_parameter("linear_0.w_0", [4, 3])
        from paddle_mlir.dialects import pd
        with train.building():
            pd.SetParameterOp(w * 0.5, "linear_0.w_0")
    main.parameters.update_mutability([main, train])
    assert main.parameters.parameter("linear_0.w_0").is_mutable
    assert not main.parameters.parameter("linear_0.b_0").is_mutable
    with pytest.raises(static.ParameterError, match="cannot freeze parameter 'linear_0.w_0'"):
        train.freeze(main.parameters)
    # Inference: nothing writes the weights; freeze embeds them.
    main.parameters.update_mutability([main])
    main.freeze()
    text = str(main)
    assert "pd.get_parameter" not in text
    # Blob handles are unique per context: an earlier program may own the
    # plain name, then MLIR adds a suffix.
    assert re.search(r'pd.constant dense_resource<linear_0.w_0(_\d+)?> : tensor<4x3xf32> '
                     r'\{name = "linear_0.w_0"\}', text)
    blob = main.parameters["linear_0.w_0"].tobytes().hex().upper()
    assert blob in text
    assert not main.parameters.parameter("linear_0.w_0").is_mutable
    main.verify()


def test_tensor_operators(programs):
    main, _ = programs
    x = static.data("x", [2, 3])
    y = static.data("y", [3])
    m = static.data("m", [3, 5])
    assert (x + y).shape == [2, 3] and "pd.add" in str(main)
    assert (x - 1).shape == [2, 3] and (2 * x).shape == [2, 3] and (x / 4.0).shape == [2, 3]
    assert (1 - x).shape == [2, 3] and (-x).shape == [2, 3] and (x ** 2).shape == [2, 3]
    assert (x @ m).shape == [2, 5]
    assert x.T.shape == [3, 2]
    assert (x > y).dtype == "bool" and (x == 0.0).dtype == "bool"
    assert x[1].shape == [3]
    assert x[:, 1:].shape == [2, 2]
    assert x[..., ::-1].shape == [2, 3]
    assert x[-1, -2].shape == []
    with pytest.raises(TypeError, match="only known at run time"):
        bool(x > y)
    with pytest.raises(IndexError, match="too many indices"):
        x[0, 0, 0]
    main.verify()


def test_shape_errors_point_at_user_code(programs):
    static.data("a", [2, 3])
    a, b = static.data("a2", [2, 3]), static.data("b", [4])
    with pytest.raises(ir.MLIRError) as info:
        line = _line() + 1
        a + b
    message = str(info.value)
    assert f'test_static.py":{line}:' in message
    assert "'pd.add' op cannot broadcast x of shape [2, 3] with y of shape [4]" in message


def test_to_dot_and_render(programs, tmp_path):
    main, _ = programs
    _linear(main)
    dot = main.to_dot()
    assert dot.startswith("digraph program {")
    assert 'label="pd.get_parameter\\nlinear_0.w_0", shape=cylinder' in dot
    assert 'label="pd.data\\nx", shape=ellipse' in dot
    assert "-> op" in dot and 'label="t<?x3xf32>"' in dot
    out = tmp_path / "graph.svg"
    if shutil.which("dot"):
        main.render(out)
        assert out.read_text().lstrip().startswith(("<?xml", "<svg"))
    else:
        with pytest.raises(RuntimeError, match="apt-get install graphviz"):
            main.render(out)
