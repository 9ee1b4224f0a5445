//===- PdDialect.cpp - pd dialect registration and dtype helpers ----------===//

#include "Dialect/Pd/PdDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::pd;

#include "pd/PdDialect.cpp.inc"
#include "pd/PdEnums.cpp.inc"
#include "pd/PdInterfaces.cpp.inc"

void PdDialect::initialize() {
  registerTypes();
  registerAttributes();
  // Defined across the op-definition shards (lib/CMakeLists.txt).
  registerPdDialectOperations(this);
}

//===----------------------------------------------------------------------===//
// dtype <-> element type
//===----------------------------------------------------------------------===//

std::optional<DataType> mlir::pd::dataTypeFromElementType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = intType.isUnsigned();
    switch (intType.getWidth()) {
    case 1:
      return DataType::BOOL;
    case 8:
      return isUnsigned ? DataType::UINT8 : DataType::INT8;
    case 16:
      return isUnsigned ? DataType::UINT16 : DataType::INT16;
    case 32:
      return isUnsigned ? DataType::UINT32 : DataType::INT32;
    case 64:
      return isUnsigned ? DataType::UINT64 : DataType::INT64;
    default:
      return std::nullopt;
    }
  }
  if (type.isF32())
    return DataType::FLOAT32;
  if (type.isF64())
    return DataType::FLOAT64;
  if (type.isF16())
    return DataType::FLOAT16;
  if (type.isBF16())
    return DataType::BFLOAT16;
  if (isa<Float8E4M3FNType>(type))
    return DataType::FLOAT8_E4M3FN;
  if (isa<Float8E5M2Type>(type))
    return DataType::FLOAT8_E5M2;
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    if (complexType.getElementType().isF32())
      return DataType::COMPLEX64;
    if (complexType.getElementType().isF64())
      return DataType::COMPLEX128;
  }
  return std::nullopt;
}

Type mlir::pd::elementTypeFromDataType(MLIRContext *ctx, DataType dtype) {
  Builder b(ctx);
  switch (dtype) {
  case DataType::BOOL:
    return b.getI1Type();
  case DataType::UINT8:
    return IntegerType::get(ctx, 8, IntegerType::Unsigned);
  case DataType::INT8:
    return b.getI8Type();
  case DataType::UINT16:
    return IntegerType::get(ctx, 16, IntegerType::Unsigned);
  case DataType::INT16:
    return b.getI16Type();
  case DataType::UINT32:
    return IntegerType::get(ctx, 32, IntegerType::Unsigned);
  case DataType::INT32:
    return b.getI32Type();
  case DataType::UINT64:
    return IntegerType::get(ctx, 64, IntegerType::Unsigned);
  case DataType::INT64:
    return b.getI64Type();
  case DataType::FLOAT32:
    return b.getF32Type();
  case DataType::FLOAT64:
    return b.getF64Type();
  case DataType::COMPLEX64:
    return ComplexType::get(b.getF32Type());
  case DataType::COMPLEX128:
    return ComplexType::get(b.getF64Type());
  case DataType::FLOAT16:
    return b.getF16Type();
  case DataType::BFLOAT16:
    return b.getBF16Type();
  case DataType::FLOAT8_E4M3FN:
    return Float8E4M3FNType::get(ctx);
  case DataType::FLOAT8_E5M2:
    return Float8E5M2Type::get(ctx);
  case DataType::ALL_DTYPE:
  case DataType::PSTRING:
    return {};
  }
  return {};
}

bool mlir::pd::isValidElementType(Type type) {
  return dataTypeFromElementType(type).has_value();
}

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

SmallVector<int64_t> mlir::pd::toPaddleShape(ArrayRef<int64_t> mlirShape) {
  return llvm::map_to_vector(mlirShape, [](int64_t d) -> int64_t {
    return ShapedType::isDynamic(d) ? -1 : d;
  });
}

SmallVector<int64_t> mlir::pd::fromPaddleShape(ArrayRef<int64_t> paddleShape) {
  return llvm::map_to_vector(paddleShape, [](int64_t d) -> int64_t {
    return d == -1 ? ShapedType::kDynamic : d;
  });
}

bool mlir::pd::areShapesCompatible(ArrayRef<int64_t> lhs,
                                   ArrayRef<int64_t> rhs) {
  if (lhs.size() != rhs.size())
    return false;
  for (auto [l, r] : llvm::zip_equal(lhs, rhs))
    if (!ShapedType::isDynamic(l) && !ShapedType::isDynamic(r) && l != r)
      return false;
  return true;
}

std::string mlir::pd::shapeToString(ArrayRef<int64_t> shape) {
  std::string result = "[";
  llvm::raw_string_ostream os(result);
  llvm::interleaveComma(shape, os, [&](int64_t d) {
    if (ShapedType::isDynamic(d))
      os << "?";
    else
      os << d;
  });
  os << "]";
  return result;
}
