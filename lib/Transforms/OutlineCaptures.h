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

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::pd {

struct OutlineCaptures {
  SmallVector<Value> arguments;       // in first-use order
  SmallVector<Operation *> constants; // operands before their users
};

/// Whether `v`, a scalar or vector, is computed from constants alone by
/// pure ops (a `vector.constant_mask` and its `vector.shape_cast`); if so,
/// adds those ops to `ops`, operands first. Passed as an argument, such a
/// mask reached LLVM as a <208 x i1> call operand (DeiT's softmax over 197
/// tokens), which the kernel could not fold and whose calls took most of
/// the program's instruction selection. Buffers (memref.get_global of the
/// weights) stay arguments, so that kernels of other weights are shared.
inline bool isConstantComputation(Value v, llvm::SetVector<Operation *> &ops,
                                  unsigned depth = 0) {
  Operation *def = v.getDefiningOp();
  if (!def || depth > 4 || def->getNumRegions() != 0 || def->getNumResults() != 1)
    return false;
  if (ops.contains(def))
    return true;
  llvm::SetVector<Operation *> mine;
  if (!def->hasTrait<OpTrait::ConstantLike>()) {
    if (!isMemoryEffectFree(def) ||
        !isa<VectorType, IntegerType, FloatType, IndexType>(v.getType()))
      return false;
    for (Value operand : def->getOperands())
      if (!isConstantComputation(operand, mine, depth + 1))
        return false;
  }
  ops.insert(mine.begin(), mine.end());
  ops.insert(def);
  return true;
}

inline OutlineCaptures collectOutlineCaptures(Operation *op) {
  llvm::SetVector<Value> captured;
  for (Value v : op->getOperands())
    captured.insert(v);
  getUsedValuesDefinedAbove(op->getRegions(), captured);
  OutlineCaptures result;
  llvm::SetVector<Operation *> constants;
  for (Value v : captured)
    if (!isConstantComputation(v, constants))
      result.arguments.push_back(v);
  result.constants.assign(constants.begin(), constants.end());
  return result;
}

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_OUTLINECAPTURES_H
