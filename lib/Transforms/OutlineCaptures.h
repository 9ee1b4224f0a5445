//===- OutlineCaptures.h - values an op to be outlined uses from outside ---===//
//
// Shared by pd-outline-kernels and pd-outline-parallel-loops: what an op
// (its operands and the values its regions use from above) needs from the
// enclosing function, split into constants, which the outlined function
// clones (so that they fold there and identical kernels stay identical), and
// the rest, which become its arguments.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_TRANSFORMS_OUTLINECAPTURES_H
#define PADDLE_MLIR_TRANSFORMS_OUTLINECAPTURES_H

#include "mlir/IR/Operation.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::pd {

struct OutlineCaptures {
  SmallVector<Value> arguments;       // in first-use order
  SmallVector<Operation *> constants; // single-result ConstantLike ops
};

inline OutlineCaptures collectOutlineCaptures(Operation *op) {
  llvm::SetVector<Value> captured;
  for (Value v : op->getOperands())
    captured.insert(v);
  getUsedValuesDefinedAbove(op->getRegions(), captured);
  OutlineCaptures result;
  for (Value v : captured) {
    Operation *def = v.getDefiningOp();
    if (def && def->hasTrait<OpTrait::ConstantLike>() && def->getNumResults() == 1)
      result.constants.push_back(def);
    else
      result.arguments.push_back(v);
  }
  return result;
}

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_OUTLINECAPTURES_H
