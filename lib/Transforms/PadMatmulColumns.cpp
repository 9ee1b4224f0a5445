//===- PadMatmulColumns.cpp - matmul columns padded to whole vectors ------===//
//
// pd-pad-matmul-columns: a matmul or batch_matmul on tensors whose right
// operand a transpose produces (attention's k^T) and whose column count is
// not a multiple of the vector width gets that operand padded with zero
// columns to one; its result is then as wide, and the original columns a
// slice of it. The transpose writes into the padded buffer
// (pd-decompose-pad), so the padding costs a fill of the few new columns.
// A ViT's 197 tokens left 5 columns of q k^T past 192, which
// pd-tile-and-vectorize generated as four small kernels of 4 and 1 columns
// on one thread: 3% of DeiT-tiny's time.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDPADMATMULCOLUMNS
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// The transpose that produces `v` (through a collapse_shape that keeps its
/// last dim whole), each read only on the way to the matmul: a transpose
/// read elsewhere too could not write into the padded buffer, and
/// bufferization would copy it there.
linalg::TransposeOp transposeProducing(Value v) {
  if (!v.hasOneUse())
    return nullptr;
  if (auto collapse = v.getDefiningOp<tensor::CollapseShapeOp>()) {
    SmallVector<ReassociationIndices> groups = collapse.getReassociationIndices();
    if (groups.empty() || groups.back().size() != 1 || !collapse.getSrc().hasOneUse())
      return nullptr;
    v = collapse.getSrc();
  }
  auto transpose = v.getDefiningOp<linalg::TransposeOp>();
  if (!transpose || !transpose->hasOneUse() ||
      !transpose.getInit().getDefiningOp<tensor::EmptyOp>())
    return nullptr;
  return transpose;
}

/// The most columns padded (and the widest vector-width honoured).
constexpr int64_t kMaxColumns = int64_t(1) << 40;

struct PadColumns : OpInterfaceRewritePattern<linalg::LinalgOp> {
  PadColumns(MLIRContext *ctx, int64_t width, int64_t minColumns)
      : OpInterfaceRewritePattern(ctx), width(width), minColumns(minColumns) {}

  LogicalResult matchAndRewrite(linalg::LinalgOp op, PatternRewriter &rewriter) const override {
    if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op.getOperation()) ||
        !op.hasPureTensorSemantics())
      return failure();
    // Plain matmuls only (no transposed or broadcast operands).
    auto defaultMaps = [&]() {
      SmallVector<AffineMap> maps = op.getIndexingMapsArray();
      unsigned loops = op.getNumLoops();
      MLIRContext *ctx = op.getContext();
      auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
      unsigned b = loops - 3;
      SmallVector<AffineExpr> lead;
      for (unsigned i = 0; i < b; ++i)
        lead.push_back(d(i));
      auto map = [&](AffineExpr x, AffineExpr y) {
        SmallVector<AffineExpr> r(lead);
        r.append({x, y});
        return AffineMap::get(loops, 0, r, ctx);
      };
      return maps[0] == map(d(b), d(b + 2)) && maps[1] == map(d(b + 2), d(b + 1)) &&
             maps[2] == map(d(b), d(b + 1));
    };
    if (!defaultMaps())
      return failure();
    Value rhs = op.getDpsInputs()[1];
    auto rhsType = dyn_cast<RankedTensorType>(rhs.getType());
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!rhsType || !resultType || !rhsType.hasStaticShape() || !resultType.hasStaticShape())
      return failure();
    int64_t n = rhsType.getShape().back();
    // Column counts far past any model's (a fuzzed type's 2^62) would
    // overflow the padded count: left alone.
    if (n % width == 0 || n < minColumns || n > kMaxColumns)
      return failure();
    int64_t padded = llvm::alignTo(n, width);
    linalg::TransposeOp transpose = transposeProducing(rhs);
    if (!transpose)
      return failure();
    // The init: a constant fill of an empty tensor.
    auto fill = op.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
    if (!fill || !fill.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>() ||
        !fill.getInputs()[0].getDefiningOp<arith::ConstantOp>())
      return failure();
    Location loc = op.getLoc();
    Type elem = resultType.getElementType();
    // The transpose's result, padded along its last dim (n) with zeros.
    rewriter.setInsertionPointAfter(transpose);
    auto transposedType = cast<RankedTensorType>(transpose->getResult(0).getType());
    int64_t rank = transposedType.getRank();
    SmallVector<OpFoldResult> low(rank, rewriter.getIndexAttr(0)),
        high(rank, rewriter.getIndexAttr(0));
    high.back() = rewriter.getIndexAttr(padded - n);
    SmallVector<int64_t> paddedShape(transposedType.getShape());
    paddedShape.back() = padded;
    Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(elem));
    Value pad = tensor::PadOp::create(rewriter, loc,
                                      RankedTensorType::get(paddedShape, elem),
                                      transpose->getResult(0), low, high, zero);
    Value newRhs = pad;
    if (auto collapse = rhs.getDefiningOp<tensor::CollapseShapeOp>()) {
      rewriter.setInsertionPoint(collapse);
      newRhs = tensor::CollapseShapeOp::create(rewriter, collapse.getLoc(), pad,
                                               collapse.getReassociationIndices());
    }
    // The wider result: a fill of its own, the matmul, then the slice of
    // the original columns.
    rewriter.setInsertionPoint(op);
    SmallVector<int64_t> wideShape(resultType.getShape());
    wideShape.back() = padded;
    Value empty = tensor::EmptyOp::create(rewriter, loc, wideShape, elem);
    Value wideInit =
        linalg::FillOp::create(rewriter, loc, fill.getInputs()[0], empty).getResult(0);
    Operation *wide = mlir::clone(rewriter, op, TypeRange{RankedTensorType::get(wideShape, elem)},
                                  ValueRange{op.getDpsInputs()[0], newRhs, wideInit});
    SmallVector<OpFoldResult> offsets(resultType.getRank(), rewriter.getIndexAttr(0)),
        sizes, strides(resultType.getRank(), rewriter.getIndexAttr(1));
    for (int64_t d : resultType.getShape())
      sizes.push_back(rewriter.getIndexAttr(d));
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(op, resultType, wide->getResult(0),
                                                        offsets, sizes, strides);
    return success();
  }

  int64_t width, minColumns;
};

struct PdPadMatmulColumnsPass
    : public pd::impl::PdPadMatmulColumnsBase<PdPadMatmulColumnsPass> {
  using PdPadMatmulColumnsBase::PdPadMatmulColumnsBase;

  void runOnOperation() override {
    if (vectorWidth < 2 || vectorWidth > kMaxColumns)
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<PadColumns>(&getContext(), vectorWidth, minColumns);
    // The padded matmul's right operand is a pad, not a transpose: the
    // pattern does not apply to it again.
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
