"""Run-time checks in compiled code: an index out of range never reads or
writes outside a buffer; it comes back as a RuntimeCheckError that names
the op, its location and the bad value, from the Executor (JIT), the
Predictor (compiled library) and the CLI."""

import os
import re
import subprocess
import sys

import numpy as np
import pytest

import paddle_mlir.inference as paddle_infer
from paddle_mlir import nn, ops, static
from paddle_mlir.backend.runtime_checks import RuntimeCheckError
from paddle_mlir.nn.initializer import set_global_seed
from paddle_mlir.utils import unique_name

pytestmark = pytest.mark.usefixtures("no_pass_manager_threads")

X = np.arange(20, dtype=np.float32).reshape(4, 5)


def _program(build, index_shape, index_dtype="int64"):
    """A program of one gather-like op on the constant-shaped feed x (4x5)
    and an index feed."""
    set_global_seed(0)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [4, 5], "float32")
        i = static.data("i", list(index_shape), index_dtype)
        main.fetch(build(x, i), "y")
    return main, startup


# op, builder, numpy reference, index shape, good index, bad index and its bound
CASES = {
    "gather": (lambda x, i: ops.gather(x, i, axis=0), lambda x, i: x[i],
               [3], [3, -1, 0], [0, 4, 1], 4),
    "index_select": (lambda x, i: ops.index_select(x, i, axis=1), lambda x, i: x[:, i],
                     [2], [4, -5], [5, 0], 5),
    "take_along_axis": (lambda x, i: ops.take_along_axis(x, i, axis=1),
                        lambda x, i: np.take_along_axis(x, i, axis=1),
                        [4, 1], [[0], [4], [-1], [2]], [[0], [1], [-6], [2]], 5),
    "gather_nd": (lambda x, i: ops.gather_nd(x, i), lambda x, i: x[i[:, 0], i[:, 1]],
                  [2, 2], [[3, 4], [-4, 0]], [[3, 4], [1, 5]], 5),
    "scatter": (lambda x, i: ops.scatter(x, i, ops.full([2, 5], 7.0, "float32")),
                lambda x, i: _scatter(x, i), [2], [1, -1], [2, 9], 4),
    "index_add": (lambda x, i: ops.index_add(x, i, 1, ops.full([4, 2], 1.0, "float32")),
                  lambda x, i: _index_add(x, i), [2], [4, -5], [1, 5], 5),
    "scatter_nd_add": (lambda x, i: ops.scatter_nd_add(x, i, ops.full([3, 5], 1.0, "float32")),
                       lambda x, i: _scatter_nd_add(x, i), [3, 1], [[3], [-4], [3]],
                       [[3], [4], [0]], 4),
}


def _scatter_nd_add(x, i):
    y = x.copy()
    for (j,) in i:
        y[j] += 1.0
    return y


def _index_add(x, i):
    y = x.copy()
    for j in i:
        y[:, j] += 1.0
    return y


def test_index_sample_checks_indices():
    """index_sample wraps no negative index (as PHI): each must be in [0, 5)."""
    main, startup = _program(lambda x, i: ops.index_sample(x, i), [4, 2])
    exe = static.Executor("cpu")
    exe.run(startup)
    good = np.array([[0, 4], [1, 1], [3, 2], [4, 0]], np.int64)
    (y,) = exe.run(main, feed={"x": X, "i": good}, fetch_list=["y"])
    np.testing.assert_array_equal(y, np.take_along_axis(X, good, axis=1))
    for bad_value in (5, -1):
        bad = good.copy()
        bad[2, 1] = bad_value
        with pytest.raises(RuntimeCheckError, match=re.escape(
                f"index {bad_value} out of range [0, 5)")):
            exe.run(main, feed={"x": X, "i": bad}, fetch_list=["y"])


def test_bce_loss_checks_its_input_range():
    """bce_loss takes probabilities: like Paddle's kernel, an input outside
    [0, 1] (or NaN) is an error, not a NaN in the outputs."""
    from paddle_mlir.dialects import pd
    set_global_seed(0)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        p = static.data("p", [2, 3], "float32")
        label = static.data("l", [2, 3], "float32")
        main.fetch(pd.bce_loss(p, label), "y")
    exe = static.Executor("cpu")
    exe.run(startup)
    good = np.array([[0.0, 0.25, 0.5], [0.75, 1.0, 0.1]], np.float32)
    label = np.array([[1, 0, 1], [0, 1, 0]], np.float32)
    (y,) = exe.run(main, feed={"p": good, "l": label}, fetch_list=["y"])
    with np.errstate(divide="ignore"):
        expected = -(label * np.maximum(np.log(good), -100)
                     + (1 - label) * np.maximum(np.log(1 - good), -100))
    np.testing.assert_allclose(y, expected, rtol=1e-6)
    for bad_value in (1.5, -0.25, np.nan):
        bad = good.copy()
        bad[1, 2] = bad_value
        with pytest.raises(RuntimeCheckError, match=r"pd\.bce_loss at .*: an input is outside \[0, 1\]"):
            exe.run(main, feed={"p": bad, "l": label}, fetch_list=["y"])


def _scatter(x, i):
    y = x.copy()
    y[i] = 7.0
    return y


@pytest.mark.parametrize("name", CASES)
def test_executor_checks_indices(name):
    build, reference, shape, good, bad, bound = CASES[name]
    main, startup = _program(build, shape)
    exe = static.Executor("cpu")
    exe.run(startup)
    good, bad = np.array(good, np.int64), np.array(bad, np.int64)
    (y,) = exe.run(main, feed={"x": X, "i": good}, fetch_list=["y"])
    np.testing.assert_array_equal(y, reference(X, good))
    value = [v for v in bad.ravel() if not -bound <= v < bound][0]
    with pytest.raises(RuntimeCheckError, match=re.escape(
            f"pd.{name} at ") + r".*test_runtime_checks\.py:\d+.*: index " +
            re.escape(f"{value} out of range [-{bound}, {bound})")):
        exe.run(main, feed={"x": X, "i": bad}, fetch_list=["y"])
    # The error is not left behind for the next run.
    (again,) = exe.run(main, feed={"x": X, "i": good}, fetch_list=["y"])
    np.testing.assert_array_equal(again, y)


def _embedding_program(rows=10):
    set_global_seed(0)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        ids = static.data("ids", [None, 3], "int64")
        main.fetch(nn.Embedding(rows, 4)(ids), "y")
    static.Executor("cpu").run(startup)
    return main


@pytest.mark.parametrize("bad", [10, -1, 1 << 40])
def test_embedding_ids_out_of_range(bad):
    main = _embedding_program()
    exe = static.Executor("cpu")
    with pytest.raises(RuntimeCheckError, match=re.escape(
            f": id {bad} out of range [0, 10)")) as info:
        exe.run(main, feed={"ids": np.array([[1, bad, 2]])}, fetch_list=["y"])
    assert str(info.value).startswith("pd.embedding at ")
    assert isinstance(info.value, IndexError)


def test_a_bad_id_found_by_a_worker_thread():
    main = _embedding_program()
    exe = static.Executor("cpu", parallel=True)
    ids = np.tile(np.arange(10), 30000)[:3 * 30000].reshape(-1, 3)
    ids[-1, 2] = 12
    with pytest.raises(RuntimeCheckError, match=r"id 12 out of range \[0, 10\)"):
        exe.run(main, feed={"ids": ids}, fetch_list=["y"])


@pytest.fixture
def saved_embedding(tmp_path):
    main = _embedding_program()
    main.save(str(tmp_path / "m.mlir"))
    main.parameters.save(str(tmp_path / "m.npz"))
    weight = np.array(main.parameters[next(iter(main.parameters))])
    return tmp_path, weight


def test_predictor_raises_and_recovers(saved_embedding):
    tmp, weight = saved_embedding
    config = paddle_infer.Config(str(tmp / "m.mlir"))
    config.disable_compile_cache()
    predictor = paddle_infer.create_predictor(config)
    good = np.array([[1, 2, 9], [0, 3, 4]])
    (y,) = predictor.run([good])
    np.testing.assert_array_equal(y, weight[good])
    # The second sample is bad: the batch runs sample by sample (dynamic batch).
    with pytest.raises(RuntimeCheckError, match=r"pd\.embedding at .*: id 11 out of range"):
        predictor.run([np.array([[1, 2, 9], [0, 11, 4]])])
    (y,) = predictor.run([good])
    np.testing.assert_array_equal(y, weight[good])


def test_cli_reports_one_line_and_fails(saved_embedding):
    tmp, _ = saved_embedding
    np.savez(tmp / "in.npz", ids=np.array([[1, 2, 90]]))
    cli = os.path.join(os.path.dirname(sys.executable), "paddle-mlir")
    r = subprocess.run([cli, "run", str(tmp / "m.mlir"), "--input", str(tmp / "in.npz"),
                        "--output", str(tmp / "out.npz")],
                       capture_output=True, text=True,
                       env=dict(os.environ, PADDLE_MLIR_CACHE="0"))
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "RuntimeCheckError" in lines[0]
    assert "pd.embedding at " in lines[0] and "id 90 out of range [0, 10)" in lines[0]
    assert not (tmp / "out.npz").exists()


def test_a_gather_from_an_empty_axis_is_refused_at_compile_time():
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [0, 5], "float32")
        i = static.data("i", [2], "int64")
        main.fetch(ops.gather(x, i, axis=0), "y")
    with pytest.raises(Exception, match="gathers along axis 0 of size 0"):
        static.Executor("cpu").run(main, feed={"x": np.zeros((0, 5), np.float32),
                                               "i": np.zeros(2, np.int64)}, fetch_list=["y"])


# -- integer division ---------------------------------------------------------------------
MIN = np.iinfo(np.int64).min
DIVISIONS = {
    "floor_divide": (ops.floor_divide, np.floor_divide),
    "remainder": (ops.remainder, np.remainder),
}


def _division_program(fn, dtype="int64"):
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [4], dtype)
        y = static.data("y", [4], dtype)
        main.fetch(fn(x, y), "z")
    return main


@pytest.mark.parametrize("name", DIVISIONS)
def test_integer_division_by_zero_raises(name):
    fn, reference = DIVISIONS[name]
    main = _division_program(fn)
    exe = static.Executor("cpu")
    x = np.array([7, -7, 9, 5])
    (z,) = exe.run(main, feed={"x": x, "y": np.array([2, 2, -4, 3])}, fetch_list=["z"])
    np.testing.assert_array_equal(z, reference(x, np.array([2, 2, -4, 3])))
    with pytest.raises(RuntimeCheckError, match=rf"pd\.{name} at .*: integer division by zero"):
        exe.run(main, feed={"x": x, "y": np.array([2, 0, 1, 1])}, fetch_list=["z"])


@pytest.mark.parametrize("name", DIVISIONS)
def test_min_by_minus_one_wraps_as_numpy(name):
    fn, reference = DIVISIONS[name]
    main = _division_program(fn)
    x, y = np.array([MIN, MIN, -9, 1]), np.array([-1, 1, -1, -1])
    (z,) = static.Executor("cpu").run(main, feed={"x": x, "y": y}, fetch_list=["z"])
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(z, reference(x, y))


def test_float_division_by_zero_is_not_an_error():
    main = _division_program(ops.divide, "float32")
    (z,) = static.Executor("cpu").run(main, feed={"x": np.ones(4, np.float32),
                                                  "y": np.zeros(4, np.float32)},
                                      fetch_list=["z"])
    assert np.all(np.isinf(z))


# -- turning the checks off (trusted inputs) ------------------------------------------------
# Only valid inputs are run without checks: a bad one would read out of bounds.
def test_executor_without_checks_computes_the_same():
    build, reference, shape, good, _, _ = CASES["gather"]
    main, startup = _program(build, shape)
    exe = static.Executor("cpu", runtime_checks=False)
    exe.run(startup)
    good = np.array(good, np.int64)
    (y,) = exe.run(main, feed={"x": X, "i": good}, fetch_list=["y"])
    np.testing.assert_array_equal(y, reference(X, good))  # -1 still counts from the end
    (compiled,) = exe._cache.values()
    assert not compiled.checks
    checked = static.Executor("cpu")
    checked.run(main, feed={"x": X, "i": good}, fetch_list=["y"])
    (compiled,) = checked._cache.values()
    assert len(compiled.checks) == 1 and compiled.checks[0].startswith("pd.gather at ")


def test_the_environment_turns_checks_off(monkeypatch):
    fn, reference = DIVISIONS["floor_divide"]
    main = _division_program(fn)
    monkeypatch.setenv("PADDLE_MLIR_RUNTIME_CHECKS", "0")
    exe = static.Executor("cpu")
    assert exe.runtime_checks is False
    x, y = np.array([7, -7, 9, 5]), np.array([2, 2, -4, 3])
    (z,) = exe.run(main, feed={"x": x, "y": y}, fetch_list=["z"])
    np.testing.assert_array_equal(z, reference(x, y))
    (compiled,) = exe._cache.values()
    assert not compiled.checks
    monkeypatch.setenv("PADDLE_MLIR_RUNTIME_CHECKS", "1")
    assert static.Executor("cpu").runtime_checks is True


def test_predictor_without_checks_has_its_own_cache_entry(saved_embedding, tmp_path):
    tmp, weight = saved_embedding
    good = np.array([[1, 2, 9], [0, 3, 4]])
    libraries = {}
    for checks in (True, False):
        config = paddle_infer.Config(str(tmp / "m.mlir"))
        config.set_optim_cache_dir(tmp_path / "cache")
        config.switch_runtime_checks(checks)
        assert config.runtime_checks_enabled() is checks
        assert re.search(rf"^runtime_checks +{checks}$", config.summary(), re.M)
        predictor = paddle_infer.create_predictor(config)
        (y,) = predictor.run([good])
        np.testing.assert_array_equal(y, weight[good])
        assert predictor.cache_hit is False  # the unchecked build is not the checked one
        (program,) = predictor._compiled.values()
        libraries[checks] = program
    assert libraries[True].meta.get("runtime_checks")
    assert "runtime_checks" not in libraries[False].meta


def test_cli_compile_without_checks(saved_embedding):
    tmp, _ = saved_embedding
    cli = os.path.join(os.path.dirname(sys.executable), "paddle-mlir")
    texts = {}
    for flag in ("--runtime-checks", "--no-runtime-checks"):
        out = tmp / f"m{flag}.ll"
        subprocess.run([cli, "compile", str(tmp / "m.mlir"), "--emit", "llvm", "-o", str(out),
                        "--shape", "ids=2x3", flag], check=True, capture_output=True)
        texts[flag] = out.read_text()
    assert "pdm_runtime_error" in texts["--runtime-checks"]
    assert "pdm_runtime_error" not in texts["--no-runtime-checks"]


def test_unpool_checks_positions():
    """max_unpool2d writes x at `indices` of each output map: a position
    outside the 3x3 map is an error, not a write past the buffer."""
    from paddle_mlir.nn import functional as F
    set_global_seed(0)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [1, 1, 2, 2], "float32")
        i = static.data("i", [1, 1, 2, 2], "int32")
        main.fetch(F.max_unpool2d(x, i, 2, output_size=[3, 3]), "y")
    exe = static.Executor("cpu")
    exe.run(startup)
    xs = np.arange(1, 5, dtype=np.float32).reshape(1, 1, 2, 2)
    good = np.array([[[[0, 4], [8, 2]]]], np.int32)
    (y,) = exe.run(main, feed={"x": xs, "i": good}, fetch_list=["y"])
    expected = np.zeros(9, np.float32)
    expected[[0, 4, 8, 2]] = [1, 2, 3, 4]
    np.testing.assert_array_equal(y.reshape(-1), expected)
    for bad_value in (9, -1):
        bad = good.copy()
        bad[0, 0, 1, 0] = bad_value
        with pytest.raises(RuntimeCheckError, match=re.escape(
                f"index {bad_value} out of range [0, 9)")):
            exe.run(main, feed={"x": xs, "i": bad}, fetch_list=["y"])
