//===- SinkInitFills.cpp - each accumulating op's fill right before it ----===//
//
// pd-sink-init-fills: an op that accumulates into a fill of a tensor.empty
// (a convolution into its zeros) gets a fill of its own right before it.
// CSE merges the identical fills of all convolutions of one output shape;
// bufferization would give them one buffer and copy it for each other
// user, and the kernels would not see the fill they start from.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDSINKINITFILLS
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// Whether only fills and tensor.empty ops (the other inits of an op with
/// several) come between `fill` and `user`.
bool isRightBefore(linalg::FillOp fill, Operation *user) {
  Operation *next = fill->getNextNode();
  while (next && next != user && isa<linalg::FillOp, tensor::EmptyOp>(next))
    next = next->getNextNode();
  return next == user;
}

/// A use of `fill`'s result as the init of a destination-passing-style op
/// in the fill's block that does not come right after the fill.
OpOperand *distantInitUse(linalg::FillOp fill) {
  for (OpOperand &use : fill.getResult(0).getUses()) {
    Operation *user = use.getOwner();
    auto dps = dyn_cast<DestinationStyleOpInterface>(user);
    if (dps && dps.isDpsInit(&use) && user->getBlock() == fill->getBlock() &&
        !isRightBefore(fill, user))
      return &use;
  }
  return nullptr;
}

struct SinkInitFill : OpRewritePattern<linalg::FillOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::FillOp fill, PatternRewriter &rewriter) const override {
    if (!fill.hasPureTensorSemantics() || fill->getNumResults() != 1)
      return failure();
    auto empty = fill.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>();
    if (!empty || empty->getBlock() != fill->getBlock())
      return failure();
    OpOperand *use = distantInitUse(fill);
    if (!use)
      return failure();
    Operation *user = use->getOwner();
    rewriter.setInsertionPoint(user);
    IRMapping mapping;
    mapping.map(empty.getResult(), rewriter.clone(*empty)->getResult(0));
    Operation *copy = rewriter.clone(*fill, mapping);
    rewriter.modifyOpInPlace(user, [&] { use->set(copy->getResult(0)); });
    if (fill->use_empty())
      rewriter.eraseOp(fill);
    if (empty->use_empty())
      rewriter.eraseOp(empty);
    return success();
  }
};

struct PdSinkInitFillsPass : public pd::impl::PdSinkInitFillsBase<PdSinkInitFillsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SinkInitFill>(&getContext());
    // Only the fills move: the rest of the function is left as it is.
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(false);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns), config))) {
      getOperation().emitError("pd-sink-init-fills did not converge");
      return signalPassFailure();
    }
  }
};

} // namespace
