"""pd-vector-matrix-as-matvec (in pd-inference-opt): a linear layer at
batch 1 runs as the transposed frozen weights times a column, whose rows the
matrix-vector kernel splits over the threads; it still computes what numpy
does, for a classifier-sized head, row counts that are no multiple of the
kernel's 4 rows, and with an activation after it. A batch of rows keeps its
matmul."""

import numpy as np
import pytest

from paddle_mlir import nn, run_pipeline, static
from paddle_mlir.nn.initializer import set_global_seed
from paddle_mlir.utils import unique_name


def _linear_program(batch, k, n):
    set_global_seed(5)
    main, startup = static.Program(), static.Program()
    with unique_name.guard(), static.program_guard(main, startup):
        x = static.data("x", [batch, k], "float32")
        linear = nn.Linear(k, n)
        main.fetch(nn.ReLU()(linear(x)), "y")
    exe = static.Executor("cpu")
    exe.run(startup)
    rng = np.random.default_rng(k + n)
    main.parameters[linear.bias.name] = rng.standard_normal(n).astype(np.float32)
    weights = {k_: np.array(v) for k_, v in main.parameters.items()}
    return main, exe, weights[linear.weight.name], weights[linear.bias.name]


@pytest.mark.parametrize("k, n", [(1280, 1000), (960, 241), (64, 3)])
def test_linear_at_batch_one_is_a_matvec_and_matches_numpy(k, n):
    main, exe, w, b = _linear_program(1, k, n)
    main.freeze()
    run_pipeline(main.module, "pd-inference-opt", description="linear")
    text = str(main.module)
    assert f"!pd.vtensor<{n}x{k}xf32>, !pd.vtensor<{k}x1xf32>) -> !pd.vtensor<{n}x1xf32>" in text, text
    x = np.random.default_rng(n).standard_normal((1, k)).astype(np.float32)
    (y,) = exe.run(main, feed={"x": x}, fetch_list=["y"])
    ref = np.maximum(x.astype(np.float64) @ w.astype(np.float64) + b, 0)
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-4)


def test_batch_of_rows_keeps_its_matmul():
    main, exe, w, b = _linear_program(4, 128, 10)
    main.freeze()
    run_pipeline(main.module, "pd-inference-opt", description="linear")
    assert "!pd.vtensor<4x128xf32>, !pd.vtensor<128x10xf32>) -> !pd.vtensor<4x10xf32>" in str(main.module)
    x = np.random.default_rng(4).standard_normal((4, 128)).astype(np.float32)
    (y,) = exe.run(main, feed={"x": x}, fetch_list=["y"])
    np.testing.assert_allclose(y, np.maximum(x.astype(np.float64) @ w + b, 0), rtol=1e-5, atol=1e-4)
