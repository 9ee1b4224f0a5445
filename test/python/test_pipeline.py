"""Pipeline strings from Python, with a paddle-opt reproducer on failure."""

import shlex
import subprocess

import pytest

from paddle_mlir import PipelineError, ir, run_pipeline

VALID = """
func.func @main() {
  %x = pd.data "x" : !pd.tensor<?x4xf32>
  %a = pd.full(1.0) : !pd.vtensor<4xf32>
  %b = pd.full(1.0) : !pd.vtensor<4xf32>
  %l = pd.combine(%a, %b) : !pd.vtensor<4xf32>, !pd.vtensor<4xf32>
  %s:2 = pd.builtin_split %l : !pd.vec<!pd.vtensor<4xf32>, !pd.vtensor<4xf32>>
  %f0 = pd.fetch %x "x" col 0 : !pd.tensor<?x4xf32>
  %f1 = pd.fetch %s#1 "b" col 1 : !pd.vtensor<4xf32>
  return
}
"""

# Valid per op, but the feed "x" is declared twice.
DUPLICATE_FEED = """
func.func @main() {
  %x = pd.data "x" : !pd.tensor<4xf32>
  %y = pd.data "x" : !pd.tensor<4xf32>
  return
}
"""


def test_pipeline_runs_our_and_upstream_passes(ctx):
    module = ir.Module.parse(VALID)
    run_pipeline(module, "pd-verify-program,canonicalize,cse")
    text = str(module)
    assert "pd.combine" not in text and "pd.builtin_split" not in text
    assert text.count("pd.full(1.000000e+00)") == 1
    assert 'pd.fetch %1 "b" col 1' in text


def test_anchored_pipeline_and_options(ctx):
    module = ir.Module.parse(VALID)
    run_pipeline(module, "builtin.module(pd-verify-program{require-fetch=true})")
    assert "pd.combine" in str(module)  # verification only: nothing changed


def test_failure_reports_diagnostics_and_reproducer(ctx, tmp_path):
    module = ir.Module.parse(DUPLICATE_FEED)
    with pytest.raises(PipelineError) as info:
        run_pipeline(module, "cse,pd-verify-program", description="my program")
    message = str(info.value)
    assert message.startswith("my program failed: builtin.module(cse,pd-verify-program)")
    assert "feed 'x' is declared twice" in message
    assert "first declared here" in message
    assert "Reproduce with:" in message and "paddle-opt" in message
    # The reproducer is one command that fails the same way.
    out = subprocess.run(shlex.split(info.value.reproducer), capture_output=True, text=True)
    assert out.returncode != 0
    assert "feed 'x' is declared twice" in out.stderr


def test_invalid_pipeline_string(ctx):
    module = ir.Module.parse(VALID)
    with pytest.raises(PipelineError, match="invalid pipeline"):
        run_pipeline(module, "pd-no-such-pass")
    with pytest.raises(PipelineError, match="invalid pipeline"):
        run_pipeline(module, "pd-verify-program{no-such-option=1}")


def test_value_semantics_pipeline_on_a_built_cnn():
    """A CNN built with the Python API (batch_norm_ and relu_ in eval mode, as
    Paddle exports) becomes value-semantic: only the running statistics,
    which batch_norm_ updates, stay !pd.tensor."""
    import re

    from paddle_mlir import nn, static
    from paddle_mlir.dialects import pd

    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [1, 3, 8, 8])
        conv, bn = nn.Conv2D(3, 4, 3), nn.BatchNorm2D(4)
        bn.eval()
        y = bn(conv(x))
        with main.building():
            y = pd.relu_(y)
        main.fetch(y, "y")
    run_pipeline(main.module, "pd-reduce-inplace-variants,pd-maximize-value-semantics,canonicalize,cse")
    main.verify()
    text = str(main)
    assert "pd.relu_" not in text and "pd.relu %" in text
    assert re.search(r"pd\.conv2d .* -> !pd\.vtensor<1x4x6x6xf32>", text)
    assert re.search(r'pd\.fetch %\d+ "y" col 0 : !pd\.vtensor<1x4x6x6xf32>', text)
    tensors = set(re.findall(r"= pd\.(\w+) [^\n]*-> !pd\.tensor", text))
    assert not tensors, f"ops still producing !pd.tensor: {tensors}"


def test_conv_bn_folds_into_frozen_weights():
    """Inference CNN: freeze the weights, fold batch_norm into the conv; the
    folded weights equal a numpy fold of the stored parameters."""
    import numpy as np
    from mlir import ir as mir

    from paddle_mlir import nn, static
    from paddle_mlir.nn.initializer import set_global_seed

    from paddle_mlir.utils import unique_name

    set_global_seed(3)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [1, 3, 8, 8])
        conv, bn = nn.Conv2D(3, 4, 3), nn.BatchNorm2D(4)
        bn.eval()
        main.fetch(nn.ReLU()(bn(conv(x))), "y")
    store = static.run_startup(startup, main.parameters)
    rng = np.random.default_rng(0)
    for name, value in [("batch_norm2d_0.w_0", rng.uniform(0.5, 2, 4)),  # scale
                        ("batch_norm2d_0.b_0", rng.normal(size=4)),        # shift
                        ("batch_norm2d_0.w_1", rng.normal(size=4)),        # mean
                        ("batch_norm2d_0.w_2", rng.uniform(0.5, 2, 4))]:   # variance
        store[name] = value.astype(np.float32)
    store.update_mutability([main])
    main.freeze()
    run_pipeline(main.module, "pd-maximize-value-semantics,pd-fold-conv-bn,canonicalize,cse")
    main.verify()
    text = str(main)
    assert "pd.batch_norm" not in text and "pd.conv2d" in text

    w, b = store["conv2d_0.w_0"], store["conv2d_0.b_0"]
    s, shift, mean, var = (store[f"batch_norm2d_0.{k}"] for k in ("w_0", "b_0", "w_1", "w_2"))
    inv = s / np.sqrt(var + np.float32(1e-5))
    expected_w = w * inv[:, None, None, None]
    expected_b = ((b - mean) * inv + shift).reshape(1, 4, 1, 1)
    constants = {}
    for op in main.ops:
        if op.operation.name == "pd.constant" and "name" not in op.operation.attributes:
            attr = op.operation.attributes["value"]
            if isinstance(attr, mir.DenseElementsAttr):
                value = np.array(mir.DenseElementsAttr(attr))
            else:   # large folded weights are dense_resource blobs
                from paddle_mlir import _paddle_mlir_ext
                value = np.frombuffer(_paddle_mlir_ext.resource_data(attr), np.float32)
                value = value.reshape(mir.ShapedType(attr.type).shape)
            constants[value.shape] = value
    np.testing.assert_allclose(constants[(4, 3, 3, 3)], expected_w, rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(constants[(1, 4, 1, 1)], expected_b, rtol=1e-6, atol=1e-6)


def test_inference_opt_pipeline_from_python():
    """The registered pipeline pd-inference-opt works in Python pipeline
    strings: a frozen CNN ends value-semantic with batch_norm folded."""
    from paddle_mlir import nn, static
    from paddle_mlir.utils import unique_name

    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [1, 3, 8, 8])
        model = nn.Sequential(nn.Conv2D(3, 4, 3), nn.BatchNorm2D(4), nn.ReLU())
        model.eval()
        main.fetch(model(x), "y")
    static.run_startup(startup, main.parameters)
    main.parameters.update_mutability([main])
    main.freeze()
    run_pipeline(main.module, "pd-inference-opt")
    main.verify()
    text = str(main)
    assert "pd.batch_norm" not in text and "pd.get_parameter" not in text
    assert "!pd.tensor" not in text
    assert text.count("pd.conv2d") == 1 and "pd.relu %" in text


def test_print_ir_after_all_and_timing_from_python(capfd):
    from paddle_mlir import static
    module = ir.Module.parse("""
      func.func @main() {
        %x = pd.data "x" : !pd.tensor<4xf32>
        %r = pd.relu %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
        %e = pd.exp %r : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
        %f = pd.fetch %e "e" col 0 : !pd.tensor<4xf32>
        return
      }""", static.global_context())
    run_pipeline(module, "pd-inference-opt", print_ir_after_all=True, timing=True)
    err = capfd.readouterr().err
    assert "IR Dump After PdMaximizeValueSemantics (pd-maximize-value-semantics)" in err
    assert "IR Dump After PdFuseElementwise (pd-fuse-elementwise)" in err
    assert "Execution time report" in err and "PdSelectKernels" in err


def test_reproducers_go_to_their_directory_and_are_pruned(tmp_path, monkeypatch):
    """A failing pipeline writes its reproducer under PADDLE_MLIR_REPRO_DIR
    (default: the user's cache, not /tmp) and keeps only the newest ones."""
    from mlir import ir

    from paddle_mlir import PipelineError, pipeline, run_pipeline
    from paddle_mlir.static.program import global_context

    monkeypatch.setenv("PADDLE_MLIR_REPRO_DIR", str(tmp_path))
    monkeypatch.setattr(pipeline, "KEEP_REPRODUCERS", 3)
    text = ('func.func @main() {\n  %x = pd.data "x" : !pd.tensor<f32>\n'
            '  %n = pd.nonzero %x : (!pd.tensor<f32>) -> !pd.tensor<?x0xi64>\n'
            '  %f = pd.fetch %n "n" col 0 : !pd.tensor<?x0xi64>\n  return\n}')
    paths = []
    for _ in range(5):
        module = ir.Module.parse(text, global_context())
        with pytest.raises(PipelineError) as info:
            run_pipeline(module, "pd-lower-to-llvm")
        paths.append(info.value.reproducer.split()[1])
    assert all(p.startswith(str(tmp_path)) for p in paths)
    assert sorted(str(p) for p in tmp_path.glob("repro_*.mlir")) == sorted(paths[-3:])


def test_verify_each_false_still_verifies_the_result(ctx, monkeypatch):
    """The compile paths run their lowering without a verifier after each pass
    (pipeline.verify_each_pass, off unless PADDLE_MLIR_VERIFY_EACH=1): the
    result is still verified, so broken IR is an error, not a crash later."""
    from paddle_mlir import pipeline
    monkeypatch.delenv("PADDLE_MLIR_VERIFY_EACH", raising=False)
    assert not pipeline.verify_each_pass()
    monkeypatch.setenv("PADDLE_MLIR_VERIFY_EACH", "1")
    assert pipeline.verify_each_pass()
    module = ir.Module.parse("""
func.func @main() {
  %x = pd.data "x" : !pd.tensor<4xf32>
  %r = pd.relu %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %f = pd.fetch %r "out" col 0 : !pd.tensor<4xf32>
  return
}
""")
    relu = module.body.operations[0].regions[0].blocks[0].operations[1]
    relu.results[0].set_type(ir.Type.parse("!pd.tensor<5xf32>"))   # now invalid
    with pytest.raises(PipelineError, match="pd.relu"):
        run_pipeline(module, "cse", verify_each=False)
