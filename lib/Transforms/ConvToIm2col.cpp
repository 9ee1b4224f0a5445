//===- ConvToIm2col.cpp - 2-D convolutions as im2col + contraction ---------===//
//
// pd-conv-to-im2col: upstream's linalg::rewriteInIm2Col, applied to every
// supported convolution, so that pd-tile-and-vectorize can treat the
// convolution like a matmul.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"
#include "Transforms/Im2colPanels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
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
      if (auto c = dyn_cast<linalg::Conv2DNchwFchwOp>(op)) {
        if (failed(rewriteNchw(rewriter, c)))
          (void)linalg::rewriteInIm2Col(rewriter, c);
      } else {
        (void)linalg::rewriteInIm2Col(rewriter, cast<linalg::Conv2DNhwcHwcfOp>(op));
      }
    }
  }

  /// NCHW: the patches as a 6-D window copy
  ///   col[n, c, kh, kw, oh, ow] = x[n, c, oh*sh + kh*dh, ow*sw + kw*dw]
  /// marked `pd.im2col` (pd-tile-and-vectorize copies its rows with vector
  /// loads; upstream's im2col flattens (oh, ow) and (c, kh, kw) into
  /// div/mod index arithmetic that only scalar loops can follow), collapsed
  /// to [n, c*kh*kw, oh*ow] for the same contraction upstream builds.
  LogicalResult rewriteNchw(IRRewriter &rewriter, linalg::Conv2DNchwFchwOp conv) {
    Value input = conv.getInputs()[0], filter = conv.getInputs()[1],
          init = conv.getOutputs()[0];
    auto inType = cast<RankedTensorType>(input.getType());
    auto fType = cast<RankedTensorType>(filter.getType());
    auto oType = cast<RankedTensorType>(init.getType());
    Type elem = oType.getElementType();
    if (!isa<FloatType>(elem) || inType.getElementType() != elem ||
        fType.getElementType() != elem)
      return failure();
    SmallVector<int64_t> strides = llvm::to_vector(conv.getStrides().getValues<int64_t>());
    SmallVector<int64_t> dilations =
        llvm::to_vector(conv.getDilations().getValues<int64_t>());
    // Strides and dilations of real convolutions; extreme ones (which the
    // linalg verifier lets through) would overflow the patch maps.
    auto plausible = [](int64_t v) { return v >= 1 && v <= (int64_t(1) << 20); };
    if (strides.size() != 2 || dilations.size() != 2 || !llvm::all_of(strides, plausible) ||
        !llvm::all_of(dilations, plausible))
      return failure();
    int64_t n = oType.getDimSize(0), f = oType.getDimSize(1), oh = oType.getDimSize(2),
            ow = oType.getDimSize(3), c = inType.getDimSize(1), kh = fType.getDimSize(2),
            kw = fType.getDimSize(3);
    Location loc = conv.getLoc();
    Value w = tensor::CollapseShapeOp::create(
        rewriter, loc, filter, SmallVector<ReassociationIndices>{{0}, {1, 2, 3}});
    // A 1x1 window with stride 1 reads every input element once, in place:
    // the patches are the input itself, no copy.
    bool pointwise = kh == 1 && kw == 1 && strides[0] == 1 && strides[1] == 1 &&
                     inType.getDimSize(2) == oh && inType.getDimSize(3) == ow;
    if (pointwise) {
      Value col = tensor::CollapseShapeOp::create(
          rewriter, loc, input,
          n == 1 ? SmallVector<ReassociationIndices>{{0, 1}, {2, 3}}
                 : SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
      rewriter.replaceOp(conv, contraction(rewriter, loc, w, col, init, n));
      return success();
    }
    // Patches.
    linalg::GenericOp copy =
        pd::buildIm2colPatches(rewriter, loc, input, kh, kw, oh, ow, strides, dilations);
    Value col = tensor::CollapseShapeOp::create(
        rewriter, loc, copy.getResult(0),
        n == 1 ? SmallVector<ReassociationIndices>{{0, 1, 2, 3}, {4, 5}}
               : SmallVector<ReassociationIndices>{{0}, {1, 2, 3}, {4, 5}});
    rewriter.replaceOp(conv, contraction(rewriter, loc, w, col, init, n));
    (void)f;
    return success();
  }

  /// out = w x col: `w` [f, k], `col` [k, p] for one image (n = 1) or
  /// [n, k, p]; `init` the NCHW output, the result in its shape.
  Value contraction(IRRewriter &rewriter, Location loc, Value w, Value col, Value init,
                    int64_t n) {
    auto oType = cast<RankedTensorType>(init.getType());
    MLIRContext *ctx = rewriter.getContext();
    auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
    if (n == 1) {
      // One image: a plain linalg.matmul out[f, p] += w[f, k] * col[k, p],
      // which pd-tile-and-vectorize lowers through vector.contract to outer
      // products. (The batched form becomes such a matmul only in cache
      // tiles of one image; a contraction too small for a cache level would
      // vectorize to multiplies on vector<6x64x1xf32>, which reach LLVM as
      // arrays of <1 x float>: 4x the IR, seconds of opt/llc for a DenseNet.)
      Value out = tensor::CollapseShapeOp::create(
          rewriter, loc, init, SmallVector<ReassociationIndices>{{0, 1}, {2, 3}});
      auto matmul = linalg::MatmulOp::create(rewriter, loc, out.getType(),
                                             ValueRange{w, col}, ValueRange{out});
      return tensor::ExpandShapeOp::create(rewriter, loc, oType, matmul.getResult(0),
                                           SmallVector<ReassociationIndices>{{0, 1}, {2, 3}});
    }
    Value out = tensor::CollapseShapeOp::create(
        rewriter, loc, init, SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
    // out[n, f, p] += w[f, k] * col[n, k, p]
    auto matmul = linalg::GenericOp::create(
        rewriter, loc, out.getType(), ValueRange{w, col}, ValueRange{out},
        ArrayRef<AffineMap>{AffineMap::get(4, 0, {d(1), d(3)}, ctx),
                            AffineMap::get(4, 0, {d(0), d(3), d(2)}, ctx),
                            AffineMap::get(4, 0, {d(0), d(1), d(2)}, ctx)},
        SmallVector<utils::IteratorType>{utils::IteratorType::parallel,
                                         utils::IteratorType::parallel,
                                         utils::IteratorType::parallel,
                                         utils::IteratorType::reduction},
        [](OpBuilder &b, Location l, ValueRange args) {
          Value m = arith::MulFOp::create(b, l, args[0], args[1]);
          linalg::YieldOp::create(b, l, ValueRange{arith::AddFOp::create(b, l, args[2], m)});
        });
    return tensor::ExpandShapeOp::create(rewriter, loc, oType, matmul.getResult(0),
                                         SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
  }
};

} // namespace
