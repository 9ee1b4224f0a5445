//===- PdTypes.cpp - !pd.tensor, !pd.vtensor, !pd.vec ---------------------===//

#include "Dialect/Pd/PdDialect.h"
#include "llvm/Support/MathExtras.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

#define GET_TYPEDEF_CLASSES
#include "pd/PdTypes.cpp.inc"

void mlir::pd::PdDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "pd/PdTypes.cpp.inc"
      >();
}

// Unqualified TensorType must be pd::TensorType, not mlir::TensorType.
namespace mlir::pd {

//===----------------------------------------------------------------------===//
// BaseTensorType
//===----------------------------------------------------------------------===//

bool BaseTensorType::classof(Type type) {
  return isa<TensorType, VTensorType>(type);
}

ArrayRef<int64_t> BaseTensorType::getShape() const {
  if (auto tensor = dyn_cast<TensorType>(*this))
    return tensor.getShape();
  return cast<VTensorType>(*this).getShape();
}

Type BaseTensorType::getElementType() const {
  if (auto tensor = dyn_cast<TensorType>(*this))
    return tensor.getElementType();
  return cast<VTensorType>(*this).getElementType();
}

bool BaseTensorType::hasValueSemantics() const { return isa<VTensorType>(*this); }

BaseTensorType BaseTensorType::getWithValueSemantics() const {
  return VTensorType::get(getContext(), getShape(), getElementType());
}

BaseTensorType BaseTensorType::getWithoutValueSemantics() const {
  return TensorType::get(getContext(), getShape(), getElementType());
}

BaseTensorType BaseTensorType::getWithShapeAndDtype(ArrayRef<int64_t> shape,
                                                    Type elementType) const {
  if (hasValueSemantics())
    return VTensorType::get(getContext(), shape, elementType);
  return TensorType::get(getContext(), shape, elementType);
}

//===----------------------------------------------------------------------===//
// Shared parse/print/verify of the two tensor types: `<4x?x784xf32>`
//===----------------------------------------------------------------------===//

/// The parsers of !pd types call each other (a !pd.vec holds tensors):
/// counting the depth bounds the recursion, so that deeply nested input is
/// a diagnostic, not a stack overflow. Valid types nest two deep at most
/// (!pd.vec<!pd.tensor<2xf32>>).
namespace {
thread_local int typeParseDepth = 0;
constexpr int kMaxTypeNesting = 2;

struct TypeNestingGuard {
  explicit TypeNestingGuard(AsmParser &parser) {
    if (++typeParseDepth > kMaxTypeNesting)
      tooDeep = failed(parser.emitError(parser.getCurrentLocation(),
                                        "!pd types nest at most two deep "
                                        "(!pd.vec<!pd.tensor<...>>)"));
  }
  ~TypeNestingGuard() { --typeParseDepth; }
  bool tooDeep = false;
};
} // namespace

static ParseResult parseShapeAndElementType(AsmParser &parser,
                                            SmallVectorImpl<int64_t> &shape,
                                            Type &elementType) {
  TypeNestingGuard guard(parser);
  if (guard.tooDeep)
    return failure();
  SMLoc dimsLoc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true))
    return failure();
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (ShapedType::isDynamic(dim))
      continue;
    if (dim > kMaxTensorDim)
      return parser.emitError(dimsLoc) << "tensor dimension " << dim
                                       << " is larger than 2^62";
    if (llvm::MulOverflow(count, dim, count))
      return parser.emitError(dimsLoc) << "the tensor's element count overflows int64";
  }
  if (parser.parseType(elementType) || parser.parseGreater())
    return failure();
  return success();
}

static void printShapeAndElementType(AsmPrinter &printer,
                                     ArrayRef<int64_t> shape,
                                     Type elementType) {
  printer << "<";
  for (int64_t dim : shape) {
    if (ShapedType::isDynamic(dim))
      printer << "?";
    else
      printer << dim;
    printer << "x";
  }
  printer << elementType << ">";
}

static LogicalResult
verifyShapeAndElementType(function_ref<InFlightDiagnostic()> emitError,
                          ArrayRef<int64_t> shape, Type elementType) {
  for (int64_t dim : shape)
    if (dim < 0 && !ShapedType::isDynamic(dim))
      return emitError() << "invalid tensor dimension " << dim
                         << ": dimensions are non-negative or ? (dynamic)";
  if (!isValidElementType(elementType))
    return emitError() << "invalid tensor element type " << elementType
                       << ": expected a Paddle dtype (a builtin integer, "
                          "float or complex type)";
  return success();
}

Type TensorType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parseShapeAndElementType(parser, shape, elementType))
    return {};
  return parser.getChecked<TensorType>(parser.getContext(), shape,
                                       elementType);
}

void TensorType::print(AsmPrinter &printer) const {
  printShapeAndElementType(printer, getShape(), getElementType());
}

LogicalResult TensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> shape, Type elementType) {
  return verifyShapeAndElementType(emitError, shape, elementType);
}

ShapedType TensorType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                                 Type elementType) const {
  return cast<ShapedType>(
      TensorType::get(getContext(), shape.value_or(getShape()), elementType));
}

Type VTensorType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parseShapeAndElementType(parser, shape, elementType))
    return {};
  return parser.getChecked<VTensorType>(parser.getContext(), shape,
                                        elementType);
}

void VTensorType::print(AsmPrinter &printer) const {
  printShapeAndElementType(printer, getShape(), getElementType());
}

LogicalResult VTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType) {
  return verifyShapeAndElementType(emitError, shape, elementType);
}

ShapedType VTensorType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                                  Type elementType) const {
  return cast<ShapedType>(
      VTensorType::get(getContext(), shape.value_or(getShape()), elementType));
}

//===----------------------------------------------------------------------===//
// VecType: `!pd.vec<!pd.tensor<2xf32>, !pd.vtensor<3xf32>>`, `!pd.vec<>`
//===----------------------------------------------------------------------===//

Type VecType::parse(AsmParser &parser) {
  TypeNestingGuard guard(parser);
  if (guard.tooDeep)
    return {};
  SmallVector<Type> elementTypes;
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    if (parser.parseTypeList(elementTypes) || parser.parseGreater())
      return {};
  }
  return parser.getChecked<VecType>(parser.getContext(), elementTypes);
}

void VecType::print(AsmPrinter &printer) const {
  printer << "<";
  llvm::interleaveComma(getElementTypes(), printer);
  printer << ">";
}

LogicalResult VecType::verify(function_ref<InFlightDiagnostic()> emitError,
                              ArrayRef<Type> elementTypes) {
  for (Type type : elementTypes)
    if (!isa<BaseTensorType>(type))
      return emitError() << "!pd.vec elements must be !pd.tensor or "
                            "!pd.vtensor, got "
                         << type;
  return success();
}

} // namespace mlir::pd
