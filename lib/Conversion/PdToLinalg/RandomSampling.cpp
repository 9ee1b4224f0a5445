//===- RandomSampling.cpp - bernoulli, randperm, multinomial, gumbel_softmax ===//
//
// Draws come from hashUniform of (the op's stream, an element's linear
// index), as for uniform/gaussian (Creation.cpp): no state, the same in
// every run of a compiled program, independent of threads. randperm sorts
// random keys; multinomial samples with replacement by the inverse of the
// running sum, without replacement by the Gumbel top-k trick (the k largest
// log p + Gumbel noise are a draw without replacement).
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"
#include "Conversion/PdToLinalg/ScalarArith.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

RankedTensorType typeOf(Value v) { return cast<RankedTensorType>(v.getType()); }

/// -log(-log(u)): a standard Gumbel draw from a uniform one.
Value gumbel(OpBuilder &b, Location loc, Value u) {
  Value l = math::LogOp::create(b, loc, u);
  return arith::NegFOp::create(
      b, loc, math::LogOp::create(b, loc, arith::NegFOp::create(b, loc, l)));
}

LogicalResult lowerBernoulli(Operation *op, Lowerer &l) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(op->getOperand(0));
  RankedTensorType t = typeOf(x);
  if (failed(requireStatic(op, {t})))
    return failure();
  Type elem = t.getElementType();
  if (!isa<FloatType>(elem))
    return op->emitOpError() << "the CPU lowering supports float probabilities";
  uint64_t key = randomStreamKey(op, 0);
  Value out = buildElementwiseWithIndices(
      b, loc, t, x, [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
        Value i = linearIndex(nb, nl, t.getShape(), a.drop_front());
        Value u = hashUniform(nb, nl, i, key, elem);
        Value hit = arith::CmpFOp::create(nb, nl, arith::CmpFPredicate::OLT, u, a[0]);
        return arith::SelectOp::create(nb, nl, hit, scalarConstant(nb, nl, elem, 1),
                                       scalarConstant(nb, nl, elem, 0));
      });
  l.map(op->getResult(0), castTo(b, loc, out, loweredType(op->getResult(0).getType())));
  return success();
}

/// The columns of each row of `keys` [B, C] by decreasing key.
Value rankedColumns(OpBuilder &b, Location loc, Value keys, bool descending) {
  Value sorted, columns;
  sortLastAxis(b, loc, keys, descending, sorted, columns);
  return columns;
}

LogicalResult lowerRandperm(Operation *op, Lowerer &l) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  if (failed(requireStatic(op, {outType})))
    return failure();
  int64_t n = outType.getDimSize(0);
  uint64_t key = randomStreamKey(op, 0);
  Type f64 = b.getF64Type();
  Value keys = buildElementwiseWithIndices(
      b, loc, RankedTensorType::get({1, n}, f64), {},
      [&](OpBuilder &nb, Location nl, ValueRange idx) -> Value {
        return hashUniform(nb, nl, idx[1], key, f64);
      });
  Value columns = reshapeTo(b, loc, rankedColumns(b, loc, keys, false),
                            RankedTensorType::get({n}, b.getI64Type()));
  Type elem = outType.getElementType();
  if (elem != b.getI64Type())
    columns = buildElementwise(b, loc, RankedTensorType::get({n}, elem), columns,
                               [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                                 return castScalar(nb, nl, a[0], elem);
                               });
  l.map(op->getResult(0), castTo(b, loc, columns, outType));
  return success();
}

LogicalResult lowerMultinomial(Operation *op, Lowerer &l) {
  auto o = cast<MultinomialOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  RankedTensorType t = typeOf(x);
  if (failed(requireStatic(op, {t})))
    return failure();
  std::optional<double> samples = constScalar(o.getNumSamples());
  if (!samples)
    return op->emitOpError() << "the CPU lowering needs num_samples known at compile time";
  int64_t k = (int64_t)*samples, c = t.getDimSize(t.getRank() - 1);
  int64_t rows = t.getRank() == 2 ? t.getDimSize(0) : 1;
  Type elem = t.getElementType();
  if (c == 0)
    return op->emitOpError() << "has no categories";
  Value probs = reshapeTo(b, loc, x, RankedTensorType::get({rows, c}, elem));
  uint64_t key = randomStreamKey(op, 0);
  Type i64 = b.getI64Type();
  Value picked;
  if (!o.getReplacement()) {
    // Gumbel top-k: the k largest log p + Gumbel noise.
    Value keys = buildElementwiseWithIndices(
        b, loc, RankedTensorType::get({rows, c}, elem), probs,
        [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
          Value i = linearIndex(nb, nl, {rows, c}, a.drop_front());
          Value g = gumbel(nb, nl, hashUniform(nb, nl, i, key, elem));
          return arith::AddFOp::create(nb, nl, math::LogOp::create(nb, nl, a[0]), g);
        });
    Value columns = rankedColumns(b, loc, keys, /*descending=*/true);
    SmallVector<OpFoldResult> offsets(2, b.getIndexAttr(0)),
        sizes{b.getIndexAttr(rows), b.getIndexAttr(k)}, strides(2, b.getIndexAttr(1));
    picked = tensor::ExtractSliceOp::create(b, loc, RankedTensorType::get({rows, k}, i64),
                                            columns, offsets, sizes, strides);
  } else {
    // The first column whose running sum passes u * total.
    Value totals = buildReduction(b, loc, probs, {1}, /*keepDims=*/false,
                                  scalarConstant(b, loc, elem, 0),
                                  [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                                    return arith::AddFOp::create(nb, nl, a[1], a[0]);
                                  });
    MLIRContext *ctx = b.getContext();
    auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
    auto runType = RankedTensorType::get({rows, k}, elem);
    auto idxType = RankedTensorType::get({rows, k}, i64);
    auto generic = linalg::GenericOp::create(
        b, loc, TypeRange{runType, idxType}, ValueRange{probs},
        ValueRange{createFilled(b, loc, runType, scalarConstant(b, loc, elem, 0)),
                   createFilled(b, loc, idxType, scalarConstant(b, loc, i64, -1))},
        ArrayRef<AffineMap>{AffineMap::get(3, 0, {d(0), d(2)}, ctx),
                            AffineMap::get(3, 0, {d(0), d(1)}, ctx),
                            AffineMap::get(3, 0, {d(0), d(1)}, ctx)},
        ArrayRef<utils::IteratorType>{utils::IteratorType::parallel,
                                      utils::IteratorType::parallel,
                                      utils::IteratorType::reduction},
        [&](OpBuilder &nb, Location nl, ValueRange a) {
          Value r = linalg::IndexOp::create(nb, nl, 0), s = linalg::IndexOp::create(nb, nl, 1);
          Value j = castScalar(nb, nl, linalg::IndexOp::create(nb, nl, 2), i64);
          Value sample = linearIndex(nb, nl, {rows, k}, {r, s});
          Value u = arith::MulFOp::create(nb, nl, hashUniform(nb, nl, sample, key, elem),
                                          tensor::ExtractOp::create(nb, nl, totals, ValueRange{r}));
          Value run = arith::AddFOp::create(nb, nl, a[1], a[0]);
          Value open = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::slt, a[2],
                                             scalarConstant(nb, nl, i64, 0));
          Value past = arith::CmpFOp::create(nb, nl, arith::CmpFPredicate::OGT, run, u);
          Value take = arith::AndIOp::create(nb, nl, open, past);
          linalg::YieldOp::create(nb, nl,
                                  ValueRange{run, arith::SelectOp::create(nb, nl, take, j, a[2])});
        });
    // Rounding left u at the total: the last column.
    picked = buildElementwise(b, loc, idxType, generic.getResult(1),
                              [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                                Value none = arith::CmpIOp::create(
                                    nb, nl, arith::CmpIPredicate::slt, a[0],
                                    scalarConstant(nb, nl, i64, 0));
                                return arith::SelectOp::create(
                                    nb, nl, none, scalarConstant(nb, nl, i64, c - 1), a[0]);
                              });
  }
  RankedTensorType outType = loweredType(o.getOut().getType());
  l.map(o.getOut(), castTo(b, loc, reshapeTo(b, loc, picked,
                                             RankedTensorType::get(outType.getShape(), i64)),
                           outType));
  return success();
}

/// gumbel_softmax: softmax((x + g) / temperature) along axis; hard: 1 where
/// that is the row's largest, else 0.
LogicalResult lowerGumbelSoftmax(Operation *op, Lowerer &l) {
  auto o = cast<GumbelSoftmaxOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  RankedTensorType t = typeOf(x);
  if (failed(requireStatic(op, {t})))
    return failure();
  Type elem = t.getElementType();
  if (!isa<FloatType>(elem))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  if (t.getRank() == 0) {
    // One element: probability 1.
    l.map(o.getOut(), createFilled(b, loc, t, scalarConstant(b, loc, elem, 1)));
    return success();
  }
  int64_t axis = normalizeAxis((int32_t)o.getAxis(), t.getRank());
  double invT = 1.0 / o.getTemperature().convertToFloat();
  uint64_t key = randomStreamKey(op, 0);
  Value y = buildElementwiseWithIndices(
      b, loc, t, x, [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
        Value i = linearIndex(nb, nl, t.getShape(), a.drop_front());
        Value g = gumbel(nb, nl, hashUniform(nb, nl, i, key, elem));
        return arith::MulFOp::create(nb, nl, arith::AddFOp::create(nb, nl, a[0], g),
                                     scalarConstant(nb, nl, elem, invT));
      });
  Value m = buildReduction(b, loc, y, {axis}, /*keepDims=*/true, minValue(b, loc, elem),
                           [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                             return arith::MaximumFOp::create(nb, nl, a[1], a[0]);
                           });
  Value out;
  if (o.getHard()) {
    out = buildElementwise(b, loc, t, ValueRange{y, m},
                           [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                             Value top = arith::CmpFOp::create(nb, nl, arith::CmpFPredicate::OEQ,
                                                               a[0], a[1]);
                             return arith::SelectOp::create(nb, nl, top,
                                                            scalarConstant(nb, nl, elem, 1),
                                                            scalarConstant(nb, nl, elem, 0));
                           });
  } else {
    Value e = buildElementwise(b, loc, t, ValueRange{y, m},
                               [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                                 return math::ExpOp::create(
                                     nb, nl, arith::SubFOp::create(nb, nl, a[0], a[1]));
                               });
    Value s = buildReduction(b, loc, e, {axis}, /*keepDims=*/true, scalarConstant(b, loc, elem, 0),
                             [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                               return arith::AddFOp::create(nb, nl, a[1], a[0]);
                             });
    out = buildElementwise(b, loc, t, ValueRange{e, s},
                           [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                             return arith::DivFOp::create(nb, nl, a[0], a[1]);
                           });
  }
  l.map(o.getOut(), castTo(b, loc, out, loweredType(o.getOut().getType())));
  return success();
}

} // namespace

void lowering::populateRandomSamplingLowerings(LoweringTable &table) {
  table.add("pd.bernoulli", lowerBernoulli);
  table.add("pd.randperm", lowerRandperm);
  table.add("pd.multinomial", lowerMultinomial);
  table.add("pd.gumbel_softmax", lowerGumbelSoftmax);
}
