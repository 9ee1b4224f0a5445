//===- PdOps.td - pd program-level ops -----------------------*- tablegen -*-===//
//
// The program-level ops of PIR: feeds, fetches, parameters, constants,
// tensor lists and the copies between aliasing and value tensors. Paddle's
// computing operators are generated from the op spec (dialects/pd/ops.yaml).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_PD_OPS_TD
#define PADDLE_MLIR_PD_OPS_TD

include "pd/PdDialect.td"
include "pd/PdTypes.td"
include "pd/PdAttributes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Side-effect resources: the parameter table outside the graph, and the
// program's fetch list. They keep reads/writes of weights ordered and keep
// fetches alive through DCE.
def Pd_ParameterResource : Resource<"::mlir::pd::ParameterResource">;
def Pd_FetchResource : Resource<"::mlir::pd::FetchResource">;

//===----------------------------------------------------------------------===//
// Feeds, fetches and parameters
//===----------------------------------------------------------------------===//

def Pd_DataOp : Pd_Op<"data", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "a program input (Paddle's pd_op.data / feed)";
  let description = [{
    Declares the program input fed under `name`. `shape` (Paddle's IntArray,
    `-1` for a dynamic dim) and `dtype` must agree with the result type; the
    text form derives both from the type. A feed is part of the program's
    signature: dead-code elimination keeps it even when it has no use.

    ```mlir
    %x = pd.data "x" : !pd.tensor<?x784xf32>
    %y = pd.data "y" {place = #pd.place<GPU, 1>} : !pd.tensor<4xi64>
    ```
  }];
  let arguments = (ins
    StrAttr:$name,
    DenseI64ArrayAttr:$shape,
    Pd_DataTypeAttr:$dtype,
    OptionalAttr<Pd_PlaceAttr>:$place
  );
  let results = (outs Pd_AnyTensor:$out);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::Type":$type,
                   CArg<"::mlir::pd::PlaceAttr", "{}">:$place)>
  ];
}

def Pd_FetchOp : Pd_Op<"fetch", [
    AllTypesMatch<["x", "out"]>,
    MemoryEffects<[MemRead, MemWrite<Pd_FetchResource>]>]> {
  let summary = "a program output (Paddle's pd_op.fetch)";
  let description = [{
    Marks `x` as the program output `name` at position `col` of the fetch
    list. The result is `x` itself, as in Paddle.

    ```mlir
    %0 = pd.fetch %y "out" col 0 : !pd.vtensor<4x10xf32>
    ```
  }];
  let arguments = (ins Pd_AnyTensor:$x, StrAttr:$name,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$col);
  let results = (outs Pd_AnyTensor:$out);
  let assemblyFormat = [{
    $x $name `col` $col attr-dict `:` qualified(type($x))
  }];
  let hasVerifier = 1;
}

def Pd_GetParameterOp : Pd_Op<"get_parameter", [
    MemoryEffects<[MemRead<Pd_ParameterResource>]>]> {
  let summary = "read a weight from the parameter table";
  let description = [{
    Weights live outside the graph (PIR design §2.4): this op reads the
    parameter `parameter_name` (Paddle's builtin.parameter).

    ```mlir
    %w = pd.get_parameter "linear_0.w_0" : !pd.tensor<784x10xf32>
    ```
  }];
  let arguments = (ins StrAttr:$parameter_name);
  let results = (outs Pd_AnyTensor:$out);
  let assemblyFormat = "$parameter_name attr-dict `:` qualified(type($out))";
  let hasVerifier = 1;
}

def Pd_SetParameterOp : Pd_Op<"set_parameter", [
    MemoryEffects<[MemRead, MemWrite<Pd_ParameterResource>]>]> {
  let summary = "write a weight into the parameter table";
  let description = [{
    Writes `parameter` as the new value of `parameter_name` (Paddle's
    builtin.set_parameter). A startup program initializes weights this way;
    a weight any running program writes is mutable.

    ```mlir
    pd.set_parameter %w "linear_0.w_0" : !pd.tensor<784x10xf32>
    ```
  }];
  let arguments = (ins Pd_AnyTensor:$parameter, StrAttr:$parameter_name);
  let assemblyFormat = [{
    $parameter $parameter_name attr-dict `:` qualified(type($parameter))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def Pd_ConstantOp : Pd_Op<"constant", [ConstantLike, Pure]> {
  let summary = "a constant tensor, e.g. a frozen weight";
  let description = [{
    Freezing a program for inference replaces `pd.get_parameter` of a weight
    no running program writes by a `pd.constant` whose value is the weight,
    usually as an MLIR `dense_resource` blob, so folding passes can read it.
    `name` keeps the parameter's name.

    ```mlir
    %w = pd.constant dense_resource<linear_0.w_0> : tensor<784x10xf32>
           {name = "linear_0.w_0"} : !pd.vtensor<784x10xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value, OptionalAttr<StrAttr>:$name);
  let results = (outs Pd_VTensorType:$out);
  let assemblyFormat = "$value attr-dict `:` qualified(type($out))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Pd_FullOp : Pd_Op<"full", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "a tensor filled with one value (Paddle's pd_op.full)";
  let description = [{
    Creates a tensor of `shape` filled with the Scalar `value` (a bool, an
    integer or a float). `dtype` must be the result's element type; the text
    form derives `shape` and `dtype` from the type.

    ```mlir
    %0 = pd.full(1.500000e+00) : !pd.tensor<2x3xf32>
    %1 = pd.full(2) {place = #pd.place<CPU>} : !pd.vtensor<1xi64>
    %2 = pd.full(0xFFF0000000000000 : f64) : !pd.vtensor<4xf32>  // -inf
    ```
  }];
  let arguments = (ins
    DenseI64ArrayAttr:$shape,
    Pd_ScalarAttr:$value,
    Pd_DataTypeAttr:$dtype,
    OptionalAttr<Pd_PlaceAttr>:$place
  );
  let results = (outs Pd_AnyTensor:$out);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Type":$type, "::mlir::Attribute":$value,
                   CArg<"::mlir::pd::PlaceAttr", "{}">:$place)>
  ];
}

def Pd_FullIntArrayOp : Pd_Op<"full_int_array", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "a 1-D integer tensor from a list (Paddle's pd_op.full_int_array)";
  let description = [{
    Materializes an IntArray (a shape, axes, starts…) as a 1-D tensor, the
    way Paddle passes arguments that may also be computed at run time.

    ```mlir
    %shape = pd.full_int_array [0, -1] : !pd.vtensor<2xi64>
    ```
  }];
  let arguments = (ins
    DenseI64ArrayAttr:$value,
    Pd_DataTypeAttr:$dtype,
    OptionalAttr<Pd_PlaceAttr>:$place
  );
  let results = (outs Pd_AnyTensor:$out);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::llvm::ArrayRef<int64_t>":$value, "::mlir::Type":$type,
                   CArg<"::mlir::pd::PlaceAttr", "{}">:$place)>
  ];
}

//===----------------------------------------------------------------------===//
// Tensor lists
//===----------------------------------------------------------------------===//

def Pd_CombineOp : Pd_Op<"combine", [
    Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "pack tensors into a list (Paddle's builtin.combine)";
  let description = [{
    ```mlir
    %l = pd.combine(%a, %b) : !pd.vtensor<2xf32>, !pd.vtensor<3xf32>
    ```
  }];
  let arguments = (ins Variadic<Pd_AnyTensor>:$inputs);
  let results = (outs Pd_VecType:$out);
  // Parenthesized so that an empty list is unambiguous.
  let assemblyFormat = "`(` $inputs `)` attr-dict (`:` qualified(type($inputs))^)?";
}

def Pd_BuiltinSplitOp : Pd_Op<"builtin_split", [
    Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "unpack a tensor list (Paddle's builtin.split)";
  let description = [{
    The inverse of `pd.combine`. Named `builtin_split` because Paddle's
    `pd_op.split` (split a tensor along an axis) is `pd.split` here.

    ```mlir
    %a, %b = pd.builtin_split %l : !pd.vec<!pd.vtensor<2xf32>, !pd.vtensor<3xf32>>
    ```
  }];
  let arguments = (ins Pd_VecType:$input);
  let results = (outs Variadic<Pd_AnyTensor>:$outputs);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input))";
  // builtin_split(combine(a, b)) -> a, b
  let hasFolder = 1;
}

def Pd_BuiltinSliceOp : Pd_Op<"builtin_slice", [
    Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "take one tensor of a list (Paddle's builtin.slice)";
  let description = [{
    ```mlir
    %b = pd.builtin_slice %l[1] : !pd.vec<!pd.vtensor<2xf32>, !pd.vtensor<3xf32>>
    ```
  }];
  let arguments = (ins Pd_VecType:$input, I64Attr:$index);
  let results = (outs Pd_AnyTensor:$out);
  let assemblyFormat = "$input `[` $index `]` attr-dict `:` qualified(type($input))";
  // builtin_slice(combine(a, b))[1] -> b
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Aliasing <-> value semantics
//===----------------------------------------------------------------------===//

def Pd_ToVTensorOp : Pd_Op<"to_vtensor", [
    MemoryEffects<[MemRead]>, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "deep-copy a !pd.tensor into an immutable !pd.vtensor";
  let description = [{
    Snapshot of the tensor's current contents (PIR design §2.5.1). Later
    writes to the tensor do not change the result.

    ```mlir
    %v = pd.to_vtensor %t : !pd.tensor<2x?xf32>
    ```
  }];
  let arguments = (ins Pd_TensorType:$operand);
  let results = (outs Pd_VTensorType:$result);
  let assemblyFormat = "$operand attr-dict `:` qualified(type($operand))";
}

def Pd_ToTensorOp : Pd_Op<"to_tensor", [
    MemoryEffects<[MemAlloc]>, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "deep-copy a !pd.vtensor into a fresh, mutable !pd.tensor";
  let description = [{
    ```mlir
    %t = pd.to_tensor %v : !pd.vtensor<2x?xf32>
    ```
  }];
  let arguments = (ins Pd_VTensorType:$operand);
  let results = (outs Pd_TensorType:$result);
  let assemblyFormat = "$operand attr-dict `:` qualified(type($operand))";
}

def Pd_CopyToOp : Pd_Op<"copy_to"> {
  let summary = "overwrite the contents of a !pd.tensor in place";
  let description = [{
    Copies `src` into `dst`; every alias of `dst` observes the new contents.
    Used when an in-place op is rewritten into its value-semantic variant
    while the old tensor is still observed (PIR design §2.5.2).

    ```mlir
    pd.copy_to %v, %t : !pd.vtensor<2x3xf32>, !pd.tensor<2x3xf32>
    ```
  }];
  let arguments = (ins
    Arg<Pd_AnyTensor, "the new contents", [MemRead]>:$src,
    Arg<Pd_TensorType, "the tensor overwritten", [MemWrite]>:$dst
  );
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` qualified(type($src)) `,` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Control flow (Paddle's pd_op.if / pd_op.while with cf.yield)
//===----------------------------------------------------------------------===//

def Pd_IfOp : Pd_Op<"if", [
    RecursiveMemoryEffects, NoRegionArguments,
    SingleBlockImplicitTerminator<"::mlir::pd::YieldOp">]> {
  let summary = "two-way branch on a bool tensor (Paddle's pd_op.if)";
  let description = [{
    Runs `then` when the one-element bool tensor `cond` is true, else `else`;
    each region ends in `pd.yield` of the results. Regions use values of
    the enclosing block directly, as Paddle's do. A branch may yield a more
    static shape than the result type says.

    ```mlir
    %r = pd.if %c : !pd.vtensor<1xi1> -> !pd.vtensor<?xf32> {
      pd.yield %a : !pd.vtensor<4xf32>
    } else {
      pd.yield %b : !pd.vtensor<?xf32>
    }
    ```
  }];
  let arguments = (ins Pd_AnyTensor:$cond);
  let results = (outs Variadic<Pd_AnyTensor>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, SizedRegion<1>:$elseRegion);
  let assemblyFormat = [{
    $cond attr-dict `:` qualified(type($cond)) (`->` qualified(type($results))^)?
    $thenRegion `else` $elseRegion
  }];
  let hasVerifier = 1;
}

def Pd_WhileOp : Pd_Op<"while", [
    RecursiveMemoryEffects, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "loop while a bool tensor is true (Paddle's pd_op.while)";
  let description = [{
    `inputs` are the loop-carried values; the body's block arguments receive
    them, and the body yields the next condition first, then the next
    values. The loop runs while `cond` (then the yielded condition) is true;
    its results are the last values. As in Paddle, the body reads values of
    the enclosing block directly.

    ```mlir
    %r = pd.while %c : !pd.vtensor<1xi1> loop(%i : !pd.vtensor<1xi64>) {
    ^bb0(%iv: !pd.vtensor<1xi64>):
      ...
      pd.yield %next_cond, %next_i : !pd.vtensor<1xi1>, !pd.vtensor<1xi64>
    }
    ```
  }];
  let arguments = (ins Pd_AnyTensor:$cond, Variadic<Pd_AnyTensor>:$inputs);
  let results = (outs Variadic<Pd_AnyTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $cond `:` qualified(type($cond))
    (`loop` `(` $inputs^ `:` qualified(type($inputs)) `)`)? $body attr-dict
  }];
  let hasVerifier = 1;
}

def Pd_FusionGroupOp : Pd_Op<"fusion_group", [
    IsolatedFromAbove, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"::mlir::pd::YieldOp">]> {
  let summary = "a group of fused elementwise ops (CINN's FusionOp)";
  let description = [{
    Made by `pd-fuse-elementwise`: a chain of elementwise/broadcast ops
    (optionally ending in a reduction) that is compiled as one loop nest.
    The region is isolated: its block arguments receive `inputs`, and
    `pd.yield` gives the group's results (the values used outside it).

    ```mlir
    %r = pd.fusion_group(%x, %b) : (!pd.vtensor<4x8xf32>, !pd.vtensor<8xf32>) -> !pd.vtensor<4x8xf32> {
    ^bb0(%a: !pd.vtensor<4x8xf32>, %c: !pd.vtensor<8xf32>):
      %s = pd.add %a, %c : (!pd.vtensor<4x8xf32>, !pd.vtensor<8xf32>) -> !pd.vtensor<4x8xf32>
      %t = pd.relu %s : (!pd.vtensor<4x8xf32>) -> !pd.vtensor<4x8xf32>
      pd.yield %t : !pd.vtensor<4x8xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<Pd_AnyTensor>:$inputs);
  let results = (outs Variadic<Pd_AnyTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $inputs `)` attr-dict `:` functional-type($inputs, $results) $body
  }];
  let hasVerifier = 1;
}

def Pd_YieldOp : Pd_Op<"yield", [
    Pure, Terminator, ReturnLike,
    ParentOneOf<["IfOp", "WhileOp", "FusionGroupOp"]>]> {
  let summary = "ends a pd.if / pd.while region (Paddle's cf.yield)";
  let arguments = (ins Variadic<Pd_AnyTensor>:$operands);
  let builders = [OpBuilder<(ins), [{ /* nothing */ }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` qualified(type($operands)))?";
}

#endif // PADDLE_MLIR_PD_OPS_TD
