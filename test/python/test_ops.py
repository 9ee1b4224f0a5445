"""Build functions with the generated op classes, verify, print, parse back."""

import pytest
from mlir.dialects import func

from paddle_mlir import ir
from paddle_mlir.dialects import pd, phi


def _function(name="main", inputs=(), results=()):
    module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        f = func.FuncOp(name, (list(inputs), list(results)))
    return module, f, f.add_entry_block()


def test_build_every_op_verify_print_parse(ctx):
    f32 = ir.F32Type.get()
    t = pd.TensorType.get([2, 3], f32)
    module, _, block = _function(inputs=[t])
    with ir.InsertionPoint(block):
        arg = block.arguments[0]
        x = pd.data("x", pd.TensorType.get([-1, 3], f32), place="gpu:0")
        w = pd.GetParameterOp(t, "linear_0.w_0").result
        full = pd.full(pd.VTensorType.get([2, 3], f32), 0.5)
        full_int = pd.full(pd.VTensorType.get([1], "int64"), 7)
        full_bool = pd.full(pd.VTensorType.get([], "bool"), True)
        shape = pd.full_int_array([0, -1])
        snapshot = pd.ToVTensorOp(w).result
        fresh = pd.ToTensorOp(full).result
        pd.CopyToOp(snapshot, arg)
        pair = pd.CombineOp([full, fresh]).result
        first, second = pd.BuiltinSplitOp(pair).results
        picked = pd.BuiltinSliceOp(pair, 1).result
        pd.SetParameterOp(fresh, "linear_0.w_0")
        kernel = phi.KernelOp([pd.VTensorType.get([2, 3], f32)], [full, snapshot],
                              "add", phi.kernel_key("CPU", "NCHW", "float32"),
                              "pd.combine")
        pd.FetchOp(x, "x", 0)
        pd.FetchOp(kernel.results[0], "sum", 1)
        func.ReturnOp([])

    # Result types were inferred where the op can infer them.
    assert str(pair.type) == "!pd.vec<!pd.vtensor<2x3xf32>, !pd.tensor<2x3xf32>>"
    assert isinstance(snapshot.type, pd.VTensorType)
    assert isinstance(fresh.type, pd.TensorType)
    assert first.type == full.type and second.type == fresh.type == picked.type
    assert str(shape.type) == "!pd.tensor<2xi64>"
    assert str(full_int.owner.attributes["value"]) == "7 : i64"
    assert str(full_bool.owner.attributes["value"]) == "true"

    assert module.operation.verify()
    text = str(module)
    for snippet in ['pd.data "x" {place = #pd.place<GPU>} : !pd.tensor<?x3xf32>',
                    "pd.full(5.000000e-01) : !pd.vtensor<2x3xf32>",
                    "pd.full_int_array [0, -1] : !pd.tensor<2xi64>",
                    'pd.set_parameter %{} "linear_0.w_0"'.format(fresh.get_name()[1:]),
                    'phi.kernel "add" <CPU, NCHW, float32>',
                    'pd.fetch %{} "sum" col 1'.format(kernel.results[0].get_name()[1:])]:
        assert snippet in text, snippet
    reparsed = ir.Module.parse(text)
    assert str(reparsed) == text
    # Ops read back from IR are the generated classes.
    ops = list(reparsed.body.operations[0].regions[0].blocks[0].operations)
    assert isinstance(ops[0], pd.DataOp)
    assert ops[0].name.value == "x"
    assert isinstance(ops[-2], pd.FetchOp)
    assert isinstance(next(o for o in ops if o.name == "phi.kernel"), phi.KernelOp)


def test_generic_form_round_trips(ctx):
    module, _, block = _function()
    with ir.InsertionPoint(block):
        v = pd.full(pd.VTensorType.get([3], "float32"), float("-inf"))
        pd.FetchOp(v, "out", 0)
        func.ReturnOp([])
    generic = module.operation.get_asm(print_generic_op_form=True)
    assert str(ir.Module.parse(generic)) == str(module)
    assert "pd.full(0xFFF0000000000000 : f64)" in str(module)


def test_builder_errors_raise(ctx):
    f32 = ir.F32Type.get()
    module, _, block = _function()  # keep the module alive: it owns the block
    with ir.InsertionPoint(block):
        v = pd.full(pd.VTensorType.get([2], f32), 1.0)
        pair = pd.CombineOp([v]).result
        with pytest.raises(ir.MLIRError, match="index 3 is out of range for a list of 1 tensors"):
            pd.BuiltinSliceOp(pair, 3)
        with pytest.raises(ir.MLIRError, match="'pd.to_vtensor' op expects a !pd.tensor operand"):
            pd.ToVTensorOp(v)
        with pytest.raises(ir.MLIRError, match="'pd.to_tensor' op expects a !pd.vtensor operand"):
            pd.ToTensorOp(pd.ToTensorOp(v).result)
        with pytest.raises(ir.MLIRError, match="expected a !pd.vec operand"):
            pd.BuiltinSplitOp(v)
        with pytest.raises(TypeError, match="expected a !pd.tensor or !pd.vtensor type"):
            pd.data("x", f32)
        with pytest.raises(TypeError, match="expected a bool, int or float value"):
            pd.full(pd.VTensorType.get([2], f32), "one")


def test_verifier_errors_name_the_op(ctx):
    f32 = ir.F32Type.get()
    module, _, block = _function()  # keep the module alive: it owns the block
    with ir.InsertionPoint(block):
        dynamic_full = pd.FullOp(pd.TensorType.get([-1], f32), 1.0)
        with pytest.raises(ir.MLIRError, match="'pd.full' op result type must have a static shape"):
            dynamic_full.operation.verify()
        bad_copy = pd.CopyToOp(pd.full(pd.VTensorType.get([2], f32), 1.0),
                               pd.full(pd.TensorType.get([3], f32), 1.0))
        with pytest.raises(ir.MLIRError, match=r"source shape \[2\] is incompatible with destination shape \[3\]"):
            bad_copy.operation.verify()
        empty = pd.GetParameterOp(pd.TensorType.get([2], f32), "")
        with pytest.raises(ir.MLIRError, match="parameter_name must not be empty"):
            empty.operation.verify()
        kernel = phi.KernelOp([], [], "k", phi.kernel_key("CPU", "ANY", "all_dtype"), "pd.nope")
        with pytest.raises(ir.MLIRError, match="op_name 'pd.nope' is not a registered operation"):
            kernel.operation.verify()


def test_parse_errors_are_located(ctx):
    with pytest.raises(ir.MLIRError) as info:
        ir.Module.parse('func.func @f() {\n  %0 = pd.data "x" : tensor<2xf32>\n  return\n}')
    diag = info.value.error_diagnostics[0]
    assert str(diag.location) == 'loc("-":2:22)'
    assert "expected !pd.tensor or !pd.vtensor result type" in diag.message
