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

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_RESOURCECONSTANTS_H
