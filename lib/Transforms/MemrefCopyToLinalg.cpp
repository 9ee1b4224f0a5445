//===- MemrefCopyToLinalg.cpp - memref.copy as linalg.copy ----------------===//

#include "Transforms/Passes.h"

#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDMEMREFCOPYTOLINALG
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// The buffer `v` is a view of (through subviews, reshapes and casts).
Value viewRoot(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

/// Whether `copy` copies a region onto itself: two views of one buffer with
/// the same static shape, offset and strides (those of unit dims aside,
/// which reshapes compute differently). Concatenations computed in place
/// (pd-concat-in-place) insert each part where it already is, and their
/// views differ only so.
bool isSelfCopy(memref::CopyOp copy) {
  auto from = dyn_cast<MemRefType>(copy.getSource().getType());
  auto to = dyn_cast<MemRefType>(copy.getTarget().getType());
  if (!from || !to || from.getShape() != to.getShape() || !from.hasStaticShape() ||
      viewRoot(copy.getSource()) != viewRoot(copy.getTarget()))
    return false;
  SmallVector<int64_t> fromStrides, toStrides;
  int64_t fromOffset, toOffset;
  if (failed(from.getStridesAndOffset(fromStrides, fromOffset)) ||
      failed(to.getStridesAndOffset(toStrides, toOffset)) ||
      ShapedType::isDynamic(fromOffset) || fromOffset != toOffset)
    return false;
  for (auto [size, a, b] : llvm::zip(from.getShape(), fromStrides, toStrides))
    if (size != 1 && (ShapedType::isDynamic(a) || a != b))
      return false;
  return true;
}

struct PdMemrefCopyToLinalgPass
    : public pd::impl::PdMemrefCopyToLinalgBase<PdMemrefCopyToLinalgPass> {
  void runOnOperation() override {
    // MLIR 22's memref-to-LLVM lowering asserts (aborts) on i1 loads and
    // stores: report such a buffer here instead (the pd lowering stores
    // bools as bytes, but upstream helpers may still create one).
    WalkResult bad = getOperation().walk([&](Operation *op) {
      for (Type t : op->getResultTypes())
        if (auto m = dyn_cast<MemRefType>(t))
          if (m.getElementType().isInteger(1)) {
            op->emitOpError() << "creates a buffer of i1 (" << t
                              << "), which the LLVM lowering cannot load or store";
            return WalkResult::interrupt();
          }
      return WalkResult::advance();
    });
    if (bad.wasInterrupted())
      return signalPassFailure();
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) {
      // Ranked copies only; an unranked one keeps the runtime call.
      if (isa<MemRefType>(copy.getSource().getType()) &&
          isa<MemRefType>(copy.getTarget().getType()))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      if (isSelfCopy(copy)) {
        copy.erase();
        continue;
      }
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(), copy.getTarget());
      copy.erase();
    }
  }
};
} // namespace
