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
