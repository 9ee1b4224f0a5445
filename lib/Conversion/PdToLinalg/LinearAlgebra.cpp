//===- LinearAlgebra.cpp - det, slogdet, inverse, solve, lu, cholesky ----===//
//
// Square matrices (the last two dims; the others flattened into a batch B)
// are factored by LU with partial pivoting, as LAPACK's getrf does: scf
// loops over the batch, the pivot columns and the rows below, on tensors
// (tensor.extract / tensor.insert, which bufferize in place). det, slogdet,
// inverse, solve and matrix_power with n < 0 use the factors, lu returns
// them (for [m, n] matrices too) and lu_unpack spreads them into P, L and
// U; cholesky, cholesky_solve and triangular_solve are their own
// substitution loops. These are small
// matrices in real models (a few per call): loops, not tiles.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"
#include "Conversion/PdToLinalg/ScalarArith.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

RankedTensorType typeOf(Value v) { return cast<RankedTensorType>(v.getType()); }

using LoopBody =
    function_ref<SmallVector<Value>(OpBuilder &, Location, Value iv, ValueRange carried)>;

/// scf.for lo..hi carrying `inits`; `body` returns the next values.
SmallVector<Value> forLoop(OpBuilder &b, Location loc, Value lo, Value hi, ValueRange inits,
                           LoopBody body) {
  auto loop = scf::ForOp::create(b, loc, lo, hi, cIdx(b, loc, 1), inits,
                                 [&](OpBuilder &nb, Location nl, Value iv, ValueRange carried) {
                                   scf::YieldOp::create(nb, nl, body(nb, nl, iv, carried));
                                 });
  return SmallVector<Value>(loop.getResults().begin(), loop.getResults().end());
}

Value get(OpBuilder &b, Location loc, Value t, ValueRange at) {
  return tensor::ExtractOp::create(b, loc, t, at);
}
Value set(OpBuilder &b, Location loc, Value t, Value v, ValueRange at) {
  return tensor::InsertOp::create(b, loc, v, t, at);
}

/// x [..., r, c] as [B, r, c].
Value batched(OpBuilder &b, Location loc, Value x, int64_t &batch) {
  RankedTensorType t = typeOf(x);
  int64_t r = t.getDimSize(t.getRank() - 2), c = t.getDimSize(t.getRank() - 1);
  batch = r * c == 0 ? 0 : t.getNumElements() / (r * c);
  return reshapeTo(b, loc, x, RankedTensorType::get({batch, r, c}, t.getElementType()));
}

/// [B, n, n] identity matrices.
Value identity(OpBuilder &b, Location loc, int64_t batch, int64_t n, Type elem) {
  return buildElementwiseWithIndices(
      b, loc, RankedTensorType::get({batch, n, n}, elem), {},
      [&](OpBuilder &nb, Location nl, ValueRange idx) -> Value {
        Value diag = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, idx[1], idx[2]);
        return arith::SelectOp::create(nb, nl, diag, scalarConstant(nb, nl, elem, 1),
                                       scalarConstant(nb, nl, elem, 0));
      });
}

struct Factors {
  Value lu;     // [B, m, n]: L below the diagonal (unit diagonal implied), U on and above
  Value perm;   // [B, m] index: row i of LU is row perm[i] of the input
  Value sign;   // [B]: the permutation's sign
  Value pivots; // [B, min(m, n)] index: the row swapped with row k at step k (LAPACK's ipiv - 1)
};

/// LU with partial pivoting of a [B, m, n] tensor, LAPACK's getrf: min(m, n)
/// steps, each swapping the row of the largest |A[i, k]| (i >= k, the
/// first of equal ones) into row k and eliminating below it. A zero pivot
/// (a singular matrix) leaves its column as is: det 0, the solves inf/NaN.
Factors luFactor(OpBuilder &b, Location loc, Value a) {
  RankedTensorType t = typeOf(a);
  int64_t batch = t.getDimSize(0), m = t.getDimSize(1), n = t.getDimSize(2);
  int64_t steps = std::min(m, n);
  Type elem = t.getElementType();
  Value perm = buildElementwiseWithIndices(
      b, loc, RankedTensorType::get({batch, m}, b.getIndexType()), {},
      [](OpBuilder &, Location, ValueRange idx) -> Value { return idx[1]; });
  Value sign = createFilled(b, loc, RankedTensorType::get({batch}, elem),
                            scalarConstant(b, loc, elem, 1));
  Value pivots = createFilled(b, loc, RankedTensorType::get({batch, steps}, b.getIndexType()),
                              cIdx(b, loc, 0));
  Value zero = cIdx(b, loc, 0), mI = cIdx(b, loc, m), nI = cIdx(b, loc, n);
  SmallVector<Value> out = forLoop(
      b, loc, zero, cIdx(b, loc, batch), {a, perm, sign, pivots},
      [&](OpBuilder &bb, Location bl, Value r, ValueRange it) -> SmallVector<Value> {
        return forLoop(
            bb, bl, cIdx(bb, bl, 0), cIdx(bb, bl, steps), it,
            [&](OpBuilder &kb, Location kl, Value k, ValueRange c4) -> SmallVector<Value> {
              Arith ar{kb, kl, elem};
              Value A = c4[0], P = c4[1], S = c4[2], V = c4[3];
              // The pivot: the largest |A[i, k]| for i >= k (the first of equal ones).
              Value k1 = arith::AddIOp::create(kb, kl, k, cIdx(kb, kl, 1));
              SmallVector<Value> best = forLoop(
                  kb, kl, k1, mI, {ar.abs(get(kb, kl, A, {r, k, k})), k},
                  [&](OpBuilder &ib, Location il, Value i, ValueRange c) -> SmallVector<Value> {
                    Value v = Arith{ib, il, elem}.abs(get(ib, il, A, {r, i, k}));
                    Value more = arith::CmpFOp::create(ib, il, arith::CmpFPredicate::OGT, v, c[0]);
                    return {arith::SelectOp::create(ib, il, more, v, c[0]),
                            arith::SelectOp::create(ib, il, more, i, c[1])};
                  });
              Value p = best[1];
              V = set(kb, kl, V, p, {r, k});
              // Rows k and p swapped (a no-op where p == k).
              A = forLoop(kb, kl, cIdx(kb, kl, 0), nI, {A},
                          [&](OpBuilder &jb, Location jl, Value j, ValueRange c) -> SmallVector<Value> {
                            Value vk = get(jb, jl, c[0], {r, k, j});
                            Value vp = get(jb, jl, c[0], {r, p, j});
                            Value t = set(jb, jl, c[0], vp, {r, k, j});
                            return {set(jb, jl, t, vk, {r, p, j})};
                          })[0];
              Value pk = get(kb, kl, P, {r, k}), pp = get(kb, kl, P, {r, p});
              P = set(kb, kl, set(kb, kl, P, pp, {r, k}), pk, {r, p});
              Value swapped = arith::CmpIOp::create(kb, kl, arith::CmpIPredicate::ne, p, k);
              Value s = get(kb, kl, S, {r});
              S = set(kb, kl, S, arith::SelectOp::create(kb, kl, swapped, ar.neg(s), s), {r});
              // Elimination below the pivot.
              Value pivot = get(kb, kl, A, {r, k, k});
              Value singular =
                  arith::CmpFOp::create(kb, kl, arith::CmpFPredicate::OEQ, pivot, ar.c(0));
              A = forLoop(
                  kb, kl, k1, mI, {A},
                  [&](OpBuilder &ib, Location il, Value i, ValueRange c) -> SmallVector<Value> {
                    Arith ai{ib, il, elem};
                    Value f = ai.div(get(ib, il, c[0], {r, i, k}), pivot);
                    f = arith::SelectOp::create(ib, il, singular, ai.c(0), f);
                    Value t = set(ib, il, c[0], f, {r, i, k});
                    return forLoop(ib, il, k1, nI, {t},
                                   [&](OpBuilder &jb, Location jl, Value j,
                                       ValueRange d) -> SmallVector<Value> {
                                     Arith aj{jb, jl, elem};
                                     Value v = aj.sub(get(jb, jl, d[0], {r, i, j}),
                                                      aj.mul(f, get(jb, jl, d[0], {r, k, j})));
                                     return {set(jb, jl, d[0], v, {r, i, j})};
                                   });
                  })[0];
              return {A, P, S, V};
            });
      });
  return {out[0], out[1], out[2], out[3]};
}

/// One substitution sweep over the rows of batch r of x [B, n, m]: rows in
/// order (forward: row i uses rows j < i) or from the last up (backward:
/// j > i); row i, column c becomes (start(i, c) - sum_j coef(i, j) x[j, c]),
/// divided by diag(i) where `diag` is given.
using IndexFn = function_ref<Value(OpBuilder &, Location, Value i, Value j)>;
Value substitute(OpBuilder &b, Location loc, Value x, Value r, bool backward,
                 function_ref<Value(OpBuilder &, Location, Value i, Value col, Value x)> start,
                 IndexFn coef, function_ref<Value(OpBuilder &, Location, Value i)> diag) {
  RankedTensorType t = typeOf(x);
  int64_t n = t.getDimSize(1), m = t.getDimSize(2);
  Type elem = t.getElementType();
  return forLoop(
      b, loc, cIdx(b, loc, 0), cIdx(b, loc, n), {x},
      [&](OpBuilder &ib, Location il, Value step, ValueRange c) -> SmallVector<Value> {
        Value i = backward ? (Value)arith::SubIOp::create(ib, il, cIdx(ib, il, n - 1), step) : step;
        Value lo = backward ? (Value)arith::AddIOp::create(ib, il, i, cIdx(ib, il, 1))
                            : cIdx(ib, il, 0);
        Value hi = backward ? cIdx(ib, il, n) : i;
        return forLoop(
            ib, il, cIdx(ib, il, 0), cIdx(ib, il, m), {c[0]},
            [&](OpBuilder &cb, Location cl, Value col, ValueRange d) -> SmallVector<Value> {
              Value sum = forLoop(cb, cl, lo, hi, {start(cb, cl, i, col, d[0])},
                                  [&](OpBuilder &jb, Location jl, Value j,
                                      ValueRange e) -> SmallVector<Value> {
                                    Arith aj{jb, jl, elem};
                                    return {aj.sub(e[0], aj.mul(coef(jb, jl, i, j),
                                                                get(jb, jl, d[0], {r, j, col})))};
                                  })[0];
              Value v = diag ? Arith{cb, cl, elem}.div(sum, diag(cb, cl, i)) : sum;
              return {set(cb, cl, d[0], v, {r, i, col})};
            });
      })[0];
}

/// Solves A X = rhs for each batch from A's factors: rhs [B, n, m].
Value luSolve(OpBuilder &b, Location loc, const Factors &f, Value rhs) {
  RankedTensorType t = typeOf(rhs);
  Value x0 = createFilled(b, loc, t, scalarConstant(b, loc, t.getElementType(), 0));
  return forLoop(
      b, loc, cIdx(b, loc, 0), cIdx(b, loc, t.getDimSize(0)), {x0},
      [&](OpBuilder &bb, Location bl, Value r, ValueRange it) -> SmallVector<Value> {
        auto lu = [&](OpBuilder &nb, Location nl, Value i, Value j) {
          return get(nb, nl, f.lu, {r, i, j});
        };
        // Forward: L y = P rhs (L unit lower); backward: U x = y.
        Value y = substitute(
            bb, bl, it[0], r, /*backward=*/false,
            [&](OpBuilder &nb, Location nl, Value i, Value col, Value) {
              return get(nb, nl, rhs, {r, get(nb, nl, f.perm, {r, i}), col});
            },
            lu, nullptr);
        Value x = substitute(
            bb, bl, y, r, /*backward=*/true,
            [&](OpBuilder &nb, Location nl, Value i, Value col, Value cur) {
              return get(nb, nl, cur, {r, i, col});
            },
            lu, [&](OpBuilder &nb, Location nl, Value i) { return lu(nb, nl, i, i); });
        return {x};
      })[0];
}

LogicalResult checkStaticFloat(Operation *op, Value x) {
  RankedTensorType t = typeOf(x);
  if (failed(requireStatic(op, {t})))
    return failure();
  if (!isa<FloatType>(t.getElementType()))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  return success();
}

/// det and slogdet from the factors' diagonal and the permutation's sign.
LogicalResult lowerDeterminant(Operation *op, Lowerer &l) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(op->getOperand(0));
  if (failed(checkStaticFloat(op, x)))
    return failure();
  int64_t batch;
  Value a = batched(b, loc, x, batch);
  Type elem = typeOf(a).getElementType();
  int64_t n = typeOf(a).getDimSize(1);
  Factors f = luFactor(b, loc, a);
  bool logForm = isa<SlogdetOp>(op);
  MLIRContext *ctx = b.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  auto rowType = RankedTensorType::get({batch}, elem);
  // (b, i): sign * prod(diag) (det), or sign * prod(sign(diag)) and
  // sum(log|diag|) (slogdet).
  Value inits[2] = {f.sign, createFilled(b, loc, rowType, scalarConstant(b, loc, elem, 0))};
  auto generic = linalg::GenericOp::create(
      b, loc, logForm ? TypeRange{rowType, rowType} : TypeRange{rowType}, ValueRange{f.lu},
      logForm ? ValueRange(inits) : ValueRange{inits[0]},
      logForm ? ArrayRef<AffineMap>{AffineMap::get(2, 0, {d(0), d(1), d(1)}, ctx),
                                    AffineMap::get(2, 0, {d(0)}, ctx),
                                    AffineMap::get(2, 0, {d(0)}, ctx)}
              : ArrayRef<AffineMap>{AffineMap::get(2, 0, {d(0), d(1), d(1)}, ctx),
                                    AffineMap::get(2, 0, {d(0)}, ctx)},
      ArrayRef<utils::IteratorType>{utils::IteratorType::parallel,
                                    utils::IteratorType::reduction},
      [&](OpBuilder &nb, Location nl, ValueRange v) {
        Arith ar{nb, nl, elem};
        if (!logForm) {
          linalg::YieldOp::create(nb, nl, ValueRange{ar.mul(v[1], v[0])});
          return;
        }
        Value pos = ar.gt(v[0], ar.c(0)), neg = ar.lt(v[0], ar.c(0));
        Value sgn = ar.select(pos, ar.c(1), ar.select(neg, ar.c(-1), ar.c(0)));
        Value logAbs = math::LogOp::create(nb, nl, ar.abs(v[0]));
        linalg::YieldOp::create(nb, nl, ValueRange{ar.mul(v[1], sgn), ar.add(v[2], logAbs)});
      });
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  Value result;
  if (!logForm) {
    result = reshapeTo(b, loc, generic.getResult(0),
                       RankedTensorType::get(outType.getShape(), elem));
  } else {
    // [2, B]: the signs, then the logs.
    auto pairType = RankedTensorType::get({2, batch}, elem);
    Value pair = tensor::EmptyOp::create(b, loc, pairType.getShape(), elem);
    for (int64_t row = 0; row < 2; ++row) {
      Value part = reshapeTo(b, loc, generic.getResult(row), RankedTensorType::get({1, batch}, elem));
      SmallVector<OpFoldResult> offsets{b.getIndexAttr(row), b.getIndexAttr(0)},
          sizes{b.getIndexAttr(1), b.getIndexAttr(batch)}, strides(2, b.getIndexAttr(1));
      pair = tensor::InsertSliceOp::create(b, loc, part, pair, offsets, sizes, strides);
    }
    result = reshapeTo(b, loc, pair, RankedTensorType::get(outType.getShape(), elem));
  }
  (void)n;
  l.map(op->getResult(0), castTo(b, loc, result, outType));
  return success();
}

/// [B, n, n] inverse by the factors' solve of the identity.
Value inverseOf(OpBuilder &b, Location loc, Value a) {
  RankedTensorType t = typeOf(a);
  Factors f = luFactor(b, loc, a);
  return luSolve(b, loc, f, identity(b, loc, t.getDimSize(0), t.getDimSize(1), t.getElementType()));
}

LogicalResult lowerInverse(Operation *op, Lowerer &l) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(op->getOperand(0));
  if (failed(checkStaticFloat(op, x)))
    return failure();
  int64_t batch;
  Value inv = inverseOf(b, loc, batched(b, loc, x, batch));
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  l.map(op->getResult(0), castTo(b, loc, reshapeTo(b, loc, inv, typeOf(x)), outType));
  return success();
}

/// matrix_power: x^n by squaring (n known at compile time), of x's inverse
/// for n < 0; the identity for n = 0.
LogicalResult lowerMatrixPower(Operation *op, Lowerer &l) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(op->getOperand(0));
  if (failed(checkStaticFloat(op, x)))
    return failure();
  int64_t power = (int32_t)attrInt(op, "n", 1);
  int64_t batch;
  Value base = batched(b, loc, x, batch);
  RankedTensorType t = typeOf(base);
  Type elem = t.getElementType();
  if (power < 0)
    base = inverseOf(b, loc, base);
  uint64_t e = power < 0 ? -(uint64_t)power : (uint64_t)power;
  auto multiply = [&](Value p, Value q) {
    Value init = createFilled(b, loc, t, scalarConstant(b, loc, elem, 0));
    return linalg::BatchMatmulOp::create(b, loc, TypeRange{t}, ValueRange{p, q}, ValueRange{init})
        .getResult(0);
  };
  Value result;
  while (e) {
    if (e & 1)
      result = result ? multiply(result, base) : base;
    e >>= 1;
    if (e)
      base = multiply(base, base);
  }
  if (!result)
    result = identity(b, loc, batch, t.getDimSize(1), elem);
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  l.map(op->getResult(0), castTo(b, loc, reshapeTo(b, loc, result, typeOf(x)), outType));
  return success();
}

/// x [..., n, n] and y [..., n, m] (or [n]) with their batch dims broadcast,
/// as [B, n, n] and [B, n, m]; `shape` is the result's.
LogicalResult broadcastSystem(Operation *op, Lowerer &l, Value &x, Value &y,
                              SmallVector<int64_t> &shape, int64_t &batch) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  RankedTensorType xt = typeOf(x), yt = typeOf(y);
  if (failed(requireStatic(op, {xt, yt})))
    return failure();
  Type elem = xt.getElementType();
  if (!isa<FloatType>(elem))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  int64_t n = xt.getDimSize(xt.getRank() - 1);
  if (yt.getRank() == 1) {
    shape = {n};
    y = reshapeTo(b, loc, y, RankedTensorType::get({n, 1}, elem));
    yt = typeOf(y);
  }
  int64_t m = yt.getDimSize(yt.getRank() - 1);
  ArrayRef<int64_t> xb = xt.getShape().drop_back(2), yb = yt.getShape().drop_back(2);
  SmallVector<int64_t> common(std::max(xb.size(), yb.size()), 1);
  for (size_t i = 0; i < common.size(); ++i) {
    int64_t p = i + xb.size() < common.size() ? 1 : xb[i + xb.size() - common.size()];
    int64_t q = i + yb.size() < common.size() ? 1 : yb[i + yb.size() - common.size()];
    common[i] = p == 1 ? q : p;
  }
  SmallVector<int64_t> xs(common), ys(common);
  xs.append({n, n});
  ys.append({n, m});
  x = broadcastTo(b, loc, x, RankedTensorType::get(xs, elem));
  y = broadcastTo(b, loc, y, RankedTensorType::get(ys, elem));
  if (shape.empty())
    shape = ys;
  x = batched(b, loc, x, batch);
  y = batched(b, loc, y, batch);
  return success();
}

LogicalResult lowerSolve(Operation *op, Lowerer &l) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(op->getOperand(0)), y = l.get(op->getOperand(1));
  SmallVector<int64_t> shape;
  int64_t batch;
  if (failed(broadcastSystem(op, l, x, y, shape, batch)))
    return failure();
  Value out = luSolve(b, loc, luFactor(b, loc, x), y);
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  l.map(op->getResult(0),
        castTo(b, loc, reshapeTo(b, loc, out, RankedTensorType::get(shape, typeOf(out).getElementType())),
               outType));
  return success();
}

/// triangular_solve: op(x) out = y by substitution, op(x) = x or x^T, read
/// as upper (upper XOR transpose: back substitution) or lower (forward);
/// a unit diagonal is not read.
LogicalResult lowerTriangularSolve(Operation *op, Lowerer &l) {
  auto o = cast<TriangularSolveOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX()), y = l.get(o.getY());
  SmallVector<int64_t> shape;
  int64_t batch;
  if (failed(broadcastSystem(op, l, x, y, shape, batch)))
    return failure();
  bool transpose = o.getTranspose(), unit = o.getUnitriangular();
  bool upper = o.getUpper() != transpose;
  RankedTensorType t = typeOf(y);
  Type elem = t.getElementType();
  Value x0 = createFilled(b, loc, t, scalarConstant(b, loc, elem, 0));
  Value out = forLoop(
      b, loc, cIdx(b, loc, 0), cIdx(b, loc, batch), {x0},
      [&](OpBuilder &bb, Location bl, Value r, ValueRange it) -> SmallVector<Value> {
        auto at = [&](OpBuilder &nb, Location nl, Value i, Value j) {
          return transpose ? get(nb, nl, x, {r, j, i}) : get(nb, nl, x, {r, i, j});
        };
        auto diag = [&](OpBuilder &nb, Location nl, Value i) { return at(nb, nl, i, i); };
        return {substitute(
            bb, bl, it[0], r, /*backward=*/upper,
            [&](OpBuilder &nb, Location nl, Value i, Value col, Value) {
              return get(nb, nl, y, {r, i, col});
            },
            at, unit ? function_ref<Value(OpBuilder &, Location, Value)>()
                     : function_ref<Value(OpBuilder &, Location, Value)>(diag))};
      })[0];
  RankedTensorType outType = loweredType(o.getOut().getType());
  l.map(o.getOut(), castTo(b, loc, reshapeTo(b, loc, out, RankedTensorType::get(shape, elem)),
                           outType));
  return success();
}

/// cholesky (Cholesky–Banachiewicz, column by column): L[j, j] =
/// sqrt(A[j, j] - sum_k L[j, k]^2), L[i, j] = (A[i, j] - sum_k L[i, k]
/// L[j, k]) / L[j, j] below it; not positive definite: NaN. upper: L^T.
LogicalResult lowerCholesky(Operation *op, Lowerer &l) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(op->getOperand(0));
  if (failed(checkStaticFloat(op, x)))
    return failure();
  int64_t batch;
  Value a = batched(b, loc, x, batch);
  RankedTensorType t = typeOf(a);
  int64_t n = t.getDimSize(1);
  Type elem = t.getElementType();
  Value nI = cIdx(b, loc, n);
  Value l0 = createFilled(b, loc, t, scalarConstant(b, loc, elem, 0));
  auto dotRows = [&](OpBuilder &nb, Location nl, Value L, Value r, Value i, Value j, Value upto,
                     Value start) {
    return forLoop(nb, nl, cIdx(nb, nl, 0), upto, {start},
                   [&](OpBuilder &kb, Location kl, Value k, ValueRange e) -> SmallVector<Value> {
                     Arith ak{kb, kl, elem};
                     return {ak.sub(e[0], ak.mul(get(kb, kl, L, {r, i, k}), get(kb, kl, L, {r, j, k})))};
                   })[0];
  };
  Value lower = forLoop(
      b, loc, cIdx(b, loc, 0), cIdx(b, loc, batch), {l0},
      [&](OpBuilder &bb, Location bl, Value r, ValueRange it) -> SmallVector<Value> {
        return forLoop(
            bb, bl, cIdx(bb, bl, 0), nI, {it[0]},
            [&](OpBuilder &jb, Location jl, Value j, ValueRange c) -> SmallVector<Value> {
              Value L = c[0];
              Value diag = math::SqrtOp::create(
                  jb, jl, dotRows(jb, jl, L, r, j, j, j, get(jb, jl, a, {r, j, j})));
              L = set(jb, jl, L, diag, {r, j, j});
              Value j1 = arith::AddIOp::create(jb, jl, j, cIdx(jb, jl, 1));
              return forLoop(jb, jl, j1, nI, {L},
                             [&](OpBuilder &ib, Location il, Value i,
                                 ValueRange d) -> SmallVector<Value> {
                               Value s = dotRows(ib, il, d[0], r, i, j, j, get(ib, il, a, {r, i, j}));
                               return {set(ib, il, d[0], Arith{ib, il, elem}.div(s, diag), {r, i, j})};
                             });
            });
      })[0];
  if (attrBool(op, "upper", false)) {
    Value init = tensor::EmptyOp::create(b, loc, t.getShape(), elem);
    lower = linalg::TransposeOp::create(b, loc, lower, init, ArrayRef<int64_t>{0, 2, 1})
                .getResult()[0];
  }
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  l.map(op->getResult(0), castTo(b, loc, reshapeTo(b, loc, lower, typeOf(x)), outType));
  return success();
}

/// lu: LAPACK's getrf of each [m, n] matrix; pivots 1-based (int32);
/// infos the first zero pivot (1-based, 0 when none).
LogicalResult lowerLu(Operation *op, Lowerer &l) {
  auto o = cast<LuOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  if (!o.getPivot())
    return op->emitOpError() << "LU without pivoting is not supported (nor by Paddle's CPU "
                                "kernel): use pivot = true";
  Value x = l.get(o.getX());
  RankedTensorType xt = typeOf(x);
  if (failed(checkStaticFloat(op, x)))
    return failure();
  int64_t batch;
  Factors f = luFactor(b, loc, batched(b, loc, x, batch));
  int64_t steps = typeOf(f.pivots).getDimSize(1);
  Type i32 = b.getI32Type();
  Value pivots = buildElementwise(
      b, loc, RankedTensorType::get({batch, steps}, i32), {f.pivots},
      [&](OpBuilder &nb, Location nl, ValueRange v) -> Value {
        Value oneBased = arith::AddIOp::create(nb, nl, v[0], cIdx(nb, nl, 1));
        return arith::IndexCastOp::create(nb, nl, nb.getI32Type(), oneBased);
      });
  Value lu = f.lu;
  Value infos = buildElementwiseWithIndices(
      b, loc, RankedTensorType::get({batch}, i32), {},
      [&](OpBuilder &nb, Location nl, ValueRange idx) -> Value {
        Value zeroI32 = arith::ConstantIntOp::create(nb, nl, 0, 32);
        return forLoop(nb, nl, cIdx(nb, nl, 0), cIdx(nb, nl, steps), {zeroI32},
                       [&](OpBuilder &kb, Location kl, Value k, ValueRange c) -> SmallVector<Value> {
                         Arith ak{kb, kl, typeOf(lu).getElementType()};
                         Value diag = get(kb, kl, lu, {idx[0], k, k});
                         Value isZero = arith::CmpFOp::create(kb, kl, arith::CmpFPredicate::OEQ,
                                                              diag, ak.c(0));
                         Value none = arith::CmpIOp::create(
                             kb, kl, arith::CmpIPredicate::eq, c[0],
                             arith::ConstantIntOp::create(kb, kl, 0, 32));
                         Value first = arith::AndIOp::create(kb, kl, isZero, none);
                         Value k1 = arith::IndexCastOp::create(
                             kb, kl, kb.getI32Type(),
                             arith::AddIOp::create(kb, kl, k, cIdx(kb, kl, 1)));
                         return {arith::SelectOp::create(kb, kl, first, k1, c[0])};
                       })[0];
      });
  l.map(o.getOut(), castTo(b, loc, reshapeTo(b, loc, lu, xt), loweredType(o.getOut().getType())));
  RankedTensorType pt = loweredType(o.getPivots().getType());
  RankedTensorType it = loweredType(o.getInfos().getType());
  l.map(o.getPivots(), castTo(b, loc, reshapeTo(b, loc, pivots, pt), pt));
  l.map(o.getInfos(), castTo(b, loc, reshapeTo(b, loc, infos, it), it));
  return success();
}

/// lu_unpack: x = pmat @ l @ u. l is the unit lower part of x's first k
/// columns, u the upper part of its first k rows; pmat[perm[c], c] = 1 for
/// the permutation the pivots' swaps make (checked against [1, m]).
LogicalResult lowerLuUnpack(Operation *op, Lowerer &l) {
  auto o = cast<LuUnpackOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX()), pv = l.get(o.getY());
  if (failed(requireStatic(op, {typeOf(pv)})) || failed(checkStaticFloat(op, x)))
    return failure();
  Type elem = typeOf(x).getElementType();
  int64_t batch;
  Value a = batched(b, loc, x, batch);
  int64_t m = typeOf(a).getDimSize(1), n = typeOf(a).getDimSize(2), k = std::min(m, n);
  // The pivots 0-based, each checked to be a row.
  Value zeroBased = buildElementwise(
      b, loc, RankedTensorType::get({batch, k}, b.getI64Type()),
      {reshapeTo(b, loc, pv, RankedTensorType::get({batch, k}, typeOf(pv).getElementType()))},
      [&](OpBuilder &nb, Location nl, ValueRange v) -> Value {
        Value wide = arith::ExtSIOp::create(nb, nl, nb.getI64Type(), v[0]);
        return arith::SubIOp::create(nb, nl, wide, arith::ConstantIntOp::create(nb, nl, 1, 64));
      });
  Value rows = checkedIndices(
      l, loc, op, zeroBased, /*isUnsigned=*/false, /*wrapNegative=*/false,
      [&](OpBuilder &nb, Location nl, ValueRange) { return cIdx(nb, nl, m); },
      "pivot {value} (0-based) out of range [0, {bound})");
  auto matrix = [&](int64_t r, int64_t c) { return RankedTensorType::get({batch, r, c}, elem); };
  Value one = scalarConstant(b, loc, elem, 1), zero = scalarConstant(b, loc, elem, 0);
  Value lower = buildElementwiseWithIndices(
      b, loc, matrix(m, k), {}, [&](OpBuilder &nb, Location nl, ValueRange idx) -> Value {
        Value below = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::ugt, idx[1], idx[2]);
        Value diag = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, idx[1], idx[2]);
        Value v = get(nb, nl, a, {idx[0], idx[1], idx[2]});
        return arith::SelectOp::create(nb, nl, below, v,
                                       arith::SelectOp::create(nb, nl, diag, one, zero));
      });
  Value upper = buildElementwiseWithIndices(
      b, loc, matrix(k, n), {}, [&](OpBuilder &nb, Location nl, ValueRange idx) -> Value {
        Value onOrAbove = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::ule, idx[1], idx[2]);
        return arith::SelectOp::create(nb, nl, onOrAbove, get(nb, nl, a, {idx[0], idx[1], idx[2]}),
                                       zero);
      });
  // perm: the identity with the pivots' swaps applied in order.
  Value perm0 = buildElementwiseWithIndices(
      b, loc, RankedTensorType::get({batch, m}, b.getIndexType()), {},
      [](OpBuilder &, Location, ValueRange idx) -> Value { return idx[1]; });
  Value perm = forLoop(
      b, loc, cIdx(b, loc, 0), cIdx(b, loc, batch), {perm0},
      [&](OpBuilder &bb, Location bl, Value r, ValueRange it) -> SmallVector<Value> {
        return forLoop(bb, bl, cIdx(bb, bl, 0), cIdx(bb, bl, k), {it[0]},
                       [&](OpBuilder &ib, Location il, Value i, ValueRange c) -> SmallVector<Value> {
                         Value p = get(ib, il, rows, {r, i});
                         Value vi = get(ib, il, c[0], {r, i}), vp = get(ib, il, c[0], {r, p});
                         return {set(ib, il, set(ib, il, c[0], vp, {r, i}), vi, {r, p})};
                       });
      })[0];
  Value pmat = buildElementwiseWithIndices(
      b, loc, matrix(m, m), {}, [&](OpBuilder &nb, Location nl, ValueRange idx) -> Value {
        Value hit = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq,
                                          get(nb, nl, perm, {idx[0], idx[2]}), idx[1]);
        return arith::SelectOp::create(nb, nl, hit, one, zero);
      });
  auto mapTo = [&](Value result, Value v) {
    RankedTensorType t = loweredType(result.getType());
    l.map(result, castTo(b, loc, reshapeTo(b, loc, v, t), t));
  };
  mapTo(o.getPmat(), pmat);
  mapTo(o.getL(), lower);
  mapTo(o.getU(), upper);
  return success();
}

/// cholesky_solve: (L L^T) out = x for y = L (upper: (U^T U) out = x for
/// y = U): a forward then a backward substitution per batch.
LogicalResult lowerCholeskySolve(Operation *op, Lowerer &l) {
  auto o = cast<CholeskySolveOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value factor = l.get(o.getY()), rhs = l.get(o.getX());
  SmallVector<int64_t> shape;
  int64_t batch;
  if (failed(broadcastSystem(op, l, factor, rhs, shape, batch)))
    return failure();
  bool upper = o.getUpper();
  RankedTensorType t = typeOf(rhs);
  Type elem = t.getElementType();
  Value x0 = createFilled(b, loc, t, scalarConstant(b, loc, elem, 0));
  Value out = forLoop(
      b, loc, cIdx(b, loc, 0), cIdx(b, loc, batch), {x0},
      [&](OpBuilder &bb, Location bl, Value r, ValueRange it) -> SmallVector<Value> {
        // The lower factor L (y, or U^T) read at (i, j).
        auto lowerAt = [&](OpBuilder &nb, Location nl, Value i, Value j) {
          return upper ? get(nb, nl, factor, {r, j, i}) : get(nb, nl, factor, {r, i, j});
        };
        auto lowerT = [&](OpBuilder &nb, Location nl, Value i, Value j) {
          return lowerAt(nb, nl, j, i);
        };
        auto diag = [&](OpBuilder &nb, Location nl, Value i) { return lowerAt(nb, nl, i, i); };
        Value z = substitute(
            bb, bl, it[0], r, /*backward=*/false,
            [&](OpBuilder &nb, Location nl, Value i, Value col, Value) {
              return get(nb, nl, rhs, {r, i, col});
            },
            lowerAt, diag);
        return {substitute(
            bb, bl, z, r, /*backward=*/true,
            [&](OpBuilder &nb, Location nl, Value i, Value col, Value cur) {
              return get(nb, nl, cur, {r, i, col});
            },
            lowerT, diag)};
      })[0];
  RankedTensorType outType = loweredType(o.getOut().getType());
  l.map(o.getOut(), castTo(b, loc, reshapeTo(b, loc, out, RankedTensorType::get(shape, elem)),
                           outType));
  return success();
}

} // namespace

void lowering::populateLinearAlgebraLowerings(LoweringTable &table) {
  table.add({"pd.det", "pd.slogdet"}, lowerDeterminant);
  table.add("pd.inverse", lowerInverse);
  table.add("pd.matrix_power", lowerMatrixPower);
  table.add("pd.solve", lowerSolve);
  table.add("pd.triangular_solve", lowerTriangularSolve);
  table.add("pd.cholesky", lowerCholesky);
  table.add("pd.lu", lowerLu);
  table.add("pd.lu_unpack", lowerLuUnpack);
  table.add("pd.cholesky_solve", lowerCholeskySolve);
}
