//===- ResourceConstants.h - folded weights as dense_resource blobs -------===//
//
// Weights computed at compile time (conv+bn folding, constant folding) are
// stored like the frozen weights they come from: as `dense_resource` blobs,
// not as DenseElementsAttr. A blob is raw bytes all the way down: the AOT
// and JIT paths embed it without printing every element as text (which for
// a ResNet cost tens of seconds in mlir-translate and opt), and the context
// does not hash and unique megabytes of data.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_TRANSFORMS_RESOURCECONSTANTS_H
#define PADDLE_MLIR_TRANSFORMS_RESOURCECONSTANTS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "Dialect/Pd/PdDialect.h"

#include <optional>

namespace mlir::pd {

/// Below this many elements a constant stays a DenseElementsAttr (readable
/// in the IR, and splats stay splats).
constexpr int64_t kResourceMinElements = 64;

/// `values` (row-major, of `type`'s static shape) as a dense_resource blob
/// named after `name` (made unique by the resource manager).
template <typename T>
ElementsAttr makeResourceElements(RankedTensorType type, ArrayRef<T> values,
                                  StringRef name) {
  AsmResourceBlob blob =
      HeapAsmResourceBlob::allocateAndCopyInferAlign<T>(values);
  return DenseResourceElementsAttr::get(type, name, std::move(blob));
}

/// The f32 values of a frozen weight (a `pd.constant`, dense or
/// dense_resource), row-major; nullopt for anything else (a
/// `pd.get_parameter` may be written by a training program).
inline std::optional<SmallVector<float>> frozenF32(Value v) {
  auto constant = v ? v.getDefiningOp<ConstantOp>() : ConstantOp();
  if (!constant || !cast<BaseTensorType>(constant.getType()).getElementType().isF32())
    return std::nullopt;
  ElementsAttr value = constant.getValue();
  if (auto dense = dyn_cast<DenseElementsAttr>(value))
    return llvm::to_vector(dense.getValues<float>());
  if (auto resource = dyn_cast<DenseF32ResourceElementsAttr>(value))
    if (std::optional<ArrayRef<float>> data = resource.tryGetAsArrayRef())
      return SmallVector<float>(*data);
  return std::nullopt;
}

/// A frozen f32 weight of `shape` computed at compile time: a splat stays a
/// splat, small ones stay readable DenseElementsAttr, larger ones become a
/// dense_resource blob named after `name`.
inline Value makeF32Constant(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                             ArrayRef<float> values, StringRef name) {
  auto tensorType = RankedTensorType::get(shape, b.getF32Type());
  auto type = VTensorType::get(b.getContext(), shape, b.getF32Type());
  bool splat = !values.empty() && llvm::all_equal(values);
  ElementsAttr value =
      splat ? ElementsAttr(DenseElementsAttr::get(tensorType, values.front()))
      : (int64_t)values.size() >= kResourceMinElements
          ? makeResourceElements<float>(tensorType, values, name)
          : ElementsAttr(DenseElementsAttr::get(tensorType, values));
  return ConstantOp::create(b, loc, type, value, StringAttr()).getResult();
}

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_RESOURCECONSTANTS_H
