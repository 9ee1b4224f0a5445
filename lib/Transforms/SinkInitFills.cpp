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
#include "mlir/Interfaces/FunctionInterfaces.h"
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

/// The uses of `fill`'s result as the init of a destination-passing-style
/// op in the fill's block that does not come right after the fill.
SmallVector<OpOperand *> distantInitUses(linalg::FillOp fill) {
  SmallVector<OpOperand *> uses;
  for (OpOperand &use : fill.getResult(0).getUses()) {
    Operation *user = use.getOwner();
    auto dps = dyn_cast<DestinationStyleOpInterface>(user);
    if (dps && dps.isDpsInit(&use) && user->getBlock() == fill->getBlock() &&
        !isRightBefore(fill, user))
      uses.push_back(&use);
  }
  return uses;
}

/// Each distant init use of a fill of a tensor.empty gets a clone of both
/// right before its op (all at once: the driver does not revisit the fill
/// when only its users change).
struct SinkInitFill : OpRewritePattern<linalg::FillOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::FillOp fill, PatternRewriter &rewriter) const override {
    if (!fill.hasPureTensorSemantics() || fill->getNumResults() != 1)
      return failure();
    auto empty = fill.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>();
    if (!empty || empty->getBlock() != fill->getBlock())
      return failure();
    SmallVector<OpOperand *> uses = distantInitUses(fill);
    if (uses.empty())
      return failure();
    for (OpOperand *use : uses) {
      Operation *user = use->getOwner();
      rewriter.setInsertionPoint(user);
      IRMapping mapping;
      mapping.map(empty.getResult(), rewriter.clone(*empty)->getResult(0));
      Operation *copy = rewriter.clone(*fill, mapping);
      rewriter.modifyOpInPlace(user, [&] { use->set(copy->getResult(0)); });
    }
    if (fill->use_empty())
      rewriter.eraseOp(fill);
    if (empty->use_empty())
      rewriter.eraseOp(empty);
    return success();
  }
};

/// Whether `op` is a fill, or a reshape that only fills use: the start of
/// an op's init (the zeros of a 1x1 convolution's collapsed result).
bool isFillChain(Operation *op) {
  if (isa<linalg::FillOp>(op))
    return true;
  if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(op) || op->use_empty())
    return false;
  return llvm::all_of(op->getUsers(), [](Operation *user) { return isa<linalg::FillOp>(user); });
}

/// A tensor.empty that other ops use besides fills (or reshapes into
/// fills) in its block: each of those gets an empty of its own, right
/// before it. Bufferization would otherwise write the results of several
/// ops (the fills of two convolutions' collapsed results, or one's fill and
/// the next elementwise op's output) into one buffer, which then holds two
/// live ranges and is no longer the result of one op alone. Other uses
/// keep the empty they share. Only in a function's body: in the branch of
/// an scf.if, a buffer of its own for a value the branch yields makes the
/// deallocation of the results need ownership flags (i1 buffers) at run time.
struct UnshareEmpty : OpRewritePattern<tensor::EmptyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::EmptyOp empty, PatternRewriter &rewriter) const override {
    if (empty.getResult().hasOneUse() || !isa<FunctionOpInterface>(empty->getParentOp()))
      return failure();
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : empty.getResult().getUses())
      if (use.getOwner()->getBlock() == empty->getBlock() && isFillChain(use.getOwner()))
        uses.push_back(&use);
    if (uses.empty())
      return failure();
    for (OpOperand *use : uses) {
      rewriter.setInsertionPoint(use->getOwner());
      Operation *copy = rewriter.clone(*empty);
      rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(copy->getResult(0)); });
    }
    if (empty->use_empty())
      rewriter.eraseOp(empty);
    return success();
  }
};

/// `v` past reshapes (collapse_shape, expand_shape) to the value they
/// reshape.
Value throughReshapes(Value v) {
  while (Operation *op = v.getDefiningOp()) {
    if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(op))
      break;
    v = op->getOperand(0);
  }
  return v;
}

/// Whether a destination-passing-style op writes its result into `empty`
/// (one of its inits is `empty`, maybe reshaped, or a fill of it).
bool writesInto(Operation *op, Value empty) {
  auto dps = dyn_cast_or_null<DestinationStyleOpInterface>(op);
  if (!dps)
    return false;
  return llvm::any_of(dps.getDpsInits(), [&](Value init) {
    init = throughReshapes(init);
    if (auto fill = init.getDefiningOp<linalg::FillOp>())
      init = throughReshapes(fill.getDpsInits()[0]);
    return init == empty;
  });
}

/// An elementwise op whose output is a shared tensor.empty that also holds
/// the input of the op whose result it reads (a 1x1 convolution's
/// epilogue, writing where the convolution's input was computed: the
/// input's last reader is the convolution): it gets an empty of its own.
/// Bufferization would otherwise let it write in place into the buffer the
/// convolution reads, and the epilogue could not run on the convolution's
/// tiles (it would overwrite input columns other tiles still read); the
/// result would go through memory and a kernel of its own.
struct UnshareEpilogueOutput : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op, PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
        op.getNumParallelLoops() != op.getNumLoops() ||
        op.payloadUsesValueFromOperand(op.getDpsInitOperand(0)))
      return failure();
    auto empty = op.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>();
    if (!empty || empty.getResult().hasOneUse() ||
        !isa<FunctionOpInterface>(empty->getParentOp()))
      return failure();
    auto readsInputWrittenIntoEmpty = [&](Value input) {
      auto producer = throughReshapes(input).getDefiningOp<DestinationStyleOpInterface>();
      if (!producer)
        return false;
      return llvm::any_of(producer.getDpsInputs(), [&](Value operand) {
        return writesInto(throughReshapes(operand).getDefiningOp(), empty.getResult());
      });
    };
    if (!llvm::any_of(op.getDpsInputs(), readsInputWrittenIntoEmpty))
      return failure();
    rewriter.setInsertionPoint(op);
    Operation *copy = rewriter.clone(*empty);
    rewriter.modifyOpInPlace(op, [&] { op.getDpsInitsMutable()[0].set(copy->getResult(0)); });
    return success();
  }
};

struct PdSinkInitFillsPass : public pd::impl::PdSinkInitFillsBase<PdSinkInitFillsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SinkInitFill, UnshareEmpty, UnshareEpilogueOutput>(&getContext());
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
