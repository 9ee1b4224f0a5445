//===- Matrix.cpp - dot, mv, trace, diagonal --------------------------------===//
//
// Products and diagonals of vectors and matrices: dot is an elementwise
// product reduced over the last axis, mv a linalg.matvec, diagonal a copy
// that reads x at the diagonal index plus the offset on axis1 / axis2, trace
// that diagonal summed.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"
#include "Conversion/PdToLinalg/ScalarArith.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

RankedTensorType typeOf(Value v) { return cast<RankedTensorType>(v.getType()); }

/// Sums `input` over its last axis.
Value sumLastAxis(OpBuilder &b, Location loc, Value input) {
  RankedTensorType t = typeOf(input);
  Type elem = t.getElementType();
  return buildReduction(b, loc, input, {t.getRank() - 1}, /*keepDims=*/false,
                        scalarConstant(b, loc, elem, 0),
                        [&](OpBuilder &nb, Location nloc, ValueRange args) {
                          return Arith{nb, nloc, elem}.add(args[1], args[0]);
                        });
}

LogicalResult lowerDot(Operation *op, Lowerer &l) {
  auto o = cast<DotOp>(op);
  FailureOr<Arith> a = arithFor(op, l.b, o.getX(), Domain::Number);
  if (failed(a))
    return failure();
  Location loc = op->getLoc();
  Value x = l.get(o.getX()), y = l.get(o.getY());
  Value product = buildElementwise(l.b, loc, typeOf(x), ValueRange{x, y},
                                   [&](OpBuilder &nb, Location nloc, ValueRange v) {
                                     return Arith{nb, nloc, a->type}.mul(v[0], v[1]);
                                   });
  l.map(o.getOut(), castTo(l.b, loc, sumLastAxis(l.b, loc, product), loweredType(o.getType())));
  return success();
}

LogicalResult lowerMv(Operation *op, Lowerer &l) {
  auto o = cast<MvOp>(op);
  RankedTensorType outType = loweredType(o.getType());
  if (failed(arithFor(op, l.b, o.getX(), Domain::Number)) ||
      failed(requireStatic(op, {outType})))
    return failure();
  Location loc = op->getLoc();
  Value x = l.get(o.getX()), vec = l.get(o.getVec());
  Value init = createFilled(l.b, loc, outType, scalarConstant(l.b, loc, outType.getElementType(), 0),
                            ValueRange{x});
  l.map(o.getOut(),
        linalg::MatvecOp::create(l.b, loc, ValueRange{x, vec}, ValueRange{init}).getResult(0));
  return success();
}

/// The diagonal of `x` (static shape) along normalized axes a1, a2 with
/// `offset`, shaped `outType`: the other dims in order, then the diagonal.
/// Each element is a tensor.extract at the output's indices (an indexing
/// map (d) -> (d, d) would tell linalg that x is square).
Value buildDiagonal(OpBuilder &b, Location loc, Value x, int64_t a1, int64_t a2, int64_t offset,
                    RankedTensorType outType) {
  MLIRContext *ctx = b.getContext();
  int64_t rank = typeOf(x).getRank(), outRank = outType.getRank();
  SmallVector<AffineMap> maps{AffineMap::getMultiDimIdentityMap(outRank, ctx)};
  SmallVector<utils::IteratorType> iters(outRank, utils::IteratorType::parallel);
  Value init = tensor::EmptyOp::create(b, loc, outType.getShape(), outType.getElementType());
  return linalg::GenericOp::create(
             b, loc, TypeRange{outType}, ValueRange{}, ValueRange{init}, maps, iters,
             [&](OpBuilder &nb, Location nloc, ValueRange) {
               Value diag = linalg::IndexOp::create(nb, nloc, outRank - 1);
               auto shifted = [&](int64_t by) -> Value {
                 if (by == 0)
                   return diag;
                 return arith::AddIOp::create(nb, nloc, diag,
                                              arith::ConstantIndexOp::create(nb, nloc, by));
               };
               SmallVector<Value> at;
               for (int64_t k = 0, other = 0; k < rank; ++k) {
                 if (k == a1)
                   at.push_back(shifted(offset < 0 ? -offset : 0));
                 else if (k == a2)
                   at.push_back(shifted(offset > 0 ? offset : 0));
                 else
                   at.push_back(linalg::IndexOp::create(nb, nloc, other++));
               }
               linalg::YieldOp::create(nb, nloc,
                                       ValueRange{tensor::ExtractOp::create(nb, nloc, x, at)});
             })
      .getResult(0);
}

/// Normalized axis1/axis2 and offset of diagonal/trace (the verifier
/// checked the axes through InferMeta). The i32 attributes come back as
/// uint32_t: negative values are read back as int32_t.
template <typename OpT>
std::tuple<int64_t, int64_t, int64_t> diagonalArgs(OpT o, int64_t rank) {
  return {normalizeAxis((int32_t)o.getAxis1(), rank), normalizeAxis((int32_t)o.getAxis2(), rank),
          static_cast<int64_t>((int32_t)o.getOffset())};
}

LogicalResult lowerDiagonal(Operation *op, Lowerer &l) {
  auto o = cast<DiagonalOp>(op);
  Value x = l.get(o.getX());
  RankedTensorType outType = loweredType(o.getType());
  if (failed(requireStatic(op, {typeOf(x), outType})))
    return failure();
  auto [a1, a2, offset] = diagonalArgs(o, typeOf(x).getRank());
  l.map(o.getOut(), buildDiagonal(l.b, op->getLoc(), x, a1, a2, offset, outType));
  return success();
}

LogicalResult lowerTrace(Operation *op, Lowerer &l) {
  auto o = cast<TraceOp>(op);
  Value x = l.get(o.getX());
  RankedTensorType outType = loweredType(o.getType());
  if (failed(arithFor(op, l.b, o.getX(), Domain::Number)) ||
      failed(requireStatic(op, {typeOf(x)})))
    return failure();
  auto xType = typeOf(x);
  auto [a1, a2, offset] = diagonalArgs(o, xType.getRank());
  int64_t length = diagonalLength(xType.getDimSize(a1), xType.getDimSize(a2), offset);
  SmallVector<int64_t> diagShape(outType.getShape());
  diagShape.push_back(length);
  Location loc = op->getLoc();
  Value diag = buildDiagonal(l.b, loc, x, a1, a2, length ? offset : 0,
                             RankedTensorType::get(diagShape, outType.getElementType()));
  l.map(o.getOut(), castTo(l.b, loc, sumLastAxis(l.b, loc, diag), outType));
  return success();
}

} // namespace

void mlir::pd::lowering::populateMatrixLowerings(LoweringTable &table) {
  table.add("pd.dot", lowerDot);
  table.add("pd.mv", lowerMv);
  table.add("pd.diagonal", lowerDiagonal);
  table.add("pd.trace", lowerTrace);
}
