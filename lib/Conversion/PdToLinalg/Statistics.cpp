//===- Statistics.cpp - order statistics: median, nanmedian, mode ---------===//
//
// The reduced axes are moved last and flattened into rows of n values; each
// row's statistic and its column(s) come out of one linalg.generic over the
// rows that reads the row (sorted, for the medians) with tensor.extract.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

/// `x` with `reduced` (sorted, distinct) moved last, flattened to [rows, n].
Value rowsOf(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> reduced, int64_t &rows,
             int64_t &n) {
  auto t = cast<RankedTensorType>(x.getType());
  int64_t rank = t.getRank();
  SmallVector<int64_t> perm;
  for (int64_t i = 0; i < rank; ++i)
    if (!llvm::is_contained(reduced, i))
      perm.push_back(i);
  llvm::append_range(perm, reduced);
  n = 1;
  for (int64_t a : reduced)
    n *= t.getDimSize(a);
  rows = n == 0 ? 0 : t.getNumElements() / n;
  Value moved = x;
  if (!llvm::equal(perm, llvm::seq<int64_t>(0, rank))) {
    SmallVector<int64_t> shape;
    for (int64_t p : perm)
      shape.push_back(t.getDimSize(p));
    Value init = tensor::EmptyOp::create(b, loc, shape, t.getElementType());
    moved = linalg::TransposeOp::create(b, loc, x, init, perm).getResult()[0];
  }
  return reshapeTo(b, loc, moved, RankedTensorType::get({rows, n}, t.getElementType()));
}

Value extract2(OpBuilder &b, Location loc, Value t, Value row, Value col) {
  return tensor::ExtractOp::create(b, loc, t, ValueRange{row, col});
}

/// A static, non-empty float / int32 / int64 input of median, nanmedian
/// and mode.
LogicalResult checkStatisticInput(Operation *op, RankedTensorType t, StringRef what) {
  if (failed(requireStatic(op, {t})))
    return failure();
  Type elem = t.getElementType();
  if (!isa<FloatType>(elem) && !elem.isInteger(32) && !elem.isInteger(64))
    return op->emitOpError() << "the CPU lowering supports float, int32 and int64 tensors";
  if (t.getNumElements() == 0)
    return op->emitOpError() << "has no " << what << " of an empty tensor";
  return success();
}

/// The axes a median reduces: all for an empty list.
SmallVector<int64_t> medianAxes(Operation *op, int64_t rank) {
  SmallVector<int64_t> axes;
  for (int64_t a : attrInts(op, "axis"))
    axes.push_back(normalizeAxis(a, rank));
  if (axes.empty())
    for (int64_t i = 0; i < rank; ++i)
      axes.push_back(i);
  llvm::sort(axes);
  axes.erase(std::unique(axes.begin(), axes.end()), axes.end());
  return axes;
}

/// median / nanmedian. Rows sorted ascending put NaN last, so the k = n -
/// (NaNs) numbers come first and the middles are at (k-1)/2 and k/2.
/// median: a row with NaN gives NaN, both indices the first NaN's column;
/// nanmedian: k numbers only, an all-NaN row gives NaN and -1.
LogicalResult lowerMedian(Operation *op, Lowerer &l) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  bool skipNan = op->getName().getStringRef() == "pd.nanmedian";
  bool avg = attrStr(op, "mode", "avg") == "avg";
  Value x = l.get(op->getOperand(0));
  auto xt = cast<RankedTensorType>(x.getType());
  if (failed(checkStatisticInput(op, xt, "median")))
    return failure();
  Type elem = xt.getElementType();
  bool isFloat = isa<FloatType>(elem);
  int64_t rows, n;
  Value flat = rowsOf(b, loc, x, medianAxes(op, xt.getRank()), rows, n);
  Value sorted, columns;
  sortLastAxis(b, loc, flat, /*descending=*/false, sorted, columns);
  Type i64 = b.getI64Type();
  Type f64 = b.getF64Type();
  // NaNs per row (0 for integers).
  Value nans = createFilled(b, loc, RankedTensorType::get({rows}, i64),
                            scalarConstant(b, loc, i64, 0));
  if (isFloat)
    nans = buildReduction(b, loc, flat, {1}, /*keepDims=*/false, scalarConstant(b, loc, i64, 0),
                          [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                            Value isNan = arith::CmpFOp::create(
                                nb, nloc, arith::CmpFPredicate::UNO, a[0], a[0]);
                            return arith::AddIOp::create(nb, nloc, a[1],
                                                         arith::ExtUIOp::create(nb, nloc, i64,
                                                                                isNan));
                          });
  auto rowType = RankedTensorType::get({rows}, elem);
  auto idxType = RankedTensorType::get({rows}, i64);
  Value outInit = createFilled(b, loc, rowType, scalarConstant(b, loc, elem, 0));
  Value loInit = createFilled(b, loc, idxType, scalarConstant(b, loc, i64, 0));
  Value hiInit = createFilled(b, loc, idxType, scalarConstant(b, loc, i64, 1));
  MLIRContext *ctx = b.getContext();
  AffineMap id = AffineMap::getMultiDimIdentityMap(1, ctx);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{rowType, idxType, idxType}, ValueRange{nans},
      ValueRange{outInit, loInit, hiInit}, ArrayRef<AffineMap>{id, id, id, id},
      ArrayRef<utils::IteratorType>{utils::IteratorType::parallel},
      [&](OpBuilder &nb, Location nloc, ValueRange a) {
        Value row = linalg::IndexOp::create(nb, nloc, 0);
        Value nanCount = a[0];
        Value nI = scalarConstant(nb, nloc, i64, (double)n);
        Value one = scalarConstant(nb, nloc, i64, 1);
        Value two = scalarConstant(nb, nloc, i64, 2);
        // Numbers considered: all n (median), n - NaNs (nanmedian).
        Value k = skipNan ? (Value)arith::SubIOp::create(nb, nloc, nI, nanCount) : nI;
        Value empty = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, k,
                                            scalarConstant(nb, nloc, i64, 0));
        // Middles; clamped to 0 for an empty row (its result is replaced).
        Value kSafe = arith::SelectOp::create(nb, nloc, empty, one, k);
        Value lo = arith::DivSIOp::create(nb, nloc, arith::SubIOp::create(nb, nloc, kSafe, one),
                                          two);
        Value hi = arith::DivSIOp::create(nb, nloc, kSafe, two);
        Value loI = arith::IndexCastOp::create(nb, nloc, nb.getIndexType(), lo);
        Value hiI = arith::IndexCastOp::create(nb, nloc, nb.getIndexType(), avg ? hi : lo);
        Value vLo = extract2(nb, nloc, sorted, row, loI);
        Value vHi = extract2(nb, nloc, sorted, row, hiI);
        Value cLo = extract2(nb, nloc, columns, row, loI);
        Value cHi = extract2(nb, nloc, columns, row, hiI);
        Value value = vLo;
        if (avg) {
          // The mean of the two middles, in f64 (exact for f32; integers
          // as Paddle's kernel: the mean truncated to the type).
          Value sum = arith::AddFOp::create(nb, nloc, castScalar(nb, nloc, vLo, f64),
                                            castScalar(nb, nloc, vHi, f64));
          value = castScalar(nb, nloc,
                             arith::DivFOp::create(nb, nloc, sum,
                                                   scalarConstant(nb, nloc, f64, 2)),
                             elem);
        }
        if (isFloat) {
          Value nan = arith::ConstantOp::create(
              nb, nloc, elem,
              nb.getFloatAttr(elem, APFloat::getNaN(cast<FloatType>(elem).getFloatSemantics())));
          Value hasNan = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sgt, nanCount,
                                               scalarConstant(nb, nloc, i64, 0));
          if (skipNan) {
            Value none = scalarConstant(nb, nloc, i64, -1);
            value = arith::SelectOp::create(nb, nloc, empty, nan, value);
            cLo = arith::SelectOp::create(nb, nloc, empty, none, cLo);
            cHi = arith::SelectOp::create(nb, nloc, empty, none, cHi);
          } else {
            // The first NaN's column: NaNs keep their order at the end.
            Value firstNan = arith::IndexCastOp::create(
                nb, nloc, nb.getIndexType(),
                arith::SelectOp::create(nb, nloc, hasNan,
                                        arith::SubIOp::create(nb, nloc, nI, nanCount),
                                        scalarConstant(nb, nloc, i64, 0)));
            Value cNan = extract2(nb, nloc, columns, row, firstNan);
            value = arith::SelectOp::create(nb, nloc, hasNan, nan, value);
            cLo = arith::SelectOp::create(nb, nloc, hasNan, cNan, cLo);
            cHi = arith::SelectOp::create(nb, nloc, hasNan, cNan, cHi);
          }
        }
        linalg::YieldOp::create(nb, nloc, ValueRange{value, cLo, cHi});
      });
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  RankedTensorType idxOutType = loweredType(op->getResult(1).getType());
  l.map(op->getResult(0), castTo(b, loc, reshapeTo(b, loc, generic.getResult(0),
                                                   RankedTensorType::get(outType.getShape(),
                                                                         elem)),
                                 outType));
  Value indices = generic.getResult(1);
  if (avg) {
    // [rows, 2]: the two middles' columns.
    auto pairType = RankedTensorType::get({rows, 2}, i64);
    indices = buildElementwiseWithIndices(
        b, loc, pairType, ValueRange{},
        [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
          Value lo = tensor::ExtractOp::create(nb, nloc, generic.getResult(1), ValueRange{a[0]});
          Value hi = tensor::ExtractOp::create(nb, nloc, generic.getResult(2), ValueRange{a[0]});
          Value first = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, a[1],
                                              cIdx(nb, nloc, 0));
          return arith::SelectOp::create(nb, nloc, first, lo, hi);
        });
  }
  l.map(op->getResult(1),
        castTo(b, loc, reshapeTo(b, loc, indices, RankedTensorType::get(idxOutType.getShape(), i64)),
               idxOutType));
  return success();
}

/// mode: per row, count[i] = #{j : x[j] == x[i]} (NaN equals nothing), then
/// the element with the highest count, the smallest value among those (NaN
/// after every number), the last column among equal values.
LogicalResult lowerMode(Operation *op, Lowerer &l) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(op->getOperand(0));
  auto xt = cast<RankedTensorType>(x.getType());
  if (failed(checkStatisticInput(op, xt, "mode")))
    return failure();
  Type elem = xt.getElementType();
  bool isFloat = isa<FloatType>(elem);
  if (xt.getRank() == 0)
    x = reshapeTo(b, loc, x, RankedTensorType::get({1}, elem));
  int64_t rank = std::max<int64_t>(xt.getRank(), 1);
  int64_t rows, n;
  Value flat =
      rowsOf(b, loc, x, {normalizeAxis(attrInt(op, "axis", -1), rank)}, rows, n);
  Type i64 = b.getI64Type();
  MLIRContext *ctx = b.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  auto equalScalars = [&](OpBuilder &nb, Location nloc, Value p, Value q) -> Value {
    if (isFloat)
      return arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OEQ, p, q);
    return arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, p, q);
  };
  // (r, i, j): count[r, i] += x[r, i] == x[r, j].
  auto countType = RankedTensorType::get({rows, n}, i64);
  Value counts =
      linalg::GenericOp::create(
          b, loc, TypeRange{countType}, ValueRange{flat, flat},
          ValueRange{createFilled(b, loc, countType, scalarConstant(b, loc, i64, 0))},
          ArrayRef<AffineMap>{AffineMap::get(3, 0, {d(0), d(1)}, ctx),
                              AffineMap::get(3, 0, {d(0), d(2)}, ctx),
                              AffineMap::get(3, 0, {d(0), d(1)}, ctx)},
          ArrayRef<utils::IteratorType>{utils::IteratorType::parallel,
                                        utils::IteratorType::parallel,
                                        utils::IteratorType::reduction},
          [&](OpBuilder &nb, Location nloc, ValueRange a) {
            Value eq = equalScalars(nb, nloc, a[0], a[1]);
            linalg::YieldOp::create(
                nb, nloc,
                ValueRange{arith::AddIOp::create(nb, nloc, a[2],
                                                 arith::ExtUIOp::create(nb, nloc, i64, eq))});
          })
          .getResult(0);
  // (r, j): the best (count, value, column) so far; a NaN only counts 1
  // (its own equality is false), so give it 1.
  auto rowType = RankedTensorType::get({rows}, elem);
  auto idxType = RankedTensorType::get({rows}, i64);
  Value bestCount = createFilled(b, loc, idxType, scalarConstant(b, loc, i64, 0));
  Value bestValue = createFilled(b, loc, rowType, scalarConstant(b, loc, elem, 0));
  Value bestColumn = createFilled(b, loc, idxType, scalarConstant(b, loc, i64, -1));
  auto pick = linalg::GenericOp::create(
      b, loc, TypeRange{idxType, rowType, idxType}, ValueRange{flat, counts},
      ValueRange{bestCount, bestValue, bestColumn},
      ArrayRef<AffineMap>{AffineMap::get(2, 0, {d(0), d(1)}, ctx),
                          AffineMap::get(2, 0, {d(0), d(1)}, ctx),
                          AffineMap::get(2, 0, {d(0)}, ctx), AffineMap::get(2, 0, {d(0)}, ctx),
                          AffineMap::get(2, 0, {d(0)}, ctx)},
      ArrayRef<utils::IteratorType>{utils::IteratorType::parallel,
                                    utils::IteratorType::reduction},
      [&](OpBuilder &nb, Location nloc, ValueRange a) {
        Value v = a[0], c = a[1], bc = a[2], bv = a[3], bcol = a[4];
        Value one = scalarConstant(nb, nloc, i64, 1);
        c = arith::MaxSIOp::create(nb, nloc, c, one);
        Value j = castScalar(nb, nloc, linalg::IndexOp::create(nb, nloc, 1), i64);
        Value first = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::slt, bcol,
                                            scalarConstant(nb, nloc, i64, 0));
        Value more = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sgt, c, bc);
        Value same = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, c, bc);
        Value smaller, equal;
        if (isFloat) {
          // v before bv: a smaller number, or a number where bv is NaN.
          Value vNum = arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::ORD, v, v);
          Value bvNan = arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::UNO, bv, bv);
          smaller = arith::OrIOp::create(
              nb, nloc, arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OLT, v, bv),
              arith::AndIOp::create(nb, nloc, vNum, bvNan));
        } else {
          smaller = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::slt, v, bv);
        }
        equal = equalScalars(nb, nloc, v, bv);
        // Columns increase: an equal value seen later is its later column.
        Value better = arith::OrIOp::create(
            nb, nloc, first,
            arith::OrIOp::create(
                nb, nloc, more,
                arith::AndIOp::create(nb, nloc, same,
                                      arith::OrIOp::create(nb, nloc, smaller, equal))));
        linalg::YieldOp::create(nb, nloc,
                                ValueRange{arith::SelectOp::create(nb, nloc, better, c, bc),
                                           arith::SelectOp::create(nb, nloc, better, v, bv),
                                           arith::SelectOp::create(nb, nloc, better, j, bcol)});
      });
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  RankedTensorType idxOutType = loweredType(op->getResult(1).getType());
  l.map(op->getResult(0),
        castTo(b, loc, reshapeTo(b, loc, pick.getResult(1),
                                 RankedTensorType::get(outType.getShape(), elem)),
               outType));
  l.map(op->getResult(1),
        castTo(b, loc, reshapeTo(b, loc, pick.getResult(2),
                                 RankedTensorType::get(idxOutType.getShape(), i64)),
               idxOutType));
  return success();
}

/// histogram, as Paddle's kernel computes it in the input's type: the
/// range [lo, hi] from the attributes (or the data when both are 0, then
/// widened by 1 each way when lo == hi); bin = (v - lo) * bins / (hi - lo),
/// hi in the last bin; out[b] sums 1 (or the weight) over the values of
/// bin b: one generic over (bin, value) with the values reduced.
LogicalResult lowerHistogram(Operation *op, Lowerer &l) {
  auto o = cast<HistogramOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value input = l.get(o.getInput());
  auto it = cast<RankedTensorType>(input.getType());
  if (failed(requireStatic(op, {it})))
    return failure();
  Type elem = it.getElementType();
  bool isFloat = isa<FloatType>(elem);
  bool isUnsignedInput = isUnsigned(pdElementType(o.getInput()));
  int64_t count = it.getNumElements();
  int64_t bins = o.getBins();
  auto flatType = RankedTensorType::get({count}, elem);
  Value flat = reshapeTo(b, loc, input, flatType);
  Value weight = o.getWeight() ? reshapeTo(b, loc, l.get(o.getWeight()), flatType) : Value();
  RankedTensorType outType = loweredType(o.getOut().getType());
  Type outElem = outType.getElementType();
  double minAttr = attrFloat(op, "min", 0.0), maxAttr = attrFloat(op, "max", 0.0);
  Value lo = scalarConstant(b, loc, elem, minAttr);
  Value hi = scalarConstant(b, loc, elem, maxAttr);
  if (minAttr == 0 && maxAttr == 0 && count > 0) {
    auto extreme = [&](bool isMax) {
      Value init = isMax ? minValue(b, loc, elem) : maxValue(b, loc, elem);
      Value r = buildReduction(b, loc, flat, {0}, /*keepDims=*/false, init,
                               [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                                 if (isFloat)
                                   return isMax ? (Value)arith::MaxNumFOp::create(nb, nloc, a[1], a[0])
                                                : (Value)arith::MinNumFOp::create(nb, nloc, a[1], a[0]);
                                 if (isUnsignedInput)
                                   return isMax ? (Value)arith::MaxUIOp::create(nb, nloc, a[1], a[0])
                                                : (Value)arith::MinUIOp::create(nb, nloc, a[1], a[0]);
                                 return isMax ? (Value)arith::MaxSIOp::create(nb, nloc, a[1], a[0])
                                              : (Value)arith::MinSIOp::create(nb, nloc, a[1], a[0]);
                               });
      return (Value)tensor::ExtractOp::create(b, loc, r, ValueRange{});
    };
    lo = extreme(false);
    hi = extreme(true);
  }
  // A range of one value: one wider each way.
  Value degenerate = isFloat ? (Value)arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, lo, hi)
                             : (Value)arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lo, hi);
  Value one = scalarConstant(b, loc, elem, 1);
  auto add = [&](Value p, Value q) {
    return isFloat ? (Value)arith::AddFOp::create(b, loc, p, q)
                   : (Value)arith::AddIOp::create(b, loc, p, q);
  };
  auto sub = [&](OpBuilder &nb, Location nloc, Value p, Value q) {
    return isFloat ? (Value)arith::SubFOp::create(nb, nloc, p, q)
                   : (Value)arith::SubIOp::create(nb, nloc, p, q);
  };
  lo = arith::SelectOp::create(b, loc, degenerate, sub(b, loc, lo, one), lo);
  hi = arith::SelectOp::create(b, loc, degenerate, add(hi, one), hi);
  Type i64 = b.getI64Type();
  MLIRContext *ctx = b.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  SmallVector<Value> inputs{flat};
  if (weight)
    inputs.push_back(weight);
  SmallVector<AffineMap> maps(inputs.size(), AffineMap::get(2, 0, {d(1)}, ctx));
  maps.push_back(AffineMap::get(2, 0, {d(0)}, ctx));
  // Sums in f64 (int64 counts; weights and densities are float32 at the end).
  Type acc = outElem.isInteger(64) ? i64 : (Type)b.getF64Type();
  auto accType = RankedTensorType::get({bins}, acc);
  Value sums =
      linalg::GenericOp::create(
          b, loc, TypeRange{accType}, inputs,
          ValueRange{createFilled(b, loc, accType, scalarConstant(b, loc, acc, 0))}, maps,
          ArrayRef<utils::IteratorType>{utils::IteratorType::parallel,
                                        utils::IteratorType::reduction},
          [&](OpBuilder &nb, Location nloc, ValueRange a) {
            Value v = a[0];
            Value inRange, bin;
            Value nBins = scalarConstant(nb, nloc, elem, (double)bins);
            if (isFloat) {
              using P = arith::CmpFPredicate;
              inRange = arith::AndIOp::create(nb, nloc, arith::CmpFOp::create(nb, nloc, P::OGE, v, lo),
                                              arith::CmpFOp::create(nb, nloc, P::OLE, v, hi));
              Value scaled = arith::DivFOp::create(
                  nb, nloc, arith::MulFOp::create(nb, nloc, sub(nb, nloc, v, lo), nBins),
                  sub(nb, nloc, hi, lo));
              bin = arith::FPToSIOp::create(nb, nloc, i64, scaled);
            } else {
              auto ge = isUnsignedInput ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
              auto le = isUnsignedInput ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
              inRange = arith::AndIOp::create(nb, nloc, arith::CmpIOp::create(nb, nloc, ge, v, lo),
                                              arith::CmpIOp::create(nb, nloc, le, v, hi));
              Value scaled = arith::DivSIOp::create(
                  nb, nloc, arith::MulIOp::create(nb, nloc, sub(nb, nloc, v, lo), nBins),
                  sub(nb, nloc, hi, lo));
              bin = castScalar(nb, nloc, scaled, i64);
            }
            // hi itself: the last bin.
            bin = arith::MinSIOp::create(nb, nloc, bin, scalarConstant(nb, nloc, i64, bins - 1));
            Value here = castScalar(nb, nloc, linalg::IndexOp::create(nb, nloc, 0), i64);
            Value hit = arith::AndIOp::create(
                nb, nloc, inRange,
                arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, bin, here));
            Value amount = weight ? castScalar(nb, nloc, a[1], acc) : scalarConstant(nb, nloc, acc, 1);
            Value zero = scalarConstant(nb, nloc, acc, 0);
            Value add = arith::SelectOp::create(nb, nloc, hit, amount, zero);
            Value acc0 = a.back();
            linalg::YieldOp::create(nb, nloc,
                                    ValueRange{acc.isInteger(64)
                                                   ? (Value)arith::AddIOp::create(nb, nloc, acc0, add)
                                                   : (Value)arith::AddFOp::create(nb, nloc, acc0, add)});
          })
          .getResult(0);
  if (o.getDensity()) {
    // count / (total * bin width), bin width = (hi - lo) / bins.
    Value total = tensor::ExtractOp::create(
        b, loc,
        buildReduction(b, loc, sums, {0}, /*keepDims=*/false, scalarConstant(b, loc, acc, 0),
                       [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                         return arith::AddFOp::create(nb, nloc, a[1], a[0]);
                       }),
        ValueRange{});
    Value width = arith::DivFOp::create(
        b, loc, castScalar(b, loc, sub(b, loc, hi, lo), acc, isUnsignedInput),
        scalarConstant(b, loc, acc, (double)bins));
    Value scale = arith::MulFOp::create(b, loc, total, width);
    sums = buildElementwise(b, loc, accType, sums,
                            [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                              return arith::DivFOp::create(nb, nloc, a[0], scale);
                            });
  }
  if (acc != outElem)
    sums = buildElementwise(b, loc, RankedTensorType::get({bins}, outElem), sums,
                            [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                              return castScalar(nb, nloc, a[0], outElem);
                            });
  l.map(o.getOut(), castTo(b, loc, sums, outType));
  return success();
}

} // namespace

void lowering::populateStatisticsLowerings(LoweringTable &table) {
  table.add("pd.histogram", lowerHistogram);
  table.add({"pd.median", "pd.nanmedian"}, lowerMedian);
  table.add("pd.mode", lowerMode);
}
