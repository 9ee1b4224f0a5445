//===- PdDialect.h - the pd dialect: types, attributes, ops ------*- C++ -*-===//
//
// Include this header to use the pd dialect. It pulls in the generated
// declarations of the dialect, its enums, attributes, types and ops.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_DIALECT_PD_PDDIALECT_H
#define PADDLE_MLIR_DIALECT_PD_PDDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Dialect/Pd/PdTraits.h"

#include "pd/PdDialect.h.inc"
#include "pd/PdEnums.h.inc"

namespace mlir::pd {

/// Base class of !pd.tensor and !pd.vtensor: a ranked tensor whose element
/// type is a builtin integer, float or complex type.
class BaseTensorType : public Type {
public:
  using Type::Type;

  ArrayRef<int64_t> getShape() const;
  Type getElementType() const;
  int64_t getRank() const { return getShape().size(); }

  /// True for !pd.vtensor (immutable value), false for !pd.tensor.
  bool hasValueSemantics() const;
  /// The same shape and dtype as !pd.vtensor / as !pd.tensor.
  BaseTensorType getWithValueSemantics() const;
  BaseTensorType getWithoutValueSemantics() const;
  /// This kind of tensor with another shape and element type.
  BaseTensorType getWithShapeAndDtype(ArrayRef<int64_t> shape,
                                      Type elementType) const;

  static bool classof(Type type);
};

/// Side-effect resource: the parameter table outside the graph.
struct ParameterResource
    : public SideEffects::Resource::Base<ParameterResource> {
  StringRef getName() final { return "pd.parameter"; }
};

/// Side-effect resource: the program's feed slots. `pd.data` claims its
/// slot, so a feed stays part of the program's signature even when unused.
struct FeedResource : public SideEffects::Resource::Base<FeedResource> {
  StringRef getName() final { return "pd.feed"; }
};

/// Side-effect resource: the program's fetch list.
struct FetchResource : public SideEffects::Resource::Base<FetchResource> {
  StringRef getName() final { return "pd.fetch"; }
};

/// PHI spells "any layout" both ANY and ALL_LAYOUT.
constexpr DataLayout ALL_LAYOUT = DataLayout::ANY;

/// Paddle dtype <-> MLIR builtin element type (bool is i1, int32 is i32,
/// uint8 is ui8, complex64 is complex<f32>, ...). Returns std::nullopt /
/// a null type where there is no counterpart (pstring, all_dtype).
std::optional<DataType> dataTypeFromElementType(Type elementType);
Type elementTypeFromDataType(MLIRContext *context, DataType dtype);

/// The largest dim of a pd tensor type (the parser's and InferMeta's
/// bound); its element count must also fit int64_t.
constexpr int64_t kMaxTensorDim = int64_t(1) << 62;

/// Whether `type` may be the element type of a pd tensor.
bool isValidElementType(Type type);

/// Paddle's "-1 means dynamic" <-> MLIR's ShapedType::kDynamic.
SmallVector<int64_t> toPaddleShape(ArrayRef<int64_t> mlirShape);
SmallVector<int64_t> fromPaddleShape(ArrayRef<int64_t> paddleShape);

/// Two shapes agree where both dims are known.
bool areShapesCompatible(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs);

/// Prints `[2, ?, 3]` for diagnostics.
std::string shapeToString(ArrayRef<int64_t> shape);

} // namespace mlir::pd

#define GET_ATTRDEF_CLASSES
#include "pd/PdAttributes.h.inc"

#define GET_TYPEDEF_CLASSES
#include "pd/PdTypes.h.inc"

#include "pd/PdInterfaces.h.inc"

#define GET_OP_CLASSES
#include "pd/PdOps.h.inc"

#endif // PADDLE_MLIR_DIALECT_PD_PDDIALECT_H
