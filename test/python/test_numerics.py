"""Numerics of the lowered pd ops (convert-pd-to-linalg + the CPU Executor)
against independent numpy references, like Paddle's OpTest.

Each case (numerics/cases.py) feeds random inputs (broadcasting shapes for
binary ops, dynamic dims declared with None, edge values such as 0, -0,
large, inf and NaN) through static.data, builds one op and compares the
fetched outputs with its reference at the op's documented tolerance (table
in numerics/__init__.py). Random ops are checked statistically.

Cases of a group compile into one program (feeds prefixed per case; up to
numerics.cases.GROUP_SIZE cases each), which keeps the file at about half a
minute on two cores. A group that fails to build, compile or run is
bisected, so every failure is reported on its own case with the error that
the op alone produces; a case that is wrong only inside its group is re-run
alone and reported as an interaction bug. Programs are compiled and run in
a forked child (PADDLE_MLIR_NUMERICS_FORK=0 turns this off), so a crash of
the compiler or of JIT-ed code fails its case instead of ending the session. The Executor gets copies of the inputs; a program that
writes into a feed fails its case.

Known lowering bugs go into KNOWN_FAILURES (case id -> reason), which marks
the case xfail(strict=True): it must be removed once the bug is fixed.

Ops that cannot be lowered by design are listed in EXPECTED_UNSUPPORTED with
the reason; test_expected_unsupported checks that they still fail with a
PipelineError naming the op.
"""

from __future__ import annotations

import os
import pickle
import re

import numpy as np
import pytest

from paddle_mlir import static

import numerics
from numerics import cases as C
from numerics import references as R

# op -> why the CPU lowering cannot (and need not) support it.
EXPECTED_UNSUPPORTED: dict[str, str] = {}
# Cases showing that an EXPECTED_UNSUPPORTED op still does not lower.
UNSUPPORTED_PROBES: dict = {}

# Known lowering bugs: case id -> reason (the case becomes xfail(strict=True)).
KNOWN_FAILURES: dict[str, str] = {}


def _executor_cls():
    return getattr(static, "Executor", None)


needs_executor = pytest.mark.skipif(_executor_cls() is None,
                                    reason="static.Executor has not landed yet")


@pytest.fixture(scope="module")
def exe():
    return _executor_cls()("cpu")


@pytest.fixture(scope="module")
def selected(request):
    """Ids of the cases this session runs (groups compile only those)."""
    ids = set()
    for item in request.session.items:
        case = getattr(item, "callspec", None) and item.callspec.params.get("case")
        if isinstance(case, C.Case):
            ids.add(case.id)
    return ids


# -- building and running -------------------------------------------------------------

def _flatten(result) -> list:
    """Fetchable values of a builder's result: tuples/lists (Tensor[]) flattened."""
    if isinstance(result, (list, tuple)):
        values = []
        for item in result:
            values.extend(_flatten(item))
        return values
    return [result]


def build_program(cases):
    """One program with every case's feeds and ops; returns (program, feed,
    fetch values, number of fetches per case)."""
    prog = static.Program()
    feed, fetches, counts = {}, [], []
    prefixed = len(cases) > 1
    with static.program_guard(prog), prog.building():
        for i, case in enumerate(cases):
            values = {}
            for name, array in case.inputs.items():
                feed_name = f"c{i}_{name}" if prefixed else name
                values[name] = static.data(feed_name, case.declared_shape(name), str(array.dtype))
                feed[feed_name] = array
            outs = _flatten(case.build(**values))
            fetches.extend(outs)
            counts.append(len(outs))
    prog.verify()
    return prog, feed, fetches, counts


class FeedMutated(list):
    """Outputs of a case whose program wrote into some of its feed arrays
    (`.mutated` names them): ops must not modify their inputs."""
    mutated: list


def execute(cases, exe) -> list[list[np.ndarray]]:
    """Runs the cases in one program; returns each case's outputs. The
    Executor gets copies of the inputs, which are compared with the
    originals afterwards (a case that wrote into a feed is flagged)."""
    prog, feed, fetches, counts = build_program(cases)
    fed = {name: array.copy() for name, array in feed.items()}
    results = list(exe.run(prog, feed=fed, fetch_list=fetches))
    assert len(results) == len(fetches), f"{len(results)} results for {len(fetches)} fetches"
    per_case, start = [], 0
    for i, (case, n) in enumerate(zip(cases, counts)):
        outs = [np.asarray(r) for r in results[start:start + n]]
        start += n
        prefix = f"c{i}_" if len(cases) > 1 else ""
        mutated = [name for name in case.inputs
                   if not np.array_equal(fed[prefix + name], feed[prefix + name],
                                         equal_nan=feed[prefix + name].dtype.kind == "f")]
        if mutated:
            outs = FeedMutated(outs)
            outs.mutated = mutated
        per_case.append(outs)
    return per_case


_RESULTS: dict[str, tuple[str, object]] = {}

# Programs are compiled and run in-process. PADDLE_MLIR_NUMERICS_FORK=1 runs
# each in a forked child instead, so that a crash in the compiler or in
# JIT-ed code becomes the failure of its case (for debugging: forking a
# process that already has MLIR's or the async runtime's worker threads can
# deadlock, so it is not the default).
_FORK = hasattr(os, "fork") and os.environ.get("PADDLE_MLIR_NUMERICS_FORK", "0") == "1"


class CrashError(RuntimeError):
    """Compiling or running the program killed the process."""


def _picklable(exc: BaseException) -> BaseException:
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:  # noqa: BLE001
        return RuntimeError(f"{type(exc).__name__}: {exc}")


def _execute_isolated(cases, exe):
    """execute() in a forked child; re-raises its exception, or CrashError."""
    if not _FORK:
        return execute(cases, exe)
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: never returns
        status = 0
        try:
            os.close(read_fd)
            try:
                payload = ("ok", execute(cases, exe))
            except Exception as e:  # noqa: BLE001
                payload = ("error", _picklable(e))
            data = pickle.dumps(payload)
            with os.fdopen(write_fd, "wb") as f:
                f.write(data)
        except BaseException:  # noqa: BLE001
            status = 1
        finally:
            os._exit(status)
    os.close(write_fd)
    with os.fdopen(read_fd, "rb") as f:
        data = f.read()
    _, status = os.waitpid(pid, 0)
    if not data:
        how = (f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status)
               else f"exit status {os.WEXITSTATUS(status)}")
        raise CrashError(f"compiling or running the program crashed ({how}); rerun with "
                         "PADDLE_MLIR_NUMERICS_FORK=0 to see the crash in-process")
    kind, value = pickle.loads(data)
    if kind == "error":
        raise value
    return value


def _run_bisecting(cases, exe):
    try:
        outputs = _execute_isolated(cases, exe)
    except Exception as e:  # noqa: BLE001  (attributed to the case below)
        if len(cases) == 1:
            _RESULTS[cases[0].id] = ("error", e)
            return
        mid = len(cases) // 2
        _run_bisecting(cases[:mid], exe)
        _run_bisecting(cases[mid:], exe)
        return
    for case, outs in zip(cases, outputs):
        _RESULTS[case.id] = ("ok", outs) if len(cases) == 1 else ("grouped", outs)


def run_case(case, exe, selected=None):
    """The case's outputs; raises the error of building/compiling/running it.
    The first case of a group runs the group's (selected) cases together."""
    if case.id not in _RESULTS:
        members = _GROUPS.get(case.group, [case]) if case.group else [case]
        members = [c for c in members if c.id not in _RESULTS and
                   (selected is None or c.id in selected or c.id == case.id)]
        _run_bisecting(members, exe)
    status, value = _RESULTS[case.id]
    if status == "error":
        raise value
    return value


def run_case_alone(case, exe):
    """The case's outputs from a program of its own."""
    return _execute_isolated([case], exe)[0]


# -- comparing ---------------------------------------------------------------------------

def _as_list(expected):
    if isinstance(expected, (list, tuple)):
        return list(expected)
    return [expected]


def assert_close(actual, expected, rtol, atol, what):
    actual = np.asarray(actual)
    expected = np.asarray(expected)
    assert actual.shape == expected.shape, \
        f"{what}: shape {actual.shape}, expected {expected.shape}"
    assert actual.dtype == expected.dtype, \
        f"{what}: dtype {actual.dtype}, expected {expected.dtype}"
    if expected.dtype.kind not in "fc":
        if not np.array_equal(actual, expected):
            bad = np.argwhere(actual != expected)
            first = tuple(bad[0])
            pytest.fail(f"{what}: {len(bad)}/{expected.size} elements differ; first at {first}: "
                        f"{actual[first]!r} != {expected[first]!r}\nactual={actual!r}\n"
                        f"expected={expected!r}")
        return
    a = actual.astype(np.float64)
    e = expected.astype(np.float64)
    nan_e, nan_a = np.isnan(e), np.isnan(a)
    inf_e = np.isinf(e)
    finite = ~nan_e & ~inf_e
    problems = []
    if np.any(nan_e != nan_a):
        problems.append(f"NaN mismatch at {np.argwhere(nan_e != nan_a)[:5].tolist()}")
    if np.any(inf_e & (a != e)):
        problems.append(f"inf mismatch at {np.argwhere(inf_e & (a != e))[:5].tolist()}")
    with np.errstate(invalid="ignore"):
        err = np.where(finite & ~nan_a, np.abs(a - e), 0.0)
        err = np.where(finite & (nan_a | np.isinf(a)), np.inf, err)
        limit = atol + rtol * np.abs(np.where(finite, e, 0.0))
    bad = err > limit
    if np.any(bad):
        idx = np.unravel_index(np.argmax(np.where(bad, err - limit, -np.inf)), err.shape)
        rel = err / np.maximum(np.abs(e), 1e-300)
        problems.append(
            f"{int(bad.sum())}/{e.size} elements beyond tolerance (rtol={rtol:g}, atol={atol:g}); "
            f"max abs err {np.max(err[finite]) if finite.any() else 0:.3g}, "
            f"max rel err {np.max(np.where(finite, rel, 0)):.3g}; worst at {tuple(int(i) for i in idx)}: "
            f"{a[idx]!r} vs {e[idx]!r}")
    if problems:
        pytest.fail(f"{what}: " + "; ".join(problems) +
                    f"\nactual={actual!r}\nexpected={expected!r}")


def check_case(case, outputs):
    mutated = getattr(outputs, "mutated", None)
    assert not mutated, f"the compiled program wrote into its input feed(s) {mutated}"
    if case.check is not None:
        case.check(outputs, **case.inputs)
        return
    with np.errstate(all="ignore"):
        expected = _as_list(case.expected(**case.inputs))
    assert len(outputs) == len(expected), \
        f"{len(outputs)} outputs, the reference has {len(expected)}"
    for i, (a, e) in enumerate(zip(outputs, expected)):
        if e is None:
            continue
        # The case's dtype names its inputs; a float output of an int/bool
        # case (one_hot, cast, ...) gets its own dtype's tolerance.
        if case.tol is None and case.dtype not in C.DEFAULT_TOLERANCE:
            rtol, atol = C.tolerance(case.op, str(np.asarray(e).dtype))
        else:
            rtol, atol = case.tolerance()
        assert_close(a, e, rtol, atol, f"{case.id} output {i}")


# -- tests -----------------------------------------------------------------------------------

_GROUPS = C.cases_by_group()


def _param(case):
    marks = list(case.marks)
    if case.id in KNOWN_FAILURES:
        marks.append(pytest.mark.xfail(reason=KNOWN_FAILURES[case.id], strict=True))
    return pytest.param(case, id=case.id, marks=marks)


def test_case_ids_are_unique():
    ids = [c.id for c in C.CASES]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    assert not dup, f"duplicate case ids: {dup}"


def test_every_op_has_a_case():
    forward = C.forward_ops()
    assert len(forward) == 302, f"the spec has {len(forward)} forward ops"
    covered = C.covered_ops()
    missing = [op for op in forward if op not in covered and op not in EXPECTED_UNSUPPORTED]
    assert not missing, f"spec ops with neither a numerics case nor an EXPECTED_UNSUPPORTED entry: {missing}"
    unknown = sorted((covered | set(EXPECTED_UNSUPPORTED)) - set(forward))
    assert not unknown, f"cases for ops that are not forward spec ops: {unknown}"
    both = sorted(covered & set(EXPECTED_UNSUPPORTED))
    assert not both, f"ops both tested and expected unsupported: {both}"
    assert all(reason.strip() for reason in EXPECTED_UNSUPPORTED.values())
    stale = sorted(set(KNOWN_FAILURES) - {c.id for c in C.CASES})
    assert not stale, f"KNOWN_FAILURES entries without a case: {stale}"


def test_float_cases_cover_float64_and_int_ops_cover_ints():
    """Dtype coverage: each op with a float32 case also runs float64 (but for
    ops where the float input only matters as nonzero or for its shape);
    arithmetic, compare and manipulation ops also run int32 and int64;
    logical ops run bool."""
    by_op: dict[str, set] = {}
    for c in C.CASES:
        by_op.setdefault(c.op, set()).add(c.dtype)
    no_f64 = sorted(op for op, dts in by_op.items() if "float32" in dts and "float64" not in dts)
    # Their float input is only a nonzero test / a shape: float32 is enough.
    float32_only = {"all", "any", "logical_and", "logical_or", "logical_xor", "logical_not",
                    "empty", "empty_like", "numel", "shape", "shape64", "nonzero"}
    assert not [op for op in no_f64 if op not in float32_only], no_f64
    int_ops = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "floor_divide",
               "remainder", "equal", "not_equal", "less_than", "less_equal", "greater_than",
               "greater_equal", "reshape", "transpose", "concat", "stack", "split", "slice",
               "gather", "where", "sum", "max", "min", "cumsum", "argmax", "tile", "expand",
               "flip", "pad", "abs", "scale", "clip", "bitwise_and", "bitwise_or", "bitwise_xor"]
    lacking = [op for op in int_ops if not {"int32", "int64"} <= by_op[op]]
    assert not lacking, f"ops without int32/int64 cases: {lacking}"
    for op in ("logical_and", "logical_or", "logical_xor", "logical_not", "all", "any"):
        assert "bool" in by_op[op], op


def test_tolerance_table_is_documented():
    doc = numerics.__doc__
    for dtype, (rtol, atol) in C.DEFAULT_TOLERANCE.items():
        assert re.search(rf"\(default\)\s+{dtype}\s+{rtol:.0e}\s+{atol:.0e}", doc), dtype
    for op, (per_dtype, reason) in C.TOLERANCES.items():
        assert reason
        for dtype, (rtol, atol) in per_dtype.items():
            assert re.search(rf"\n\s+{op}\s+{dtype}\s+{rtol:.0e}\s+{atol:.0e}\s", doc), \
                f"{op} {dtype} ({rtol:g}, {atol:g}) missing from the table in numerics/__init__.py"


def test_all_cases_build_and_verify():
    """Every case's program builds (InferMeta accepts it) and verifies, and
    its reference runs on the inputs; needs no Executor."""
    failures = []
    for case in C.CASES + list(UNSUPPORTED_PROBES.values()):
        try:
            prog, feed, fetches, _ = build_program([case])
            for name, array in feed.items():
                declared = case.declared_shape(name)
                assert len(declared) == array.ndim and all(
                    d is None or d == -1 or d == s for d, s in zip(declared, array.shape)), \
                    f"feed {name}: {array.shape} does not fit {declared}"
            if case.expected is not None:
                with np.errstate(all="ignore"):
                    expected = _as_list(case.expected(**case.inputs))
                assert len(expected) == len(fetches), \
                    f"{len(fetches)} outputs, reference gives {len(expected)}"
                for value, e in zip(fetches, expected):
                    if e is None:
                        continue
                    t = value.type
                    e = np.asarray(e)
                    assert len(t.shape) == e.ndim and all(
                        d == -1 or d == s for d, s in zip(t.shape, e.shape)), \
                        f"inferred {t} vs reference shape {e.shape}"
                    assert t.dtype == str(e.dtype), f"inferred {t} vs reference dtype {e.dtype}"
        except Exception as e:  # noqa: BLE001
            failures.append(f"{case.id}: {type(e).__name__}: {e}")
    assert not failures, "\n".join(failures)


@needs_executor
@pytest.mark.parametrize("case", [_param(c) for c in C.CASES])
def test_op_numerics(case, exe, selected):
    outputs = run_case(case, exe, selected)
    if _RESULTS[case.id][0] != "grouped":
        check_case(case, outputs)
        return
    try:
        check_case(case, outputs)
        return
    except (AssertionError, pytest.fail.Exception) as e:
        grouped_failure = e
    # It ran compiled together with its group: tell a wrong op from a wrong
    # interaction of the ops in one program.
    check_case(case, run_case_alone(case, exe))
    pytest.fail(f"{case.id} passes in a program of its own but fails when compiled together "
                f"with the other cases of group {case.group!r}:\n{grouped_failure}")


@needs_executor
@pytest.mark.parametrize("op", sorted(UNSUPPORTED_PROBES))
def test_expected_unsupported(op, exe):
    from paddle_mlir import PipelineError

    with pytest.raises(PipelineError, match=op):
        execute([UNSUPPORTED_PROBES[op]], exe)


# -- the references themselves ----------------------------------------------------------------

def test_reference_special_functions():
    euler = 0.5772156649015329
    np.testing.assert_allclose(R.digamma([1.0, 0.5, 2.0, 10.0, -0.5]),
                               [-euler, -euler - 2 * np.log(2), 1 - euler,
                                2.251752589066721, 0.03648997397857652], rtol=1e-12)
    np.testing.assert_allclose(R.lgamma([0.5, 1.0, 2.0, 5.0, -0.5]),
                               [0.5 * np.log(np.pi), 0, 0, np.log(24), np.log(2 * np.sqrt(np.pi))],
                               rtol=1e-12, atol=1e-15)
    y = np.linspace(-0.999, 0.999, 101)
    np.testing.assert_allclose(R.erf(R.erfinv(y)), y, rtol=1e-14, atol=1e-15)
    assert R.erfinv(1.0) == np.inf and np.isnan(R.erfinv(1.5))
    np.testing.assert_allclose(R.erf([0.5, -1.0]), [0.5204998778130465, -0.8427007929497149],
                               rtol=1e-14)


def test_reference_semantics():
    x = np.array([7, -7, 7, -7], np.int32)
    y = np.array([2, 2, -2, -2], np.int32)
    assert R.divide(x, y).tolist() == [3, -3, -3, 3]          # C truncation
    assert R.floor_divide(x, y).tolist() == [3, -4, -4, 3]    # Python floor
    assert R.remainder(x, y).tolist() == [1, 1, -1, -1]       # divisor's sign
    assert R.UNARY["round"](np.array([0.5, 1.5, 2.5, -0.5])).tolist() == [1, 2, 3, -1]
    assert R.cumulative(np.array([1, 2, 3]), 0, np.cumsum, exclusive=True, reverse=True).tolist() == [5, 3, 0]
    x = np.arange(16.0).reshape(1, 1, 4, 4)
    assert R.pool2d(x, [2, 2], [2, 2], [0, 0]).reshape(-1).tolist() == [5, 7, 13, 15]
    assert R.pool2d(x, [3, 3], [2, 2], [1, 1], pooling_type="avg", exclusive=False)[0, 0, 0, 0] == 10 / 9
    w = np.ones((1, 1, 3, 3))
    assert R.conv_nd(x, w, [1, 1], [0, 0], [1, 1], 1)[0, 0].tolist() == [[45, 54], [81, 90]]
    # conv2d_transpose is the adjoint of conv2d: <conv(x), y> == <x, convT(y)>.
    rng = np.random.default_rng(0)
    xs, wt = rng.normal(size=(1, 2, 5, 5)), rng.normal(size=(3, 2, 3, 3))
    ys = rng.normal(size=(1, 3, 3, 3))
    lhs = np.sum(R.conv_nd(xs, wt, [2, 2], [1, 1], [1, 1], 1) * ys)
    rhs = np.sum(xs * R.conv2d_transpose(ys, wt, [2, 2], [1, 1], output_size=(5, 5)))
    np.testing.assert_allclose(lhs, rhs, rtol=1e-12)
    assert R.bilinear_interp(np.arange(4.0).reshape(1, 1, 2, 2), 3, 3)[0, 0].tolist() == \
        [[0, 0.5, 1], [1, 1.5, 2], [2, 2.5, 3]]
    assert R.linspace(0, 10, 4, np.int64).tolist() == [0, 3, 6, 10]


def test_assert_close_catches_what_it_should():
    f = np.array([1.0, np.nan, np.inf, -2.0], np.float32)
    assert_close(f, f.copy(), 1e-5, 1e-5, "same")
    assert_close(f + np.float32([1e-6, 0, 0, 0]), f, 1e-5, 1e-5, "within tolerance")
    for bad, why in ((np.array([1.0, 0.0, np.inf, -2.0], np.float32), "NaN mismatch"),
                     (np.array([1.0, np.nan, -np.inf, -2.0], np.float32), "inf mismatch"),
                     (np.array([1.0, np.nan, np.inf, -2.001], np.float32), "beyond tolerance"),
                     (np.array([1.0, np.nan, np.nan, -2.0], np.float32), "NaN mismatch")):
        with pytest.raises(pytest.fail.Exception, match=why):
            assert_close(bad, f, 1e-5, 1e-5, why)
    with pytest.raises(AssertionError, match="dtype"):
        assert_close(f.astype(np.float64), f, 1e-5, 1e-5, "dtype")
    with pytest.raises(AssertionError, match="shape"):
        assert_close(f[:3], f, 1e-5, 1e-5, "shape")
    with pytest.raises(pytest.fail.Exception, match="elements differ"):
        assert_close(np.array([1, 2], np.int32), np.array([1, 3], np.int32), 1.0, 1.0, "ints exact")
