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


def test_campaign_crashes_are_errors_or_outputs(tmp_path):
    """The 2026-11-29 campaign's two crashes, rebuilt from the fixtures:
    a pd_op.full_int_array declared with a negative dim ([?]: its
    dense constant asserted) runs; a reshape to a shape whose known dims
    overflow int64 (they wrapped to 0 and were divided by: SIGFPE) is an
    error naming the op."""
    import json

    import numpy as np
    fuzz = load_fuzz_tool("fuzz_import")
    jobs = []
    # statistics: op 54, a full_int_array of no values, declared [-2147483649].
    data = json.loads((fuzz.FIXTURES / "statistics.json").read_text())
    op = data["program"]["regions"][0]["blocks"][0]["ops"][54]
    assert op["#"] == "1.full_int_array"
    op["O"][0]["TT"]["D"][1][0] = -2147483649
    (tmp_path / "s.json").write_text(json.dumps(data))
    with np.load(fuzz.FIXTURES / "statistics.io.npz") as f:
        np.savez(tmp_path / "s.npz", **{k[3:]: f[k] for k in f.files if k.startswith("in/")})
    jobs.append({"id": 0, "json": str(tmp_path / "s.json"), "params": None,
                 "inputs": str(tmp_path / "s.npz"), "run": True})
    # A model's first reshape, to [2^62, -1, ...].
    for name in sorted(p.stem for p in fuzz.FIXTURES.glob("*.json")):
        data = json.loads((fuzz.FIXTURES / f"{name}.json").read_text())
        ops = data["program"]["regions"][0]["blocks"][0]["ops"]
        full = next((k for k, o in enumerate(ops) if o["#"] == "1.full_int_array" and
                     k + 1 < len(ops) and ops[k + 1]["#"] == "1.reshape"), None)
        if full is None:
            continue
        values = ops[full]["A"][0]["AT"]["D"]
        if len(values) < 2:
            continue
        values[0]["D"], values[1]["D"] = 2 ** 62, -1
        (tmp_path / "r.json").write_text(json.dumps(data))
        params = fuzz.FIXTURES / f"{name}.pdiparams"
        jobs.append({"id": 1, "json": str(tmp_path / "r.json"),
                     "params": str(params) if params.exists() else None,
                     "inputs": str(tmp_path / "s.npz"), "run": False})
        break
    assert len(jobs) == 2
    results = fuzz.run_jobs(jobs, 120)
    assert results[0][0] == "ok", results[0]
    assert results[1][0] == "error" and "cannot reshape" in results[1][1], results[1]
