//===- PdCanonicalize.cpp - dialect-wide canonicalization patterns ---------===//
//
// Paddle passes shapes and axes that may be computed at run time as operands.
// When they are in fact constant, these patterns fold them back to constants,
// so InferMeta (and later lowering) sees the values:
//
//   pd.shape(x), x static          -> pd.full_int_array [dims]
//   pd.numel(x), x static          -> pd.full(n)
//   IntArray operand = pd.combine of one-element constant pd.full
//                                  -> pd.full_int_array [values]
//
//===----------------------------------------------------------------------===//

#include "Dialect/Pd/PdDialect.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::pd;

namespace {

bool isStatic(Type type) {
  return cast<ShapedType>(type).hasStaticShape();
}

struct FoldStaticShape : OpRewritePattern<ShapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ShapeOp op,
                                PatternRewriter &rewriter) const override {
    Type inputType = op.getInput().getType();
    if (!isStatic(inputType))
      return failure();
    rewriter.replaceOpWithNewOp<FullIntArrayOp>(
        op, cast<BaseTensorType>(inputType).getShape(), op.getType());
    return success();
  }
};

struct FoldStaticNumel : OpRewritePattern<NumelOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(NumelOp op,
                                PatternRewriter &rewriter) const override {
    Type inputType = op.getX().getType();
    if (!isStatic(inputType))
      return failure();
    int64_t n = cast<ShapedType>(inputType).getNumElements();
    rewriter.replaceOpWithNewOp<FullOp>(op, op.getType(),
                                        rewriter.getI64IntegerAttr(n));
    return success();
  }
};

/// The integer in a one-element constant pd.full.
std::optional<int64_t> constantInt(Value value) {
  auto full = value.getDefiningOp<FullOp>();
  if (!full || cast<ShapedType>(full.getType()).getNumElements() != 1)
    return std::nullopt;
  if (auto i = dyn_cast<IntegerAttr>(full.getValue()))
    return i.getInt();
  if (auto f = dyn_cast<FloatAttr>(full.getValue())) {
    double d = f.getValueAsDouble();
    if (d == static_cast<double>(static_cast<int64_t>(d)))
      return static_cast<int64_t>(d);
  }
  return std::nullopt;
}

struct FoldConstantIntArrayOperands
    : OpInterfaceRewritePattern<OpSpecInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(OpSpecInterface op,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    for (unsigned index : op.getIntArrayOperands()) {
      Value operand = op->getOperand(index);
      auto combine = operand.getDefiningOp<CombineOp>();
      if (!combine)
        continue;
      SmallVector<int64_t> values;
      for (Value item : combine.getInputs()) {
        std::optional<int64_t> v = constantInt(item);
        if (!v)
          break;
        values.push_back(*v);
      }
      if (values.size() != combine.getInputs().size())
        continue;
      // Keep the aliasing kind of the list's elements.
      bool valueSemantics = llvm::all_of(combine.getInputs(), [](Value v) {
        return isa<VTensorType>(v.getType());
      });
      Type i64 = rewriter.getI64Type();
      Type type = valueSemantics
                      ? Type(VTensorType::get(getContext(), {(int64_t)values.size()}, i64))
                      : Type(pd::TensorType::get(getContext(), {(int64_t)values.size()}, i64));
      rewriter.setInsertionPoint(op);
      auto array = FullIntArrayOp::create(rewriter, combine.getLoc(), values, type);
      rewriter.modifyOpInPlace(op, [&] { op->setOperand(index, array); });
      changed = true;
    }
    return success(changed);
  }
};

} // namespace

void PdDialect::getCanonicalizationPatterns(RewritePatternSet &results) const {
  results.add<FoldStaticShape, FoldStaticNumel, FoldConstantIntArrayOperands>(
      getContext());
}
