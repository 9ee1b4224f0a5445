//===- PdInterfaces.td - traits and interfaces of pd ops -----*- tablegen -*-===//
//
// The op traits of the PIR design (§2.5) and the interface through which
// passes read what the op spec says about an op.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_PD_INTERFACES_TD
#define PADDLE_MLIR_PD_INTERFACES_TD

include "mlir/IR/OpBase.td"
include "pd/PdTypes.td"

class Pd_OpTrait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::mlir::OpTrait::pd";
}

// Does not write any operand.
def Pd_ReadOnly : Pd_OpTrait<"ReadOnly">;
// Reads its operands and returns fresh values: no aliasing, no mutation, so
// it may be reordered, CSE'd and folded on !pd.vtensor.
def Pd_HasValueSemantics : Pd_OpTrait<"HasValueSemantics">;
// Updates operands in place (`relu_`); its value-semantic variant is named
// by Pd_OpSpecInterface::getValueSemanticsVariantName().
def Pd_Inplace : Pd_OpTrait<"Inplace">;
// A result aliases an operand (reshape, squeeze, ...); see getViewMap().
def Pd_ViewLike : Pd_OpTrait<"ViewLike">;

def Pd_OpSpecInterface : OpInterface<"OpSpecInterface"> {
  let cppNamespace = "::mlir::pd";
  let description = [{
    What dialects/pd/ops.yaml says about an op: its InferMeta function, its
    PHI kernel and the argument that decides the kernel's dtype, its in-place
    and value-semantic variants, aliasing maps and backward op.
  }];
  let methods = [
    StaticInterfaceMethod<"The InferMeta function (e.g. ElementwiseInferMeta).",
      "::llvm::StringRef", "getInferMetaName">,
    StaticInterfaceMethod<"The PHI kernel name.", "::llvm::StringRef", "getKernelName">,
    StaticInterfaceMethod<
      "The operand whose dtype keys the kernel, or -1 (see the attribute).",
      "int", "getKernelDataTypeOperand">,
    StaticInterfaceMethod<
      "The DataType attribute that keys the kernel, or empty.",
      "::llvm::StringRef", "getKernelDataTypeAttrName">,
    StaticInterfaceMethod<"`pd.relu_` for `pd.relu`, or empty.",
      "::llvm::StringRef", "getInplaceVariantName">,
    StaticInterfaceMethod<"`pd.relu` for `pd.relu_`, or empty.",
      "::llvm::StringRef", "getValueSemanticsVariantName">,
    StaticInterfaceMethod<
      "(result, operand) pairs: the result is the operand updated in place.",
      "::llvm::SmallVector<std::pair<unsigned, unsigned>>", "getInplaceMap">,
    StaticInterfaceMethod<"(result, operand) pairs: the result aliases the operand.",
      "::llvm::SmallVector<std::pair<unsigned, unsigned>>", "getViewMap">,
    StaticInterfaceMethod<"The backward op's name, or empty.",
      "::llvm::StringRef", "getBackwardName">,
    StaticInterfaceMethod<
      "Operands that are Paddle IntArrays (shape, axes, ...), by index.",
      "::llvm::SmallVector<unsigned>", "getIntArrayOperands">
  ];
}

// Paddle's IntArray as an operand: a 1-D integer tensor, or a list of
// integer tensors (pd.combine).
def Pd_IntArrayOperand : AnyTypeOf<[Pd_AnyTensor, Pd_VecType],
    "IntArray (1-D integer tensor or tensor list)">;
// Paddle's Scalar as an operand: a tensor of one element.
def Pd_ScalarOperand : Type<Pd_AnyTensor.predicate,
    "Scalar (1-element !pd.tensor or !pd.vtensor)", "::mlir::pd::BaseTensorType">;

#endif // PADDLE_MLIR_PD_INTERFACES_TD
