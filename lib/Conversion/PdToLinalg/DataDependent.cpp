//===- DataDependent.cpp - ops whose result size depends on values -------===//
//
// nonzero and masked_select return as many rows as their input has nonzero
// (selected) elements: a size known only once the values are. They are
// lowered into a buffer of the most rows there can be (one per element),
// filled in order by one loop that counts, and the result is the buffer's
// leading `count` rows: a tensor.extract_slice whose size is
// affine.min(count, bound). The min changes nothing at run time; it states
// the bound, which pd-bound-dynamic-results reads (through the value-bounds
// analysis) to give a fetched result a buffer the caller can allocate.
// Rows past the count are zeros.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"

namespace mlir::pd::lowering {
namespace {

Value cIdx(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// Whether scalar `v` (an element of a lowered tensor: bools are i8) is
/// nonzero; NaN is nonzero, as in PHI.
Value isNonzero(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType();
  if (isa<FloatType>(t))
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, v,
                                 scalarConstant(b, loc, t, 0.0));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v,
                               scalarConstant(b, loc, t, 0.0));
}

/// Rows selected in order: the loop over the `n` elements of `flat` keeps
/// (buffer, count) and calls `write(builder, buffer, element, count)` for
/// each one `select` accepts, which returns the buffer with row `count`
/// written. Returns the leading rows of the final buffer, their count
/// bounded by `n`.
Value selectRows(OpBuilder &b, Location loc, Value buffer, int64_t n,
                 function_ref<Value(OpBuilder &, Location, Value)> select,
                 function_ref<Value(OpBuilder &, Location, Value, Value, Value)> write) {
  auto loop = scf::ForOp::create(
      b, loc, cIdx(b, loc, 0), cIdx(b, loc, n), cIdx(b, loc, 1),
      ValueRange{buffer, cIdx(b, loc, 0)},
      [&](OpBuilder &lb, Location ll, Value i, ValueRange acc) {
        Value taken = select(lb, ll, i);
        auto branch = scf::IfOp::create(
            lb, ll, taken,
            [&](OpBuilder &tb, Location tl) {
              Value next = write(tb, tl, acc[0], i, acc[1]);
              Value count = arith::AddIOp::create(tb, tl, acc[1], cIdx(tb, tl, 1));
              scf::YieldOp::create(tb, tl, ValueRange{next, count});
            },
            [&](OpBuilder &eb, Location el) { scf::YieldOp::create(eb, el, acc); });
        scf::YieldOp::create(lb, ll, branch.getResults());
      });
  // count <= n: stated for the value-bounds analysis.
  MLIRContext *ctx = b.getContext();
  AffineMap min = AffineMap::get(
      1, 0, {getAffineDimExpr(0, ctx), getAffineConstantExpr(n, ctx)}, ctx);
  Value rows = affine::AffineMinOp::create(b, loc, min, ValueRange{loop.getResult(1)});
  auto type = cast<RankedTensorType>(buffer.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes{rows};
  for (int64_t d = 1; d < type.getRank(); ++d)
    sizes.push_back(b.getIndexAttr(type.getDimSize(d)));
  SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(b, loc, loop.getResult(0), offsets, sizes, strides);
}

/// nonzero(condition) -> [count, rank] int64: the indices of the nonzero
/// elements, in row-major order.
LogicalResult lowerNonzero(Operation *op, Lowerer &l) {
  auto o = cast<NonzeroOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getCondition());
  RankedTensorType xt = cast<RankedTensorType>(x.getType());
  if (failed(requireStatic(op, {xt})))
    return failure();
  int64_t rank = xt.getRank(), n = xt.getNumElements();
  if (rank == 0)
    return op->emitOpError() << "the CPU lowering needs an input of rank 1 or more";
  Value flat = reshapeTo(b, loc, x, RankedTensorType::get({n}, xt.getElementType()));
  Type i64 = b.getI64Type();
  Value buffer = createFilled(b, loc, RankedTensorType::get({n, rank}, i64),
                              scalarConstant(b, loc, i64, 0));
  Value rows = selectRows(
      b, loc, buffer, n,
      [&](OpBuilder &sb, Location sl, Value i) {
        return isNonzero(sb, sl, tensor::ExtractOp::create(sb, sl, flat, ValueRange{i}));
      },
      [&](OpBuilder &wb, Location wl, Value buf, Value i, Value row) {
        // Element i's index along each dim, last dim fastest.
        int64_t stride = 1;
        SmallVector<Value> coords(rank);
        for (int64_t d = rank - 1; d >= 0; --d) {
          Value q = arith::DivUIOp::create(wb, wl, i, cIdx(wb, wl, stride));
          coords[d] = arith::RemUIOp::create(wb, wl, q, cIdx(wb, wl, xt.getDimSize(d)));
          stride *= xt.getDimSize(d);
        }
        for (int64_t d = 0; d < rank; ++d) {
          Value c = arith::IndexCastUIOp::create(wb, wl, i64, coords[d]);
          buf = tensor::InsertOp::create(wb, wl, c, buf, ValueRange{row, cIdx(wb, wl, d)});
        }
        return buf;
      });
  l.map(o.getOut(), castTo(b, loc, rows, loweredType(o.getType())));
  return success();
}

/// masked_select(x, mask) -> [count]: the elements of x where mask is
/// true, x and mask broadcast against each other, in row-major order.
LogicalResult lowerMaskedSelect(Operation *op, Lowerer &l) {
  auto o = cast<MaskedSelectOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX()), mask = l.get(o.getMask());
  auto xt = cast<RankedTensorType>(x.getType());
  auto mt = cast<RankedTensorType>(mask.getType());
  if (failed(requireStatic(op, {xt, mt})))
    return failure();
  // The broadcast shape (InferMeta checked that the shapes broadcast).
  int64_t rank = std::max(xt.getRank(), mt.getRank());
  SmallVector<int64_t> shape(rank, 1);
  for (RankedTensorType t : {xt, mt})
    for (int64_t d = 0; d < t.getRank(); ++d) {
      int64_t &s = shape[rank - t.getRank() + d];
      s = t.getDimSize(d) == 1 ? s : t.getDimSize(d);
    }
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  Type elem = xt.getElementType();
  auto full = [&](Value v, RankedTensorType t) {
    auto to = RankedTensorType::get(shape, t.getElementType());
    Value wide = t.getShape() == ArrayRef<int64_t>(shape) ? v : broadcastTo(b, loc, v, to);
    return reshapeTo(b, loc, wide, RankedTensorType::get({n}, t.getElementType()));
  };
  Value xs = full(x, xt), ms = full(mask, mt);
  Value buffer = createFilled(b, loc, RankedTensorType::get({n}, elem),
                              scalarConstant(b, loc, elem, 0));
  Value rows = selectRows(
      b, loc, buffer, n,
      [&](OpBuilder &sb, Location sl, Value i) {
        return isNonzero(sb, sl, tensor::ExtractOp::create(sb, sl, ms, ValueRange{i}));
      },
      [&](OpBuilder &wb, Location wl, Value buf, Value i, Value row) -> Value {
        Value v = tensor::ExtractOp::create(wb, wl, xs, ValueRange{i});
        return tensor::InsertOp::create(wb, wl, v, buf, ValueRange{row});
      });
  l.map(o.getOut(), castTo(b, loc, rows, loweredType(o.getType())));
  return success();
}

} // namespace

void populateDataDependentLowerings(LoweringTable &table) {
  table.add("pd.nonzero", lowerNonzero);
  table.add("pd.masked_select", lowerMaskedSelect);
}

} // namespace mlir::pd::lowering
