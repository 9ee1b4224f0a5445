"""The `paddle-mlir` command line and the main job (`make run`)."""

import subprocess
import sys


def _run(venv_bin, *args, stdin=None):
    return subprocess.run([str(venv_bin / "paddle-mlir"), *args], input=stdin,
                          capture_output=True, text=True)


def test_opt_runs_pipeline(venv_bin, tmp_path):
    src = tmp_path / "p.mlir"
    src.write_text('%a = pd.full(2.0) : !pd.vtensor<2xf32>\n'
                   '%b = pd.full(2.0) : !pd.vtensor<2xf32>\n'
                   '%f = pd.fetch %b "b" col 0 : !pd.vtensor<2xf32>\n')
    out = _run(venv_bin, "opt", str(src), "-p", "pd-verify-program,canonicalize")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("pd.full(2.000000e+00)") == 1
    dst = tmp_path / "out.mlir"
    out = _run(venv_bin, "opt", "-", "-o", str(dst), stdin=src.read_text())
    assert out.returncode == 0 and "pd.fetch" in dst.read_text()


def test_opt_malformed_input_is_located(venv_bin, tmp_path):
    src = tmp_path / "bad.mlir"
    src.write_text('%a = pd.full(2.0) : !pd.vtensor<2xf32>\n%b = pd.no_such_op %a\n')
    out = _run(venv_bin, "opt", str(src))
    assert out.returncode == 1
    assert f'loc("{src}":2:6): custom op \'pd.no_such_op\' is unknown' in out.stderr
    assert "Traceback" not in out.stderr


def test_opt_missing_file_says_so(venv_bin, tmp_path):
    out = _run(venv_bin, "opt", str(tmp_path / "missing.mlir"))
    assert out.returncode == 1
    assert out.stderr.strip() == f"paddle-mlir: {tmp_path / 'missing.mlir'}: no such file"


def test_version(venv_bin):
    import paddle_mlir
    out = _run(venv_bin, "--version")
    assert out.returncode == 0
    assert out.stdout.startswith(f"paddle-mlir {paddle_mlir.__version__} (MLIR ")


def test_opt_failing_pipeline_prints_reproducer(venv_bin, tmp_path):
    src = tmp_path / "dup.mlir"
    src.write_text('%a = pd.data "x" : !pd.tensor<2xf32>\n%b = pd.data "x" : !pd.tensor<2xf32>\n')
    out = _run(venv_bin, "opt", str(src), "-p", "pd-verify-program")
    assert out.returncode == 1
    assert "feed 'x' is declared twice" in out.stderr
    assert "Reproduce with:" in out.stderr and "paddle-opt" in out.stderr


def test_opt_missing_file(venv_bin, tmp_path):
    out = _run(venv_bin, "opt", str(tmp_path / "missing.mlir"))
    assert out.returncode == 1
    assert "missing.mlir" in out.stderr and "Traceback" not in out.stderr


def test_quickstart_example(repo):
    out = subprocess.run([sys.executable, str(repo / "examples" / "quickstart.py")],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    before, after = out.stdout.split("IR after")
    assert before.count("pd.full(") == 3 and "pd.combine" in before
    assert after.count("pd.full(") == 1 and "pd.combine" not in after
    assert 'pd.fetch %2 "scale" col 2' in after


def test_help_has_examples_that_use_real_flags(capsys):
    """`paddle-mlir --help` ends with examples; every flag an example uses is
    one its subcommand accepts."""
    import re
    import shlex

    import pytest

    from paddle_mlir.cli import _EXAMPLES, main

    with pytest.raises(SystemExit):
        main(["--help"])
    assert "examples:" in capsys.readouterr().out
    commands = [shlex.split(line.strip()) for line in _EXAMPLES.splitlines()
                if line.startswith("  paddle-mlir ")]
    assert len(commands) >= 5
    for words in commands:
        with pytest.raises(SystemExit):
            main([words[1], "--help"])
        usage = capsys.readouterr().out
        for flag in (w for w in words if w.startswith("-")):
            assert re.search(rf"(^|[\s\[,]){re.escape(flag)}\b", usage), (words, flag)
