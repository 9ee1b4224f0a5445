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

/// out[i0*b0 + j0, i1*b1 + j1, ...] = x[i0, i1, ...] * y[j0, j1, ...], ranks
/// right-aligned: one product over the interleaved dims [a0, b0, a1, b1,
/// ...], then each pair collapsed.
LogicalResult lowerKron(Operation *op, Lowerer &l) {
  auto o = cast<KronOp>(op);
  FailureOr<Arith> a = arithFor(op, l.b, o.getX(), Domain::Number);
  if (failed(a))
    return failure();
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX()), y = l.get(o.getY());
  RankedTensorType outType = loweredType(o.getType());
  if (failed(requireStatic(op, {x.getType(), y.getType()})))
    return failure();
  int64_t rank = outType.getRank();
  Type elem = typeOf(x).getElementType();
  auto padded = [&](Value v) {
    auto t = typeOf(v);
    SmallVector<int64_t> shape(rank - t.getRank(), 1);
    llvm::append_range(shape, t.getShape());
    return reshapeTo(b, loc, v, RankedTensorType::get(shape, elem));
  };
  x = padded(x);
  y = padded(y);
  MLIRContext *ctx = b.getContext();
  SmallVector<int64_t> wide;
  SmallVector<AffineExpr> xExprs, yExprs;
  SmallVector<ReassociationIndices> pairs;
  for (int64_t i = 0; i < rank; ++i) {
    wide.append({typeOf(x).getDimSize(i), typeOf(y).getDimSize(i)});
    xExprs.push_back(getAffineDimExpr(2 * i, ctx));
    yExprs.push_back(getAffineDimExpr(2 * i + 1, ctx));
    pairs.push_back({2 * i, 2 * i + 1});
  }
  auto wideType = RankedTensorType::get(wide, elem);
  Value init = createEmpty(b, loc, wideType);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{wideType}, ValueRange{x, y}, ValueRange{init},
      ArrayRef<AffineMap>{AffineMap::get(2 * rank, 0, xExprs, ctx),
                          AffineMap::get(2 * rank, 0, yExprs, ctx),
                          b.getMultiDimIdentityMap(2 * rank)},
      SmallVector<utils::IteratorType>(2 * rank, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location nloc, ValueRange v) {
        linalg::YieldOp::create(nb, nloc, Arith{nb, nloc, elem}.mul(v[0], v[1]));
      });
  Value out = rank == 0 ? generic.getResult(0)
                        : tensor::CollapseShapeOp::create(b, loc, generic.getResult(0), pairs)
                              .getResult();
  l.map(o.getOut(), castTo(b, loc, out, outType));
  return success();
}

/// The cross product along a dim of size 3 (axis 9: the first such dim):
/// out[k] = x[k+1] y[k+2] - x[k+2] y[k+1], indices mod 3, read through maps.
LogicalResult lowerCross(Operation *op, Lowerer &l) {
  auto o = cast<CrossOp>(op);
  FailureOr<Arith> a = arithFor(op, l.b, o.getX(), Domain::Number);
  if (failed(a))
    return failure();
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX()), y = l.get(o.getY());
  auto xt = typeOf(x);
  if (failed(requireStatic(op, {xt, y.getType()})))
    return failure();
  int64_t rank = xt.getRank(), axis = (int32_t)o.getAxis();
  if (axis == 9) {
    auto it = llvm::find(xt.getShape(), 3);
    axis = it - xt.getShape().begin();
  } else {
    axis = normalizeAxis(axis, rank);
  }
  MLIRContext *ctx = b.getContext();
  auto shifted = [&](int64_t by) {
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < rank; ++d)
      exprs.push_back(d == axis ? (getAffineDimExpr(d, ctx) + by) % 3 : getAffineDimExpr(d, ctx));
    return AffineMap::get(rank, 0, exprs, ctx);
  };
  Type elem = xt.getElementType();
  auto outType = RankedTensorType::get(xt.getShape(), elem);
  Value init = createEmpty(b, loc, outType);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{outType}, ValueRange{x, x, y, y}, ValueRange{init},
      ArrayRef<AffineMap>{shifted(1), shifted(2), shifted(1), shifted(2),
                          b.getMultiDimIdentityMap(rank)},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location nloc, ValueRange v) {
        Arith ar{nb, nloc, elem};
        linalg::YieldOp::create(nb, nloc, ar.sub(ar.mul(v[0], v[3]), ar.mul(v[1], v[2])));
      });
  l.map(o.getOut(), castTo(b, loc, generic.getResult(0), loweredType(o.getType())));
  return success();
}

/// A 1-D (or 0-D) x on the offset-th diagonal of a matrix filled with
/// padding_value, or the offset-th diagonal of a 2-D x.
LogicalResult lowerDiag(Operation *op, Lowerer &l) {
  auto o = cast<DiagOp>(op);
  if (failed(arithFor(op, l.b, o.getX(), Domain::Number)))
    return failure();
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  RankedTensorType outType = loweredType(o.getType());
  if (failed(requireStatic(op, {x.getType(), outType})))
    return failure();
  int64_t offset = (int32_t)o.getOffset();
  Type elem = typeOf(x).getElementType();
  if (typeOf(x).getRank() == 2) {
    l.map(o.getOut(), buildDiagonal(b, loc, x, 0, 1, offset, outType));
    return success();
  }
  x = reshapeTo(b, loc, x, RankedTensorType::get({typeOf(x).getNumElements()}, elem));
  int64_t n = typeOf(x).getDimSize(0);
  double padding = o.getPaddingValue().convertToDouble();
  Value out = buildElementwiseWithIndices(
      b, loc, outType, ValueRange{}, [&](OpBuilder &nb, Location nloc, ValueRange idx) -> Value {
        // On the diagonal: j - i == offset; x's index is the row (offset >= 0)
        // or the column, clamped so that other elements read in bounds.
        Value i = idx[0], j = idx[1];
        Value c = arith::ConstantIndexOp::create(nb, nloc, offset);
        Value on = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq,
                                         arith::SubIOp::create(nb, nloc, j, i), c);
        Value k = offset >= 0 ? i : j;
        k = arith::MinSIOp::create(nb, nloc, k, arith::ConstantIndexOp::create(nb, nloc, n - 1));
        Value v = tensor::ExtractOp::create(nb, nloc, x, ValueRange{k});
        return arith::SelectOp::create(nb, nloc, on, v, scalarConstant(nb, nloc, elem, padding));
      });
  l.map(o.getOut(), out);
  return success();
}

/// out[..., i (dim1), ..., j (dim2), ...] = input[..., k] where j - i =
/// offset (k = i for offset >= 0, else j), 0 elsewhere: one generic over the
/// output whose read index is valid wherever it is taken.
LogicalResult lowerDiagEmbed(Operation *op, Lowerer &l) {
  auto o = cast<DiagEmbedOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value input = l.get(o.getInput());
  RankedTensorType outType = loweredType(o.getType());
  if (failed(requireStatic(op, {input.getType(), outType})))
    return failure();
  // I32Attr getters are unsigned: the values are signed.
  int64_t outRank = outType.getRank(), offset = int32_t(o.getOffset());
  int64_t dim1 = int32_t(o.getDim1()), dim2 = int32_t(o.getDim2());
  int64_t d1 = dim1 < 0 ? dim1 + outRank : dim1, d2 = dim2 < 0 ? dim2 + outRank : dim2;
  if (d1 < 0 || d1 >= outRank || d2 < 0 || d2 >= outRank || d1 == d2)
    return op->emitOpError() << "dim1 " << dim1 << " and dim2 " << dim2
                             << " must be two different dims of the result";
  Type elem = outType.getElementType();
  if (!isa<IntegerType, FloatType>(elem))
    return op->emitOpError() << "the CPU lowering supports integer and float element types here";
  int64_t n = typeOf(input).getShape().back();
  l.map(o.getOut(),
        buildElementwiseWithIndices(
            b, loc, outType, {}, [&](OpBuilder &nb, Location nl, ValueRange idx) -> Value {
              auto ci = [&](int64_t v) { return arith::ConstantIndexOp::create(nb, nl, v); };
              Value i = idx[d1], j = idx[d2];
              Value onDiagonal = arith::CmpIOp::create(
                  nb, nl, arith::CmpIPredicate::eq, arith::SubIOp::create(nb, nl, j, i), ci(offset));
              // k < n on the diagonal; clamped so that the read is in bounds
              // everywhere.
              Value k = offset >= 0 ? i : j;
              k = arith::MinSIOp::create(nb, nl, k, ci(std::max<int64_t>(n - 1, 0)));
              SmallVector<Value> at;
              for (int64_t d = 0; d < outRank; ++d)
                if (d != d1 && d != d2)
                  at.push_back(idx[d]);
              at.push_back(k);
              Value zero = scalarConstant(nb, nl, elem, 0);
              if (n == 0)
                return zero;
              Value v = tensor::ExtractOp::create(nb, nl, input, at);
              return arith::SelectOp::create(nb, nl, onDiagonal, v, zero).getResult();
            }));
  return success();
}

/// einsum as one linalg.generic: a loop per label (the output's in its
/// order, parallel, then the summed ones), each operand read through its
/// labels (a label repeated in a term reads a diagonal; a dim of size 1
/// under "..." that broadcasts reads index 0), the operands' product added
/// to the zero-filled output. PHI's gradient caches are empty tensors, the
/// operand shapes the operands themselves.
LogicalResult lowerEinsum(Operation *op, Lowerer &l) {
  auto o = cast<EinsumOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  SmallVector<Value> xs = l.getList(o.getX());
  RankedTensorType outType = loweredType(o.getOut().getType());
  SmallVector<SmallVector<int64_t>> shapes;
  for (Value x : xs) {
    if (failed(requireStatic(op, {x.getType()})))
      return failure();
    shapes.push_back(llvm::to_vector(typeOf(x).getShape()));
  }
  if (failed(requireStatic(op, {outType})))
    return failure();
  Type elem = outType.getElementType();
  if (!elem.isIntOrFloat() || elem.isInteger(1))
    return op->emitOpError() << "the CPU lowering supports integer and float element types, got "
                             << elem;
  MetaError err{loc, op->getName().getStringRef(), op->getContext()};
  FailureOr<EinsumLabels> labels = resolveEinsum(o.getEquation(), shapes, err);
  if (failed(labels))
    return failure();
  // Loop of each label: the output's first, then the summed ones.
  DenseMap<int64_t, unsigned> loopOf;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t label : labels->output) {
    loopOf[label] = iterators.size();
    iterators.push_back(utils::IteratorType::parallel);
  }
  for (const SmallVector<int64_t> &dims : labels->operands)
    for (int64_t label : dims)
      if (loopOf.try_emplace(label, iterators.size()).second)
        iterators.push_back(utils::IteratorType::reduction);
  MLIRContext *ctx = b.getContext();
  unsigned loops = iterators.size();
  SmallVector<AffineMap> maps;
  for (auto [x, dims] : llvm::zip(xs, labels->operands)) {
    SmallVector<AffineExpr> exprs;
    for (auto [d, label] : llvm::enumerate(dims)) {
      bool broadcast = typeOf(x).getDimSize(d) == 1 && labels->sizes[label] != 1;
      exprs.push_back(broadcast ? getAffineConstantExpr(0, ctx)
                                : getAffineDimExpr(loopOf[label], ctx));
    }
    maps.push_back(AffineMap::get(loops, 0, exprs, ctx));
  }
  SmallVector<AffineExpr> outExprs;
  for (unsigned i = 0; i < labels->output.size(); ++i)
    outExprs.push_back(getAffineDimExpr(i, ctx));
  maps.push_back(AffineMap::get(loops, 0, outExprs, ctx));
  auto resultType = RankedTensorType::get(outType.getShape(), elem);
  Value init = createFilled(b, loc, resultType, scalarConstant(b, loc, elem, 0));
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, xs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange v) {
        Arith ar{nb, nloc, elem};
        Value product = v[0];
        for (size_t i = 1; i + 1 < v.size(); ++i)
          product = ar.mul(product, v[i]);
        linalg::YieldOp::create(nb, nloc, ar.add(v.back(), product));
      });
  l.map(o.getOut(), castTo(b, loc, generic.getResult(0), outType));
  SmallVector<Value> caches, operandShapes;
  for (auto [x, cacheType, shapeType] :
       llvm::zip(xs, loweredListTypes(o.getInnerCache()), loweredListTypes(o.getXshape()))) {
    caches.push_back(createEmpty(b, loc, cacheType));
    operandShapes.push_back(castTo(b, loc, x, shapeType));
  }
  l.mapList(o.getInnerCache(), caches);
  l.mapList(o.getXshape(), operandShapes);
  return success();
}

} // namespace

void mlir::pd::lowering::populateMatrixLowerings(LoweringTable &table) {
  table.add("pd.einsum", lowerEinsum);
  table.add("pd.diag_embed", lowerDiagEmbed);
  table.add("pd.dot", lowerDot);
  table.add("pd.mv", lowerMv);
  table.add("pd.diagonal", lowerDiagonal);
  table.add("pd.trace", lowerTrace);
  table.add("pd.kron", lowerKron);
  table.add("pd.cross", lowerCross);
  table.add("pd.diag", lowerDiag);
}
