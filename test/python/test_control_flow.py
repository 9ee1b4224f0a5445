"""static.nn.cond / while_loop build pd.if / pd.while."""

import re

import pytest

from paddle_mlir import ops, static


@pytest.fixture
def main():
    program = static.Program()
    with static.program_guard(program, static.Program()):
        yield program


def test_cond_merges_branch_types(main):
    x, y = static.data("x", [4]), static.data("y", [-1])
    r = static.nn.cond(ops.sum(x) > 0.0, lambda: x * 2.0, lambda: y)
    assert str(r.type) == "!pd.tensor<?xf32>"
    main.fetch(r, "r")
    main.verify()
    text = str(main)
    assert re.search(r"pd\.if %\d+ : !pd\.tensor<i1> -> !pd\.tensor<\?xf32> \{\n.*pd\.full.*\n.*pd\.scale.*\n"
                     r"\s*pd\.yield %\d+ : !pd\.tensor<4xf32>\n\s*\} else \{\n\s*pd\.yield %1 : !pd\.tensor<\?xf32>",
                     text), text


def test_cond_with_several_outputs_and_none(main):
    x = static.data("x", [2, 3])
    a, b = static.nn.cond(ops.mean(x) < 1.0, lambda: (x, x + 1.0), lambda: (x - 1.0, x))
    assert str(a.type) == str(b.type) == "!pd.tensor<2x3xf32>"
    assert static.nn.cond(ops.mean(x) < 1.0, lambda: None, lambda: None) is None
    main.verify()


def test_cond_rejects_mismatched_branches(main):
    x = static.data("x", [2])
    with pytest.raises(ValueError, match="true_fn returns 2 outputs, false_fn 1"):
        static.nn.cond(ops.sum(x) > 0.0, lambda: (x, x), lambda: x)
    with pytest.raises(ValueError, match="must have one dtype and rank"):
        static.nn.cond(ops.sum(x) > 0.0, lambda: x, lambda: ops.cast(x, "int32"))
    main.verify()


def test_while_loop(main):
    x = static.data("x", [4])
    i0, n = ops.full([1], 0, "int64"), ops.full([1], 10, "int64")
    i, s = static.nn.while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s + x), [i0, x])
    assert str(i.type) == "!pd.tensor<1xi64>" and str(s.type) == "!pd.tensor<4xf32>"
    main.fetch(s, "s")
    main.verify()
    text = str(main)
    assert "pd.while" in text and "^bb0(%arg0: !pd.tensor<1xi64>, %arg1: !pd.tensor<4xf32>)" in text
    assert re.search(r"pd\.yield %\d+, %\d+, %\d+ : !pd\.tensor<1xi1>, !pd\.tensor<1xi64>, !pd\.tensor<4xf32>", text)


def test_while_loop_body_must_return_every_variable(main):
    x = static.data("x", [4])
    with pytest.raises(ValueError, match="body returns 1 values for 2 loop variables"):
        static.nn.while_loop(lambda a, b: ops.sum(a) > 0.0, lambda a, b: a, [x, x])
