"""Run pass pipelines from Python, with a one-command reproducer on failure.

    run_pipeline(module, "pd-verify-program,canonicalize")

A failing pipeline raises `PipelineError` whose message holds MLIR's
diagnostics and a `paddle-opt` command that reproduces the failure from a
file holding the IR as it was before the pipeline ran.
"""

from __future__ import annotations

import os
import shlex
import shutil
import tempfile
from pathlib import Path

from mlir import ir
from mlir.passmanager import PassManager

from . import _registration  # noqa: F401  (registers our passes)


class PipelineError(RuntimeError):
    """A pass pipeline failed; `.reproducer` is the command that reproduces it."""

    def __init__(self, message: str, reproducer: str | None = None):
        super().__init__(message)
        self.reproducer = reproducer


def paddle_opt_path() -> str:
    """`paddle-opt` of this checkout's build, else the one on PATH."""
    built = Path(__file__).resolve().parents[2] / "build" / "bin" / "paddle-opt"
    if built.exists():
        return str(built)
    return shutil.which("paddle-opt") or "paddle-opt"


def verify_each_pass() -> bool:
    """Whether the compile paths (Executor, predictor, `paddle-mlir compile`)
    verify the IR after every pass that runs on tiled and vectorized loops
    (outlining, loops, MLIR's conversion to the LLVM dialect), as mlir-opt
    does: PADDLE_MLIR_VERIFY_EACH=1 (the test suite sets it). Otherwise they
    verify that stage's result once; the passes down to tiling are always
    verified pass by pass (cpu.lower_to_llvm)."""
    return os.environ.get("PADDLE_MLIR_VERIFY_EACH", "0") not in ("", "0")


def _anchor(pipeline: str) -> str:
    pipeline = pipeline.strip()
    if pipeline.startswith("builtin.module(") and pipeline.endswith(")"):
        return pipeline
    return f"builtin.module({pipeline})"


def run_pipeline(
    module: ir.Module,
    pipeline: str,
    *,
    description: str = "",
    print_ir_after_all: bool = False,
    timing: bool = False,
    verify_each: bool = True,
) -> ir.Module:
    """Runs `pipeline` (an mlir-opt pipeline string) on `module` in place.

    `print_ir_after_all` and `timing` are mlir-opt's --mlir-print-ir-after-all
    and --mlir-timing (both report on stderr). With `verify_each` False the
    module is verified once, after the last pass, instead of after each."""
    pipeline = _anchor(pipeline)
    what = description or "pipeline"
    try:
        pm = PassManager.parse(pipeline, context=module.context)
    except (ValueError, ir.MLIRError) as e:
        raise PipelineError(f"{what}: invalid pipeline {pipeline!r}: {e}") from None
    pm.enable_verifier(verify_each)
    if print_ir_after_all:
        pm.enable_ir_printing()
    if timing:
        pm.enable_timing()
    # Keep the input for a reproducer: passes rewrite the module in place. A
    # clone shares the weights (uniqued attributes, resource blobs); printing
    # the module instead would spell every weight out in hex on every run.
    before = module.operation.clone(ip=False)
    try:
        pm.run(module.operation)
        if not verify_each:
            module.operation.verify()
    except ir.MLIRError as e:
        path = _write_reproducer(before.operation.get_asm(enable_debug_info=True))
        before.operation.erase()
        command = (
            f"{shlex.quote(paddle_opt_path())} {shlex.quote(path)} "
            f"--pass-pipeline={shlex.quote(pipeline)} --mlir-print-debuginfo"
        )
        diagnostics = "\n".join(_format_diagnostic(d) for d in e.error_diagnostics)
        raise PipelineError(
            f"{what} failed: {pipeline}\n{diagnostics}\n"
            f"Reproduce with:\n  {command}",
            reproducer=command,
        ) from None
    before.operation.erase()
    return module


#: Reproducers kept: writing one removes all but the newest this many.
KEEP_REPRODUCERS = 20


def reproducer_directory() -> Path:
    """Where failing pipelines leave their input: $PADDLE_MLIR_REPRO_DIR, or
    paddle-mlir/reproducers in the user's cache directory (beside the
    compile cache), not /tmp, where they piled up."""
    env = os.environ.get("PADDLE_MLIR_REPRO_DIR")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "paddle-mlir" / "reproducers"


def _write_reproducer(text: str) -> str:
    """Writes a reproducer, keeps the newest KEEP_REPRODUCERS; its path."""
    directory = reproducer_directory()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, path = tempfile.mkstemp(prefix="repro_", suffix=".mlir", dir=directory)
    except OSError:  # an unwritable cache: the system's temporary directory
        directory = None
        fd, path = tempfile.mkstemp(prefix="paddle_mlir_repro_", suffix=".mlir")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    if directory is not None:
        try:
            old = sorted(directory.glob("repro_*.mlir"), key=lambda p: p.stat().st_mtime)
            for stale in old[:-KEEP_REPRODUCERS]:
                stale.unlink(missing_ok=True)
        except OSError:
            pass
    return path


def _format_diagnostic(diagnostic, indent: str = "  ") -> str:
    text = f"{indent}{diagnostic.location}: {diagnostic.message}"
    for note in diagnostic.notes:
        text += "\n" + _format_diagnostic(note, indent + "  ")
    return text
