"""Registration shares the one MLIR of the `mlir` package."""

import subprocess
import sys

import pytest
from mlir import ir as upstream_ir
from mlir.passmanager import PassManager

import paddle_mlir
from paddle_mlir import ir


def _loaded_libraries():
    with open("/proc/self/maps") as f:
        return {line.split()[-1] for line in f if ".so" in line}


def test_single_mlir_copy_in_process():
    from paddle_mlir.dialects import pd  # noqa: F401

    libs = _loaded_libraries()
    names = [p.rsplit("/", 1)[-1] for p in libs]
    assert "libMLIRPythonCAPI.so" in names
    assert names.count("libMLIRPythonCAPI.so") == 1
    assert "libMLIR.so" not in names
    assert "libMLIR-C.so" not in names
    assert any(n.startswith("_paddle_mlir_ext") for n in names)


def test_plain_upstream_context_with_registration():
    with upstream_ir.Context() as ctx:
        assert not ctx.is_registered_operation("pd.data")
        paddle_mlir.register_dialects(ctx)
        assert ctx.is_registered_operation("pd.data")
        assert ctx.is_registered_operation("phi.kernel")
        m = upstream_ir.Module.parse('%0 = pd.full_int_array [1] : !pd.vtensor<1xi64>')
        assert "pd.full_int_array [1]" in str(m)


def test_paddle_context_has_dialects_loaded(ctx):
    assert ctx.is_registered_operation("pd.fetch")
    assert ctx.is_registered_operation("pd.copy_to")
    assert ctx.is_registered_operation("phi.kernel")
    # Upstream dialects are still there.
    assert ctx.is_registered_operation("linalg.matmul")


def test_passes_in_upstream_registry(ctx):
    pm = PassManager.parse("builtin.module(pd-verify-program{require-fetch=true},canonicalize)")
    assert "pd-verify-program" in str(pm)
    with pytest.raises(ValueError, match="no-such-pass"):
        PassManager.parse("builtin.module(no-such-pass)")


def test_registration_is_idempotent():
    from paddle_mlir import _registration

    _registration._ext.register_passes()
    _registration._ext.register_passes()
    assert paddle_mlir.dialect_registry() is paddle_mlir.dialect_registry()


def test_import_in_fresh_process_without_mlir_preloaded():
    # Importing paddle_mlir first (before mlir.ir) must work too.
    code = ("import paddle_mlir.dialects.pd as pd; from paddle_mlir import ir\n"
            "with ir.Context(), ir.Location.unknown():\n"
            "    print(pd.TensorType.get([2, -1], 'float32'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "!pd.tensor<2x?xf32>"
