//===- Reduction.cpp - reductions, arg-min/max, softmax, scans, sorting ---===//

#include "Conversion/PdToLinalg/Lowering.h"

#include <cmath>

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

/// Normalized, sorted, unique axes; all axes when `axes` is empty or
/// `all` is set.
SmallVector<int64_t> normalizeAxes(ArrayRef<int64_t> axes, int64_t rank,
                                   bool all = false) {
  SmallVector<int64_t> r;
  // A 0-D tensor has no dim to reduce: axis 0 / -1 (all InferMeta accepts)
  // reduce nothing, as in Paddle.
  if (rank == 0)
    return r;
  if (axes.empty() || all) {
    for (int64_t i = 0; i < rank; ++i)
      r.push_back(i);
    return r;
  }
  for (int64_t a : axes)
    r.push_back(normalizeAxis(a, rank));
  llvm::sort(r);
  r.erase(std::unique(r.begin(), r.end()), r.end());
  return r;
}

/// The axes of a reduction op: an IntArray operand or an int64_t[] attr.
FailureOr<SmallVector<int64_t>> reductionAxes(Operation *op, int64_t rank) {
  StringRef name = op->getName().getStringRef();
  if (name == "pd.prod") {
    auto o = cast<ProdOp>(op);
    FailureOr<SmallVector<int64_t>> dims = constIntArray(op, o.getDims(), "dims");
    if (failed(dims))
      return failure();
    return normalizeAxes(*dims, rank, o.getReduceAll());
  }
  if (name == "pd.sum" || name == "pd.mean" || name == "pd.max" ||
      name == "pd.min") {
    FailureOr<SmallVector<int64_t>> axes = constIntArray(op, op->getOperand(1), "axis");
    if (failed(axes))
      return failure();
    return normalizeAxes(*axes, rank);
  }
  if (name == "pd.mean_all")
    return normalizeAxes({}, rank);
  if (name == "pd.logsumexp")
    return normalizeAxes(attrInts(op, "axis", {0}), rank,
                         attrBool(op, "reduce_all", false));
  return normalizeAxes(attrInts(op, "axis"), rank);
}

bool keepDims(Operation *op) {
  if (auto prod = dyn_cast<ProdOp>(op))
    return prod.getKeepdim();
  return attrBool(op, "keepdim", false);
}

/// The number of elements reduced, as a scalar of `type`.
Value reducedCount(OpBuilder &b, Location loc, Value input,
                   ArrayRef<int64_t> axes, Type type) {
  auto t = cast<RankedTensorType>(input.getType());
  int64_t known = 1;
  Value dynamic;
  for (int64_t a : axes) {
    if (!t.isDynamicDim(a)) {
      known *= t.getDimSize(a);
      continue;
    }
    Value d = tensor::DimOp::create(b, loc, input, a);
    dynamic = dynamic ? arith::MulIOp::create(b, loc, dynamic, d).getResult() : d;
  }
  Value count = scalarConstant(b, loc, type, (double)known);
  if (dynamic)
    count = arith::MulFOp::create(b, loc, count, castScalar(b, loc, dynamic, type));
  return count;
}

LogicalResult lowerReduce(Operation *op, Lowerer &l) {
  StringRef name = op->getName().getStringRef();
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  Value x = l.get(op->getOperand(0));
  auto inType = cast<RankedTensorType>(x.getType());
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  FailureOr<SmallVector<int64_t>> axes = reductionAxes(op, inType.getRank());
  if (failed(axes))
    return failure();
  bool keep = keepDims(op);
  Type acc = outType.getElementType();
  bool srcU = isUnsigned(pdElementType(op->getOperand(0)));
  bool isFloat = isa<FloatType>(acc);
  if ((name == "pd.mean" || name == "pd.mean_all" || name == "pd.logsumexp" ||
       name == "pd.var" || name == "pd.std" || name == "pd.variance") &&
      !isFloat)
    return op->emitOpError() << "the CPU lowering supports float element types here";

  auto reduce = [&](Value input, Value init, auto combine) {
    return buildReduction(b, loc, input, *axes, keep, init,
                          [&](OpBuilder &nb, Location nloc, ValueRange args) {
                            Value e = castScalar(nb, nloc, args[0], acc, srcU);
                            return combine(nb, nloc, e, args[1]);
                          });
  };
  auto addFn = [&](OpBuilder &nb, Location nloc, Value e, Value a) -> Value {
    if (isa<FloatType>(acc))
      return arith::AddFOp::create(nb, nloc, a, e);
    if (acc.isInteger(1))
      return arith::OrIOp::create(nb, nloc, a, e);
    return arith::AddIOp::create(nb, nloc, a, e);
  };
  Value result;
  if (name == "pd.nansum") {
    // NaN counts as 0 (only floats have NaN).
    result = reduce(x, scalarConstant(b, loc, acc, 0),
                    [&](OpBuilder &nb, Location nloc, Value e, Value a) -> Value {
                      if (!isa<FloatType>(acc))
                        return addFn(nb, nloc, e, a);
                      Value isNan =
                          arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::UNO, e, e);
                      Value zero = scalarConstant(nb, nloc, acc, 0);
                      return arith::AddFOp::create(
                          nb, nloc, a, arith::SelectOp::create(nb, nloc, isNan, zero, e));
                    });
  } else if (name == "pd.var" || name == "pd.std" || name == "pd.variance") {
    // sum((x - mean)^2) / (N - correction): two passes, as Paddle's kernel
    // (no loss of digits to E[x^2] - E[x]^2).
    Value count = reducedCount(b, loc, x, *axes, acc);
    Value total = buildReduction(b, loc, x, *axes, /*keepDims=*/true,
                                 scalarConstant(b, loc, acc, 0),
                                 [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                                   return arith::AddFOp::create(nb, nloc, args[1], args[0]);
                                 });
    auto keptType = cast<RankedTensorType>(total.getType());
    Value mean = buildElementwise(b, loc, keptType, total,
                                  [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                                    return arith::DivFOp::create(nb, nloc, a[0], count);
                                  });
    Value squares = buildElementwise(b, loc, inType, ValueRange{x, mean},
                                     [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                                       Value d = arith::SubFOp::create(nb, nloc, a[0], a[1]);
                                       return arith::MulFOp::create(nb, nloc, d, d);
                                     });
    Value sq = reduce(squares, scalarConstant(b, loc, acc, 0), addFn);
    double correction = name == "pd.variance" ? 0.0 : attrFloat(op, "correction", 1.0);
    Value divisor = arith::SubFOp::create(b, loc, count, scalarConstant(b, loc, acc, correction));
    bool isStd = name == "pd.std";
    result = buildElementwise(b, loc, cast<RankedTensorType>(sq.getType()), sq,
                              [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                                Value v = arith::DivFOp::create(nb, nloc, a[0], divisor);
                                return isStd ? (Value)math::SqrtOp::create(nb, nloc, v) : v;
                              });
  } else if (name == "pd.sum" || name == "pd.mean" || name == "pd.mean_all") {
    result = reduce(x, scalarConstant(b, loc, acc, 0), addFn);
    if (name != "pd.sum") {
      Value count = reducedCount(b, loc, x, *axes, acc);
      result = buildElementwise(b, loc, cast<RankedTensorType>(result.getType()), result,
                                [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                                  return arith::DivFOp::create(nb, nloc, a[0], count);
                                });
    }
  } else if (name == "pd.prod") {
    result = reduce(x, scalarConstant(b, loc, acc, 1),
                    [&](OpBuilder &nb, Location nloc, Value e, Value a) -> Value {
                      if (isa<FloatType>(acc))
                        return arith::MulFOp::create(nb, nloc, a, e);
                      if (acc.isInteger(1))
                        return arith::AndIOp::create(nb, nloc, a, e);
                      return arith::MulIOp::create(nb, nloc, a, e);
                    });
  } else if (name == "pd.max" || name == "pd.amax" || name == "pd.min" ||
             name == "pd.amin") {
    bool isMax = name == "pd.max" || name == "pd.amax";
    Value init = isMax ? minValue(b, loc, acc) : maxValue(b, loc, acc);
    result = reduce(x, init, [&](OpBuilder &nb, Location nloc, Value e, Value a) -> Value {
      if (isa<FloatType>(acc))
        return isMax ? (Value)arith::MaximumFOp::create(nb, nloc, a, e)
                     : (Value)arith::MinimumFOp::create(nb, nloc, a, e);
      if (srcU)
        return isMax ? (Value)arith::MaxUIOp::create(nb, nloc, a, e)
                     : (Value)arith::MinUIOp::create(nb, nloc, a, e);
      if (acc.isInteger(1))
        return isMax ? (Value)arith::OrIOp::create(nb, nloc, a, e)
                     : (Value)arith::AndIOp::create(nb, nloc, a, e);
      return isMax ? (Value)arith::MaxSIOp::create(nb, nloc, a, e)
                   : (Value)arith::MinSIOp::create(nb, nloc, a, e);
    });
  } else if (name == "pd.all" || name == "pd.any") {
    bool isAll = name == "pd.all";
    Type i1 = b.getI1Type();
    result = buildReduction(b, loc, x, *axes, keep, scalarConstant(b, loc, acc, isAll),
                            [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                              Value e = castScalar(nb, nloc, args[0], i1, srcU);
                              Value a = castScalar(nb, nloc, args[1], i1);
                              return isAll ? (Value)arith::AndIOp::create(nb, nloc, a, e)
                                           : (Value)arith::OrIOp::create(nb, nloc, a, e);
                            });
  } else { // logsumexp: m + log(sum(exp(x - m)))
    Value m = buildReduction(b, loc, x, *axes, /*keepDims=*/true, minValue(b, loc, acc),
                             [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                               return arith::MaximumFOp::create(nb, nloc, args[1], args[0]);
                             });
    // An all -inf slice would give nan from (-inf) - (-inf): use 0 there.
    Value safeM = buildElementwise(b, loc, cast<RankedTensorType>(m.getType()), m,
                                   [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                                     Value inf = arith::CmpFOp::create(
                                         nb, nloc, arith::CmpFPredicate::OEQ,
                                         math::AbsFOp::create(nb, nloc, a[0]),
                                         maxValue(nb, nloc, acc));
                                     return arith::SelectOp::create(
                                         nb, nloc, inf, scalarConstant(nb, nloc, acc, 0), a[0]);
                                   });
    Value shifted = buildElementwise(b, loc, inType, ValueRange{x, safeM},
                                     [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                                       return math::ExpOp::create(
                                           nb, nloc, arith::SubFOp::create(nb, nloc, a[0], a[1]));
                                     });
    Value s = buildReduction(b, loc, shifted, *axes, /*keepDims=*/true,
                             scalarConstant(b, loc, acc, 0),
                             [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                               return arith::AddFOp::create(nb, nloc, args[1], args[0]);
                             });
    Value lse = buildElementwise(b, loc, cast<RankedTensorType>(s.getType()), ValueRange{s, safeM},
                                 [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                                   return arith::AddFOp::create(
                                       nb, nloc, math::LogOp::create(nb, nloc, a[0]), a[1]);
                                 });
    result = reshapeTo(b, loc, lse, outType);
  }
  l.map(op->getResult(0), castTo(b, loc, reshapeTo(b, loc, result,
                                                       RankedTensorType::get(
                                                           outType.getShape(),
                                                           cast<RankedTensorType>(result.getType()).getElementType())),
                                     outType));
  return success();
}

/// identity_loss: the sum (reduction 0) or mean (1) of all of x, or x (2).
LogicalResult lowerIdentityLoss(Operation *op, Lowerer &l) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(op->getOperand(0));
  auto xt = cast<RankedTensorType>(x.getType());
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  int64_t reduction = attrInt(op, "reduction", 1);
  if (reduction == 2) {
    l.map(op->getResult(0), castTo(b, loc, x, outType));
    return success();
  }
  Type acc = xt.getElementType();
  if (!isa<FloatType>(acc))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  SmallVector<int64_t> axes = normalizeAxes({}, xt.getRank());
  Value sum = buildReduction(b, loc, x, axes, /*keepDims=*/false, scalarConstant(b, loc, acc, 0),
                             [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                               return arith::AddFOp::create(nb, nloc, args[1], args[0]);
                             });
  if (reduction == 1) {
    Value count = reducedCount(b, loc, x, axes, acc);
    sum = buildElementwise(b, loc, cast<RankedTensorType>(sum.getType()), sum,
                           [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                             return arith::DivFOp::create(nb, nloc, a[0], count);
                           });
  }
  l.map(op->getResult(0), castTo(b, loc, sum, outType));
  return success();
}

/// clip_by_norm, as Paddle's kernel: n = ||x||_2 over all of x; x where
/// n <= max_norm, else x * max_norm / (n + eps), eps = 1e-6 only for
/// n <= 1e-30.
LogicalResult lowerClipByNorm(Operation *op, Lowerer &l) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(op->getOperand(0));
  auto xt = cast<RankedTensorType>(x.getType());
  Type acc = xt.getElementType();
  if (!isa<FloatType>(acc))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  double maxNorm = attrFloat(op, "max_norm", 1.0);
  SmallVector<int64_t> axes = normalizeAxes({}, xt.getRank());
  Value sq = buildReduction(b, loc, x, axes, /*keepDims=*/false, scalarConstant(b, loc, acc, 0),
                            [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                              Value m = arith::MulFOp::create(nb, nloc, args[0], args[0]);
                              return arith::AddFOp::create(nb, nloc, args[1], m);
                            });
  Value norm = math::SqrtOp::create(b, loc, tensor::ExtractOp::create(b, loc, sq, ValueRange{}));
  Value maxV = scalarConstant(b, loc, acc, maxNorm);
  Value small = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, norm,
                                      scalarConstant(b, loc, acc, 1e-30));
  Value eps = arith::SelectOp::create(b, loc, small, scalarConstant(b, loc, acc, 1e-6),
                                      scalarConstant(b, loc, acc, 0));
  Value scaled = arith::DivFOp::create(b, loc, maxV, arith::AddFOp::create(b, loc, norm, eps));
  Value within = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, norm, maxV);
  Value factor =
      arith::SelectOp::create(b, loc, within, scalarConstant(b, loc, acc, 1), scaled);
  Value out = buildElementwise(b, loc, xt, x,
                               [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                                 return arith::MulFOp::create(nb, nloc, a[0], factor);
                               });
  l.map(op->getResult(0), castTo(b, loc, out, loweredType(op->getResult(0).getType())));
  return success();
}

/// argmax / argmin: one linalg.generic carrying (best value, its index);
/// ties keep the first index, as numpy and Paddle do.
LogicalResult lowerArgMinMax(Operation *op, Lowerer &l) {
  bool isMax = isa<ArgmaxOp>(op);
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  Value x = l.get(op->getOperand(0));
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  std::optional<double> axisValue = constScalar(op->getOperand(1));
  if (!axisValue)
    return op->emitOpError() << "`axis` must be known at compile time to lower this op";
  bool flatten = attrBool(op, "flatten", false);
  auto inType = cast<RankedTensorType>(x.getType());
  if (flatten || inType.getRank() == 0) {
    if (failed(requireStatic(op, inType)))
      return failure();
    x = reshapeTo(b, loc, x, RankedTensorType::get({inType.getNumElements()},
                                                   inType.getElementType()));
    inType = cast<RankedTensorType>(x.getType());
  }
  int64_t rank = inType.getRank();
  int64_t axis = flatten ? 0 : normalizeAxis((int64_t)*axisValue, rank);
  Type elem = inType.getElementType();
  bool srcU = isUnsigned(pdElementType(op->getOperand(0)));
  MLIRContext *ctx = b.getContext();
  SmallVector<int64_t> redShape;
  SmallVector<AffineExpr> outExprs;
  SmallVector<utils::IteratorType> iters;
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < rank; ++d) {
    if (d == axis) {
      iters.push_back(utils::IteratorType::reduction);
      continue;
    }
    iters.push_back(utils::IteratorType::parallel);
    redShape.push_back(inType.getDimSize(d));
    outExprs.push_back(getAffineDimExpr(d, ctx));
    if (inType.isDynamicDim(d))
      dyn.push_back(tensor::DimOp::create(b, loc, x, d));
  }
  Type i64 = b.getI64Type();
  auto valType = RankedTensorType::get(redShape, elem);
  auto idxType = RankedTensorType::get(redShape, i64);
  Value initVal = linalg::FillOp::create(
                      b, loc, isMax ? minValue(b, loc, elem) : maxValue(b, loc, elem),
                      tensor::EmptyOp::create(b, loc, valType, dyn).getResult())
                      .getResult(0);
  Value initIdx = linalg::FillOp::create(b, loc, scalarConstant(b, loc, i64, 0),
                                         tensor::EmptyOp::create(b, loc, idxType, dyn).getResult())
                      .getResult(0);
  AffineMap outMap = AffineMap::get(rank, 0, outExprs, ctx);
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(rank, ctx), outMap,
                                 outMap};
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{valType, idxType}, ValueRange{x}, ValueRange{initVal, initIdx},
      maps, iters, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value e = args[0], best = args[1], bestIdx = args[2];
        Value idx = castScalar(nb, nloc, linalg::IndexOp::create(nb, nloc, axis), i64);
        Value better;
        if (isa<FloatType>(elem)) {
          // A nan wins (numpy returns the first nan).
          Value cmp = arith::CmpFOp::create(
              nb, nloc, isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT, e, best);
          Value eNan = arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::UNO, e, e);
          Value bestNan = arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::UNO, best, best);
          Value nanFirst = arith::AndIOp::create(
              nb, nloc, eNan,
              arith::XOrIOp::create(nb, nloc, bestNan, scalarConstant(nb, nloc, nb.getI1Type(), 1)));
          better = arith::OrIOp::create(nb, nloc, cmp, nanFirst);
        } else {
          arith::CmpIPredicate p = isMax ? (srcU ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt)
                                         : (srcU ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt);
          better = arith::CmpIOp::create(nb, nloc, p, e, best);
        }
        // The first element always wins against the fill value.
        Value first = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, idx,
                                            scalarConstant(nb, nloc, i64, 0));
        better = arith::OrIOp::create(nb, nloc, better, first);
        linalg::YieldOp::create(
            nb, nloc,
            ValueRange{arith::SelectOp::create(nb, nloc, better, e, best),
                       arith::SelectOp::create(nb, nloc, better, idx, bestIdx)});
      });
  Value indices = generic.getResult(1);
  Value out = buildElementwise(b, loc, RankedTensorType::get(redShape, outType.getElementType()),
                               indices, [&](OpBuilder &nb, Location nloc, ValueRange a) {
                                 return castScalar(nb, nloc, a[0], outType.getElementType());
                               });
  out = reshapeTo(b, loc, out, RankedTensorType::get(outType.getShape(), outType.getElementType()));
  l.map(op->getResult(0), castTo(b, loc, out, outType));
  return success();
}

/// softmax / log_softmax along `axis`, max-subtracted for stability.
LogicalResult lowerSoftmax(Operation *op, Lowerer &l, bool isLog, int64_t axisAttr,
                           Value x, Value &result) {
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  auto type = cast<RankedTensorType>(x.getType());
  Type elem = type.getElementType();
  if (!isa<FloatType>(elem))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  if (type.getRank() == 0) { // softmax of a scalar is 1 (log: 0)
    result = createFilled(b, loc, type, scalarConstant(b, loc, elem, isLog ? 0 : 1));
    return success();
  }
  int64_t axis = normalizeAxis(axisAttr, type.getRank());
  Value m = buildReduction(b, loc, x, {axis}, true, minValue(b, loc, elem),
                           [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                             return arith::MaximumFOp::create(nb, nloc, args[1], args[0]);
                           });
  Value e = buildElementwise(b, loc, type, ValueRange{x, m},
                             [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                               return math::ExpOp::create(nb, nloc,
                                                          arith::SubFOp::create(nb, nloc, a[0], a[1]));
                             });
  Value s = buildReduction(b, loc, e, {axis}, true, scalarConstant(b, loc, elem, 0),
                           [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                             return arith::AddFOp::create(nb, nloc, args[1], args[0]);
                           });
  if (isLog)
    result = buildElementwise(b, loc, type, ValueRange{x, m, s},
                              [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                                Value d = arith::SubFOp::create(nb, nloc, a[0], a[1]);
                                return arith::SubFOp::create(nb, nloc, d,
                                                             math::LogOp::create(nb, nloc, a[2]));
                              });
  else
    result = buildElementwise(b, loc, type, ValueRange{e, s},
                              [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                                return arith::DivFOp::create(nb, nloc, a[0], a[1]);
                              });
  return success();
}

LogicalResult lowerSoftmaxOp(Operation *op, Lowerer &l) {
  Value r;
  if (failed(lowerSoftmax(op, l, isa<LogSoftmaxOp>(op), attrInt(op, "axis", -1),
                          l.get(op->getOperand(0)), r)))
    return failure();
  l.map(op->getResult(0), castTo(l.b, op->getLoc(), r,
                                     loweredType(op->getResult(0).getType())));
  return success();
}

/// fused_softmax_mask: softmax(x + mask) over the last axis (the mask
/// shared by the heads); fused_softmax_mask_upper_triangle: the causal
/// softmax, column j > row i masked to -inf (so 0).
LogicalResult lowerFusedSoftmaxMask(Operation *op, Lowerer &l) {
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  Value x = l.get(op->getOperand(0));
  auto type = cast<RankedTensorType>(x.getType());
  if (!isa<FloatType>(type.getElementType()))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  Type elem = type.getElementType();
  Value masked;
  if (isa<FusedSoftmaxMaskOp>(op)) {
    masked = buildElementwise(b, loc, type, ValueRange{x, l.get(op->getOperand(1))},
                              [](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                                return arith::AddFOp::create(nb, nl, a[0], a[1]);
                              });
  } else {
    masked = buildElementwiseWithIndices(
        b, loc, type, x, [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
          Value future = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::ugt, a[4], a[3]);
          return arith::SelectOp::create(nb, nl, future, minValue(nb, nl, elem), a[0]);
        });
  }
  Value r;
  if (failed(lowerSoftmax(op, l, /*isLog=*/false, -1, masked, r)))
    return failure();
  l.map(op->getResult(0), castTo(b, loc, r, loweredType(op->getResult(0).getType())));
  return success();
}

/// reduce_as: x summed over the leading dims target lacks and the dims where
/// target has 1 (and x more), in the result's dtype.
LogicalResult lowerReduceAs(Operation *op, Lowerer &l) {
  auto o = cast<ReduceAsOp>(op);
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  Value x = l.get(o.getX());
  auto xt = cast<RankedTensorType>(x.getType());
  RankedTensorType outType = loweredType(o.getOut().getType());
  auto tt = loweredType(o.getTarget().getType());
  if (failed(requireStatic(op, {xt, tt})))
    return failure();
  Type elem = outType.getElementType();
  bool srcUnsigned = isUnsigned(pdElementType(o.getX()));
  if (elem != xt.getElementType())
    x = buildElementwise(b, loc, RankedTensorType::get(xt.getShape(), elem), x,
                         [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                           return castScalar(nb, nl, a[0], elem, srcUnsigned);
                         });
  int64_t offset = xt.getRank() - tt.getRank();
  SmallVector<int64_t> axes;
  for (int64_t i = 0; i < xt.getRank(); ++i)
    if (i < offset || (tt.getDimSize(i - offset) == 1 && xt.getDimSize(i) != 1))
      axes.push_back(i);
  Value sum = buildReduction(b, loc, x, axes, /*keepDims=*/false, scalarConstant(b, loc, elem, 0),
                             [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                               return isa<FloatType>(elem)
                                          ? (Value)arith::AddFOp::create(nb, nl, a[1], a[0])
                                          : (Value)arith::AddIOp::create(nb, nl, a[1], a[0]);
                             });
  l.map(o.getOut(), castTo(b, loc, reshapeTo(b, loc, sum, RankedTensorType::get(
                                                            tt.getShape(), elem)),
                           outType));
  return success();
}

/// cross_entropy_with_softmax: softmax over `axis`, then the negative log
/// likelihood of hard labels (ignore_index gives 0) or soft labels.
LogicalResult lowerCrossEntropy(Operation *op, Lowerer &l) {
  auto o = cast<CrossEntropyWithSoftmaxOp>(op);
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  Value x = l.get(o.getInput());
  auto type = cast<RankedTensorType>(x.getType());
  if (failed(requireStatic(op, {type, loweredType(o.getLabel().getType())})))
    return failure();
  int64_t axis = normalizeAxis((int32_t)o.getAxis(), type.getRank());
  Type elem = type.getElementType();
  Value softmax, logSoftmax;
  if (o.getUseSoftmax()) {
    if (failed(lowerSoftmax(op, l, false, axis, x, softmax)) ||
        failed(lowerSoftmax(op, l, true, axis, x, logSoftmax)))
      return failure();
  } else {
    softmax = x;
    logSoftmax = buildElementwise(b, loc, type, x, [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
      return math::LogOp::create(nb, nloc, a[0]);
    });
  }
  RankedTensorType lossType = loweredType(o.getLoss().getType());
  Value label = l.get(o.getLabel());
  auto labelType = cast<RankedTensorType>(label.getType());
  Value loss;
  if (o.getSoftLabel()) {
    Value prod = buildElementwise(b, loc, type, ValueRange{logSoftmax, label},
                                  [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                                    Value lb = castScalar(nb, nloc, a[1], elem);
                                    return arith::NegFOp::create(nb, nloc,
                                                                 arith::MulFOp::create(nb, nloc, a[0], lb));
                                  });
    loss = buildReduction(b, loc, prod, {axis}, true, scalarConstant(b, loc, elem, 0),
                          [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                            return arith::AddFOp::create(nb, nloc, args[1], args[0]);
                          });
  } else {
    // loss[..., 0, ...] = -logSoftmax[..., label, ...]
    int64_t ignore = (int32_t)o.getIgnoreIndex();
    Value flatLabel = reshapeTo(b, loc, label, RankedTensorType::get(lossType.getShape(),
                                                                     labelType.getElementType()));
    loss = buildElementwiseWithIndices(
        b, loc, lossType, flatLabel, [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
          Value lab = castScalar(nb, nloc, a[0], nb.getIndexType());
          SmallVector<Value> idx(a.drop_front());
          idx[axis] = lab;
          Value isIgnored = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, lab,
                                                  arith::ConstantIndexOp::create(nb, nloc, ignore));
          // Clamp so the read stays in bounds for ignored labels.
          Value safe = arith::SelectOp::create(nb, nloc, isIgnored,
                                               arith::ConstantIndexOp::create(nb, nloc, 0), lab);
          idx[axis] = safe;
          Value v = tensor::ExtractOp::create(nb, nloc, logSoftmax, idx);
          return arith::SelectOp::create(nb, nloc, isIgnored, scalarConstant(nb, nloc, elem, 0),
                                         arith::NegFOp::create(nb, nloc, v));
        });
  }
  l.map(o.getSoftmax(), castTo(b, loc, softmax, loweredType(o.getSoftmax().getType())));
  l.map(o.getLoss(), castTo(b, loc, reshapeTo(b, loc, loss, lossType), lossType));
  return success();
}

/// One pass of a scan along `axis` written as a reduction over an extra loop
/// j (O(n^2) along the axis; cumsum, cumprod, logcumsumexp): acc = combine(acc,
/// value(j, i)) for the j that the scan includes at i, from `init`;
/// `extra` are read at the output index i.
Value scanReduction(OpBuilder &b, Location loc, Value x, int64_t axis, bool exclusive,
                    bool reverse, Value init, ValueRange extra,
                    function_ref<Value(OpBuilder &, Location, Value xj, ValueRange extraI,
                                       Value acc, Value included)>
                        combine) {
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineExpr> inExprs, outExprs;
  for (int64_t d = 0; d < rank; ++d) {
    inExprs.push_back(getAffineDimExpr(d == axis ? rank : d, ctx));
    outExprs.push_back(getAffineDimExpr(d, ctx));
  }
  SmallVector<AffineMap> maps{AffineMap::get(rank + 1, 0, inExprs, ctx)};
  for (size_t i = 0; i < extra.size(); ++i)
    maps.push_back(AffineMap::get(rank + 1, 0, outExprs, ctx));
  maps.push_back(AffineMap::get(rank + 1, 0, outExprs, ctx));
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  iters.push_back(utils::IteratorType::reduction);
  SmallVector<Value> inputs{x};
  llvm::append_range(inputs, extra);
  return linalg::GenericOp::create(
             b, loc, TypeRange{init.getType()}, inputs, ValueRange{init}, maps, iters,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               Value i = linalg::IndexOp::create(nb, nloc, axis);
               Value j = linalg::IndexOp::create(nb, nloc, rank);
               arith::CmpIPredicate pred =
                   reverse ? (exclusive ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::uge)
                           : (exclusive ? arith::CmpIPredicate::ult : arith::CmpIPredicate::ule);
               Value in = arith::CmpIOp::create(nb, nloc, pred, j, i);
               linalg::YieldOp::create(
                   nb, nloc,
                   combine(nb, nloc, args[0], args.drop_front().drop_back(), args.back(), in));
             })
      .getResult(0);
}

/// (sum |x|^p)^(1/p) over `axes` of a float tensor; p = inf / -inf give
/// max / min |x|, p = 0 counts the nonzeros (p_norm, dist).
Value buildPNorm(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> axes, bool keep,
                 double p) {
  Type elem = cast<RankedTensorType>(x.getType()).getElementType();
  if (std::isinf(p)) {
    bool isMax = p > 0;
    return buildReduction(b, loc, x, axes, keep,
                          isMax ? minValue(b, loc, elem) : maxValue(b, loc, elem),
                          [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                            Value ax = math::AbsFOp::create(nb, nloc, a[0]);
                            return isMax ? (Value)arith::MaximumFOp::create(nb, nloc, a[1], ax)
                                         : (Value)arith::MinimumFOp::create(nb, nloc, a[1], ax);
                          });
  }
  Value r = buildReduction(b, loc, x, axes, keep, scalarConstant(b, loc, elem, 0),
                           [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                             Value ax = math::AbsFOp::create(nb, nloc, a[0]);
                             Value term;
                             if (p == 0)
                               term = castScalar(nb, nloc, castScalar(nb, nloc, ax, nb.getI1Type()),
                                                 elem);
                             else if (p == 1)
                               term = ax;
                             else if (p == 2)
                               term = arith::MulFOp::create(nb, nloc, ax, ax);
                             else
                               term = math::PowFOp::create(nb, nloc, ax,
                                                           scalarConstant(nb, nloc, elem, p));
                             return arith::AddFOp::create(nb, nloc, a[1], term);
                           });
  if (p == 0 || p == 1)
    return r;
  return buildElementwise(b, loc, cast<RankedTensorType>(r.getType()), r,
                          [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                            if (p == 2)
                              return math::SqrtOp::create(nb, nloc, a[0]);
                            return math::PowFOp::create(nb, nloc, a[0],
                                                        scalarConstant(nb, nloc, elem, 1 / p));
                          });
}

/// cumsum / cumprod along one axis (optionally flattened, reversed,
/// exclusive).
LogicalResult lowerCumulative(Operation *op, Lowerer &l) {
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  bool isSum = isa<CumsumOp>(op);
  Value x = l.get(op->getOperand(0));
  auto inType = cast<RankedTensorType>(x.getType());
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  if (failed(requireStatic(op, {inType})))
    return failure();
  int64_t axis;
  bool flatten = false;
  if (isSum) {
    std::optional<double> a = constScalar(op->getOperand(1));
    if (!a)
      return op->emitOpError() << "`axis` must be known at compile time to lower this op";
    axis = (int64_t)*a;
    flatten = attrBool(op, "flatten", false);
  } else {
    axis = attrInt(op, "dim", -1);
  }
  if (flatten || inType.getRank() == 0) {
    x = reshapeTo(b, loc, x, RankedTensorType::get({inType.getNumElements()},
                                                   inType.getElementType()));
    inType = cast<RankedTensorType>(x.getType());
    axis = 0;
  }
  axis = normalizeAxis(axis, inType.getRank());
  bool exclusive = attrBool(op, "exclusive", false);
  bool reverse = attrBool(op, "reverse", false);
  Type elem = inType.getElementType();
  // out[..., i, ...] = combine over j of (j before-or-at i ? x[..., j, ...]
  // : identity): O(n^2) along the axis, but parallel and without
  // loop-carried buffers.
  Value identity = scalarConstant(b, loc, elem, isSum ? 0 : 1);
  auto resultType = RankedTensorType::get(inType.getShape(), elem);
  Value scanned = scanReduction(
      b, loc, x, axis, exclusive, reverse, createFilled(b, loc, resultType, identity), {},
      [&](OpBuilder &nb, Location nloc, Value xj, ValueRange, Value acc, Value in) -> Value {
        Value v = arith::SelectOp::create(nb, nloc, in, xj,
                                          scalarConstant(nb, nloc, elem, isSum ? 0 : 1));
        if (isa<FloatType>(elem))
          return isSum ? (Value)arith::AddFOp::create(nb, nloc, acc, v)
                       : (Value)arith::MulFOp::create(nb, nloc, acc, v);
        return isSum ? (Value)arith::AddIOp::create(nb, nloc, acc, v)
                     : (Value)arith::MulIOp::create(nb, nloc, acc, v);
      });
  Value result = reshapeTo(b, loc, scanned,
                           RankedTensorType::get(outType.getShape(), elem));
  l.map(op->getResult(0), castTo(b, loc, result, outType));
  return success();
}

/// log(cumsum(exp(x))) along one axis, stably: a running maximum M first,
/// then M + log(sum of exp(x[j] - M)); an empty (exclusive) prefix is the
/// lowest finite value, as in PHI.
LogicalResult lowerLogcumsumexp(Operation *op, Lowerer &l) {
  auto o = cast<LogcumsumexpOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  auto inType = cast<RankedTensorType>(x.getType());
  RankedTensorType outType = loweredType(o.getType());
  Type elem = inType.getElementType();
  if (!isa<FloatType>(elem))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  if (failed(requireStatic(op, {inType})))
    return failure();
  int64_t axis = (int32_t)o.getAxis();
  if (o.getFlatten() || inType.getRank() == 0) {
    x = reshapeTo(b, loc, x, RankedTensorType::get({inType.getNumElements()}, elem));
    inType = cast<RankedTensorType>(x.getType());
    axis = 0;
  }
  axis = normalizeAxis(axis, inType.getRank());
  bool exclusive = o.getExclusive(), reverse = o.getReverse();
  auto type = RankedTensorType::get(inType.getShape(), elem);
  Value negInf = minValue(b, loc, elem);
  Value running = scanReduction(
      b, loc, x, axis, exclusive, reverse, createFilled(b, loc, type, negInf), {},
      [&](OpBuilder &nb, Location nloc, Value xj, ValueRange, Value acc, Value in) -> Value {
        Value v = arith::SelectOp::create(nb, nloc, in, xj, minValue(nb, nloc, elem));
        return arith::MaximumFOp::create(nb, nloc, acc, v);
      });
  Value sum = scanReduction(
      b, loc, x, axis, exclusive, reverse,
      createFilled(b, loc, type, scalarConstant(b, loc, elem, 0)), ValueRange{running},
      [&](OpBuilder &nb, Location nloc, Value xj, ValueRange m, Value acc, Value in) -> Value {
        Value e = math::ExpOp::create(nb, nloc, arith::SubFOp::create(nb, nloc, xj, m[0]));
        Value v = arith::SelectOp::create(nb, nloc, in, e, scalarConstant(nb, nloc, elem, 0));
        return arith::AddFOp::create(nb, nloc, acc, v);
      });
  const llvm::fltSemantics &sem = cast<FloatType>(elem).getFloatSemantics();
  Value lowest = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(elem, llvm::APFloat::getLargest(sem, /*Negative=*/true)));
  Value out = buildElementwise(
      b, loc, type, ValueRange{sum, running},
      [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
        Value empty = arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OEQ, v[0],
                                            scalarConstant(nb, nloc, elem, 0));
        Value r = arith::AddFOp::create(nb, nloc, v[1], math::LogOp::create(nb, nloc, v[0]));
        return arith::SelectOp::create(nb, nloc, empty, lowest, r);
      });
  out = reshapeTo(b, loc, out, RankedTensorType::get(outType.getShape(), elem));
  l.map(o.getOut(), castTo(b, loc, out, outType));
  return success();
}

/// out = #{j : seq[j] < v} (right: <=) over the sorted row of each value: a
/// count over an extra loop (no early exit; O(len) per value).
LogicalResult lowerSearchsorted(Operation *op, Lowerer &l) {
  auto o = cast<SearchsortedOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value seq = l.get(o.getSortedSequence()), values = l.get(o.getValues());
  auto st = cast<RankedTensorType>(seq.getType()), vt = cast<RankedTensorType>(values.getType());
  RankedTensorType outType = loweredType(o.getType());
  if (failed(requireStatic(op, {st, vt})))
    return failure();
  Type elem = st.getElementType();
  if (vt.getElementType() != elem || !(isa<FloatType>(elem) || isa<IntegerType>(elem)))
    return op->emitOpError() << "the CPU lowering needs sorted_sequence and values of one int "
                                "or float type";
  int64_t rank = vt.getRank();
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineExpr> seqExprs, outExprs;
  for (int64_t d = 0; d < rank; ++d)
    outExprs.push_back(getAffineDimExpr(d, ctx));
  for (int64_t d = 0; d + 1 < st.getRank(); ++d)
    seqExprs.push_back(getAffineDimExpr(d, ctx));
  seqExprs.push_back(getAffineDimExpr(rank, ctx));
  Type idx = outType.getElementType();
  Value init = createFilled(b, loc, RankedTensorType::get(vt.getShape(), idx),
                            scalarConstant(b, loc, idx, 0));
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  iters.push_back(utils::IteratorType::reduction);
  bool right = o.getRight();
  Value out = linalg::GenericOp::create(
                  b, loc, TypeRange{init.getType()}, ValueRange{seq, values}, ValueRange{init},
                  ArrayRef<AffineMap>{AffineMap::get(rank + 1, 0, seqExprs, ctx),
                                      AffineMap::get(rank + 1, 0, outExprs, ctx),
                                      AffineMap::get(rank + 1, 0, outExprs, ctx)},
                  iters,
                  [&](OpBuilder &nb, Location nloc, ValueRange a) {
                    Value before;
                    if (isa<FloatType>(elem))
                      before = arith::CmpFOp::create(
                          nb, nloc, right ? arith::CmpFPredicate::OLE : arith::CmpFPredicate::OLT,
                          a[0], a[1]);
                    else
                      before = arith::CmpIOp::create(
                          nb, nloc, right ? arith::CmpIPredicate::sle : arith::CmpIPredicate::slt,
                          a[0], a[1]);
                    Value one = arith::ExtUIOp::create(nb, nloc, idx, before);
                    linalg::YieldOp::create(nb, nloc,
                                            ValueRange{arith::AddIOp::create(nb, nloc, a[2], one)});
                  })
                  .getResult(0);
  l.map(o.getOut(), castTo(b, loc, out, outType));
  return success();
}

/// The p-norm (buildPNorm) of x - y, broadcast, as a 0-D tensor.
LogicalResult lowerDist(Operation *op, Lowerer &l) {
  auto o = cast<DistOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX()), y = l.get(o.getY());
  auto xt = cast<RankedTensorType>(x.getType()), yt = cast<RankedTensorType>(y.getType());
  RankedTensorType outType = loweredType(o.getType());
  Type elem = xt.getElementType();
  if (!isa<FloatType>(elem))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  if (failed(requireStatic(op, {xt, yt})))
    return failure();
  SmallVector<int64_t> shape;
  int64_t rank = std::max(xt.getRank(), yt.getRank());
  for (int64_t i = 0; i < rank; ++i) {
    int64_t a = i < rank - xt.getRank() ? 1 : xt.getDimSize(i - (rank - xt.getRank()));
    int64_t c = i < rank - yt.getRank() ? 1 : yt.getDimSize(i - (rank - yt.getRank()));
    shape.push_back(std::max(a, c));
  }
  if (rank == 0)
    shape.push_back(1);
  Value diff = buildElementwise(b, loc, RankedTensorType::get(shape, elem), ValueRange{x, y},
                                [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
                                  return arith::SubFOp::create(nb, nloc, v[0], v[1]);
                                });
  Value r = buildPNorm(b, loc, diff, llvm::to_vector(llvm::seq<int64_t>(0, shape.size())),
                       /*keep=*/false, o.getP().convertToDouble());
  l.map(o.getOut(), castTo(b, loc, r, outType));
  return success();
}

/// The sorting permutation along the last axis of a 2-D [rows, n] tensor:
/// rank[r, i] = #{j : x[r, j] before x[r, i]} (stable), then
/// out[r, k] = x[r, i] with rank[r, i] == k. O(n^2) per row, branch-free.
void sortRows(OpBuilder &b, Location loc, Value x, bool descending,
              Value &sorted, Value &indices) {
  MLIRContext *ctx = b.getContext();
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rows = type.getDimSize(0), n = type.getDimSize(1);
  Type elem = type.getElementType();
  Type i64 = b.getI64Type();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  auto idxType = RankedTensorType::get({rows, n}, i64);
  Value zero = createFilled(b, loc, idxType, scalarConstant(b, loc, i64, 0));
  // (r, i, j): rank[r, i] += before(x[r, j], x[r, i]).
  auto rankOp = linalg::GenericOp::create(
      b, loc, TypeRange{idxType}, ValueRange{x, x}, ValueRange{zero},
      ArrayRef<AffineMap>{AffineMap::get(3, 0, {d(0), d(1)}, ctx),
                          AffineMap::get(3, 0, {d(0), d(2)}, ctx),
                          AffineMap::get(3, 0, {d(0), d(1)}, ctx)},
      ArrayRef<utils::IteratorType>{utils::IteratorType::parallel, utils::IteratorType::parallel,
                                    utils::IteratorType::reduction},
      [&](OpBuilder &nb, Location nloc, ValueRange a) {
        Value xi = a[0], xj = a[1];
        Value i = linalg::IndexOp::create(nb, nloc, 1), j = linalg::IndexOp::create(nb, nloc, 2);
        Value strictly, equal;
        if (isa<FloatType>(elem)) {
          // NaN counts as larger than every number (numpy, Paddle): last
          // when ascending, first when descending; NaNs keep their order.
          using P = arith::CmpFPredicate;
          Value nanI = arith::CmpFOp::create(nb, nloc, P::UNO, xi, xi);
          Value nanJ = arith::CmpFOp::create(nb, nloc, P::UNO, xj, xj);
          Value ordered = arith::CmpFOp::create(nb, nloc, descending ? P::OGT : P::OLT, xj, xi);
          Value nanFirst = descending ? nanJ : nanI;
          Value numberOther = arith::XOrIOp::create(
              nb, nloc, descending ? nanI : nanJ,
              arith::ConstantIntOp::create(nb, nloc, nb.getI1Type(), 1));
          strictly = arith::OrIOp::create(nb, nloc, ordered,
                                          arith::AndIOp::create(nb, nloc, nanFirst, numberOther));
          equal = arith::OrIOp::create(nb, nloc,
                                       arith::CmpFOp::create(nb, nloc, P::OEQ, xj, xi),
                                       arith::AndIOp::create(nb, nloc, nanI, nanJ));
        } else {
          strictly = arith::CmpIOp::create(nb, nloc,
                                           descending ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::slt,
                                           xj, xi);
          equal = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, xj, xi);
        }
        Value earlier = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::ult, j, i);
        Value before = arith::OrIOp::create(nb, nloc, strictly,
                                            arith::AndIOp::create(nb, nloc, equal, earlier));
        Value inc = arith::ExtUIOp::create(nb, nloc, i64, before);
        linalg::YieldOp::create(nb, nloc, ValueRange{arith::AddIOp::create(nb, nloc, a[2], inc)});
      });
  Value ranks = rankOp.getResult(0);
  // (r, k, i): out[r, k] = x[r, i] where rank[r, i] == k.
  Value valInit = createFilled(b, loc, type, scalarConstant(b, loc, elem, 0));
  auto gather = linalg::GenericOp::create(
      b, loc, TypeRange{type, idxType}, ValueRange{x, ranks}, ValueRange{valInit, zero},
      ArrayRef<AffineMap>{AffineMap::get(3, 0, {d(0), d(2)}, ctx),
                          AffineMap::get(3, 0, {d(0), d(2)}, ctx),
                          AffineMap::get(3, 0, {d(0), d(1)}, ctx),
                          AffineMap::get(3, 0, {d(0), d(1)}, ctx)},
      ArrayRef<utils::IteratorType>{utils::IteratorType::parallel, utils::IteratorType::parallel,
                                    utils::IteratorType::reduction},
      [&](OpBuilder &nb, Location nloc, ValueRange a) {
        Value k = castScalar(nb, nloc, linalg::IndexOp::create(nb, nloc, 1), i64);
        Value i = castScalar(nb, nloc, linalg::IndexOp::create(nb, nloc, 2), i64);
        Value hit = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, a[1], k);
        linalg::YieldOp::create(nb, nloc,
                                ValueRange{arith::SelectOp::create(nb, nloc, hit, a[0], a[2]),
                                           arith::SelectOp::create(nb, nloc, hit, i, a[3])});
      });
  sorted = gather.getResult(0);
  indices = gather.getResult(1);
}

/// argsort / topk / kthvalue: move the axis last, flatten to [rows, n],
/// sort, keep the columns asked for (topk: the first k; kthvalue: the k-th,
/// its axis then dropped unless keepdim) and undo the layout change. Equal
/// values keep their order (kthvalue's index among equal values is
/// unspecified in Paddle, whose kernel may pick another of them).
LogicalResult finishRuntimeTopk(Operation *op, Lowerer &l, Value sorted, Value indices,
                                RankedTensorType inType, int64_t n);

LogicalResult lowerSort(Operation *op, Lowerer &l) {
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  Value x = l.get(op->getOperand(0));
  auto inType = cast<RankedTensorType>(x.getType());
  if (failed(requireStatic(op, {inType})))
    return failure();
  bool isTopk = isa<TopkOp>(op), isKth = isa<KthvalueOp>(op);
  bool descending = isTopk ? attrBool(op, "largest", true)
                    : isKth ? false
                            : attrBool(op, "descending", false);
  int64_t k = isKth ? attrInt(op, "k", 1) : 0;
  // topk's k may be a tensor known only at run time: the result then has
  // that many columns (a size pd-bound-dynamic-results bounds by the dim).
  bool runtimeK = false;
  if (isTopk) {
    std::optional<double> kv = constScalar(op->getOperand(1));
    if (kv)
      k = (int64_t)*kv;
    else
      runtimeK = true;
  }
  int64_t rank = inType.getRank();
  if (rank == 0) {
    x = reshapeTo(b, loc, x, RankedTensorType::get({1}, inType.getElementType()));
    inType = cast<RankedTensorType>(x.getType());
    rank = 1;
  }
  int64_t axis = normalizeAxis(attrInt(op, "axis", -1), rank);
  Type elem = inType.getElementType();
  if (runtimeK && axis != rank - 1)
    return op->emitOpError() << "the CPU lowering supports a `k` known only at run time along "
                                "the last axis, got axis "
                             << axis << " of " << rank;
  // Permutation moving `axis` last.
  SmallVector<int64_t> perm;
  for (int64_t i = 0; i < rank; ++i)
    if (i != axis)
      perm.push_back(i);
  perm.push_back(axis);
  SmallVector<int64_t> permShape;
  for (int64_t p : perm)
    permShape.push_back(inType.getDimSize(p));
  Value moved = x;
  if (axis != rank - 1) {
    Value init = tensor::EmptyOp::create(b, loc, permShape, elem);
    moved = linalg::TransposeOp::create(b, loc, x, init, perm).getResult()[0];
  }
  int64_t n = inType.getDimSize(axis);
  int64_t rows = inType.getNumElements() / std::max<int64_t>(n, 1);
  Value flat = reshapeTo(b, loc, moved, RankedTensorType::get({rows, n}, elem));
  Value sorted, indices;
  sortLastAxis(b, loc, flat, descending, sorted, indices);
  if (isKth && (k < 1 || k > n))
    return op->emitOpError() << "k = " << k << " is outside [1, " << n << "]";
  if (runtimeK)
    return finishRuntimeTopk(op, l, sorted, indices, inType, n);
  int64_t kept = isTopk ? k : isKth ? 1 : n;
  int64_t first = isKth ? k - 1 : 0;
  SmallVector<int64_t> keptShape(permShape);
  keptShape.back() = kept;
  Type i64 = b.getI64Type();
  auto finish = [&](Value v, Type e, Value pdResult) {
    if (kept != n) {
      SmallVector<OpFoldResult> offsets{b.getIndexAttr(0), b.getIndexAttr(first)},
          sizes{b.getIndexAttr(rows), b.getIndexAttr(kept)}, strides(2, b.getIndexAttr(1));
      v = tensor::ExtractSliceOp::create(b, loc, RankedTensorType::get({rows, kept}, e), v,
                                         offsets, sizes, strides);
    }
    v = reshapeTo(b, loc, v, RankedTensorType::get(keptShape, e));
    if (axis != rank - 1) {
      SmallVector<int64_t> inverse(rank), outShape(rank);
      for (int64_t i = 0; i < rank; ++i)
        inverse[perm[i]] = i;
      for (int64_t i = 0; i < rank; ++i)
        outShape[i] = keptShape[inverse[i]];
      Value init = tensor::EmptyOp::create(b, loc, outShape, e);
      v = linalg::TransposeOp::create(b, loc, v, init, inverse).getResult()[0];
    }
    RankedTensorType outType = loweredType(pdResult.getType());
    if (cast<RankedTensorType>(v.getType()).getElementType() != outType.getElementType())
      v = buildElementwise(b, loc, RankedTensorType::get(cast<RankedTensorType>(v.getType()).getShape(),
                                                         outType.getElementType()),
                           v, [&](OpBuilder &nb, Location nloc, ValueRange a) {
                             return castScalar(nb, nloc, a[0], outType.getElementType());
                           });
    v = reshapeTo(b, loc, v, RankedTensorType::get(outType.getShape(), outType.getElementType()));
    l.map(pdResult, castTo(b, loc, v, outType));
  };
  finish(sorted, elem, op->getResult(0));
  finish(indices, i64, op->getResult(1));
  return success();
}

/// topk along the last axis with a `k` known at run time: the first k
/// columns of the sorted rows, as [..., k]. A k outside [1, n] is a run-time
/// error (as in PHI) and reads at most n columns.
LogicalResult finishRuntimeTopk(Operation *op, Lowerer &l, Value sorted, Value indices,
                                RankedTensorType inType, int64_t n) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Type i64 = b.getI64Type();
  Value k = scalarOperand(l, loc, op->getOperand(1), i64);
  if (l.runtimeChecks) {
    Value small = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, k,
                                        arith::ConstantIntOp::create(b, loc, i64, 1));
    Value large = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, k,
                                        arith::ConstantIntOp::create(b, loc, i64, n));
    int64_t site = registerRuntimeCheck(
        op, ("k is outside [1, " + std::to_string(n) + "]: the dim topk selects from").c_str());
    reportIf(b, loc, op, site, arith::OrIOp::create(b, loc, small, large));
  }
  Value positive = arith::MaxSIOp::create(b, loc, k, arith::ConstantIntOp::create(b, loc, i64, 0));
  Value columns =
      atMost(b, loc, arith::IndexCastOp::create(b, loc, b.getIndexType(), positive), n);
  int64_t rank = std::max<int64_t>(inType.getRank(), 1);
  int64_t rows = cast<RankedTensorType>(sorted.getType()).getDimSize(0);
  auto finish = [&](Value v, Value pdResult) {
    Type e = cast<RankedTensorType>(v.getType()).getElementType();
    SmallVector<OpFoldResult> offsets{b.getIndexAttr(0), b.getIndexAttr(0)},
        sizes{b.getIndexAttr(rows), columns}, strides(2, b.getIndexAttr(1));
    v = tensor::ExtractSliceOp::create(b, loc, v, offsets, sizes, strides);
    // [rows, k] -> [..., k]
    SmallVector<int64_t> shape(inType.getShape().begin(), inType.getShape().end());
    if (shape.empty())
      shape.push_back(1);
    shape.back() = ShapedType::kDynamic;
    SmallVector<ReassociationIndices> groups;
    if (rank == 1) {
      v = tensor::CollapseShapeOp::create(b, loc, v, SmallVector<ReassociationIndices>{{0, 1}});
    } else {
      ReassociationIndices lead;
      for (int64_t d = 0; d + 1 < rank; ++d)
        lead.push_back(d);
      groups = {lead, {rank - 1}};
      SmallVector<OpFoldResult> outSizes;
      for (int64_t d = 0; d + 1 < rank; ++d)
        outSizes.push_back(b.getIndexAttr(shape[d]));
      outSizes.push_back(columns);
      v = tensor::ExpandShapeOp::create(b, loc, RankedTensorType::get(shape, e), v, groups,
                                        outSizes);
    }
    l.map(pdResult, castTo(b, loc, v, loweredType(pdResult.getType())));
  };
  finish(sorted, op->getResult(0));
  finish(indices, op->getResult(1));
  return success();
}

/// cummax / cummin as PHI's kernel runs them: along the axis, a value
/// replaces the running one when it is NaN, or when the running one is not
/// NaN and the value is >= (cummax) or <= (cummin) it; the index is that of
/// the last replacement. So the running value is a NaN-propagating max/min
/// of the prefix, and its index the last j <= i holding it (the last NaN
/// once there is one). Two O(n^2) scans: the values, then the indices.
LogicalResult lowerCumMaxMin(Operation *op, Lowerer &l) {
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  bool isMax = isa<CummaxOp>(op);
  Value x = l.get(op->getOperand(0));
  auto inType = cast<RankedTensorType>(x.getType());
  if (failed(requireStatic(op, {inType})))
    return failure();
  Type elem = inType.getElementType();
  if (!elem.isIntOrFloat() || elem.isInteger(1))
    return op->emitOpError() << "the CPU lowering supports integer and float element types here";
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  RankedTensorType indexType = loweredType(op->getResult(1).getType());
  if (inType.getRank() == 0)
    x = reshapeTo(b, loc, x, RankedTensorType::get({1}, elem));
  auto type = cast<RankedTensorType>(x.getType());
  int64_t axis = normalizeAxis(attrInt(op, "axis", -1), type.getRank());
  bool isFloat = isa<FloatType>(elem);
  bool isUnsigned = elem.isUnsignedInteger();
  Value start = isMax ? minValue(b, loc, elem) : maxValue(b, loc, elem);
  Value values = scanReduction(
      b, loc, x, axis, /*exclusive=*/false, /*reverse=*/false,
      createFilled(b, loc, RankedTensorType::get(type.getShape(), elem), start), {},
      [&](OpBuilder &nb, Location nloc, Value xj, ValueRange, Value acc, Value in) -> Value {
        Value next;
        if (isFloat)
          next = isMax ? (Value)arith::MaximumFOp::create(nb, nloc, acc, xj)
                       : (Value)arith::MinimumFOp::create(nb, nloc, acc, xj);
        else if (isUnsigned)
          next = isMax ? (Value)arith::MaxUIOp::create(nb, nloc, acc, xj)
                       : (Value)arith::MinUIOp::create(nb, nloc, acc, xj);
        else
          next = isMax ? (Value)arith::MaxSIOp::create(nb, nloc, acc, xj)
                       : (Value)arith::MinSIOp::create(nb, nloc, acc, xj);
        return arith::SelectOp::create(nb, nloc, in, next, acc);
      });
  Type i64 = b.getI64Type();
  Value indices = scanReduction(
      b, loc, x, axis, /*exclusive=*/false, /*reverse=*/false,
      createFilled(b, loc, RankedTensorType::get(type.getShape(), i64),
                   arith::ConstantIntOp::create(b, loc, i64, 0)),
      ValueRange{values},
      [&](OpBuilder &nb, Location nloc, Value xj, ValueRange running, Value acc,
          Value in) -> Value {
        Value held;
        if (isFloat) {
          // Once the running value is NaN, it is held by the NaNs.
          Value nanSoFar = arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::UNO,
                                                 running[0], running[0]);
          Value isNan = arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::UNO, xj, xj);
          Value equal =
              arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OEQ, xj, running[0]);
          held = arith::SelectOp::create(nb, nloc, nanSoFar, isNan, equal);
        } else {
          held = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, xj, running[0]);
        }
        Value j = castScalar(nb, nloc, linalg::IndexOp::create(nb, nloc, type.getRank()), i64);
        Value later = arith::MaxSIOp::create(nb, nloc, acc, j);
        Value take = arith::AndIOp::create(nb, nloc, in, held);
        return arith::SelectOp::create(nb, nloc, take, later, acc);
      });
  if (indexType.getElementType() != i64)
    indices = buildElementwise(b, loc, RankedTensorType::get(type.getShape(),
                                                             indexType.getElementType()),
                               indices, [&](OpBuilder &nb, Location nloc, ValueRange a) {
                                 return castScalar(nb, nloc, a[0], indexType.getElementType());
                               });
  auto finish = [&](Value v, RankedTensorType t) {
    return castTo(b, loc, reshapeTo(b, loc, v, RankedTensorType::get(t.getShape(),
                                                                    t.getElementType())),
                  t);
  };
  l.map(op->getResult(0), finish(values, outType));
  l.map(op->getResult(1), finish(indices, indexType));
  return success();
}

/// renorm: each slice along `axis` whose p-norm (over the other dims) is
/// above max_norm is scaled by max_norm / (norm + 1e-7), as PHI does.
LogicalResult lowerRenorm(Operation *op, Lowerer &l) {
  auto o = cast<RenormOp>(op);
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  Value x = l.get(o.getX());
  auto type = cast<RankedTensorType>(x.getType());
  Type elem = type.getElementType();
  if (!isa<FloatType>(elem))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  if (failed(requireStatic(op, {type})))
    return failure();
  int64_t axis = normalizeAxis(attrInt(op, "axis", 0), type.getRank());
  double p = o.getP().convertToDouble(), maxNorm = o.getMaxNorm().convertToDouble();
  SmallVector<int64_t> others;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (d != axis)
      others.push_back(d);
  Value norm = buildPNorm(b, loc, x, others, /*keep=*/true, p);
  Value out = buildElementwise(
      b, loc, RankedTensorType::get(type.getShape(), elem), {x, norm},
      [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
        Value limit = scalarConstant(nb, nloc, elem, maxNorm);
        Value over = arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OGT, v[1], limit);
        Value scale = arith::DivFOp::create(
            nb, nloc, limit,
            arith::AddFOp::create(nb, nloc, v[1], scalarConstant(nb, nloc, elem, 1e-7)));
        return arith::SelectOp::create(nb, nloc, over, arith::MulFOp::create(nb, nloc, v[0], scale),
                                       v[0]);
      });
  l.map(o.getOut(), castTo(b, loc, out, loweredType(o.getType())));
  return success();
}

/// p_norm: buildPNorm over one axis or (asvector) all of them.
LogicalResult lowerPNorm(Operation *op, Lowerer &l) {
  auto o = cast<PNormOp>(op);
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  Value x = l.get(o.getX());
  auto inType = cast<RankedTensorType>(x.getType());
  Type elem = inType.getElementType();
  if (!isa<FloatType>(elem))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  double p = o.getPorder().convertToDouble();
  bool asvector = o.getAsvector();
  SmallVector<int64_t> axes =
      asvector ? normalizeAxes({}, inType.getRank())
               : SmallVector<int64_t>{normalizeAxis((int32_t)o.getAxis(), std::max<int64_t>(inType.getRank(), 1))};
  if (inType.getRank() == 0) {
    x = reshapeTo(b, loc, x, RankedTensorType::get({1}, elem));
    axes = {0};
  }
  Value r = buildPNorm(b, loc, x, axes, o.getKeepdim() && !asvector, p);
  RankedTensorType outType = loweredType(o.getType());
  r = reshapeTo(b, loc, r, RankedTensorType::get(outType.getShape(), elem));
  l.map(o.getResult(), castTo(b, loc, r, outType));
  return success();
}

/// frobenius_norm (sqrt of the sum of squares over its axes, or all with
/// reduce_all), squared_l2_norm (the sum of squares of all, as [1]) and
/// l1_norm (the sum of |x| of all, 0-D).
LogicalResult lowerNorms(Operation *op, Lowerer &l) {
  StringRef name = op->getName().getStringRef();
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  Value x = l.get(op->getOperand(0));
  auto inType = cast<RankedTensorType>(x.getType());
  Type elem = inType.getElementType();
  if (!isa<FloatType>(elem))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  SmallVector<int64_t> axes = normalizeAxes({}, inType.getRank());
  bool keep = false;
  if (auto fro = dyn_cast<FrobeniusNormOp>(op)) {
    FailureOr<SmallVector<int64_t>> given = constIntArray(op, fro.getAxis(), "axis");
    if (failed(given))
      return failure();
    axes = normalizeAxes(*given, inType.getRank(), fro.getReduceAll());
    keep = fro.getKeepDim();
  }
  bool l1 = name == "pd.l1_norm";
  Value r = buildReduction(b, loc, x, axes, keep, scalarConstant(b, loc, elem, 0),
                           [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                             Value term = l1 ? math::AbsFOp::create(nb, nl, a[0]).getResult()
                                             : arith::MulFOp::create(nb, nl, a[0], a[0])
                                                   .getResult();
                             return arith::AddFOp::create(nb, nl, a[1], term);
                           });
  if (name == "pd.frobenius_norm")
    r = buildElementwise(b, loc, cast<RankedTensorType>(r.getType()), r,
                         [](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                           return math::SqrtOp::create(nb, nl, a[0]);
                         });
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  r = reshapeTo(b, loc, r, RankedTensorType::get(outType.getShape(), elem));
  l.map(op->getResult(0), castTo(b, loc, r, outType));
  return success();
}

} // namespace

void lowering::sortLastAxis(OpBuilder &b, Location loc, Value x, bool descending,
                            Value &sorted, Value &indices) {
  if (cast<RankedTensorType>(x.getType()).getDimSize(1) > kRankSortLimit)
    mergeSortRows(b, loc, x, descending, sorted, indices);
  else
    sortRows(b, loc, x, descending, sorted, indices);
}

void lowering::populateReductionLowerings(LoweringTable &table) {
  table.add({"pd.frobenius_norm", "pd.squared_l2_norm", "pd.l1_norm"}, lowerNorms);
  table.add({"pd.sum", "pd.mean", "pd.max", "pd.min", "pd.prod", "pd.amax", "pd.amin",
             "pd.all", "pd.any", "pd.logsumexp", "pd.mean_all"},
            lowerReduce);
  table.add({"pd.argmax", "pd.argmin"}, lowerArgMinMax);
  table.add({"pd.softmax", "pd.log_softmax"}, lowerSoftmaxOp);
  table.add("pd.cross_entropy_with_softmax", lowerCrossEntropy);
  table.add({"pd.fused_softmax_mask", "pd.fused_softmax_mask_upper_triangle"},
            lowerFusedSoftmaxMask);
  table.add("pd.reduce_as", lowerReduceAs);
  table.add({"pd.cumsum", "pd.cumprod"}, lowerCumulative);
  table.add("pd.logcumsumexp", lowerLogcumsumexp);
  table.add("pd.searchsorted", lowerSearchsorted);
  table.add("pd.dist", lowerDist);
  table.add({"pd.argsort", "pd.topk", "pd.kthvalue"}, lowerSort);
  table.add({"pd.cummax", "pd.cummin"}, lowerCumMaxMin);
  table.add("pd.renorm", lowerRenorm);
  table.add({"pd.nansum", "pd.var", "pd.std", "pd.variance"}, lowerReduce);
  table.add("pd.identity_loss", lowerIdentityLoss);
  table.add("pd.clip_by_norm", lowerClipByNorm);
  table.add("pd.p_norm", lowerPNorm);
}
