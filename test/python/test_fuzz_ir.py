"""make test's budget of the IR mutation fuzzer (tools/fuzz/fuzz_ir.py): our
lit tests, mutated, through paddle-opt in child processes, must give
results or diagnostics, never an abort, a signal or a hang. `make fuzz`
runs a longer campaign with other seeds."""

import pytest

from conftest import load_fuzz_tool


def test_mutated_lit_tests_never_crash_paddle_opt(tmp_path, capsys):
    fuzz = load_fuzz_tool("fuzz_ir")
    if not fuzz.PADDLE_OPT.exists():
        pytest.skip("paddle-opt is not built")
    status = fuzz.main(["--count", "300", "--seed", "1", "--out", str(tmp_path), "--jobs", "2"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "crash 0, hang 0" in out


def test_the_classifier():
    fuzz = load_fuzz_tool("fuzz_ir")
    assert fuzz.classify(0, "") == "ok"
    assert fuzz.classify(1, "x.mlir:1:1: error: expected type") == "diagnostic"
    assert fuzz.classify(-6, "") == "crash"
    assert fuzz.classify(1, "LLVM ERROR: operation destroyed but still has uses") == "crash"
    assert fuzz.classify(134, "paddle-opt: Foo.h:12: Assertion `x' failed.") == "crash"
    # paddle-opt caught it (status 70, no signal): still a crash.
    assert fuzz.classify(70, "paddle-opt: error: MLIR crashed on 'x.mlir'") == "crash"
    assert fuzz.ended_by_signal(-6) and fuzz.ended_by_signal(134)
    assert not fuzz.ended_by_signal(70) and not fuzz.ended_by_signal(1)
    ours = (" #7 0x00007f (/lib/x86_64-linux-gnu/libc.so.6+0x34ec2)\n"
            " #8 0x000056 mlir::pd::VTensorType::get() (build/bin/paddle-opt+0x2b0270)\n")
    theirs = (" #6 0x00007f _nl_load_domain ./intl/loadmsgcat.c:1177:9\n"
              " #8 0x00007f mlir::AffineMap::compose() const (/x/mlir/lib/libMLIR.so+0x561b6fb)\n"
              " #9 0x00007f mlir::pd::Foo() (build/bin/paddle-opt+0x1)\n")
    assert fuzz.classify(-6, "Stack dump:\n" + ours) == "crash"
    assert fuzz.classify(-6, "Stack dump:\n" + theirs.replace("mlir::pd::Foo()", "main")) \
        == "upstream"
    # MLIR's code, called by ours (a pd verifier): ours.
    assert fuzz.classify(-6, "Stack dump:\n" + theirs) == "crash"
    # An upstream canonicalization pattern (anonymous namespace, MLIR's
    # source file) on a tensor.pad that MLIR's verifier let through.
    pattern = (" #7 0x00007f (/lib/x86_64-linux-gnu/libc.so.6+0x34ec2)\n"
               " #8 0x00007f (anonymous namespace)::FoldStaticPadding::matchAndRewrite("
               "mlir::tensor::PadOp, mlir::PatternRewriter&) const TensorOps.cpp:0:0\n"
               " #9 0x00007f mlir::PatternApplicator::matchAndRewrite() "
               "(/x/mlir/lib/libMLIR.so+0x1)\n")
    assert fuzz.classify(-6, "Stack dump:\n" + pattern) == "upstream"
    # The same frame in a source file of ours is ours.
    assert fuzz.classify(-6, "Stack dump:\n" + pattern.replace(
        "TensorOps.cpp", "TileAndVectorize.cpp")) == "crash"
    # MLIR's parser cleaning up after a syntax error (LLVM ERROR from
    # ~Operation, under MlirOptMain).
    parser = ("LLVM ERROR: operation destroyed but still has uses\nStack dump:\n"
              " #6 0x00007f llvm::install_bad_alloc_error_handler() (.cold) "
              "(/x/llvm/lib/libLLVM.so+0x1)\n"
              " #8 0x00007f mlir::Operation::~Operation() (/x/mlir/lib/libMLIR.so+0x2)\n"
              " #20 0x000055 mlir::MlirOptMain(int, char**) (build/bin/paddle-opt+0x3)\n")
    assert fuzz.classify(134, parser) == "upstream"


def test_run_options_come_from_the_run_line():
    fuzz = load_fuzz_tool("fuzz_ir")
    text = ("// RUN: paddle-opt %s -split-input-file -pd-infer-shapes -verify-diagnostics "
            "-o /dev/null 2>&1 | FileCheck %s\n")
    assert fuzz.run_options(text) == ["-pd-infer-shapes"]


def test_upstream_bugs_reproduce(tmp_path):
    """docs/upstream-bugs.md lists MLIR crashes to report upstream: each of
    its inputs still aborts paddle-opt, and the fuzzer calls it MLIR's."""
    import re
    import subprocess
    fuzz = load_fuzz_tool("fuzz_ir")
    if not fuzz.PADDLE_OPT.exists():
        pytest.skip("paddle-opt is not built")
    doc = (fuzz.REPO / "docs" / "upstream-bugs.md").read_text()
    block = doc[doc.index("```mlir") + len("```mlir"):]
    block = block[:block.index("```")]
    # "// N" or "// N: OPTIONS" (passes to run: the input aborts in one).
    pieces = re.split(r"^// (\d+)(?:: (.*))?\n", block, flags=re.M)[1:]
    rows = re.findall(r"^\| (\d+) \|", doc, flags=re.M)
    assert pieces and [n for n in pieces[::3]] == rows
    for number, options, text in zip(pieces[::3], pieces[1::3], pieces[2::3]):
        path = tmp_path / f"upstream{number}.mlir"
        path.write_text(text)
        result = subprocess.run([str(fuzz.PADDLE_OPT), *(options or "").split(), str(path)],
                                capture_output=True, text=True, errors="replace", timeout=60)
        assert fuzz.classify(result.returncode, result.stderr) == "upstream", \
            f"input {number} of docs/upstream-bugs.md: {result.returncode}\n{result.stderr[-2000:]}"
        # Caught: an error and status 70 after the stack dump, not a signal.
        assert result.returncode == fuzz.RECOVERED_CRASH_STATUS, (number, result.returncode)
        assert not fuzz.ended_by_signal(result.returncode)
        assert f"paddle-opt: error: MLIR crashed on '{path}'" in result.stderr


def test_a_crash_in_a_worker_thread_ends_with_status_70(tmp_path):
    """paddle-opt's crash handler runs in whichever thread crashed: here
    upstream's FoldStaticPadding (docs/upstream-bugs.md #2) in a parallel
    canonicalization of one function among thirteen."""
    import re
    import subprocess
    fuzz = load_fuzz_tool("fuzz_ir")
    if not fuzz.PADDLE_OPT.exists():
        pytest.skip("paddle-opt is not built")
    crashing = """func.func @f(%x: tensor<17x3x8x8xf32>, %z: f32) -> tensor<17x3x10x10xf32> {
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, -9223372036854775808] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<17x3x8x8xf32> to tensor<17x3x10x10xf32>
  return %p : tensor<17x3x10x10xf32>
}
"""
    fine = """func.func @g{}(%x: tensor<4xf32>) -> tensor<4xf32> {{
  %y = arith.addf %x, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}}
"""
    path = tmp_path / "worker.mlir"
    path.write_text("".join(fine.format(i) for i in range(6)) + crashing +
                    "".join(fine.format(i) for i in range(6, 12)))
    result = subprocess.run([str(fuzz.PADDLE_OPT), str(path),
                             "--pass-pipeline=builtin.module(func.func(canonicalize))"],
                            capture_output=True, text=True, errors="replace", timeout=60)
    assert result.returncode == fuzz.RECOVERED_CRASH_STATUS, result.stderr[-2000:]
    assert re.search(r"^ *#0 0x", result.stderr, flags=re.M)  # the stack dump
    assert f"paddle-opt: error: MLIR crashed on '{path}'" in result.stderr
    assert fuzz.classify(result.returncode, result.stderr) == "upstream"
