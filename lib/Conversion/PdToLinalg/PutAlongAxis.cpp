//===- PutAlongAxis.cpp - put_along_axis: scatter with a reduction ---------===//
//
// Paddle's put_along_axis(arr, indices, values, axis, reduce, include_self):
// each values[q] goes to arr at q with q[axis] replaced by indices[q]
// (negative indices from the end), combined by `reduce`:
//   assign          the last value written wins;
//   add, mul        with arr's value when include_self, else without it;
//   amin, amax      likewise;
//   mean            (arr +) the sum over (1 +) the count; integers are
//                   floor-divided, as Paddle's kernel does;
// an element that no index hits keeps arr's value.
// One generic over arr's dims and a reduction over the indices along the
// axis accumulates the hits (the value, and their count), then one
// elementwise generic combines them with arr. Indices are checked at run
// time (an out-of-range one is an error naming the op, and hits nothing).
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"
#include "Conversion/PdToLinalg/ScalarArith.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

RankedTensorType typeOf(Value v) { return cast<RankedTensorType>(v.getType()); }

enum class Reduce { Assign, Add, Mul, Mean, Min, Max };

std::optional<Reduce> reduceOf(StringRef name) {
  return llvm::StringSwitch<std::optional<Reduce>>(name)
      .Case("assign", Reduce::Assign)
      .Case("add", Reduce::Add)
      .Cases("mul", "multiply", Reduce::Mul)
      .Case("mean", Reduce::Mean)
      .Case("amin", Reduce::Min)
      .Case("amax", Reduce::Max)
      .Default(std::nullopt);
}

LogicalResult lowerPutAlongAxis(Operation *op, Lowerer &l) {
  auto o = cast<PutAlongAxisOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  MLIRContext *ctx = b.getContext();
  Value arr = l.get(o.getArr()), indices = l.get(o.getIndices()), values = l.get(o.getValues());
  RankedTensorType at = typeOf(arr), it = typeOf(indices), vt = typeOf(values);
  if (failed(requireStatic(op, {at, it, vt})))
    return failure();
  std::optional<Reduce> reduce = reduceOf(o.getReduce());
  if (!reduce)
    return op->emitOpError() << "reduce must be assign, add, mul, multiply, mean, amin or "
                                "amax, got '"
                             << o.getReduce() << "'";
  Type elem = at.getElementType();
  if (isBool(pdElementType(o.getArr())) && *reduce != Reduce::Assign)
    return op->emitOpError() << "reduce '" << o.getReduce() << "' of a bool tensor";
  int64_t rank = at.getRank();
  int64_t axis = normalizeAxis((int32_t)o.getAxis(), rank);
  if (it.getShape() != vt.getShape())
    return op->emitOpError() << "values " << vt << " must have the indices' shape " << it
                             << " (paddle.put_along_axis broadcasts them)";
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && it.getDimSize(d) != at.getDimSize(d))
      return op->emitOpError() << "indices " << it << " must have arr's dims " << at
                               << " but on axis " << axis
                               << " (paddle.put_along_axis broadcasts them)";
  if (at.getDimSize(axis) == 0 && it.getDimSize(axis) != 0)
    return op->emitOpError() << "axis " << axis << " of arr is empty: no index is valid";
  Value n = arith::ConstantIndexOp::create(b, loc, at.getDimSize(axis));
  Value checked = checkedIndices(l, loc, op, indices, isUnsigned(pdElementType(o.getIndices())),
                                 /*wrapNegative=*/true,
                                 [&](OpBuilder &, Location, ValueRange) { return n; },
                                 "index {value} out of range [-{bound}, {bound})");

  // Loops: arr's dims, then m (the reduction over indices along the axis).
  SmallVector<AffineExpr> all, along;
  for (int64_t d = 0; d < rank; ++d) {
    all.push_back(getAffineDimExpr(d, ctx));
    along.push_back(getAffineDimExpr(d == axis ? rank : d, ctx));
  }
  AffineMap alongMap = AffineMap::get(rank + 1, 0, along, ctx);
  AffineMap outMap = AffineMap::get(rank + 1, 0, all, ctx);
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  iters.push_back(utils::IteratorType::reduction);
  Arith outer{b, loc, elem};
  bool assign = *reduce == Reduce::Assign;
  // The accumulator starts as arr (assign) or the reduction's identity.
  Value accInit;
  if (assign) {
    accInit = linalg::CopyOp::create(b, loc, TypeRange{at}, ValueRange{arr},
                                     ValueRange{tensor::EmptyOp::create(b, loc, at.getShape(),
                                                                        elem)})
                  .getResult(0);
  } else {
    Value identity = *reduce == Reduce::Mul   ? outer.c(1)
                     : *reduce == Reduce::Min ? maxValue(b, loc, elem)
                     : *reduce == Reduce::Max ? minValue(b, loc, elem)
                                              : outer.c(0);
    accInit = createFilled(b, loc, at, identity);
  }
  Type i64 = b.getI64Type();
  auto countType = RankedTensorType::get(at.getShape(), i64);
  SmallVector<Value> outs = {accInit};
  SmallVector<Type> outTypes = {at};
  if (!assign) {
    outs.push_back(createFilled(b, loc, countType, scalarConstant(b, loc, i64, 0)));
    outTypes.push_back(countType);
  }
  SmallVector<AffineMap> maps(2, alongMap);
  maps.append(outs.size(), outMap);
  auto scatter = linalg::GenericOp::create(
      b, loc, outTypes, ValueRange{checked, values}, outs, maps, iters,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Arith a{nb, nl, elem};
        Value i = linalg::IndexOp::create(nb, nl, axis);
        Value hit = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, args[0], i);
        Value v = args[1], acc = args[2];
        if (assign) {
          linalg::YieldOp::create(nb, nl, ValueRange{a.select(hit, v, acc)});
          return;
        }
        Value next = *reduce == Reduce::Mul ? a.mul(acc, v)
                     : *reduce == Reduce::Min ? a.min(acc, v)
                     : *reduce == Reduce::Max ? a.max(acc, v)
                                              : a.add(acc, v);
        Value count = arith::AddIOp::create(nb, nl, args[3],
                                            arith::ExtUIOp::create(nb, nl, i64, hit));
        linalg::YieldOp::create(nb, nl, ValueRange{a.select(hit, next, acc), count});
      });
  Value result = scatter.getResult(0);
  if (!assign) {
    bool self = o.getIncludeSelf();
    result = buildElementwise(
        b, loc, at, {arr, scatter.getResult(0), scatter.getResult(1)},
        [&](OpBuilder &nb, Location nl, ValueRange args) -> Value {
          Arith a{nb, nl, elem};
          Value x = args[0], acc = args[1], count = args[2];
          Value zero = arith::ConstantIntOp::create(nb, nl, i64, 0);
          Value none = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, count, zero);
          Value combined;
          switch (*reduce) {
          case Reduce::Mul:
            combined = self ? a.mul(x, acc) : acc;
            break;
          case Reduce::Min:
            combined = self ? a.min(x, acc) : acc;
            break;
          case Reduce::Max:
            combined = self ? a.max(x, acc) : acc;
            break;
          case Reduce::Mean: {
            Value total = self ? a.add(x, acc) : acc;
            Value divisor = self ? arith::AddIOp::create(
                                       nb, nl, count, arith::ConstantIntOp::create(nb, nl, i64, 1))
                                 : count;
            // (A zero count is not used: `none` picks arr.)
            divisor = arith::SelectOp::create(
                nb, nl, none, arith::ConstantIntOp::create(nb, nl, i64, 1), divisor);
            if (isa<FloatType>(elem))
              combined = a.div(total, arith::SIToFPOp::create(nb, nl, elem, divisor));
            else
              combined = arith::FloorDivSIOp::create(
                  nb, nl, total, castScalar(nb, nl, divisor, elem));
            break;
          }
          default:
            combined = self ? a.add(x, acc) : acc;
          }
          return a.select(none, x, combined);
        });
  }
  l.map(o.getOut(), castTo(b, loc, result, loweredType(o.getType())));
  return success();
}

} // namespace

void lowering::populatePutAlongAxisLowerings(LoweringTable &table) {
  table.add("pd.put_along_axis", lowerPutAlongAxis);
}
