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
