//===- ConvToIm2col.cpp - 2-D convolutions as im2col + contraction ---------===//
//
// pd-conv-to-im2col: upstream's linalg::rewriteInIm2Col, applied to every
// supported convolution, so that pd-tile-and-vectorize can treat the
// convolution like a matmul.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDCONVTOIM2COL
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

struct PdConvToIm2colPass
    : public pd::impl::PdConvToIm2colBase<PdConvToIm2colPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<Operation *> convs;
    getOperation().walk([&](Operation *op) {
      if (isa<linalg::Conv2DNchwFchwOp, linalg::Conv2DNhwcHwcfOp>(op) &&
          cast<linalg::LinalgOp>(op).hasPureTensorSemantics() &&
          llvm::all_of(op->getOperandTypes(), [](Type t) {
            return cast<ShapedType>(t).hasStaticShape();
          }))
        convs.push_back(op);
    });
    for (Operation *op : convs) {
      rewriter.setInsertionPoint(op);
      // A convolution the rewrite does not support stays as it is.
      if (auto c = dyn_cast<linalg::Conv2DNchwFchwOp>(op))
        (void)linalg::rewriteInIm2Col(rewriter, c);
      else
        (void)linalg::rewriteInIm2Col(rewriter, cast<linalg::Conv2DNhwcHwcfOp>(op));
    }
  }
};

} // namespace
