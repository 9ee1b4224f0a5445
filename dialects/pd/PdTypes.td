//===- PdTypes.td - pd tensor types --------------------------*- tablegen -*-===//

#ifndef PADDLE_MLIR_PD_TYPES_TD
#define PADDLE_MLIR_PD_TYPES_TD

include "pd/PdDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

// Both tensor types share the C++ base class `BaseTensorType` so that code
// that does not care about aliasing handles them uniformly.
class Pd_TensorTypeBase<string name, string typeMnemonic, string doc>
    : TypeDef<Pd_Dialect, name, [ShapedTypeInterface],
              "::mlir::pd::BaseTensorType"> {
  let mnemonic = typeMnemonic;
  let summary = doc;
  let parameters = (ins
    ArrayRefParameter<"int64_t", "dimensions; ShapedType::kDynamic is `?`">:$shape,
    "::mlir::Type":$elementType
  );
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
                                        "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), shape, elementType);
    }]>
  ];
  let skipDefaultBuilders = 0;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// pd tensors are always ranked (Paddle's DenseTensorType has dims).
    bool hasRank() const { return true; }
    /// ShapedTypeInterface: same aliasing kind, new shape and element type.
    ::mlir::ShapedType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                                 ::mlir::Type elementType) const;
  }];
}

def Pd_TensorType : Pd_TensorTypeBase<"Tensor", "tensor",
    "a Paddle tensor that may alias other tensors and be mutated"> {
  let description = [{
    `!pd.tensor<4x?x784xf32>`: a dense tensor with Paddle's reference
    semantics. Programs start on this type; in-place and view ops keep it.
    `?` is a dynamic dimension (`-1` in Paddle), `!pd.tensor<f32>` is 0-D.
  }];
}

def Pd_VTensorType : Pd_TensorTypeBase<"VTensor", "vtensor",
    "an immutable Paddle tensor with value semantics"> {
  let description = [{
    `!pd.vtensor<4x?x784xf32>`: a tensor value that is never aliased nor
    mutated, so ops on it may be reordered, folded and fused freely.
  }];
}

def Pd_VecType : TypeDef<Pd_Dialect, "Vec"> {
  let mnemonic = "vec";
  let summary = "a list of Paddle tensors (Paddle's vec[...])";
  let description = [{
    `!pd.vec<!pd.tensor<2xf32>, !pd.tensor<3xf32>>`: the type of a tensor
    list, built by `pd.combine` and taken apart by `pd.builtin_split`.
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"::mlir::Type", "element tensor types">:$elementTypes);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Pd_AnyTensor : Type<
    CPred<"::llvm::isa<::mlir::pd::BaseTensorType>($_self)">,
    "!pd.tensor or !pd.vtensor", "::mlir::pd::BaseTensorType">;

#endif // PADDLE_MLIR_PD_TYPES_TD
