//===- MemrefCopyToLinalg.cpp - memref.copy as linalg.copy ----------------===//

#include "Transforms/Passes.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDMEMREFCOPYTOLINALG
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {
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
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(), copy.getTarget());
      copy.erase();
    }
  }
};
} // namespace
