//===- DataDependent.cpp - ops whose result size depends on values -------===//
//
// nonzero, masked_select and unique return as many rows as their input has
// nonzero (selected, distinct) elements: a size known only once the values
// are. They are
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

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

namespace mlir::pd::lowering {
namespace {

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
  return leadingRows(b, loc, loop.getResult(0), loop.getResult(1));
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

/// A zero-filled [n] accumulator of its own: fills of one type would be
/// CSE'd into one tensor, which a loop would then carry several times.
Value zeroBuffer(OpBuilder &b, Location loc, int64_t n, Type t) {
  Value buffer =
      bufferization::AllocTensorOp::create(b, loc, RankedTensorType::get({n}, t), ValueRange{});
  return linalg::FillOp::create(b, loc, scalarConstant(b, loc, t, 0), buffer).getResult(0);
}

/// An index output of unique / unique_consecutive: 0-D zeros when not asked
/// for (InferMeta), else `full`, cut to its first `count` rows where its
/// length is that count.
void mapIndexOutput(Lowerer &l, Location loc, Value pd, Value full, Value count, bool cut) {
  OpBuilder &b = l.b;
  RankedTensorType t = loweredType(pd.getType());
  Value v = t.getRank() == 0 ? createFilled(b, loc, t, scalarConstant(b, loc, t.getElementType(), 0))
            : cut            ? leadingRows(b, loc, full, count)
                             : full;
  l.map(pd, castTo(b, loc, v, t));
}

/// unique(x) of the flattened x, as paddle.unique runs it (is_sorted):
/// the distinct values in ascending order, the index of each one's first
/// occurrence, how often it occurs, and for each element the index of its
/// value. A stable sort, then one loop over the sorted values that starts
/// a new value where one differs from the one before (NaNs differ from
/// everything, so each is a value of its own).
LogicalResult lowerUnique(Operation *op, Lowerer &l) {
  auto o = cast<UniqueOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  auto xt = cast<RankedTensorType>(x.getType());
  if (failed(requireStatic(op, {xt})))
    return failure();
  if (!o.getAxis().empty())
    return op->emitOpError() << "the CPU lowering supports unique of the flattened input "
                                "(axis = []), got axis = ["
                             << o.getAxis() << "]";
  if (!o.getIsSorted())
    return op->emitOpError() << "the CPU lowering supports is_sorted = true (what "
                                "paddle.unique passes)";
  Type elem = xt.getElementType();
  if (!elem.isIntOrFloat())
    return op->emitOpError() << "the CPU lowering supports integer and float element types";
  int64_t n = std::max<int64_t>(xt.getNumElements(), 1);
  if (xt.getNumElements() == 0)
    return op->emitOpError() << "the CPU lowering needs a non-empty input";
  Type indexType = loweredType(o.getInverse().getType()).getElementType();
  Value row = reshapeTo(b, loc, x, RankedTensorType::get({1, n}, elem));
  Value sortedRow, orderRow;
  sortLastAxis(b, loc, row, /*descending=*/false, sortedRow, orderRow);
  Value sorted = reshapeTo(b, loc, sortedRow, RankedTensorType::get({n}, elem));
  Value order = reshapeTo(b, loc, orderRow, RankedTensorType::get({n}, b.getI64Type()));
  auto zeros = [&](Type t) { return zeroBuffer(b, loc, n, t); };
  Value c0 = cIdx(b, loc, 0), c1 = cIdx(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, c0, cIdx(b, loc, n), c1,
      ValueRange{zeros(elem), zeros(indexType), zeros(indexType), zeros(indexType), c0},
      [&](OpBuilder &lb, Location ll, Value i, ValueRange acc) {
        Value v = tensor::ExtractOp::create(lb, ll, sorted, ValueRange{i});
        Value at = tensor::ExtractOp::create(lb, ll, order, ValueRange{i});
        Value prevIndex = arith::SubIOp::create(
            lb, ll, arith::MaxSIOp::create(lb, ll, i, c1), c1);
        Value prev = tensor::ExtractOp::create(lb, ll, sorted, ValueRange{prevIndex});
        Value differs = isa<FloatType>(elem)
                            ? (Value)arith::CmpFOp::create(lb, ll, arith::CmpFPredicate::UNE, v, prev)
                            : (Value)arith::CmpIOp::create(lb, ll, arith::CmpIPredicate::ne, v, prev);
        Value first = arith::CmpIOp::create(lb, ll, arith::CmpIPredicate::eq, i, c0);
        Value fresh = arith::OrIOp::create(lb, ll, differs, first);
        Value count = arith::SelectOp::create(
            lb, ll, fresh, arith::AddIOp::create(lb, ll, acc[4], c1), acc[4]);
        Value k = arith::SubIOp::create(lb, ll, count, c1);
        // A new value: its value and first index (the sort is stable, so
        // the first of equal values is the first occurrence).
        auto branch = scf::IfOp::create(
            lb, ll, fresh,
            [&](OpBuilder &tb, Location tl) {
              Value out = tensor::InsertOp::create(tb, tl, v, acc[0], ValueRange{k});
              Value idx = tensor::InsertOp::create(
                  tb, tl, castScalar(tb, tl, at, indexType), acc[1], ValueRange{k});
              scf::YieldOp::create(tb, tl, ValueRange{out, idx});
            },
            [&](OpBuilder &eb, Location el) {
              scf::YieldOp::create(eb, el, ValueRange{acc[0], acc[1]});
            });
        Value where = arith::IndexCastOp::create(lb, ll, lb.getIndexType(), at);
        Value inverse = tensor::InsertOp::create(
            lb, ll, castScalar(lb, ll, arith::IndexCastOp::create(lb, ll, lb.getI64Type(), k),
                               indexType),
            acc[2], ValueRange{where});
        Value seen = tensor::ExtractOp::create(lb, ll, acc[3], ValueRange{k});
        Value counts = tensor::InsertOp::create(
            lb, ll, arith::AddIOp::create(lb, ll, seen, scalarConstant(lb, ll, indexType, 1)),
            acc[3], ValueRange{k});
        scf::YieldOp::create(lb, ll, ValueRange{branch.getResult(0), branch.getResult(1),
                                                inverse, counts, count});
      });
  Value distinct = loop.getResult(4);
  l.map(o.getOut(), castTo(b, loc, leadingRows(b, loc, loop.getResult(0), distinct),
                           loweredType(o.getOut().getType())));
  mapIndexOutput(l, loc, o.getIndices(), loop.getResult(1), distinct, true);
  mapIndexOutput(l, loc, o.getInverse(), loop.getResult(2), distinct, false);
  mapIndexOutput(l, loc, o.getCounts(), loop.getResult(3), distinct, true);
  return success();
}

/// unique_consecutive of the flattened x: one loop over the values that
/// starts a new run where one differs from the one before (NaNs differ from
/// everything); out holds each run's value, index each element's run,
/// counts each run's length.
LogicalResult lowerUniqueConsecutive(Operation *op, Lowerer &l) {
  auto o = cast<UniqueConsecutiveOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  auto xt = cast<RankedTensorType>(x.getType());
  if (failed(requireStatic(op, {xt})))
    return failure();
  if (!o.getAxis().empty())
    return op->emitOpError() << "the CPU lowering supports the flattened input (axis = []), "
                                "got axis = ["
                             << o.getAxis() << "]";
  Type elem = xt.getElementType();
  if (!elem.isIntOrFloat())
    return op->emitOpError() << "the CPU lowering supports integer and float element types";
  if (xt.getNumElements() == 0)
    return op->emitOpError() << "the CPU lowering needs a non-empty input";
  int64_t n = xt.getNumElements();
  Type indexType = loweredType(o.getIndex().getType()).getElementType();
  Value flat = reshapeTo(b, loc, x, RankedTensorType::get({n}, elem));
  auto zeros = [&](Type t) { return zeroBuffer(b, loc, n, t); };
  Value c0 = cIdx(b, loc, 0), c1 = cIdx(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, c0, cIdx(b, loc, n), c1,
      ValueRange{zeros(elem), zeros(indexType), zeros(indexType), c0},
      [&](OpBuilder &lb, Location ll, Value i, ValueRange acc) {
        Value v = tensor::ExtractOp::create(lb, ll, flat, ValueRange{i});
        Value prev = tensor::ExtractOp::create(
            lb, ll, flat, ValueRange{arith::SubIOp::create(lb, ll, arith::MaxSIOp::create(lb, ll, i, c1), c1)});
        Value differs = isa<FloatType>(elem)
                            ? (Value)arith::CmpFOp::create(lb, ll, arith::CmpFPredicate::UNE, v, prev)
                            : (Value)arith::CmpIOp::create(lb, ll, arith::CmpIPredicate::ne, v, prev);
        Value first = arith::CmpIOp::create(lb, ll, arith::CmpIPredicate::eq, i, c0);
        Value fresh = arith::OrIOp::create(lb, ll, differs, first);
        Value runs = arith::SelectOp::create(lb, ll, fresh, arith::AddIOp::create(lb, ll, acc[3], c1),
                                             acc[3]);
        Value k = arith::SubIOp::create(lb, ll, runs, c1);
        Value out = tensor::InsertOp::create(lb, ll, v, acc[0], ValueRange{k});
        Value run = castScalar(lb, ll, arith::IndexCastOp::create(lb, ll, lb.getI64Type(), k),
                               indexType);
        Value index = tensor::InsertOp::create(lb, ll, run, acc[1], ValueRange{i});
        Value seen = tensor::ExtractOp::create(lb, ll, acc[2], ValueRange{k});
        Value counts = tensor::InsertOp::create(
            lb, ll, arith::AddIOp::create(lb, ll, seen, scalarConstant(lb, ll, indexType, 1)),
            acc[2], ValueRange{k});
        scf::YieldOp::create(lb, ll, ValueRange{out, index, counts, runs});
      });
  Value runs = loop.getResult(3);
  l.map(o.getOut(), castTo(b, loc, leadingRows(b, loc, loop.getResult(0), runs),
                           loweredType(o.getOut().getType())));
  mapIndexOutput(l, loc, o.getIndex(), loop.getResult(1), runs, false);
  mapIndexOutput(l, loc, o.getCounts(), loop.getResult(2), runs, true);
  return success();
}

} // namespace

void populateDataDependentLowerings(LoweringTable &table) {
  table.add("pd.unique_consecutive", lowerUniqueConsecutive);
  table.add("pd.nonzero", lowerNonzero);
  table.add("pd.masked_select", lowerMaskedSelect);
  table.add("pd.unique", lowerUnique);
}

} // namespace mlir::pd::lowering
