"""make test's budget of the importer and runtime fuzzer
(tools/fuzz/fuzz_import.py): mutated Paddle models, weights and inputs give
outputs or one of our errors; nothing kills the process or hangs."""

import importlib.util
import pathlib
import sys

TOOL = pathlib.Path(__file__).resolve().parents[2] / "tools" / "fuzz" / "fuzz_import.py"


def _fuzz_import():
    spec = importlib.util.spec_from_file_location("fuzz_import", TOOL)
    module = importlib.util.module_from_spec(spec)
    sys.modules["fuzz_import"] = module
    spec.loader.exec_module(module)
    return module


def test_mutated_models_give_outputs_or_errors(tmp_path, capsys):
    status = _fuzz_import().main(["--count", "200", "--seed", "1", "--run-fraction", "0.05",
                                  "--out", str(tmp_path), "--timeout", "120"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "crash 0, hang 0" in out and "internal 0" in out, out
