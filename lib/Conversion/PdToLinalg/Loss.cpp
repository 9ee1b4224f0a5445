//===- Loss.cpp - Paddle's loss ops as elementwise generics ---------------===//
//
// huber_loss, log_loss, hinge_loss, bce_loss, kldiv_loss and
// sigmoid_cross_entropy_with_logits, computed as PHI's CPU kernels do
// (paddle/phi/kernels/cpu and impl): one elementwise linalg.generic per op,
// then, for kldiv_loss's reductions and the normalization of
// sigmoid_cross_entropy_with_logits, one reduction over all elements.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"
#include "Conversion/PdToLinalg/ScalarArith.h"

#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

/// The op's float arithmetic, with static shapes for `values` (their
/// shapes are equal: the InferMeta checked them).
FailureOr<Arith> lossArith(Operation *op, Lowerer &l, Value pdInput, ValueRange values) {
  FailureOr<Arith> a = arithFor(op, l.b, pdInput, Domain::Float);
  if (failed(a))
    return failure();
  SmallVector<Type> types;
  for (Value v : values)
    types.push_back(v.getType());
  if (failed(requireStatic(op, types)))
    return failure();
  return a;
}

using LossBody = function_ref<Value(const Arith &a, ValueRange v)>;

/// One elementwise generic over `pdInputs` (lowered; the first one's float
/// type and shape): `body` gets the arithmetic and one element of each.
FailureOr<Value> elementwiseLoss(Operation *op, Lowerer &l, ValueRange pdInputs, LossBody body) {
  SmallVector<Value> inputs;
  for (Value v : pdInputs)
    inputs.push_back(l.get(v));
  FailureOr<Arith> arith = lossArith(op, l, pdInputs.front(), inputs);
  if (failed(arith))
    return failure();
  Type elem = arith->type;
  auto type =
      RankedTensorType::get(cast<RankedTensorType>(inputs.front().getType()).getShape(), elem);
  return buildElementwise(l.b, op->getLoc(), type, inputs,
                          [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
                            return body(Arith{nb, nloc, elem}, v);
                          });
}

/// The sum of all elements of `t` as a 0-D tensor.
Value sumAll(OpBuilder &b, Location loc, Value t, Type elem) {
  auto type = cast<RankedTensorType>(t.getType());
  if (type.getRank() == 0)
    return t;
  Value zero = scalarConstant(b, loc, elem, 0);
  return buildReduction(b, loc, t, llvm::to_vector(llvm::seq<int64_t>(0, type.getRank())),
                        /*keepDims=*/false, zero,
                        [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
                          return arith::AddFOp::create(nb, nloc, v[0], v[1]);
                        });
}

/// `value` as the type of `result`, mapped to it.
LogicalResult mapResult(Lowerer &l, Location loc, Value result, FailureOr<Value> value) {
  if (failed(value))
    return failure();
  l.map(result, castTo(l.b, loc, *value, loweredType(result.getType())));
  return success();
}

Value log(const Arith &a, Value x) { return math::LogOp::create(a.b, a.loc, x); }

/// residual = label - input; out = 0.5 r^2 where |r| <= delta, else
/// delta (|r| - 0.5 delta).
LogicalResult lowerHuberLoss(Operation *op, Lowerer &l) {
  auto o = cast<HuberLossOp>(op);
  double delta = o.getDelta().convertToDouble();
  FailureOr<Value> residual = elementwiseLoss(
      op, l, {o.getInput(), o.getLabel()},
      [&](const Arith &a, ValueRange v) { return a.sub(v[1], v[0]); });
  if (failed(mapResult(l, op->getLoc(), o.getResidual(), residual)))
    return failure();
  return mapResult(l, op->getLoc(), o.getOut(),
                   elementwiseLoss(op, l, {o.getResidual()}, [&](const Arith &a, ValueRange v) {
                     Value r = a.abs(v[0]);
                     Value small = a.mul(a.c(0.5), a.mul(v[0], v[0]));
                     Value large = a.mul(a.c(delta), a.sub(r, a.c(0.5 * delta)));
                     Value inside = arith::CmpFOp::create(a.b, a.loc, arith::CmpFPredicate::OLE,
                                                          r, a.c(delta));
                     return a.select(inside, small, large);
                   }));
}

/// -label log(input + eps) - (1 - label) log(1 - input + eps).
LogicalResult lowerLogLoss(Operation *op, Lowerer &l) {
  auto o = cast<LogLossOp>(op);
  double eps = o.getEpsilon().convertToDouble();
  return mapResult(l, op->getLoc(), o.getOut(),
                   elementwiseLoss(op, l, {o.getInput(), o.getLabel()},
                                   [&](const Arith &a, ValueRange v) {
                                     Value hit = log(a, a.add(v[0], a.c(eps)));
                                     Value miss = log(a, a.add(a.sub(a.c(1), v[0]), a.c(eps)));
                                     return a.sub(a.neg(a.mul(v[1], hit)),
                                                  a.mul(a.sub(a.c(1), v[1]), miss));
                                   }));
}

/// max(0, 1 - logits (2 labels - 1)): labels 0/1 as -1/+1.
LogicalResult lowerHingeLoss(Operation *op, Lowerer &l) {
  auto o = cast<HingeLossOp>(op);
  return mapResult(l, op->getLoc(), o.getLoss(),
                   elementwiseLoss(op, l, {o.getLogits(), o.getLabels()},
                                   [&](const Arith &a, ValueRange v) {
                                     Value sign = a.sub(a.mul(a.c(2), v[1]), a.c(1));
                                     Value margin = a.sub(a.c(1), a.mul(v[0], sign));
                                     return arith::MaximumFOp::create(a.b, a.loc, margin,
                                                                      a.c(0))
                                         .getResult();
                                   }));
}

/// -(label max(log x, -100) + (1 - label) max(log(1 - x), -100)); an input
/// outside [0, 1] (or NaN), which Paddle's kernel refuses, is a run-time
/// error (with the run-time checks on).
LogicalResult lowerBCELoss(Operation *op, Lowerer &l) {
  auto o = cast<BceLossOp>(op);
  int64_t site = l.runtimeChecks ? registerRuntimeCheck(op, "an input is outside [0, 1]") : -1;
  return mapResult(
      l, op->getLoc(), o.getOut(),
      elementwiseLoss(op, l, {o.getInput(), o.getLabel()}, [&](const Arith &a, ValueRange v) {
        if (site >= 0) {
          // Unordered compares: NaN is outside too.
          Value below =
              arith::CmpFOp::create(a.b, a.loc, arith::CmpFPredicate::ULT, v[0], a.c(0));
          Value above =
              arith::CmpFOp::create(a.b, a.loc, arith::CmpFPredicate::UGT, v[0], a.c(1));
          reportIf(a.b, a.loc, op, site, arith::OrIOp::create(a.b, a.loc, below, above));
        }
        Value hit = a.max(log(a, v[0]), a.c(-100));
        Value miss = a.max(log(a, a.sub(a.c(1), v[0])), a.c(-100));
        return a.neg(a.add(a.mul(v[1], hit), a.mul(a.sub(a.c(1), v[1]), miss)));
      }));
}

/// label (log label - x) where label > 0, else 0 (exp(label) (label - x)
/// with log_target); then the sum, the mean, or the sum over the batch
/// dim's size.
LogicalResult lowerKLDivLoss(Operation *op, Lowerer &l) {
  auto o = cast<KldivLossOp>(op);
  bool logTarget = o.getLogTarget();
  FailureOr<Value> pointwise = elementwiseLoss(
      op, l, {o.getX(), o.getLabel()}, [&](const Arith &a, ValueRange v) -> Value {
        if (logTarget)
          return a.mul(a.exp(v[1]), a.sub(v[1], v[0]));
        Value term = a.mul(v[1], a.sub(log(a, v[1]), v[0]));
        return a.select(a.gt(v[1], a.c(0)), term, a.c(0));
      });
  StringRef reduction = o.getReduction();
  if (failed(pointwise) || reduction == "none")
    return mapResult(l, op->getLoc(), o.getOut(), pointwise);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  auto type = cast<RankedTensorType>(pointwise->getType());
  Type elem = type.getElementType();
  double divisor = 1;
  if (reduction == "mean")
    divisor = (double)type.getNumElements();
  else if (reduction == "batchmean")
    divisor = type.getRank() == 0 ? 1 : (double)type.getDimSize(0);
  Value out = sumAll(b, loc, *pointwise, elem);
  if (divisor != 1)
    out = buildElementwise(b, loc, RankedTensorType::get({}, elem), {out},
                           [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
                             Arith a{nb, nloc, elem};
                             return a.div(v[0], a.c(divisor));
                           });
  return mapResult(l, loc, o.getOut(), out);
}

/// PHI's kernel: 0 where int(label) == ignore_index, else max(x, 0) -
/// x label + log(1 + exp(-|x|)), or with pos_weight (1 - label) x +
/// pos_weight (log(1 + exp(-|x|)) + max(-x, 0)); with normalize, divided by the
/// number of labels further than 1e-6 from ignore_index (0 of them: NaN, as
/// Paddle's integer division by a zero count gives).
LogicalResult lowerSigmoidCrossEntropyWithLogits(Operation *op, Lowerer &l) {
  auto o = cast<SigmoidCrossEntropyWithLogitsOp>(op);
  SmallVector<Value> inputs{o.getX(), o.getLabel()};
  if (o.getPosWeight())
    inputs.push_back(o.getPosWeight());
  // The I32Attr getter is unsigned: read it as signed.
  double ignore = (double)(int32_t)o.getIgnoreIndex();
  FailureOr<Value> out =
      elementwiseLoss(op, l, inputs, [&](const Arith &a, ValueRange v) -> Value {
        Value tail = a.log1p(a.exp(a.neg(a.abs(v[0]))));
        Value loss =
            v.size() > 2
                ? a.add(a.mul(a.sub(a.c(1), v[1]), v[0]),
                        a.mul(v[2], a.add(tail, a.max(a.neg(v[0]), a.c(0)))))
                : a.add(a.sub(a.max(v[0], a.c(0)), a.mul(v[0], v[1])), tail);
        Value truncated = math::TruncOp::create(a.b, a.loc, v[1]);
        Value ignored = arith::CmpFOp::create(a.b, a.loc, arith::CmpFPredicate::OEQ, truncated,
                                              a.c(ignore));
        return a.select(ignored, a.c(0), loss);
      });
  if (failed(out) || !o.getNormalize())
    return mapResult(l, op->getLoc(), o.getOut(), out);
  FailureOr<Value> counted =
      elementwiseLoss(op, l, {o.getLabel()}, [&](const Arith &a, ValueRange v) -> Value {
        Value far = a.gt(a.abs(a.sub(v[0], a.c(ignore))), a.c(1e-6));
        return a.select(far, a.c(1), a.c(0));
      });
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  auto type = cast<RankedTensorType>(out->getType());
  Type elem = type.getElementType();
  Value count = sumAll(b, loc, *counted, elem);
  Value normalized = buildElementwise(b, loc, type, {*out, count},
                                      [&](OpBuilder &nb, Location nloc, ValueRange v) -> Value {
                                        return Arith{nb, nloc, elem}.div(v[0], v[1]);
                                      });
  return mapResult(l, loc, o.getOut(), normalized);
}

/// nll_loss: per position (n, or n, h, w) the label's weight w (0 where the
/// label is ignore_index) and loss -w * input[n, label, ...]; the labels
/// checked against the classes at run time (the ignored ones excepted).
LogicalResult lowerNllLoss(Operation *op, Lowerer &l) {
  auto o = cast<NllLossOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value input = l.get(o.getInput()), label = l.get(o.getLabel());
  RankedTensorType it = cast<RankedTensorType>(input.getType()),
                   lt = cast<RankedTensorType>(label.getType());
  if (failed(requireStatic(op, {it, lt})))
    return failure();
  Type elem = it.getElementType();
  if (!isa<FloatType>(elem))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  int64_t classes = it.getDimSize(1);
  if (classes == 0)
    return op->emitOpError() << "has no classes";
  Value weight = o.getWeight() ? l.get(o.getWeight()) : Value();
  int64_t ignore = o.getIgnoreIndex();
  bool labelUnsigned = isUnsigned(pdElementType(o.getLabel()));
  // Ignored labels become 0 before the check: only the others must be
  // classes.
  Value ignoreV = scalarConstant(b, loc, lt.getElementType(), (double)ignore);
  Value kept = buildElementwise(b, loc, lt, label,
                                [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                                  Value ign = arith::CmpIOp::create(
                                      nb, nloc, arith::CmpIPredicate::eq, a[0], ignoreV);
                                  return arith::SelectOp::create(
                                      nb, nloc, ign,
                                      scalarConstant(nb, nloc, lt.getElementType(), 0), a[0]);
                                });
  Value classIdx = checkedIndices(
      l, loc, op, kept, labelUnsigned, /*wrapNegative=*/false,
      [&](OpBuilder &nb, Location nloc, ValueRange) -> Value { return cIdx(nb, nloc, classes); },
      "label {value} is not a class in [0, {bound}) (nor ignore_index)");
  auto posType = RankedTensorType::get(lt.getShape(), elem);
  Value weights = buildElementwiseWithIndices(
      b, loc, posType, ValueRange{label, classIdx},
      [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
        Value ign = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, a[0], ignoreV);
        Value w = weight ? (Value)tensor::ExtractOp::create(nb, nloc, weight, ValueRange{a[1]})
                         : scalarConstant(nb, nloc, elem, 1);
        return arith::SelectOp::create(nb, nloc, ign, scalarConstant(nb, nloc, elem, 0), w);
      });
  Value losses = buildElementwiseWithIndices(
      b, loc, posType, ValueRange{weights, classIdx},
      [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
        // a: w, class, then the position's indices (n[, h, w]).
        SmallVector<Value> at{a[2], a[1]};
        for (size_t i = 3; i < a.size(); ++i)
          at.push_back(a[i]);
        Value v = tensor::ExtractOp::create(nb, nloc, input, at);
        return arith::NegFOp::create(nb, nloc, arith::MulFOp::create(nb, nloc, a[0], v));
      });
  StringRef reduction = o.getReduction();
  RankedTensorType outType = loweredType(o.getOut().getType());
  RankedTensorType totalType = loweredType(o.getTotalWeight().getType());
  Value total, out;
  if (reduction == "none") {
    out = losses;
    total = createFilled(b, loc, RankedTensorType::get({}, elem), scalarConstant(b, loc, elem, 0));
  } else {
    total = sumAll(b, loc, weights, elem);
    out = sumAll(b, loc, losses, elem);
    if (reduction == "mean")
      // No weight taken (all ignored): 0, not 0/0.
      out = buildElementwise(b, loc, RankedTensorType::get({}, elem), ValueRange{out, total},
                             [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                               Value none = arith::CmpFOp::create(
                                   nb, nloc, arith::CmpFPredicate::OEQ, a[1],
                                   scalarConstant(nb, nloc, elem, 0));
                               return arith::SelectOp::create(
                                   nb, nloc, none, scalarConstant(nb, nloc, elem, 0),
                                   arith::DivFOp::create(nb, nloc, a[0], a[1]));
                             });
  }
  l.map(o.getOut(), castTo(b, loc, out, outType));
  l.map(o.getTotalWeight(), castTo(b, loc, total, totalType));
  return success();
}

} // namespace

void lowering::populateLossLowerings(LoweringTable &table) {
  table.add("pd.nll_loss", lowerNllLoss);
  table.add("pd.huber_loss", lowerHuberLoss);
  table.add("pd.log_loss", lowerLogLoss);
  table.add("pd.hinge_loss", lowerHingeLoss);
  table.add("pd.bce_loss", lowerBCELoss);
  table.add("pd.kldiv_loss", lowerKLDivLoss);
  table.add("pd.sigmoid_cross_entropy_with_logits", lowerSigmoidCrossEntropyWithLogits);
}
