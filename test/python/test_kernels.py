"""The PHI kernel registry from Python, and pd-select-kernels' key choice:
exact key, then ANY layout, then all_dtype, then ALL_BACKEND."""

import pytest

from paddle_mlir import PipelineError, ir, kernels, run_pipeline, static

PROGRAM = """
func.func @main() {
  %x = pd.data "x" : !pd.vtensor<1x8x8x3xf32>
  %w = pd.get_parameter "w" : !pd.vtensor<4x3x3x3xf32>
  %c = pd.conv2d %x, %w {data_format = "NHWC"} : (!pd.vtensor<1x8x8x3xf32>, !pd.vtensor<4x3x3x3xf32>) -> !pd.vtensor<1x6x6x4xf32>
  %r = pd.ACT %c : (!pd.vtensor<1x6x6x4xf32>) -> !pd.vtensor<1x6x6x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<1x6x6x4xf32>
  return
}
"""


def select(backend, act="relu"):
    module = ir.Module.parse(PROGRAM.replace("ACT", act), static.global_context())
    run_pipeline(module, f"pd-select-kernels{{backend={backend}}}")
    return str(module)


def test_python_registered_kernels_and_fallbacks():
    kernels.register_kernel("conv2d", "XPU", "NHWC", "float32")
    assert kernels.has_kernel("conv2d", "XPU", "NHWC", "float32")
    assert not kernels.has_kernel("conv2d", "XPU", "NCHW", "float32")
    with pytest.raises(PipelineError, match=r"'pd.sigmoid' op has no PHI kernel 'sigmoid' for key "
                                            r"#phi.kernel_key<XPU, ANY, float32>"):
        select("XPU", act="sigmoid")
    # all_dtype fallback for the activation; exact layout+dtype for conv.
    kernels.register_kernel("sigmoid", "XPU", "ANY", "all_dtype")
    text = select("XPU", act="sigmoid")
    assert '#phi.kernel_key<XPU, NHWC, float32>, phi.kernel_name = "conv2d"' in text
    assert '#phi.kernel_key<XPU, ANY, all_dtype>, phi.kernel_name = "sigmoid"' in text


def test_all_backend_fallback():
    kernels.register_kernel("conv2d", "ALL_BACKEND", "ANY", "all_dtype")
    kernels.register_kernel("tanh", "ALL_BACKEND", "ANY", "float32")
    text = select("IPU", act="tanh")
    assert '#phi.kernel_key<ALL_BACKEND, ANY, all_dtype>, phi.kernel_name = "conv2d"' in text
    assert '#phi.kernel_key<ALL_BACKEND, ANY, float32>, phi.kernel_name = "tanh"' in text


def test_cpu_has_every_lowered_op():
    text = select("CPU")
    assert 'phi.kernel_name = "relu"' in text and 'phi.kernel_name = "conv2d"' in text
    assert kernels.has_kernel("conv2d", "CPU", "ANY", "all_dtype")
    assert kernels.has_kernel("layer_norm", "CPU", "ANY", "all_dtype")
    assert not kernels.has_kernel("conv2d", "GPU", "ANY", "all_dtype")


def test_bad_key_spelling():
    with pytest.raises(ValueError, match="unknown backend, layout or dtype"):
        kernels.register_kernel("relu", "TPU", "ANY", "float32")
