//===- ScalarArith.h - scalar formulas over one element type ----*- C++ -*-===//
//
// The bodies of the elementwise, matrix and reduction lowerings compute on
// scalars of the op's element type: `Arith` picks the float or (signed /
// unsigned) integer arith op, `arithFor` the element type with a located
// diagnostic for types a formula does not support.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_CONVERSION_PDTOLINALG_SCALARARITH_H
#define PADDLE_MLIR_CONVERSION_PDTOLINALG_SCALARARITH_H

#include "Conversion/PdToLinalg/Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace mlir::pd::lowering {

/// Scalar arithmetic helpers over one element type (float or integer).
struct Arith {
  OpBuilder &b;
  Location loc;
  Type type; // the element type computed in
  bool isUnsignedInt = false;

  bool isFloat() const { return isa<FloatType>(type); }
  Value c(double v) const { return scalarConstant(b, loc, type, v); }
  Value add(Value x, Value y) const {
    return isFloat() ? (Value)arith::AddFOp::create(b, loc, x, y)
                     : (Value)arith::AddIOp::create(b, loc, x, y);
  }
  Value sub(Value x, Value y) const {
    return isFloat() ? (Value)arith::SubFOp::create(b, loc, x, y)
                     : (Value)arith::SubIOp::create(b, loc, x, y);
  }
  Value mul(Value x, Value y) const {
    return isFloat() ? (Value)arith::MulFOp::create(b, loc, x, y)
                     : (Value)arith::MulIOp::create(b, loc, x, y);
  }
  Value div(Value x, Value y) const {
    if (isFloat())
      return arith::DivFOp::create(b, loc, x, y);
    if (isUnsignedInt)
      return arith::DivUIOp::create(b, loc, x, y);
    return arith::DivSIOp::create(b, loc, x, y);
  }
  Value neg(Value x) const {
    return isFloat() ? (Value)arith::NegFOp::create(b, loc, x) : sub(c(0), x);
  }
  Value cmp(arith::CmpFPredicate fp, arith::CmpIPredicate sp,
            arith::CmpIPredicate up, Value x, Value y) const {
    if (isFloat())
      return arith::CmpFOp::create(b, loc, fp, x, y);
    return arith::CmpIOp::create(b, loc, isUnsignedInt ? up : sp, x, y);
  }
  Value gt(Value x, Value y) const {
    return cmp(arith::CmpFPredicate::OGT, arith::CmpIPredicate::sgt,
               arith::CmpIPredicate::ugt, x, y);
  }
  Value lt(Value x, Value y) const {
    return cmp(arith::CmpFPredicate::OLT, arith::CmpIPredicate::slt,
               arith::CmpIPredicate::ult, x, y);
  }
  Value select(Value cond, Value x, Value y) const {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
  Value max(Value x, Value y) const {
    if (isFloat())
      return arith::MaximumFOp::create(b, loc, x, y);
    return isUnsignedInt ? (Value)arith::MaxUIOp::create(b, loc, x, y)
                         : (Value)arith::MaxSIOp::create(b, loc, x, y);
  }
  Value min(Value x, Value y) const {
    if (isFloat())
      return arith::MinimumFOp::create(b, loc, x, y);
    return isUnsignedInt ? (Value)arith::MinUIOp::create(b, loc, x, y)
                         : (Value)arith::MinSIOp::create(b, loc, x, y);
  }
  Value abs(Value x) const {
    if (isFloat())
      return math::AbsFOp::create(b, loc, x);
    if (isUnsignedInt)
      return x;
    // select instead of math.absi, which has no vector LLVM lowering.
    return select(lt(x, c(0)), neg(x), x);
  }
  Value exp(Value x) const { return math::ExpOp::create(b, loc, x); }
  Value log1p(Value x) const { return math::Log1pOp::create(b, loc, x); }
  Value tanh(Value x) const { return math::TanhOp::create(b, loc, x); }
  /// x * sigmoid(x) as x / (1 + exp(-x)) (silu, swish, swiglu).
  Value silu(Value x) const { return div(x, add(c(1), exp(neg(x)))); }
  Value sigmoid(Value x) const {
    return div(c(1), add(c(1), exp(neg(x))));
  }
  /// log(1 + exp(x)) without overflow: max(x, 0) + log1p(exp(-|x|)).
  Value softplus(Value x) const {
    return add(max(x, c(0)), log1p(exp(neg(abs(x)))));
  }
};

/// What a formula is defined on: floats only, numbers (not bools) or any
/// element type.
enum class Domain { Float, Number, Any };

/// The element type an op computes in (that of `pdInput`), with a
/// diagnostic at `op` for complex types and those outside `domain`.
FailureOr<Arith> arithFor(Operation *op, OpBuilder &b, Value pdInput, Domain domain);

} // namespace mlir::pd::lowering

#endif // PADDLE_MLIR_CONVERSION_PDTOLINALG_SCALARARITH_H
