//===- DecomposePad.cpp - tensor.pad as insert_slice + border fills --------===//
//
// pd-decompose-pad: every static tensor.pad becomes a tensor.insert_slice of
// the source into an empty tensor of the padded shape, then one linalg.fill
// per padded side on a slice of it (the border only). With
// `eliminate-empty-tensors` before bufferization, the op that produces the
// source then writes straight into the interior of the padded buffer: no
// separate copy of every padded activation (a convolution's input) through
// memory; and only the border is filled, not the whole buffer (a fill of
// the whole 96x114x114 buffer of a MobileNetV2 layer cost more than the
// depthwise convolution that reads it). Pads with dynamic sizes, or whose
// padding value is computed per element, fall back to upstream's
// linalg::populateDecomposePadPatterns (a fill of the whole buffer).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDDECOMPOSEPAD
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// The uses of `pad`'s source by ops after the pad in its block, where the
/// source is computed in that block and every such use is an input of a
/// linalg op (an elementwise or strided read, e.g. a residual add or a
/// strided 1x1 convolution's patches). Empty if there is another kind of
/// later use (a reshape, an init that is written, another pad): those keep
/// the source as it is. A block's input that is also padded for a 3x3
/// convolution (ResNet's basic blocks, MobileNetV3's first block) is read
/// again after the pad; bufferization then cannot let the producer write
/// into the padded buffer, which the border fills modify while the source
/// is still live, and gives the source a buffer of its own and the padded
/// buffer a copy of it. Reading the padded buffer's interior instead, those
/// readers see the same values and the copy is gone.
SmallVector<OpOperand *> laterReadsOfSource(tensor::PadOp pad) {
  Value source = pad.getSource();
  Operation *producer = source.getDefiningOp();
  if (!producer || producer->getBlock() != pad->getBlock())
    return {};
  SmallVector<OpOperand *> reads;
  for (OpOperand &use : source.getUses()) {
    Operation *user = use.getOwner();
    Operation *inBlock = pad->getBlock()->findAncestorOpInBlock(*user);
    if (user == pad.getOperation() || !inBlock || inBlock->isBeforeInBlock(pad))
      continue;
    auto linalgOp = inBlock == user ? dyn_cast<linalg::LinalgOp>(user) : nullptr;
    if (!linalgOp || !linalgOp.isDpsInput(&use))
      return {};
    reads.push_back(&use);
  }
  return reads;
}

/// tensor.pad (static) -> empty + insert_slice of the source + a fill of
/// each padded side.
struct PadAsBorderFills : OpRewritePattern<tensor::PadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::PadOp pad, PatternRewriter &rewriter) const override {
    RankedTensorType resultType = pad.getResultType(), sourceType = pad.getSourceType();
    if (!resultType.hasStaticShape() || !sourceType.hasStaticShape() ||
        ShapedType::isDynamicShape(pad.getStaticLow()) ||
        ShapedType::isDynamicShape(pad.getStaticHigh()))
      return rewriter.notifyMatchFailure(pad, "dynamic sizes");
    Value padding = pad.getConstantPaddingValue();
    if (!padding)
      return rewriter.notifyMatchFailure(pad, "padding value computed per element");
    Location loc = pad.getLoc();
    SmallVector<OpOperand *> laterReads = laterReadsOfSource(pad);
    ArrayRef<int64_t> low = pad.getStaticLow(), high = pad.getStaticHigh();
    ArrayRef<int64_t> padded = resultType.getShape(), source = sourceType.getShape();
    int64_t rank = resultType.getRank();
    SmallVector<OpFoldResult> ones(rank, rewriter.getIndexAttr(1));
    auto indexAttrs = [&](ArrayRef<int64_t> values) {
      return llvm::to_vector(llvm::map_range(
          values, [&](int64_t v) -> OpFoldResult { return rewriter.getIndexAttr(v); }));
    };
    Value result = tensor::EmptyOp::create(rewriter, loc, padded, resultType.getElementType());
    result = tensor::InsertSliceOp::create(rewriter, loc, pad.getSource(), result,
                                           indexAttrs(low), indexAttrs(source), ones);
    // Each side of each padded dim, across the whole extent of the others
    // (corners are filled twice: a few elements).
    for (int64_t d = 0; d < rank; ++d) {
      // A column of one element on each side of the rows (a 3x3
      // convolution's padding): one fill of both columns (stride W - 1), so
      // that the end of a row and the start of the next, neighbours in
      // memory, are written together: the two fills of one column each,
      // a cache line per row each time, took 13% of MobileNetV2's time.
      if (d == rank - 1 && low[d] == 1 && high[d] == 1 && padded[d] > 2) {
        SmallVector<int64_t> sizes(padded);
        sizes[d] = 2;
        SmallVector<OpFoldResult> strides(ones);
        strides[d] = rewriter.getIndexAttr(padded[d] - 1);
        SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
        Value sides = tensor::ExtractSliceOp::create(rewriter, loc, result, offsets,
                                                     indexAttrs(sizes), strides);
        Value filled =
            linalg::FillOp::create(rewriter, loc, ValueRange{padding}, ValueRange{sides})
                .getResult(0);
        result = tensor::InsertSliceOp::create(rewriter, loc, filled, result, offsets,
                                               indexAttrs(sizes), strides);
        continue;
      }
      for (auto [offset, size] : {std::pair{int64_t(0), low[d]},
                                  std::pair{low[d] + source[d], high[d]}}) {
        if (size == 0)
          continue;
        SmallVector<int64_t> offsets(rank, 0), sizes(padded);
        offsets[d] = offset;
        sizes[d] = size;
        Value side = tensor::ExtractSliceOp::create(rewriter, loc, result, indexAttrs(offsets),
                                                    indexAttrs(sizes), ones);
        Value filled =
            linalg::FillOp::create(rewriter, loc, ValueRange{padding}, ValueRange{side})
                .getResult(0);
        result = tensor::InsertSliceOp::create(rewriter, loc, filled, result,
                                               indexAttrs(offsets), indexAttrs(sizes), ones);
      }
    }
    rewriter.replaceOp(pad, result);
    // The source's later readers read the padded buffer's interior: the
    // producer's result then lives only there (see laterReadsOfSource).
    if (!laterReads.empty()) {
      Value interior = tensor::ExtractSliceOp::create(rewriter, loc, result, indexAttrs(low),
                                                      indexAttrs(source), ones);
      for (OpOperand *use : laterReads)
        rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(interior); });
    }
    return success();
  }
};

struct PdDecomposePadPass : public pd::impl::PdDecomposePadBase<PdDecomposePadPass> {
  void runOnOperation() override {
    // A static size equal to the dynamic sentinel (-2^63) with no value for
    // it, or a negative padding, passes tensor.pad's verifier but makes the
    // patterns read a missing operand or build a negative dim: refuse such
    // pads with a diagnostic (found by tools/fuzz/fuzz_ir.py).
    WalkResult malformed = getOperation().walk([](tensor::PadOp pad) {
      auto dynamicCount = [](ArrayRef<int64_t> sizes) {
        return llvm::count_if(sizes, ShapedType::isDynamic);
      };
      if (dynamicCount(pad.getStaticLow()) != (int64_t)pad.getLow().size() ||
          dynamicCount(pad.getStaticHigh()) != (int64_t)pad.getHigh().size()) {
        pad.emitOpError() << "has a static padding of -2^63 (the dynamic marker) "
                             "without a value for it";
        return WalkResult::interrupt();
      }
      auto negative = [](int64_t v) { return v < 0 && !ShapedType::isDynamic(v); };
      if (llvm::any_of(pad.getStaticLow(), negative) ||
          llvm::any_of(pad.getStaticHigh(), negative)) {
        pad.emitOpError() << "has a negative padding";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (malformed.wasInterrupted())
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<PadAsBorderFills>(&getContext(), /*benefit=*/2);
    linalg::populateDecomposePadPatterns(patterns);
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace
