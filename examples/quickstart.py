"""paddle-mlir quickstart: build a small pd program with the generated op
classes, run a pass pipeline over it and print the IR before and after.

    make run        (or: .venv/bin/python examples/quickstart.py)
"""

from mlir.dialects import func

from paddle_mlir import ir, run_pipeline
from paddle_mlir.dialects import pd

PIPELINE = "pd-verify-program,canonicalize,cse"


def build_program() -> ir.Module:
    """A linear layer's program skeleton: feed, weights, constants, fetch.

    The `pd.full` ops on value tensors are identical, so CSE merges them;
    the unused one is dead and canonicalization drops it, as it folds
    `builtin_split(combine(a, b))` to `a, b`.
    """
    module = ir.Module.create()
    f32 = ir.F32Type.get()
    with ir.InsertionPoint(module.body):
        main = func.FuncOp("main", ([], []))
    with ir.InsertionPoint(main.add_entry_block()):
        x = pd.data("x", pd.TensorType.get([-1, 784], f32))
        w = pd.GetParameterOp(pd.TensorType.get([784, 10], f32), "linear_0.w_0").result
        scale = pd.full(pd.VTensorType.get([1], f32), 2.0)
        unused = pd.full(pd.VTensorType.get([1], f32), 2.0)  # noqa: F841 (dead)
        same_as_scale = pd.full(pd.VTensorType.get([1], f32), 2.0)
        shape = pd.full_int_array([0, -1], pd.VTensorType.get([2], "int64"))
        pair = pd.CombineOp([scale, same_as_scale]).result
        a, b = pd.BuiltinSplitOp(pair).results
        v = pd.ToVTensorOp(w).result
        pd.FetchOp(x, "x", 0)
        pd.FetchOp(v, "w", 1)
        pd.FetchOp(a, "scale", 2)
        pd.FetchOp(shape, "shape", 3)
        func.ReturnOp([])
    return module


def main() -> None:
    with ir.Context(), ir.Location.unknown():
        module = build_program()
        module.operation.verify()
        print(f"// ----- IR before `{PIPELINE}` -----")
        print(module)
        # The printed text parses back to the same program.
        assert str(ir.Module.parse(str(module))) == str(module)
        run_pipeline(module, PIPELINE)
        print(f"// ----- IR after `{PIPELINE}` -----")
        print(module)


if __name__ == "__main__":
    main()
