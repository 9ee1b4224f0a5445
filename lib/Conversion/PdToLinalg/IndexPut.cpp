//===- IndexPut.cpp - index_put: x[mask] = value, x[i, j] = value ----------===//
//
// A bool mask over x's leading dims: where value broadcasts to one slice, a
// select over all of x; where value has one row per selected slice, each
// selected slice reads the row of its rank among the selected ones.
// Integer indices: broadcast together, checked at run time (negative ones
// wrap), then a loop over the positions writes (or adds) value's slices in
// order, as scatter_nd_add does.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"
#include "Conversion/PdToLinalg/ScalarArith.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

RankedTensorType typeOf(Value v) { return cast<RankedTensorType>(v.getType()); }

/// The pd element type of element `i` of a !pd.vec value.
Type listElementType(Value vec, unsigned i) {
  return cast<BaseTensorType>(cast<VecType>(vec.getType()).getElementTypes()[i]).getElementType();
}

/// Whether `from` broadcasts to `to` (numpy rules, right-aligned).
bool broadcastsTo(ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  if (from.size() > to.size())
    return false;
  for (size_t i = 0; i < from.size(); ++i) {
    int64_t f = from[from.size() - 1 - i], t = to[to.size() - 1 - i];
    if (f != 1 && f != t)
      return false;
  }
  return true;
}

int64_t product(ArrayRef<int64_t> dims) {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= d;
  return n;
}

LogicalResult lowerMaskPut(IndexPutOp o, Lowerer &l, Value x, Value mask, Value value) {
  Operation *op = o;
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  RankedTensorType xt = typeOf(x), mt = typeOf(mask), vt = typeOf(value);
  Type elem = xt.getElementType();
  bool accumulate = o.getAccumulate();
  int64_t r = mt.getRank();
  ArrayRef<int64_t> rest = xt.getShape().drop_front(r);
  Type i1 = b.getI1Type();
  auto combine = [&](OpBuilder &nb, Location nl, Value old, Value v) -> Value {
    return accumulate ? Arith{nb, nl, elem}.add(old, v) : v;
  };
  if (broadcastsTo(vt.getShape(), rest)) {
    // The mask as [lead..., 1, ...]: it broadcasts over the slices.
    SmallVector<int64_t> padded(mt.getShape());
    padded.append(rest.size(), 1);
    Value m = reshapeTo(b, loc, mask, RankedTensorType::get(padded, mt.getElementType()));
    Value out = buildElementwise(b, loc, xt, ValueRange{x, m, value},
                                 [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
                                   Value sel = castScalar(nb, nl, a[1], i1);
                                   return arith::SelectOp::create(nb, nl, sel,
                                                                  combine(nb, nl, a[0], a[2]),
                                                                  a[0]);
                                 });
    l.map(o.getOut(), castTo(b, loc, out, loweredType(o.getOut().getType())));
    return success();
  }
  if (vt.getRank() != (int64_t)rest.size() + 1 || !broadcastsTo(vt.getShape().drop_front(), rest))
    return op->emitOpError() << "value of shape [" << vt.getShape()
                             << "] is neither one slice nor a row per selected slice of x's ["
                             << rest << "]";
  // Rank of each selected slice: the selected ones before it.
  int64_t lead = product(mt.getShape()), rows = vt.getDimSize(0);
  Type i64 = b.getI64Type();
  MLIRContext *ctx = b.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  Value flatMask = reshapeTo(b, loc, mask, RankedTensorType::get({lead}, mt.getElementType()));
  auto rankType = RankedTensorType::get({lead}, i64);
  Value ranks =
      linalg::GenericOp::create(
          b, loc, TypeRange{rankType}, ValueRange{flatMask},
          ValueRange{createFilled(b, loc, rankType, scalarConstant(b, loc, i64, 0))},
          ArrayRef<AffineMap>{AffineMap::get(2, 0, {d(1)}, ctx), AffineMap::get(2, 0, {d(0)}, ctx)},
          ArrayRef<utils::IteratorType>{utils::IteratorType::parallel,
                                        utils::IteratorType::reduction},
          [&](OpBuilder &nb, Location nl, ValueRange a) {
            Value before = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::ult,
                                                 linalg::IndexOp::create(nb, nl, 1),
                                                 linalg::IndexOp::create(nb, nl, 0));
            Value count = arith::AndIOp::create(nb, nl, before, castScalar(nb, nl, a[0], i1));
            linalg::YieldOp::create(
                nb, nl, ValueRange{arith::AddIOp::create(nb, nl, a[1],
                                                         arith::ExtUIOp::create(nb, nl, i64, count))});
          })
          .getResult(0);
  int64_t site = l.runtimeChecks
                     ? registerRuntimeCheck(op, "the mask selects more slices than value's rows")
                     : -1;
  Value out = buildElementwiseWithIndices(
      b, loc, xt, ValueRange{x}, [&](OpBuilder &nb, Location nl, ValueRange a) -> Value {
        // a: x's element, then its indices.
        Value at = cIdx(nb, nl, 0);
        for (int64_t i = 0; i < r; ++i)
          at = arith::AddIOp::create(nb, nl, arith::MulIOp::create(nb, nl, at,
                                                                   cIdx(nb, nl, mt.getDimSize(i))),
                                     a[1 + i]);
        Value sel = castScalar(nb, nl, tensor::ExtractOp::create(nb, nl, flatMask, at), i1);
        Value rank = arith::IndexCastOp::create(nb, nl, nb.getIndexType(),
                                                tensor::ExtractOp::create(nb, nl, ranks, at));
        Value last = cIdx(nb, nl, rows - 1);
        Value over = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::ugt, rank, last);
        if (site >= 0 && rows > 1)
          reportIf(nb, nl, op, site, arith::AndIOp::create(nb, nl, sel, over));
        SmallVector<Value> vi{rows == 1 ? cIdx(nb, nl, 0)
                                        : (Value)arith::MinUIOp::create(nb, nl, rank, last)};
        // value's slice dims, right-aligned to x's (size 1 broadcasts).
        for (int64_t j = 1; j < vt.getRank(); ++j) {
          int64_t xDim = xt.getRank() - (vt.getRank() - j);
          vi.push_back(vt.getDimSize(j) == 1 ? cIdx(nb, nl, 0) : a[1 + xDim]);
        }
        Value v = tensor::ExtractOp::create(nb, nl, value, vi);
        return arith::SelectOp::create(nb, nl, sel, combine(nb, nl, a[0], v), a[0]);
      });
  l.map(o.getOut(), castTo(b, loc, out, loweredType(o.getOut().getType())));
  return success();
}

LogicalResult lowerIntegerPut(IndexPutOp o, Lowerer &l, Value x, ArrayRef<Value> indices,
                              Value value) {
  Operation *op = o;
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  RankedTensorType xt = typeOf(x), vt = typeOf(value);
  Type elem = xt.getElementType();
  int64_t k = indices.size();
  // The positions' shape: the indices broadcast together.
  SmallVector<int64_t> shape;
  for (Value index : indices) {
    ArrayRef<int64_t> s = typeOf(index).getShape();
    SmallVector<int64_t> next(std::max(shape.size(), s.size()), 1);
    for (size_t i = 0; i < next.size(); ++i) {
      int64_t p = i < next.size() - shape.size() ? 1 : shape[i - (next.size() - shape.size())];
      int64_t q = i < next.size() - s.size() ? 1 : s[i - (next.size() - s.size())];
      next[i] = p == 1 ? q : p;
    }
    shape = next;
  }
  ArrayRef<int64_t> rest = xt.getShape().drop_front(k);
  SmallVector<int64_t> valueShape(shape);
  llvm::append_range(valueShape, rest);
  if (!broadcastsTo(vt.getShape(), valueShape))
    return op->emitOpError() << "value of shape [" << vt.getShape()
                             << "] does not broadcast to the indexed slices [" << valueShape
                             << "]";
  for (int64_t j = 0; j < k; ++j)
    if (xt.getDimSize(j) == 0)
      return op->emitOpError() << "indexes dim " << j << " of x, which is empty";
  int64_t positions = product(shape), slice = product(rest), cells = product(xt.getShape().take_front(k));
  if (positions == 0) {
    l.map(o.getOut(), castTo(b, loc, x, loweredType(o.getOut().getType())));
    return success();
  }
  SmallVector<Value> flatIndices;
  for (auto [j, index] : llvm::enumerate(indices)) {
    RankedTensorType it = typeOf(index);
    Value full = broadcastTo(b, loc, index, RankedTensorType::get(shape, it.getElementType()));
    int64_t dimSize = xt.getDimSize(j);
    Value checked = checkedIndices(
        l, loc, op, full, isUnsigned(listElementType(o.getIndices(), j)),
        /*wrapNegative=*/true,
        [&](OpBuilder &nb, Location nl, ValueRange) -> Value { return cIdx(nb, nl, dimSize); },
        "index {value} is out of range [-{bound}, {bound})");
    flatIndices.push_back(
        reshapeTo(b, loc, checked, RankedTensorType::get({positions}, b.getIndexType())));
  }
  Value values = reshapeTo(b, loc, broadcastTo(b, loc, value, RankedTensorType::get(valueShape, elem)),
                           RankedTensorType::get({positions, slice}, elem));
  Value table = reshapeTo(b, loc, x, RankedTensorType::get({cells, slice}, elem));
  auto rowType = RankedTensorType::get({1, slice}, elem);
  bool accumulate = o.getAccumulate();
  auto loop = scf::ForOp::create(
      b, loc, cIdx(b, loc, 0), cIdx(b, loc, positions), cIdx(b, loc, 1), ValueRange{table},
      [&](OpBuilder &lb, Location ll, Value p, ValueRange acc) {
        Value at = cIdx(lb, ll, 0);
        for (int64_t j = 0; j < k; ++j)
          at = arith::AddIOp::create(
              lb, ll, arith::MulIOp::create(lb, ll, at, cIdx(lb, ll, xt.getDimSize(j))),
              tensor::ExtractOp::create(lb, ll, flatIndices[j], ValueRange{p}));
        SmallVector<OpFoldResult> sizes{lb.getIndexAttr(1), lb.getIndexAttr(slice)},
            strides{lb.getIndexAttr(1), lb.getIndexAttr(1)};
        SmallVector<OpFoldResult> offsets{at, lb.getIndexAttr(0)}, from{p, lb.getIndexAttr(0)};
        Value update = tensor::ExtractSliceOp::create(lb, ll, rowType, values, from, sizes, strides);
        if (accumulate) {
          Value row = tensor::ExtractSliceOp::create(lb, ll, rowType, acc[0], offsets, sizes,
                                                     strides);
          update = buildElementwise(lb, ll, rowType, ValueRange{row, update},
                                    [&](OpBuilder &eb, Location el, ValueRange v) -> Value {
                                      return Arith{eb, el, elem}.add(v[0], v[1]);
                                    });
        }
        Value next = tensor::InsertSliceOp::create(lb, ll, update, acc[0], offsets, sizes, strides);
        scf::YieldOp::create(lb, ll, next);
      });
  l.map(o.getOut(), castTo(b, loc, reshapeTo(b, loc, loop.getResult(0), xt),
                           loweredType(o.getOut().getType())));
  return success();
}

LogicalResult lowerIndexPut(Operation *op, Lowerer &l) {
  auto o = cast<IndexPutOp>(op);
  Value x = l.get(o.getX()), value = l.get(o.getValue());
  SmallVector<Value> indices = l.getList(o.getIndices());
  SmallVector<Type> types{x.getType(), value.getType()};
  for (Value i : indices)
    types.push_back(i.getType());
  if (failed(requireStatic(op, types)))
    return failure();
  Type elem = typeOf(x).getElementType();
  if (!elem.isIntOrFloat())
    return op->emitOpError() << "the CPU lowering supports integer, float and bool tensors";
  if (indices.size() == 1 && isBool(listElementType(o.getIndices(), 0)))
    return lowerMaskPut(o, l, x, indices[0], value);
  return lowerIntegerPut(o, l, x, indices, value);
}

} // namespace

void lowering::populateIndexPutLowerings(LoweringTable &table) {
  table.add("pd.index_put", lowerIndexPut);
}
