//===- FuseLinalgElementwise.cpp - elementwise fusion without recompute ---===//
//
// pd-fuse-linalg-elementwise: upstream's elementwise op fusion (as the
// linalg-fuse-elementwise-ops pass drives it), but a producer is fused only
// where the consumer reads each of its elements once. Fusing into a consumer
// that reads an element many times (a contraction, a broadcast) repeats the
// producer's whole computation per read: GELU into the next matmul
// evaluated erf once per multiply-add.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDFUSELINALGELEMENTWISE
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// Ops in a linalg op's body.
int64_t bodySize(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  if (!linalgOp || op->getNumRegions() != 1 || op->getRegion(0).empty())
    return 0;
  return (int64_t)op->getRegion(0).front().getOperations().size();
}

/// Upstream's condition (the producer has no other user), and the consumer
/// reads each produced element exactly once: its indexing map for the fused
/// operand uses every loop, each once. And the fused body stays under
/// `maxOps`: every fusion copies both bodies, so fusing a chain of N ops
/// into one body cost O(N^2) (5,000 relus: 6 s in this pass alone).
bool fusesWithoutRecompute(OpOperand *fused, int64_t maxOps) {
  Operation *producer = fused->get().getDefiningOp();
  if (!producer || !producer->hasOneUse())
    return false;
  auto consumer = dyn_cast<linalg::LinalgOp>(fused->getOwner());
  if (!consumer)
    return true;
  if (bodySize(producer) + bodySize(consumer) > maxOps)
    return false;
  return consumer.getMatchingIndexingMap(fused).isPermutation();
}

bool hasReduction(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  return linalgOp && linalgOp.getNumReductionLoops() > 0;
}

/// Reshapes are folded into elementwise ops by expanding their loops, never
/// into contractions: a matmul whose input is a merged-heads reshape would
/// become a contraction over two reduction loops, which the kernel
/// generator does not tile (scalar loops, 25x slower).
bool foldsReshapeIntoElementwise(OpOperand *fused) {
  Operation *producer = fused->get().getDefiningOp();
  if (!producer || !producer->hasOneUse())
    return false;
  return !hasReduction(producer) && !hasReduction(fused->getOwner());
}

struct PdFuseLinalgElementwisePass
    : public pd::impl::PdFuseLinalgElementwiseBase<PdFuseLinalgElementwisePass> {
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    linalg::ControlFusionFn oneUse = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      return producer && producer->hasOneUse();
    };
    int64_t maxOps = maxFusedOps;
    linalg::populateElementwiseOpsFusionPatterns(
        patterns, [maxOps](OpOperand *fused) { return fusesWithoutRecompute(fused, maxOps); });
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, foldsReshapeIntoElementwise);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()->getCanonicalizationPatterns(
        patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, oneUse);
    // Top-down, as upstream: bottom-up revisits chains quadratically.
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     GreedyRewriteConfig().setUseTopDownTraversal())))
      return signalPassFailure();
  }
};

} // namespace
