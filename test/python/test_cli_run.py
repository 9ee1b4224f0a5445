"""`paddle-mlir run` and `paddle-mlir bench` on the Paddle fixtures.

Each fixture in test/fixtures/paddle (exported by real Paddle 3.3.1; NAME.io.npz
holds Paddle's inputs `in/<feed>` and outputs `out/<i>`, with the feed and
fetch names in `meta/feeds` / `meta/fetches`) is imported, optimized
(pd-inference-opt), compiled by the CPU Executor and run; the outputs must be
Paddle's at atol = rtol = 1e-5. The CLI's main() is called in-process for
speed; one test runs the installed `paddle-mlir` as a subprocess.
"""

import json
import pathlib
import shutil
import subprocess

import numpy as np
import pytest

from paddle_mlir.cli import main as cli_main

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "paddle"
NAMES = sorted(p.stem for p in FIXTURES.glob("*.json"))

# Fixtures the CPU backend cannot run yet (C++ lowering issues; strict: an
# XPASS means it was fixed and the mark must go).
KNOWN_FAILURES: dict = {}


pytestmark = pytest.mark.usefixtures("no_pass_manager_threads")


def _fixture(name):
    with np.load(FIXTURES / f"{name}.io.npz", allow_pickle=False) as f:
        return {k: f[k] for k in f.files}


def _write_inputs(ref, path):
    np.savez(path, **{n: ref[f"in/{n}"] for n in ref["meta/feeds"]})
    return path


def _params(name):
    marks = []
    if name in KNOWN_FAILURES:
        marks.append(pytest.mark.xfail(reason=KNOWN_FAILURES[name], strict=True))
    return pytest.param(name, marks=marks)


def test_every_fixture_is_listed():
    assert set(KNOWN_FAILURES) <= set(NAMES)
    assert {"mlp", "cnn", "resblock", "shape_ops"} <= set(NAMES)


@pytest.mark.parametrize("name", [_params(n) for n in NAMES])
def test_run_reproduces_paddle(name, tmp_path, capsys):
    ref = _fixture(name)
    inputs = _write_inputs(ref, tmp_path / "in.npz")
    out = tmp_path / "out.npz"
    rc = cli_main(["run", str(FIXTURES / f"{name}.json"), "--input", str(inputs),
                   "--output", str(out)])
    err = capsys.readouterr().err
    assert rc == 0, err
    with np.load(out) as got:
        assert got.files == list(ref["meta/fetches"])
        for i, fetch in enumerate(ref["meta/fetches"]):
            expected = ref[f"out/{i}"]
            assert got[fetch].dtype == expected.dtype and got[fetch].shape == expected.shape
            np.testing.assert_allclose(got[fetch], expected, atol=1e-5, rtol=1e-5,
                                       err_msg=f"{name}: fetch {fetch!r}")


def test_run_subprocess(venv_bin, tmp_path):
    ref = _fixture("mlp")
    inputs = _write_inputs(ref, tmp_path / "in.npz")
    out = tmp_path / "out.npz"
    proc = subprocess.run([str(venv_bin / "paddle-mlir"), "run", str(FIXTURES / "mlp.json"),
                           "--input", str(inputs), "--output", str(out)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "" and proc.stderr == ""
    with np.load(out) as got:
        np.testing.assert_allclose(got["fetch_name_0"], ref["out/0"], atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("pipeline", ["none", "pd-inference-opt,canonicalize"])
def test_run_pipeline_option(pipeline, tmp_path):
    ref = _fixture("cnn")
    inputs = _write_inputs(ref, tmp_path / "in.npz")
    out = tmp_path / "out.npz"
    assert cli_main(["run", str(FIXTURES / "cnn.json"), "--input", str(inputs),
                     "--output", str(out), "--pipeline", pipeline, "--no-parallel"]) == 0
    with np.load(out) as got:
        np.testing.assert_allclose(got["fetch_name_0"], ref["out/0"], atol=1e-5, rtol=1e-5)


def test_run_explicit_params(tmp_path):
    """--params names the weights when they are not beside the JSON."""
    shutil.copy(FIXTURES / "mlp.json", tmp_path / "model.json")
    shutil.copy(FIXTURES / "mlp.pdiparams", tmp_path / "weights.pdiparams")
    ref = _fixture("mlp")
    inputs = _write_inputs(ref, tmp_path / "in.npz")
    out = tmp_path / "out.npz"
    assert cli_main(["run", str(tmp_path / "model.json"), "--params",
                     str(tmp_path / "weights.pdiparams"), "--input", str(inputs),
                     "--output", str(out)]) == 0
    with np.load(out) as got:
        np.testing.assert_allclose(got["fetch_name_0"], ref["out/0"], atol=1e-5, rtol=1e-5)


# -- errors: one line on stderr, status 1, no traceback -------------------------------------
def _error(capsys, *argv):
    rc = cli_main([str(a) for a in argv])
    captured = capsys.readouterr()
    assert rc == 1
    assert captured.out == ""
    err = captured.err
    assert err.startswith("paddle-mlir: ") and err.endswith("\n"), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err.strip()


@pytest.fixture
def mlp_inputs(tmp_path):
    return _write_inputs(_fixture("mlp"), tmp_path / "in.npz")


@pytest.mark.parametrize("command", ["run", "bench"])
def test_malformed_json(command, tmp_path, mlp_inputs, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text((FIXTURES / "mlp.json").read_text()[:300])
    extra = ["--output", tmp_path / "o.npz"] if command == "run" else []
    err = _error(capsys, command, bad, "--input", mlp_inputs, *extra)
    assert err.startswith(f"paddle-mlir: {bad}: not a JSON file: ")


@pytest.mark.parametrize("command", ["run", "bench"])
def test_truncated_pdiparams(command, tmp_path, mlp_inputs, capsys):
    shutil.copy(FIXTURES / "mlp.json", tmp_path / "m.json")
    data = (FIXTURES / "mlp.pdiparams").read_bytes()
    (tmp_path / "m.pdiparams").write_bytes(data[: len(data) // 2])
    extra = ["--output", tmp_path / "o.npz"] if command == "run" else []
    err = _error(capsys, command, tmp_path / "m.json", "--input", mlp_inputs, *extra)
    assert err.startswith(f"paddle-mlir: {tmp_path / 'm.pdiparams'}: truncated file")


def test_unknown_op(tmp_path, mlp_inputs, capsys):
    model = json.loads((FIXTURES / "mlp.json").read_text())
    ops = model["program"]["regions"][0]["blocks"][0]["ops"]
    relu = next(i for i, op in enumerate(ops) if op["#"] == "1.relu")
    ops[relu]["#"] = "1.frobnicate"
    (tmp_path / "m.json").write_text(json.dumps(model))
    shutil.copy(FIXTURES / "mlp.pdiparams", tmp_path / "m.pdiparams")
    err = _error(capsys, "run", tmp_path / "m.json", "--input", mlp_inputs,
                 "--output", tmp_path / "o.npz")
    assert "'pd_op.frobnicate'" in err and f"op {relu}" in err
    assert not (tmp_path / "o.npz").exists()


def test_missing_input_key(tmp_path, capsys):
    np.savez(tmp_path / "in.npz", y=np.zeros((2, 8), np.float32))
    err = _error(capsys, "run", FIXTURES / "mlp.json", "--input", tmp_path / "in.npz",
                 "--output", tmp_path / "o.npz")
    assert err == f"paddle-mlir: {tmp_path / 'in.npz'}: no array for feed 'x' (the file holds: y)"


def test_extra_input_key(tmp_path, capsys):
    x = _fixture("mlp")["in/x"]
    np.savez(tmp_path / "in.npz", x=x, z=x)
    err = _error(capsys, "run", FIXTURES / "mlp.json", "--input", tmp_path / "in.npz",
                 "--output", tmp_path / "o.npz")
    assert err.endswith("array 'z' is not a feed of the model (its feeds: x)")


def test_wrong_input_dtype(tmp_path, capsys):
    np.savez(tmp_path / "in.npz", x=np.zeros((2, 8), np.float64))
    err = _error(capsys, "run", FIXTURES / "mlp.json", "--input", tmp_path / "in.npz",
                 "--output", tmp_path / "o.npz")
    assert err == ("paddle-mlir: run: input 'x' is float32; got float64 (convert it with "
                   ".astype('float32'))")


@pytest.mark.parametrize("content", [b"not a zip", None])
def test_bad_input_file(content, tmp_path, capsys):
    path = tmp_path / "in.npz"
    if content is not None:
        path.write_bytes(content)
    err = _error(capsys, "run", FIXTURES / "mlp.json", "--input", path,
                 "--output", tmp_path / "o.npz")
    assert err.startswith(f"paddle-mlir: {path}: ")


def test_missing_model(tmp_path, mlp_inputs, capsys):
    err = _error(capsys, "run", tmp_path / "none.json", "--input", mlp_inputs,
                 "--output", tmp_path / "o.npz")
    assert err == f"paddle-mlir: {tmp_path / 'none.json'}: no such file (the model)"


def test_errors_in_subprocess_have_no_traceback(venv_bin, tmp_path, mlp_inputs):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    proc = subprocess.run([str(venv_bin / "paddle-mlir"), "run", str(bad), "--input",
                           str(mlp_inputs), "--output", str(tmp_path / "o.npz")],
                          capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


# -- bench ----------------------------------------------------------------------------------
def test_bench_json(mlp_inputs, capsys):
    assert cli_main(["bench", str(FIXTURES / "mlp.json"), "--input", str(mlp_inputs),
                     "--json", "--runs", "7", "--warmup", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    result = json.loads(out)
    assert result["runs"] == 7 and result["warmup"] == 2
    assert 0 < result["min_us"] <= result["median_us"]


def test_bench_text(mlp_inputs, capsys):
    assert cli_main(["bench", str(FIXTURES / "cnn.json"), "--input",
                     str(_write_inputs(_fixture("cnn"), mlp_inputs.parent / "cnn.npz")),
                     "--runs", "3", "--warmup", "0", "--no-parallel"]) == 0
    out = capsys.readouterr().out
    assert "cnn.json: median " in out and "over 3 runs" in out and "1 thread)" in out


def test_bench_threads(mlp_inputs, capsys):
    """--threads sets the predictor's thread count (and so the pool's)."""
    assert cli_main(["bench", str(FIXTURES / "mlp.json"), "--input", str(mlp_inputs),
                     "--json", "--runs", "2", "--warmup", "0", "--threads", "3"]) == 0
    assert json.loads(capsys.readouterr().out)["threads"] == 3


@pytest.mark.parametrize("value", ["0", "two"])
def test_bench_bad_threads(mlp_inputs, capsys, value):
    with pytest.raises(SystemExit):
        cli_main(["bench", str(FIXTURES / "mlp.json"), "--input", str(mlp_inputs),
                  "--threads", value])
    assert "--threads" in capsys.readouterr().err


def test_bench_bad_runs(mlp_inputs, capsys):
    err = _error(capsys, "bench", FIXTURES / "mlp.json", "--input", mlp_inputs,
                 "--runs", "0")
    assert "--runs" in err


def test_bench_reports_compile_and_cache(mlp_inputs, capsys):
    """bench opens the model with the predictor: the second open of the same
    model comes from the persistent compile cache."""
    args = ["bench", str(FIXTURES / "mlp.json"), "--input", str(mlp_inputs), "--runs", "3",
            "--warmup", "0", "--json", "--no-parallel"]
    assert cli_main(args) == 0
    assert cli_main(args) == 0
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert second["cached"] is True
    assert first["median_us"] > 0 and second["runs"] == 3
