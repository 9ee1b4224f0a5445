//===- PdCanonicalize.cpp - dialect-wide canonicalization patterns ---------===//
//
// Paddle passes shapes and axes that may be computed at run time as operands.
// When they are in fact constant, these patterns fold them back to constants,
// so InferMeta (and later lowering) sees the values:
//
//   pd.shape(x), pd.shape64(x), x static -> pd.full_int_array [dims]
//   pd.numel(x), x static          -> pd.full(n)
//   slice(full_int_array, constant bounds) on axis 0, and
//   slice(pd.shape64(x)) of static dims of x (others dynamic)
//                                  -> pd.full_int_array (pd.full if 0-D)
//   stack(combine of 0-D integer pd.full), axis 0
//                                  -> pd.full_int_array [values]
//   IntArray operand = pd.combine of one-element constant pd.full
//                                  -> pd.full_int_array [values]
//
// and identities disappear on values (never on !pd.tensor, where the result
// is a fresh buffer that must not become an alias of the operand):
//
//   scale(x, 1) + 0, add(x, 0), subtract(x, 0), multiply(x, 1),
//   divide(x, 1), cast(x) to x's dtype, assign(x)      -> x
//   transpose(transpose(x, p), q)                      -> transpose(x, p∘q)
//                                                         (x if identity)
//   reshape(reshape(x, a), b), b without 0s            -> reshape(x, b)
//   reshape(x, ...) to x's own static type             -> x
//
// and a pd.if on a constant condition becomes the branch it takes.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Pd/PdDialect.h"

#include "mlir/IR/PatternMatch.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::pd;

namespace {

bool isStatic(Type type) {
  return cast<ShapedType>(type).hasStaticShape();
}

template <typename ShapeOpTy>
struct FoldStaticShape : OpRewritePattern<ShapeOpTy> {
  using OpRewritePattern<ShapeOpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(ShapeOpTy op,
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

/// The values of a pd.full_int_array.
std::optional<SmallVector<int64_t>> constantArray(Value value) {
  auto array = value.getDefiningOp<FullIntArrayOp>();
  if (!array)
    return std::nullopt;
  return SmallVector<int64_t>(array.getValue());
}

/// A 1-D integer result type with `n` static elements.
bool isIntArrayType(Type type, int64_t n) {
  auto shaped = cast<ShapedType>(type);
  return shaped.hasStaticShape() && shaped.getRank() == 1 && shaped.getDimSize(0) == n &&
         isa<IntegerType>(shaped.getElementType());
}

/// The values of a 1-D integer array where known: all of a
/// pd.full_int_array; the static dims of a pd.shape / pd.shape64 of a
/// ranked tensor (ShapedType::kDynamic for the others).
std::optional<SmallVector<int64_t>> partialArray(Value value) {
  if (std::optional<SmallVector<int64_t>> all = constantArray(value))
    return all;
  Value of;
  if (auto shape = value.getDefiningOp<ShapeOp>())
    of = shape.getInput();
  else if (auto shape64 = value.getDefiningOp<Shape64Op>())
    of = shape64.getInput();
  auto type = of ? dyn_cast<ShapedType>(of.getType()) : ShapedType();
  if (!type || !type.hasRank())
    return std::nullopt;
  return SmallVector<int64_t>(type.getShape());
}

/// slice(full_int_array, starts, ends) along axis 0 with constant bounds:
/// the sliced values (a 0-D pd.full when decrease_axis drops the axis), as
/// shape computations take one dim of pd.shape64 (`x.shape[0]`). Also a
/// slice of pd.shape64 of a tensor whose other dims are dynamic, where the
/// dims it takes are static (`x.shape[1]` of a [?, 16, 64] activation: a
/// model exported with a dynamic batch).
struct FoldSliceOfConstantArray : OpRewritePattern<SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SliceOp op, PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int64_t>> values = partialArray(op.getInput());
    std::optional<SmallVector<int64_t>> starts = constantArray(op.getStarts());
    std::optional<SmallVector<int64_t>> ends = constantArray(op.getEnds());
    if (!values || !starts || !ends || op.getAxes().size() != 1 || op.getAxes()[0] != 0 ||
        starts->size() != 1 || ends->size() != 1)
      return failure();
    // Paddle's bounds: negative from the end, clamped to [0, n].
    int64_t n = values->size();
    auto clamp = [n](int64_t v) { return std::clamp<int64_t>(v < 0 ? v + n : v, 0, n); };
    int64_t begin = clamp((*starts)[0]), end = std::max(begin, clamp((*ends)[0]));
    SmallVector<int64_t> sliced(values->begin() + begin, values->begin() + end);
    if (llvm::any_of(sliced, ShapedType::isDynamic))
      return failure();
    ArrayRef<int64_t> decrease = op.getDecreaseAxis();
    auto type = cast<ShapedType>(op.getType());
    if (decrease.size() == 1 && decrease[0] == 0) {
      if (sliced.size() != 1 || type.getRank() != 0 || !isa<IntegerType>(type.getElementType()))
        return failure();
      rewriter.replaceOpWithNewOp<FullOp>(op, op.getType(),
                                          rewriter.getI64IntegerAttr(sliced[0]));
      return success();
    }
    if (!decrease.empty() || !isIntArrayType(op.getType(), sliced.size()))
      return failure();
    rewriter.replaceOpWithNewOp<FullIntArrayOp>(op, sliced, op.getType());
    return success();
  }
};

/// stack([scalar pd.full, ...], axis 0) of integers -> pd.full_int_array:
/// a shape put together from dims and constants (`[4, x.shape[0], 5]`).
struct FoldStackOfConstants : OpRewritePattern<StackOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StackOp op, PatternRewriter &rewriter) const override {
    auto combine = op.getX().getDefiningOp<CombineOp>();
    if (!combine || op.getAxis() != 0)
      return failure();
    SmallVector<int64_t> values;
    for (Value item : combine.getInputs()) {
      auto full = item.getDefiningOp<FullOp>();
      std::optional<int64_t> v = constantInt(item);
      if (!full || !v || cast<ShapedType>(full.getType()).getRank() != 0)
        return failure();
      values.push_back(*v);
    }
    if (!isIntArrayType(op.getType(), values.size()))
      return failure();
    rewriter.replaceOpWithNewOp<FullIntArrayOp>(op, values, op.getType());
    return success();
  }
};

/// Whether `v` is a pd.full of `k` (any shape: callers check broadcasting).
bool isFullOf(Value v, double k) {
  auto full = v.getDefiningOp<FullOp>();
  if (!full)
    return false;
  Attribute value = full.getValue();
  if (auto f = dyn_cast<FloatAttr>(value))
    return f.getValueAsDouble() == k;
  if (auto i = dyn_cast<IntegerAttr>(value))
    return static_cast<double>(i.getInt()) == k;
  if (auto b = dyn_cast<BoolAttr>(value))
    return (b.getValue() ? 1.0 : 0.0) == k;
  return false;
}

/// `op` computes exactly its operand `x` on values: replace it by `x`.
LogicalResult replaceByOperand(Operation *op, Value x,
                               PatternRewriter &rewriter) {
  Type type = op->getResult(0).getType();
  if (!isa<VTensorType>(type) || x.getType() != type)
    return failure();
  rewriter.replaceOp(op, x);
  return success();
}

struct FoldScaleIdentity : OpRewritePattern<ScaleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScaleOp op,
                                PatternRewriter &rewriter) const override {
    if (!isFullOf(op.getScale(), 1.0) || !op.getBias().isZero())
      return failure();
    return replaceByOperand(op, op.getX(), rewriter);
  }
};

/// x op c -> x for the identity element c of a binary op.
template <typename OpTy>
struct FoldRightIdentity : OpRewritePattern<OpTy> {
  FoldRightIdentity(MLIRContext *ctx, double identity, bool commutative)
      : OpRewritePattern<OpTy>(ctx), identity(identity),
        commutative(commutative) {}
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (isFullOf(op.getY(), identity))
      return replaceByOperand(op, op.getX(), rewriter);
    if (commutative && isFullOf(op.getX(), identity))
      return replaceByOperand(op, op.getY(), rewriter);
    return failure();
  }
  double identity;
  bool commutative;
};

struct FoldCastToSameType : OpRewritePattern<CastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CastOp op,
                                PatternRewriter &rewriter) const override {
    return replaceByOperand(op, op.getX(), rewriter);
  }
};

struct FoldAssign : OpRewritePattern<AssignOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AssignOp op,
                                PatternRewriter &rewriter) const override {
    return replaceByOperand(op, op.getX(), rewriter);
  }
};

struct FoldTransposeOfTranspose : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getX().getDefiningOp<TransposeOp>();
    if (!inner || !isa<VTensorType>(op.getType()) ||
        !isa<VTensorType>(inner.getType()))
      return failure();
    ArrayRef<int32_t> p = inner.getPerm(), q = op.getPerm();
    int64_t rank = p.size();
    SmallVector<int32_t> composed;
    bool identity = true;
    for (int64_t i = 0; i < rank; ++i) {
      int64_t qi = q[i] < 0 ? q[i] + rank : q[i];
      int64_t pq = p[qi] < 0 ? p[qi] + rank : p[qi];
      composed.push_back(pq);
      identity &= pq == i;
    }
    if (identity)
      return replaceByOperand(op, inner.getX(), rewriter);
    rewriter.modifyOpInPlace(op, [&] {
      op.getXMutable().assign(inner.getX());
      op.setPerm(composed);
    });
    return success();
  }
};

struct FoldReshape : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<VTensorType>(op.getType()))
      return failure();
    auto type = cast<ShapedType>(op.getType());
    if (type.hasStaticShape() && op.getX().getType() == op.getType())
      return replaceByOperand(op, op.getX(), rewriter);
    auto inner = op.getX().getDefiningOp<ReshapeOp>();
    auto shape = op.getShape().getDefiningOp<FullIntArrayOp>();
    // A 0 copies a dim of the input: with the inner reshape gone it would
    // copy a different one.
    if (!inner || !isa<VTensorType>(inner.getType()) || !shape ||
        llvm::is_contained(shape.getValue(), 0))
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.getXMutable().assign(inner.getX()); });
    return success();
  }
};

/// The value of a one-element bool or integer tensor that is a constant
/// (pd.constant or pd.full, through pd.to_vtensor and through a
/// pd.to_tensor copy nothing else uses, so nothing writes it): a pd.if's
/// condition once shapes have folded.
std::optional<bool> getConstantCondition(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (auto toTensor = dyn_cast<ToTensorOp>(def)) {
      if (!toTensor->getResult(0).hasOneUse())
        return std::nullopt;
      v = toTensor.getOperand();
      continue;
    }
    if (auto toValue = dyn_cast<ToVTensorOp>(def)) {
      v = toValue.getOperand();
      continue;
    }
    Attribute value;
    if (auto full = dyn_cast<FullOp>(def)) {
      value = full.getValue();
    } else if (auto constant = dyn_cast<ConstantOp>(def)) {
      auto elements = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!elements || elements.getNumElements() != 1)
        return std::nullopt;
      value = *elements.getValues<Attribute>().begin();
    }
    if (auto b = dyn_cast_or_null<BoolAttr>(value))
      return b.getValue();
    if (auto i = dyn_cast_or_null<IntegerAttr>(value))
      return !i.getValue().isZero();
    return std::nullopt;
  }
  return std::nullopt;
}

/// Whether `value` may take a more static type of the same element type:
/// every user is a pd op whose operand types may be more static than its
/// own types say (not pd.fetch, pd.yield, pd.to_tensor or pd.to_vtensor,
/// whose types must match their operands').
bool takesRefinedType(Value value) {
  return llvm::all_of(value.getUsers(), [](Operation *user) {
    return isa<PdDialect>(user->getDialect()) &&
           !isa<FetchOp, YieldOp, ToTensorOp, ToVTensorOp>(user);
  });
}

/// pd.if on a constant condition -> the ops of the branch it takes (T5's
/// decoder tests whether its causal mask must grow, from shapes that fold).
/// The branch may yield a more static type than the result's: then the
/// result's users must take it (takesRefinedType), or be pd.to_vtensor /
/// pd.to_tensor copies whose own results then take it (their types are
/// their operand's). pd-infer-shapes refines the users' results after.
struct InlineIfOfConstantCondition : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op, PatternRewriter &rewriter) const override {
    std::optional<bool> taken = getConstantCondition(op.getCond());
    if (!taken)
      return failure();
    Block &block = (*taken ? op.getThenRegion() : op.getElseRegion()).front();
    auto yield = dyn_cast<YieldOp>(block.getTerminator());
    if (!yield || yield.getNumOperands() != op.getNumResults())
      return failure();
    SmallVector<Operation *> copies;
    for (auto [result, value] : llvm::zip_equal(op.getResults(), yield.getOperands())) {
      if (result.getType() == value.getType())
        continue;
      for (Operation *user : result.getUsers()) {
        if (isa<ToTensorOp, ToVTensorOp>(user) && takesRefinedType(user->getResult(0)))
          copies.push_back(user);
        else if (!isa<PdDialect>(user->getDialect()) ||
                 isa<FetchOp, YieldOp, ToTensorOp, ToVTensorOp>(user))
          return failure();
      }
    }
    SmallVector<Value> values(yield.getOperands());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(&block, op);
    rewriter.replaceOp(op, values);
    for (Operation *copy : copies) {
      Type type = copy->getOperand(0).getType();
      Type refined = isa<ToVTensorOp>(copy)
                         ? Type(cast<mlir::pd::TensorType>(type).getWithValueSemantics())
                         : Type(cast<mlir::pd::VTensorType>(type).getWithoutValueSemantics());
      rewriter.modifyOpInPlace(copy, [&] { copy->getResult(0).setType(refined); });
    }
    return success();
  }
};

} // namespace

void PdDialect::getCanonicalizationPatterns(RewritePatternSet &results) const {
  MLIRContext *ctx = getContext();
  results.add<FoldStaticShape<ShapeOp>, FoldStaticShape<Shape64Op>, FoldStaticNumel,
              FoldSliceOfConstantArray, FoldStackOfConstants, FoldConstantIntArrayOperands,
              FoldScaleIdentity, FoldCastToSameType, FoldAssign,
              FoldTransposeOfTranspose, FoldReshape, InlineIfOfConstantCondition>(ctx);
  results.add<FoldRightIdentity<AddOp>>(ctx, 0.0, /*commutative=*/true);
  results.add<FoldRightIdentity<SubtractOp>>(ctx, 0.0, /*commutative=*/false);
  results.add<FoldRightIdentity<MultiplyOp>>(ctx, 1.0, /*commutative=*/true);
  results.add<FoldRightIdentity<DivideOp>>(ctx, 1.0, /*commutative=*/false);
}
