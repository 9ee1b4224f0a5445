"""Ahead-of-time compilation (`paddle-mlir compile`, paddle_mlir.backend.aot).

The MLP of examples/cpu_inference.py (smaller) is compiled to a shared
library whose C entry point is called from a plain C program
(test/aot/run_mlp.c) and through ctypes; both must give what
static.Executor("cpu") gives. Tests needing a C compiler skip without one.
"""

import ctypes
import os
import pathlib
import shutil
import subprocess

import numpy as np
import pytest

from paddle_mlir import nn, static
from paddle_mlir.backend import aot
from paddle_mlir.cli import main as cli_main
from paddle_mlir.nn.initializer import set_global_seed
from paddle_mlir.utils import unique_name

REPO = pathlib.Path(__file__).resolve().parents[2]
RUN_MLP_C = REPO / "test" / "aot" / "run_mlp.c"
FIXTURES = REPO / "test" / "fixtures" / "paddle"
BATCH, IN, OUT = 4, 64, 10
CC = aot.find_c_compiler()
needs_cc = pytest.mark.skipif(CC is None, reason="no C compiler (cc, gcc, clang or $CC)")


pytestmark = pytest.mark.usefixtures("no_pass_manager_threads")


def _build_mlp():
    set_global_seed(0)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [None, IN], "float32")
        y = nn.Sequential(nn.Linear(IN, 32), nn.ReLU(), nn.Linear(32, 16), nn.ReLU(),
                          nn.Linear(16, OUT), nn.Softmax())(x)
        main.fetch(y, "out")
    static.Executor("cpu", parallel=False).run(startup)
    return main


@pytest.fixture(scope="module")
def mlp(tmp_path_factory):
    """The MLP saved as a pd program (mlp.mlir + mlp.npz), an input, and what
    the Executor computes from it."""
    d = tmp_path_factory.mktemp("mlp")
    main = _build_mlp()
    main.save(d / "mlp.mlir")
    main.parameters.save(d / "mlp.npz")
    x = np.random.default_rng(1).standard_normal((BATCH, IN)).astype(np.float32)
    (ref,) = static.Executor("cpu").run(main, feed={"x": x}, fetch_list=["out"])
    return {"dir": d, "program": d / "mlp.mlir", "x": x, "ref": ref}


@pytest.fixture(scope="module")
def mlp_so(mlp):
    """libmlp.so + libmlp.h, compiled through the CLI."""
    if CC is None:
        pytest.skip("no C compiler (cc, gcc, clang or $CC)")
    out = mlp["dir"] / "libmlp.so"
    rc = cli_main(["compile", str(mlp["program"]), "--emit", "so", "-o", str(out),
                   "--shape", f"x={BATCH}x{IN}"])
    assert rc == 0
    return out


def _compile_c_program(tmp_path, lib_dir, *link):
    exe = tmp_path / "run_mlp"
    subprocess.run([CC, "-std=c99", "-Wall", "-Werror", "-O2", str(RUN_MLP_C),
                    f"-I{lib_dir}", *link, "-o", str(exe)], check=True, capture_output=True,
                   text=True)
    return exe


def _run_c_program(exe, tmp_path, x):
    """Runs the C program in a bare environment (no Python, no MLIR paths)."""
    (tmp_path / "in.bin").write_bytes(x.tobytes())
    env = {"PATH": "/usr/bin:/bin"}
    out = subprocess.run([str(exe), str(tmp_path / "in.bin"), str(tmp_path / "out.bin")],
                         capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"x [{BATCH}, {IN}] -> out [{BATCH}, {OUT}]"
    return np.fromfile(tmp_path / "out.bin", np.float32).reshape(BATCH, OUT)


# -- the check: the .so called from C gives the Executor's output ---------------
@needs_cc
def test_so_from_c_program_matches_executor(mlp, mlp_so, tmp_path):
    exe = _compile_c_program(tmp_path, mlp_so.parent, f"-L{mlp_so.parent}", "-lmlp",
                             f"-Wl,-rpath,{mlp_so.parent}")
    got = _run_c_program(exe, tmp_path, mlp["x"])
    np.testing.assert_allclose(got, mlp["ref"], rtol=0, atol=1e-6)
    np.testing.assert_allclose(got.sum(-1), 1, atol=1e-5)  # softmax rows


@needs_cc
def test_so_is_self_contained(mlp_so):
    """Only the entry point is exported, and nothing from MLIR/LLVM is needed."""
    nm = shutil.which("nm")
    if nm:
        out = subprocess.run([nm, "-D", "--defined-only", str(mlp_so)], capture_output=True,
                             text=True, check=True).stdout
        assert [line.split()[-1] for line in out.splitlines()] == ["paddle_mlir_main"]
    ldd = shutil.which("ldd")
    if ldd:
        out = subprocess.run([ldd, str(mlp_so)], capture_output=True, text=True).stdout
        assert "mlir" not in out.lower() and "libLLVM" not in out


@needs_cc
def test_runtime_objects_prebuilt_by_the_build_else_compiled(tmp_path):
    """The thread pool's object comes from the build (not compiled again per
    model) while it is not older than its source; a source edited since is
    compiled into the work directory, with its symbols hidden."""
    assert aot.runtime_object(aot.THREAD_POOL_SOURCE, tmp_path, CC) == \
        aot.THREAD_POOL_SOURCE.with_suffix(".o")
    assert not list(tmp_path.iterdir())
    source = tmp_path / "src" / "runtime_errors.c"
    source.parent.mkdir()
    shutil.copyfile(aot.RUNTIME_ERRORS_SOURCE, source)
    stale = source.with_suffix(".o")
    stale.write_bytes(b"")
    os.utime(stale, (0, 0))
    obj = aot.runtime_object(source, tmp_path, CC)
    assert obj == tmp_path / "runtime_errors.o" and obj.stat().st_size > 0
    readelf = shutil.which("readelf")
    if readelf:
        symbols = subprocess.run([readelf, "-s", str(obj)], capture_output=True, text=True,
                                 check=True).stdout
        line = next(l for l in symbols.splitlines() if l.endswith(" pdm_runtime_error"))
        assert "HIDDEN" in line


@needs_cc
def test_so_from_ctypes_matches_executor(mlp, mlp_so):
    lib = ctypes.CDLL(str(mlp_so))
    f = lib.paddle_mlir_main
    f.restype = ctypes.c_int
    f.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    x = np.ascontiguousarray(mlp["x"])
    out = np.full((BATCH, OUT), np.nan, np.float32)
    assert f(x.ctypes.data, out.ctypes.data) == 0
    np.testing.assert_allclose(out, mlp["ref"], rtol=0, atol=1e-6)
    # Calls are independent; NULL is refused.
    out2 = np.empty_like(out)
    assert f(x.ctypes.data, out2.ctypes.data) == 0
    np.testing.assert_array_equal(out, out2)
    assert f(None, out2.ctypes.data) == -1


@needs_cc
def test_header_documents_the_entry_point(mlp_so):
    header = mlp_so.with_suffix(".h").read_text()
    assert "int paddle_mlir_main(const float *x, float *out);" in header
    assert f"x     in   float32[{BATCH}, {IN}]" in header
    assert f"out   out  float32[{BATCH}, {OUT}]" in header
    assert f"#define PADDLE_MLIR_MAIN_X_NUMEL {BATCH * IN}" in header
    assert f"#define PADDLE_MLIR_MAIN_OUT_SHAPE {{{BATCH}, {OUT}}}" in header


@needs_cc
def test_obj_links_into_a_c_program(mlp, tmp_path):
    """--emit obj: one relocatable object (program, wrapper, weights) that
    links statically into an executable with its own `main`."""
    obj = tmp_path / "libmlp.o"
    lowered = aot.compile_file(mlp["program"], "obj", obj, shapes={"x": (BATCH, IN)},
                               parallel=False)
    assert lowered.program_symbol == "paddle_mlir_main_program"
    exe = _compile_c_program(tmp_path, tmp_path, str(obj), "-lm")
    got = _run_c_program(exe, tmp_path, mlp["x"])
    np.testing.assert_allclose(got, mlp["ref"], rtol=0, atol=1e-6)


@needs_cc
def test_parallel_so_matches_executor(mlp, tmp_path):
    out = tmp_path / "libpar.so"
    lowered = aot.compile_file(mlp["program"], "so", out, shapes={"x": (BATCH, IN)},
                               parallel=True, entry="mlp_parallel")
    assert lowered.parallel
    f = ctypes.CDLL(str(out)).mlp_parallel
    x = np.ascontiguousarray(mlp["x"])
    got = np.empty((BATCH, OUT), np.float32)
    assert f(ctypes.c_void_p(x.ctypes.data), ctypes.c_void_p(got.ctypes.data)) == 0
    np.testing.assert_allclose(got, mlp["ref"], rtol=0, atol=1e-6)


@needs_cc
@pytest.mark.parametrize("name", ["cnn", "shape_ops", "ln_gelu"])
def test_paddle_model_so_reproduces_paddle(name, tmp_path):
    """A Paddle model straight from MODEL.json (weights from .pdiparams); cnn
    has folded conv+bn weights and strided copies (memrefCopy), shape_ops
    two fetches, ln_gelu calls libm (erff)."""
    with np.load(FIXTURES / f"{name}.io.npz") as f:
        ref = {k: f[k] for k in f.files}
    feeds = list(ref["meta/feeds"])
    shapes = {n: ref[f"in/{n}"].shape for n in feeds}
    out = tmp_path / f"lib{name}.so"
    lowered = aot.compile_file(FIXTURES / f"{name}.json", "so", out, shapes=shapes,
                               entry=f"{name}_main")
    assert [s.name for s in lowered.fetches] == list(ref["meta/fetches"])
    args = [np.ascontiguousarray(ref[f"in/{n}"]) for n in feeds]
    outs = [np.empty(s.shape, s.dtype) for s in lowered.fetches]
    f = getattr(ctypes.CDLL(str(out)), f"{name}_main")
    assert f(*[ctypes.c_void_p(a.ctypes.data) for a in args + outs]) == 0
    for i, got in enumerate(outs):
        np.testing.assert_allclose(got, ref[f"out/{i}"], rtol=1e-5, atol=1e-5)


def _program(*lines):
    """A pd program file: `lines` in func.func @main (line i+2 of the file)."""
    body = "".join(f"    {line}\n" for line in lines)
    return f"func.func @main() {{\n{body}    return\n}}\n"


@needs_cc
def test_value_fetched_twice(tmp_path):
    """One program result feeds two fetches: both output buffers are written."""
    src = tmp_path / "twice.mlir"
    src.write_text(_program('%x = pd.data "x" : !pd.tensor<2x3xf32>',
                            '%y = pd.relu %x : (!pd.tensor<2x3xf32>) -> !pd.tensor<2x3xf32>',
                            '%z = pd.exp %x : (!pd.tensor<2x3xf32>) -> !pd.tensor<2x3xf32>',
                            '%f = pd.fetch %y "a" col 0 : !pd.tensor<2x3xf32>',
                            '%g = pd.fetch %z "b" col 1 : !pd.tensor<2x3xf32>',
                            '%h = pd.fetch %y "c" col 2 : !pd.tensor<2x3xf32>'))
    out = tmp_path / "libtwice.so"
    lowered = aot.compile_file(src, "so", out)
    assert [s.name for s in lowered.fetches] == ["a", "b", "c"]
    x = np.array([[-1, 0.5, 2], [3, -4, 0.25]], np.float32)
    outs = [np.full((2, 3), np.nan, np.float32) for _ in range(3)]
    f = ctypes.CDLL(str(out)).paddle_mlir_main
    assert f(*[ctypes.c_void_p(a.ctypes.data) for a in [x, *outs]]) == 0
    np.testing.assert_array_equal(outs[0], np.maximum(x, 0))
    np.testing.assert_allclose(outs[1], np.exp(x), rtol=1e-6)
    np.testing.assert_array_equal(outs[2], np.maximum(x, 0))


@needs_cc
def test_failed_check_returns_2_and_its_message(tmp_path):
    """An id out of range of an embedding: the entry returns 2 and
    <entry>_last_error() names the op, its location and the id, from C."""
    src = tmp_path / "emb.mlir"
    src.write_text(_program('%i = pd.data "ids" : !pd.tensor<3xi64>',
                            '%w = pd.full(1.5) : !pd.vtensor<5x2xf32>',
                            '%e = pd.embedding %i, %w : (!pd.tensor<3xi64>, !pd.vtensor<5x2xf32>)'
                            ' -> !pd.vtensor<3x2xf32>',
                            '%f = pd.fetch %e "e" col 0 : !pd.vtensor<3x2xf32>'))
    out = tmp_path / "libemb.so"
    aot.compile_file(src, "so", out)
    header = out.with_suffix(".h").read_text()
    assert "#define PADDLE_MLIR_MAIN_RUNTIME_CHECKS 1" in header
    assert "const char *paddle_mlir_main_last_error(void);" in header
    driver = tmp_path / "driver.c"
    driver.write_text("""
#include <stdio.h>
#include "libemb.h"
int main(void) {
  int64_t good[3] = {0, 4, 2}, bad[3] = {0, 7, -2};
  float out[6];
  int rc = paddle_mlir_main(good, out);
  printf("%d %s %g\\n", rc, paddle_mlir_main_last_error() ? "error" : "none", out[2]);
  rc = paddle_mlir_main(bad, out);
  printf("%d %s\\n", rc, paddle_mlir_main_last_error());
  return 0;
}
""")
    exe = tmp_path / "driver"
    subprocess.run([CC, "-std=c99", "-Wall", "-Werror", str(driver), f"-I{tmp_path}",
                    f"-L{tmp_path}", "-lemb", f"-Wl,-rpath,{tmp_path}", "-o", str(exe)],
                   check=True, capture_output=True, text=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr
    first, second = run.stdout.splitlines()
    assert first == "0 none 1.5"
    assert second.startswith("2 pd.embedding at ")
    assert second.endswith("emb.mlir:4:10: id 7 out of range [0, 5)")


# -- the other emit kinds -------------------------------------------------------------------
def test_emit_mlir_is_the_llvm_dialect(mlp, tmp_path):
    out = tmp_path / "mlp.llvm.mlir"
    assert cli_main(["compile", str(mlp["program"]), "--emit", "mlir", "-o", str(out),
                     "--shape", f"x={BATCH}x{IN}"]) == 0
    text = out.read_text()
    assert "llvm.func @_mlir_ciface_paddle_mlir_main_program(" in text
    assert "llvm.func internal @paddle_mlir_main_program(" in text
    assert "llvm.func @main(" not in text
    from paddle_mlir import ir
    with ir.Context() as ctx:
        module = ir.Module.parse(text, ctx)
        names = set()
        module.operation.walk(lambda op: names.add(op.name) or ir.WalkResult.ADVANCE)
    assert names and all(n.startswith("llvm.") for n in names - {"builtin.module"}), names


def test_emit_llvm_ir(mlp, tmp_path):
    out = tmp_path / "mlp.ll"
    assert cli_main(["compile", str(mlp["program"]), "--emit", "llvm", "-o", str(out),
                     "--shape", f"x={BATCH}x{IN}", "--entry", "mlp"]) == 0
    text = out.read_text()
    assert "define void @_mlir_ciface_mlp_program(ptr" in text
    assert "target triple" in text


def test_static_feed_needs_no_shape(tmp_path):
    """A program whose feeds are static compiles without --shape."""
    src = tmp_path / "static.mlir"
    src.write_text(_program('%x = pd.data "x" : !pd.tensor<2x3xf32>',
                            '%y = pd.relu %x : (!pd.tensor<2x3xf32>) -> !pd.tensor<2x3xf32>',
                            '%f = pd.fetch %y "y" col 0 : !pd.tensor<2x3xf32>'))
    out = tmp_path / "static.mlir.out"
    assert cli_main(["compile", str(src), "--emit", "mlir", "-o", str(out)]) == 0


# -- errors -----------------------------------------------------------------------------
def _compile_error(capsys, *argv):
    rc = cli_main(["compile", *map(str, argv)])
    err = capsys.readouterr().err
    assert rc != 0
    assert "Traceback" not in err
    return err


def test_dynamic_feed_without_shape(mlp, tmp_path, capsys):
    err = _compile_error(capsys, mlp["program"], "--emit", "so", "-o", tmp_path / "a.so")
    assert err == (f"paddle-mlir: feed 'x' has a dynamic shape [?, {IN}]: give its static "
                   f"shape with --shape x=Nx{IN}\n")
    assert not (tmp_path / "a.so").exists()


@pytest.mark.parametrize("spec, message", [
    ("y=4x64", "--shape names 'y', which is not a feed of the program (its feeds: x)"),
    ("x=4x63", "--shape x=4x63 does not fit feed 'x' of shape [?, 64]"),
    ("x=4", "--shape x=4 does not fit feed 'x' of shape [?, 64]"),
    ("x=4xa", "--shape 'x=4xa': dimensions must be integers"),
    ("x", "--shape 'x': expected NAME=DIMS"),
])
def test_bad_shape(mlp, tmp_path, capsys, spec, message):
    err = _compile_error(capsys, mlp["program"], "--emit", "mlir", "-o", tmp_path / "a.mlir",
                         "--shape", spec)
    assert err.startswith("paddle-mlir: " + message), err
    assert err.count("\n") == 1


def test_unsupported_op_names_it_with_reproducer(tmp_path, capsys):
    """An op the CPU lowering rejects: the error names it, where it is, and
    gives a paddle-opt command that reproduces the failure."""
    src = tmp_path / "nonzero.mlir"
    # (nonzero of a 0-D value: the CPU lowering takes rank 1 or more)
    src.write_text(_program('%x = pd.data "x" : !pd.tensor<f32>',
                            '%y = pd.data "y" : !pd.tensor<2x3xf32>',
                            '%v = pd.relu %x : (!pd.tensor<f32>) -> !pd.tensor<f32>',
                            '%n = pd.nonzero %v : (!pd.tensor<f32>) -> !pd.tensor<?x0xi64>',
                            '%f = pd.fetch %n "out" col 0 : !pd.tensor<?x0xi64>'))
    err = _compile_error(capsys, src, "--emit", "so", "-o", tmp_path / "nonzero.so")
    assert "'pd.nonzero' op the CPU lowering needs an input of rank 1 or more" in err
    assert f'loc("{src}":5:' in err
    assert "Reproduce with:" in err and "paddle-opt" in err and "--pass-pipeline=" in err


def test_unknown_paddle_op_is_named(tmp_path, capsys):
    import json
    model = json.loads((FIXTURES / "mlp.json").read_text())
    ops = model["program"]["regions"][0]["blocks"][0]["ops"]
    relu = next(i for i, op in enumerate(ops) if op["#"] == "1.relu")
    ops[relu]["#"] = "1.frobnicate"
    (tmp_path / "bad.json").write_text(json.dumps(model))
    shutil.copy(FIXTURES / "mlp.pdiparams", tmp_path / "bad.pdiparams")
    err = _compile_error(capsys, tmp_path / "bad.json", "--emit", "so", "-o",
                         tmp_path / "bad.so", "--shape", "x=2x8")
    assert err == (f"paddle-mlir: {tmp_path / 'bad.json'}: op {relu} (pd_op.frobnicate): "
                   "Paddle op 'pd_op.frobnicate' has no pd op in the spec "
                   "(dialects/pd/ops.yaml)\n")


def test_missing_weights(mlp, tmp_path, capsys):
    shutil.copy(mlp["program"], tmp_path / "alone.mlir")
    err = _compile_error(capsys, tmp_path / "alone.mlir", "--emit", "mlir", "-o",
                         tmp_path / "o.mlir", "--shape", f"x={BATCH}x{IN}")
    assert "reads parameters" in err and "--params" in err


def test_explicit_params(mlp, tmp_path):
    shutil.copy(mlp["program"], tmp_path / "alone.mlir")
    assert cli_main(["compile", str(tmp_path / "alone.mlir"), "--emit", "mlir", "-o",
                     str(tmp_path / "o.mlir"), "--shape", f"x={BATCH}x{IN}",
                     "--params", str(mlp["dir"] / "mlp.npz")]) == 0


def test_missing_program(tmp_path, capsys):
    err = _compile_error(capsys, tmp_path / "nope.mlir", "--emit", "so", "-o", tmp_path / "x.so")
    assert err == f"paddle-mlir: {tmp_path / 'nope.mlir'}: no such file\n"


def test_cli_subprocess_error_has_no_traceback(venv_bin, mlp, tmp_path):
    out = subprocess.run([str(venv_bin / "paddle-mlir"), "compile", str(mlp["program"]),
                          "--emit", "so", "-o", str(tmp_path / "a.so")],
                         capture_output=True, text=True)
    assert out.returncode == 1
    assert out.stderr.startswith("paddle-mlir: feed 'x' has a dynamic shape")
    assert "Traceback" not in out.stderr


@needs_cc
def test_cli_subprocess_compile(venv_bin, mlp, tmp_path):
    out = subprocess.run([str(venv_bin / "paddle-mlir"), "compile", str(mlp["program"]),
                          "--emit", "so", "-o", str(tmp_path / "libm2.so"), "--shape",
                          f"x={BATCH}x{IN}", "-v"], capture_output=True, text=True,
                         env={**os.environ, "CC": CC})
    assert out.returncode == 0, out.stderr
    assert "wrote" in out.stderr and (tmp_path / "libm2.h").is_file()


@needs_cc
def test_memref_copy(tmp_path):
    """The wrapper's memrefCopy (MLIR's C runner utils semantics): strided,
    contiguous and 0-d copies."""
    src = tmp_path / "copy.c"
    src.write_text("#include <stdint.h>\n#include <string.h>\n#include <stdio.h>\n"
                   + aot.MEMREF_COPY_SOURCE + r"""
typedef struct { void *allocated, *aligned; int64_t offset; int64_t sizes[2], strides[2]; } d2;
typedef struct { void *allocated, *aligned; int64_t offset; } d0;
int main(void) {
  float a[12], b[12], c[12];
  for (int i = 0; i < 12; ++i) a[i] = (float)i;
  /* the transpose of a (3x4, row-major) as a strided 4x3 view */
  d2 sa = {a, a, 0, {4, 3}, {1, 4}}, sb = {b, b, 0, {4, 3}, {3, 1}};
  pdm_unranked_memref ua = {2, &sa}, ub = {2, &sb};
  memrefCopy(sizeof(float), &ua, &ub);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j)
      if (b[i * 3 + j] != a[j * 4 + i]) return 1;
  /* contiguous, with an offset */
  d2 sc = {c, c, 0, {2, 3}, {3, 1}}, sd = {a, a, 6, {2, 3}, {3, 1}};
  pdm_unranked_memref uc = {2, &sc}, ud = {2, &sd};
  memrefCopy(sizeof(float), &ud, &uc);
  for (int i = 0; i < 6; ++i)
    if (c[i] != a[6 + i]) return 2;
  /* 0-d */
  d0 z0 = {a, a, 5}, z1 = {c, c, 0};
  pdm_unranked_memref u0 = {0, &z0}, u1 = {0, &z1};
  memrefCopy(sizeof(float), &u0, &u1);
  if (c[0] != 5.0f) return 3;
  puts("ok");
  return 0;
}
""")
    exe = tmp_path / "copy"
    subprocess.run([CC, "-std=c99", "-Wall", "-Werror", str(src), "-o", str(exe)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout == "ok\n"


# -- units ----------------------------------------------------------------------------------
def test_in_process_translation_to_bitcode_and_its_errors(tmp_path):
    """The translation to LLVM bitcode runs in this process: a module that
    does not translate is an AotError naming what is left, not a crash
    (upstream's mlirTranslateModuleToLLVMIRToString segfaults there)."""
    from paddle_mlir import ir
    ctx = ir.Context()
    with ctx, ir.Location.unknown():
        good = ir.Module.parse("llvm.func @f(%a: i32) -> i32 { llvm.return %a : i32 }")
        bad = ir.Module.parse("func.func @f(%a: i32) -> i32 { return %a : i32 }")

    class Lowered:
        module = good
    bc = aot.translate_to_llvm_bitcode(Lowered, tmp_path)
    assert bc.read_bytes()[:4] == b"BC\xc0\xde"
    Lowered.module = bad
    with pytest.raises(aot.AotError, match="left 'func.[a-z]+' unconverted"):
        aot.translate_to_llvm_bitcode(Lowered, tmp_path)
    # Without the walk that names the op: the translation's own diagnostic.
    from paddle_mlir import _paddle_mlir_ext
    with pytest.raises(ValueError, match="cannot be converted to LLVM IR"):
        _paddle_mlir_ext.translate_to_llvm_bitcode(bad.operation)


def test_c_identifiers():
    taken = set()
    assert aot._c_identifier("x", taken) == "x"
    assert aot._c_identifier("x", taken) == "x_1"
    assert aot._c_identifier("save_infer_model/scale_0.tmp_0", taken) == \
        "save_infer_model_scale_0_tmp_0"
    assert aot._c_identifier("int", taken) == "int_"
    assert aot._c_identifier("0out", taken) == "_0out"


def test_parse_shapes():
    assert aot.parse_shapes(["x=2x3", "y=4,5", "s="]) == {"x": (2, 3), "y": (4, 5), "s": ()}
    with pytest.raises(aot.AotError, match="twice"):
        aot.parse_shapes(["x=2", "x=3"])
