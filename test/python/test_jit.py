"""Capture from Python: jit.trace and jit.to_static (AST conversion of
control flow on tensors, guards and the program cache), checked against
numpy and against the eager run of the same code."""

import logging
import warnings

import numpy as np
import pytest

import paddle_mlir as paddle
from paddle_mlir import jit, nn
from paddle_mlir.jit import InputSpec
import paddle_mlir.nn.functional as F


def rand(*shape, seed=0):
    return np.random.RandomState(seed).standard_normal(shape).astype("float32")


def linear_ref(layer, a):
    return a @ layer.weight.numpy() + layer.bias.numpy()


class Gate(nn.Layer):
    """An `if`/`elif`/`else` on tensor values."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        h = self.fc(x)
        if h.sum() > 0:
            h = F.relu(h)
        elif h.sum() > -1:
            h = h * 0.5
        else:
            h = -h
        return h


def gate_ref(gate, a):
    h = linear_ref(gate.fc, a)
    if h.sum() > 0:
        return np.maximum(h, 0)
    if h.sum() > -1:
        return h * 0.5
    return -h


class Loops(nn.Layer):
    """Nested layers in a `while` with a tensor bound, a `for` over
    range(tensor) with `continue`, and an optional traced sub-layer."""

    def __init__(self, traced=None):
        super().__init__()
        self.gate = Gate()
        self.head = nn.Linear(4, 2)
        self.traced = traced

    def forward(self, x, n):
        i = 0
        while i < n:
            x = self.gate(x)
            i = i + 1
        for k in range(n):
            if k == 1:
                continue
            x = x + 1.0
        if self.traced is not None:
            x = self.traced(x)
        return self.head(x)


def loops_ref(model, a, n):
    for _ in range(n):
        a = gate_ref(model.gate, a)
    for k in range(n):
        if k != 1:
            a = a + 1.0
    if model.traced is not None:
        a = model.traced(a).numpy()
    return linear_ref(model.head, a)


# -- trace -------------------------------------------------------------------------
def test_trace_records_ops_and_warns_on_python_branches():
    gate = Gate()
    gate.eval()
    a = rand(3, 4)
    with pytest.warns(jit.TracerWarning, match=r"test_jit.py:\d+: the trace uses the value"):
        traced = jit.trace(gate, [a])
    program = str(traced.program)
    assert "pd.get_parameter" in program and "pd.if" not in program
    np.testing.assert_allclose(traced(a).numpy(), gate_ref(gate, a), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(traced(a).numpy(), gate(paddle.to_tensor(a)).numpy(), rtol=1e-6)
    # The branch taken on the example is what the trace runs on any input.
    def branch(h):
        return 0 if h.sum() > 0 else 1 if h.sum() > -1 else 2

    recorded = branch(linear_ref(gate.fc, a))
    b = next(a * k for k in (-100.0, 100.0, 0.001)
             if branch(linear_ref(gate.fc, a * k)) != recorded)
    h = linear_ref(gate.fc, b)
    expected = [np.maximum(h, 0), h * 0.5, -h][recorded]
    np.testing.assert_allclose(traced(b).numpy(), expected, rtol=1e-5, atol=1e-5)
    with pytest.raises(jit.CaptureError, match=r"\[5, 4\] float32, the program takes \[3, 4\]"):
        traced(rand(5, 4))


def test_trace_of_straight_line_function_without_warnings():
    def f(x, y):
        return paddle.matmul(x, y) + 1.0, x.sum()

    a, b = rand(2, 3), rand(3, 4, seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        traced = jit.trace(f, [a, b])
    out, total = traced(a, b)
    np.testing.assert_allclose(out.numpy(), a @ b + 1.0, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(total.numpy(), a.sum(), rtol=1e-5)


# -- to_static -----------------------------------------------------------------------
def test_to_static_if_on_tensor_takes_both_branches():
    gate = Gate()
    gate.eval()
    jit.to_static(gate, input_spec=[InputSpec([None, 4])])
    program = str(gate.forward.concrete_program)
    assert program.count("pd.if") == 2        # if, and elif nested in its else
    for seed, scale in ((0, 1.0), (1, -5.0), (2, 5.0), (3, 0.01)):
        a = rand(3, 4, seed=seed) * scale
        np.testing.assert_allclose(gate(a).numpy(), gate_ref(gate, a), rtol=1e-5, atol=1e-6)


def test_to_static_loops_nested_layers_and_dynamic_batch(caplog):
    model = Loops()
    model.eval()
    eager_forward = type(model).forward
    jit.to_static(model, input_spec=[InputSpec([None, 4]), InputSpec([], "int64")])
    program = str(model.forward.concrete_program)
    assert "pd.while" in program and "pd.if" in program
    with caplog.at_level(logging.DEBUG, logger="paddle_mlir.jit"):
        for n, batch in ((3, 2), (0, 5), (4, 7)):
            a = rand(batch, 4, seed=n)
            got = model(a, np.array(n, "int64")).numpy()
            np.testing.assert_allclose(got, loops_ref(model, a, n), rtol=1e-4, atol=1e-5)
            eager = eager_forward(model, paddle.to_tensor(a), paddle.to_tensor(n)).numpy()
            np.testing.assert_allclose(got, eager, rtol=1e-5, atol=1e-6)
    # One capture for every batch size and trip count: the spec has None.
    assert len(model.forward.program_cache) == 1
    assert "capturing" not in caplog.text and "reusing" not in caplog.text


def test_to_static_with_a_traced_sub_layer():
    sub = nn.Linear(4, 4)
    sub.eval()
    a = rand(3, 4)
    model = Loops(traced=jit.trace(sub, [a]))
    model.eval()
    jit.to_static(model)
    got = model(a, np.array(2, "int64")).numpy()
    np.testing.assert_allclose(got, loops_ref(model, a, 2), rtol=1e-4, atol=1e-5)
    # The traced program was inlined: the sub-layer's weight is read there.
    assert f'pd.get_parameter "{sub.weight.name}"' in str(model.forward.concrete_program)


def test_to_static_break_continue_and_early_return():
    @jit.to_static
    def f(x, n):
        s = x * 0
        total = 0
        for i in range(n):
            if i > 4:
                break
            if i % 2 == 1:
                continue
            s = s + x
            total = total + i
        return s, total

    @jit.to_static
    def g(x):
        for i in range(5):
            if x.sum() > 10:
                return x
            x = x * 2
        return -x

    def f_ref(a, n):
        s, total = a * 0, 0
        for i in range(n):
            if i > 4:
                break
            if i % 2 == 1:
                continue
            s, total = s + a, total + i
        return s, total

    a = rand(3)
    for n in (0, 3, 10):
        s, total = f(a, np.array(n, "int64"))
        s_ref, total_ref = f_ref(a, n)
        np.testing.assert_allclose(s.numpy(), s_ref, rtol=1e-5)
        assert int(total) == total_ref
    assert len(f.program_cache) == 1
    np.testing.assert_allclose(g(np.ones(2, "float32")).numpy(), [8.0, 8.0])
    np.testing.assert_allclose(g(np.full(2, 100, "float32")).numpy(), [100.0, 100.0])
    np.testing.assert_allclose(g(np.full(2, 0.01, "float32")).numpy(), [-0.32, -0.32], rtol=1e-5)


def test_to_static_while_with_tensor_bound_and_logic():
    @jit.to_static
    def collatz_steps(n):
        steps = 0
        while n != 1 and steps < 1000:
            if n % 2 == 0:
                n = n // 2
            else:
                n = 3 * n + 1
            steps += 1
        return steps

    def ref(n):
        steps = 0
        while n != 1 and steps < 1000:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            steps += 1
        return steps

    for n in (1, 6, 27):
        assert int(collatz_steps(np.array(n, "int64")).numpy()) == ref(n)


def test_guards_recapture_for_new_shapes_and_python_values(caplog):
    @jit.to_static
    def f(x, scale):
        return x * scale

    with caplog.at_level(logging.DEBUG, logger="paddle_mlir.jit"):
        f(rand(2, 3), 2.0)
        f(rand(2, 3), 2.0)                   # same spec: reused
        f(rand(4, 3), 2.0)                   # exact shapes without a spec: a new capture
        f(rand(4, 3), 3.0)                   # another Python value: a new capture
    assert len(f.program_cache) == 3
    assert caplog.text.count("capturing again") == 2
    np.testing.assert_allclose(f(np.ones((1, 2), "float32"), 3.0).numpy(), [[3.0, 3.0]])
    with pytest.raises(jit.CaptureError, match="does not match its input spec"):
        jit.to_static(f.rollback(), input_spec=[InputSpec([None, 3])])(rand(2, 4), 1.0)


def test_python_conditions_are_evaluated_at_capture():
    @jit.to_static
    def f(x, use_relu):
        if use_relu:                      # a Python bool: no pd.if
            x = F.relu(x)
        if x.shape[0] > 1:                # a static shape: Python too
            x = x * 2
        return x

    a = rand(2, 3)
    np.testing.assert_allclose(f(a, True).numpy(), np.maximum(a, 0) * 2)
    np.testing.assert_allclose(f(a, False).numpy(), a * 2)
    assert all("pd.if" not in str(c) for c in f.program_cache.values())


# -- errors --------------------------------------------------------------------------
def test_errors_name_the_source_line_and_construct():
    def gen(x):
        yield x

    with pytest.raises(jit.Dy2StaticError, match=r"test_jit.py:\d+: a generator \(`yield`\) "
                                                 "is not supported"):
        jit.to_static(gen)(rand(2))

    @jit.to_static
    def one_branch(x):
        if x.sum() > 0:
            z = x * 2
        return z

    with pytest.raises(jit.Dy2StaticError, match=r"'z' .* only one branch of the `if` at "
                                                 r".*test_jit.py:\d+"):
        one_branch(rand(2))

    @jit.to_static
    def many(x):
        if x > 0:
            x = x + 1
        return x

    with pytest.raises(jit.Dy2StaticError, match=r"test_jit.py:\d+: the condition is a tensor "
                                                 r"of shape \[3\]"):
        many(rand(3))
    with pytest.raises(ValueError, match="full_graph=False"):
        jit.to_static(lambda x: x, full_graph=False)


def test_paddle_dynamic_graph_model_runs_by_changing_the_import():
    """The README's example: Paddle dynamic-graph code with `import
    paddle_mlir as paddle`, eager and then to_static."""
    class SimpleNet(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.linear1 = paddle.nn.Linear(8, 16)
            self.linear2 = paddle.nn.Linear(16, 2)

        def forward(self, x):
            h = paddle.nn.functional.relu(self.linear1(x))
            if paddle.mean(h) > 0.5:
                h = h / 2
            return paddle.nn.functional.softmax(self.linear2(h), axis=-1)

    net = SimpleNet()
    net.eval()
    a = rand(4, 8)
    eager = net(paddle.to_tensor(a)).numpy()
    h = np.maximum(linear_ref(net.linear1, a), 0)
    h = h / 2 if h.mean() > 0.5 else h
    logits = linear_ref(net.linear2, h)
    ref = np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)
    np.testing.assert_allclose(eager, ref, rtol=1e-5, atol=1e-6)
    static_net = paddle.jit.to_static(net, input_spec=[InputSpec([None, 8], "float32")])
    np.testing.assert_allclose(static_net(a).numpy(), ref, rtol=1e-5, atol=1e-6)
