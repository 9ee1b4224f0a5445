"""The checked-in docs are what the ODS generates (run `make docs`)."""

import pytest

GENERATED = {"PdDialect.md": "Dialects", "PhiDialect.md": "Dialects", "PdPasses.md": "Passes"}


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_docs_are_up_to_date(repo, name):
    built = repo / "build" / "docs" / GENERATED[name] / name
    checked_in = repo / "docs" / name
    assert built.exists(), "run `make build` first"
    assert checked_in.read_text() == built.read_text(), (
        f"docs/{name} is stale: run `make docs` and commit it")


def test_op_coverage_is_up_to_date(repo):
    """docs/op-coverage.md is what tools/op_coverage.py writes from the
    dialect, the CPU lowerings and the tests."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("op_coverage", repo / "tools" / "op_coverage.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert (repo / "docs" / "op-coverage.md").read_text() == tool.render(), (
        "docs/op-coverage.md is stale: run `make docs` (or tools/op_coverage.py) and commit it")


def test_op_coverage_counts(repo):
    """The report's own numbers: every op the CPU lowers is in the dialect,
    and a registered Paddle op without a lowering is listed as such."""
    text = (repo / "docs" / "op-coverage.md").read_text()
    row = {line.split("|")[1].strip(" `"): [c.strip() for c in line.split("|")[2:6]]
           for line in text.splitlines() if line.startswith("| `")}
    assert row["relu"] == ["✓", "✓", "✓", "✓"]
    assert row["rnn"][:3] == ["✓", "✓", "✓"]
    assert row["masked_select"][:3] == ["✓", "✓", "✓"]
    assert row["unique"][:3] == ["✓", "✓", "✓"]
    assert row["multiclass_nms3"][:3] == ["✓", "✓", "✓"]
    assert row["matrix_nms"][0] == "—"       # not yet
    for name, (dialect, cpu, numerics, _) in row.items():
        assert dialect == "✓" or cpu == numerics == "—", name
