"""make test's budget of the importer and runtime fuzzer
(tools/fuzz/fuzz_import.py): mutated Paddle models, weights and inputs give
outputs or one of our errors; nothing kills the process or hangs."""

from conftest import load_fuzz_tool


def test_mutated_models_give_outputs_or_errors(tmp_path, capsys):
    fuzz = load_fuzz_tool("fuzz_import")
    status = fuzz.main(["--count", "200", "--seed", "1", "--run-fraction", "0.05",
                        "--out", str(tmp_path), "--timeout", "120"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "crash 0, hang 0" in out and "internal 0" in out, out
