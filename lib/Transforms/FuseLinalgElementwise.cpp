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

/// A producer of one result whose body is at most `kMaxSharedOps` `arith`
/// ops (a scale: a multiply and the bias add), all of whose users are
/// linalg ops reading each of its elements once: it is fused into each of
/// them, recomputed per user, and its result is never written. The scale
/// before a softmax (attention's 1/sqrt(d)) was a pass of its own over the
/// scores, written to memory and read back by the softmax's maximum and
/// its exponentials. Not `math` ops (an exponential computed twice costs
/// more than the pass it saves).
constexpr int64_t kMaxSharedOps = 2;

bool isCheapSharedProducer(Operation *producer) {
  auto generic = dyn_cast<linalg::GenericOp>(producer);
  if (!generic || generic->getNumResults() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      bodySize(generic) > kMaxSharedOps + 1)
    return false;
  for (Operation &op : generic.getBody()->without_terminator())
    if (!isa<arith::ArithDialect>(op.getDialect()))
      return false;
  for (OpOperand &use : generic->getResult(0).getUses()) {
    auto user = dyn_cast<linalg::GenericOp>(use.getOwner());
    if (!user || !user.isDpsInput(&use) ||
        !user.getMatchingIndexingMap(&use).isPermutation())
      return false;
  }
  return true;
}

/// Upstream's condition (the producer has no other user), and the consumer
/// reads each produced element exactly once: its indexing map for the fused
/// operand uses every loop, each once. And the fused body stays under
/// `maxOps`: every fusion copies both bodies, so fusing a chain of N ops
/// into one body cost O(N^2) (5,000 relus: 6 s in this pass alone).
bool fusesWithoutRecompute(OpOperand *fused, int64_t maxOps) {
  Operation *producer = fused->get().getDefiningOp();
  if (!producer || (!producer->hasOneUse() && !isCheapSharedProducer(producer)))
    return false;
  auto consumer = dyn_cast<linalg::LinalgOp>(fused->getOwner());
  if (!consumer)
    return producer->hasOneUse();
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
  /// Whether every reshape's reassociation lists each dim of its source
  /// (collapse) or result (expand) once, in order: upstream's verifier let
  /// [[4611686018427387904, 1]] through (found by fuzz_ir), and the
  /// bubble-up pattern below then indexed past the shape.
  static LogicalResult checkReassociations(Operation *root) {
    WalkResult result = root->walk([](Operation *op) {
      SmallVector<ReassociationIndices> groups;
      int64_t rank;
      if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(op)) {
        groups = collapse.getReassociationIndices();
        rank = collapse.getSrcType().getRank();
      } else if (auto expand = dyn_cast<tensor::ExpandShapeOp>(op)) {
        groups = expand.getReassociationIndices();
        rank = expand.getResultType().getRank();
      } else {
        return WalkResult::advance();
      }
      // No groups: a reshape to or from rank 0 (unit dims only).
      if (groups.empty())
        return WalkResult::advance();
      int64_t next = 0;
      for (const ReassociationIndices &group : groups)
        for (int64_t dim : group)
          if (dim != next++) {
            op->emitOpError() << "has a reassociation that does not list dims 0 to "
                              << rank - 1 << " in order";
            return WalkResult::interrupt();
          }
      if (next != rank) {
        op->emitOpError() << "has a reassociation of " << next << " dims for rank " << rank;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    if (failed(checkReassociations(getOperation())))
      return signalPassFailure();
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
