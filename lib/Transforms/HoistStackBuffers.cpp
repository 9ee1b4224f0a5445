//===- HoistStackBuffers.cpp - stack buffers of loop bodies allocated once -===//
//
// pd-hoist-stack-buffers: an alloca in a loop body is a dynamic stack
// allocation once the loop is lowered to branches; each iteration grows the
// stack by its size. Allocated before the loop, one buffer serves every
// iteration (an alloca's content is undefined each time anyway).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDHOISTSTACKBUFFERS
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// Whether the buffer `alloca` may outlive the iteration that allocated it:
/// it or a view of it is yielded, returned, stored or captured by a call.
bool mayEscape(memref::AllocaOp alloca) {
  SmallVector<Value> worklist{alloca.getResult()};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
        if (view.getViewSource() == v) {
          llvm::append_range(worklist, user->getResults());
          continue;
        }
      }
      if (user->hasTrait<OpTrait::IsTerminator>() || isa<CallOpInterface>(user))
        return true;
      if (auto store = dyn_cast<memref::StoreOp>(user); store && store.getValue() == v)
        return true;
    }
  }
  return false;
}

struct PdHoistStackBuffersPass
    : public pd::impl::PdHoistStackBuffersBase<PdHoistStackBuffersPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocaOp> allocas;
    getOperation().walk([&](memref::AllocaOp alloca) {
      if (alloca->getNumOperands() == 0 && isa<scf::ForOp>(alloca->getParentOp()))
        allocas.push_back(alloca);
    });
    for (memref::AllocaOp alloca : allocas) {
      if (mayEscape(alloca))
        continue;
      // Before the outermost scf.for of the nest it is in.
      Operation *loop = alloca->getParentOp();
      while (isa<scf::ForOp>(loop->getParentOp()))
        loop = loop->getParentOp();
      alloca->moveBefore(loop);
    }
  }
};

} // namespace
