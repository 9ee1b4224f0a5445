//===- MergeSort.cpp - stable O(n log n) sort of the rows of a tensor -----===//
//
// argsort, topk, kthvalue, unique and multiclass_nms3 sort rows. Short rows
// use the branch-free O(n^2) rank sort of Reduction.cpp (it vectorizes);
// long ones this bottom-up merge sort: O(n log n) scalar steps per row. An
// O(n^2) sort of PicoDet's 80 classes x 2125 scores took 0.6 s, and of a
// million elements it would take hours.
//
// The order is the rank sort's: stable (equal values keep their column
// order); floats with NaN after every number when ascending, before every
// number when descending (numpy, Paddle); integers compared signed.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

/// Whether `a` goes strictly before `b` (the rank sort's order).
Value strictlyBefore(OpBuilder &b, Location loc, Value a, Value x, bool descending) {
  if (!isa<FloatType>(a.getType()))
    return arith::CmpIOp::create(
        b, loc, descending ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::slt, a, x);
  using P = arith::CmpFPredicate;
  Value ordered = arith::CmpFOp::create(b, loc, descending ? P::OGT : P::OLT, a, x);
  Value nanA = arith::CmpFOp::create(b, loc, P::UNO, a, a);
  Value nanX = arith::CmpFOp::create(b, loc, P::UNO, x, x);
  Value one = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  // Descending: a NaN before a number; ascending: a number before a NaN.
  Value nanOrder = descending
                       ? arith::AndIOp::create(b, loc, nanA, arith::XOrIOp::create(b, loc, nanX, one))
                       : arith::AndIOp::create(b, loc, arith::XOrIOp::create(b, loc, nanA, one), nanX);
  return arith::OrIOp::create(b, loc, ordered, nanOrder);
}

} // namespace

void lowering::mergeSortRows(OpBuilder &b, Location loc, Value x, bool descending,
                             Value &sorted, Value &indices) {
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rows = type.getDimSize(0), n = type.getDimSize(1);
  Type elem = type.getElementType(), i64 = b.getI64Type();
  Value c0 = cIdx(b, loc, 0), c1 = cIdx(b, loc, 1), cn = cIdx(b, loc, n);
  auto rowType = RankedTensorType::get({n}, elem);
  auto rowOrderType = RankedTensorType::get({n}, i64);
  // 0, 1, ..., n - 1: the columns, before the sort.
  Value iota = buildElementwiseWithIndices(
      b, loc, rowOrderType, {}, [&](OpBuilder &nb, Location nl, ValueRange idx) -> Value {
        return arith::IndexCastOp::create(nb, nl, i64, idx[0]);
      });
  // Buffers of their own: tensor.empty of one type would be CSE'd into one
  // (int64 keys and their int64 columns), and bufferization would then
  // write both into it.
  auto fresh = [](OpBuilder &fb, Location fl, RankedTensorType t) -> Value {
    return bufferization::AllocTensorOp::create(fb, fl, t, ValueRange{});
  };
  Value outKeys = fresh(b, loc, type);
  Value outOrder = fresh(b, loc, RankedTensorType::get(type.getShape(), i64));
  auto rowsLoop = scf::ForOp::create(
      b, loc, c0, cIdx(b, loc, rows), c1, ValueRange{outKeys, outOrder},
      [&](OpBuilder &rb, Location rl, Value r, ValueRange t) {
        SmallVector<OpFoldResult> at{r, rb.getIndexAttr(0)};
        SmallVector<OpFoldResult> sizes{rb.getIndexAttr(1), rb.getIndexAttr(n)};
        SmallVector<OpFoldResult> strides{rb.getIndexAttr(1), rb.getIndexAttr(1)};
        // The row and the columns copied into buffers the passes own (the
        // input is read-only, the columns are every row's start).
        Value row = tensor::ExtractSliceOp::create(rb, rl, rowType, x, at, sizes, strides);
        Value keys = linalg::CopyOp::create(rb, rl, ValueRange{row},
                                            ValueRange{fresh(rb, rl, rowType)})
                         .getResult(0);
        Value columns = linalg::CopyOp::create(rb, rl, ValueRange{iota},
                                               ValueRange{fresh(rb, rl, rowOrderType)})
                            .getResult(0);
        Value spareKeys = fresh(rb, rl, rowType);
        Value spareOrder = fresh(rb, rl, rowOrderType);
        // Pass p: runs of 2^p sorted, merged pairwise into the spare
        // buffers, then copied back: runs of 2^(p+1). ceil(log2 n) passes
        // (n is static).
        int64_t passes = 0;
        while ((int64_t(1) << passes) < n)
          ++passes;
        auto widths = scf::ForOp::create(
            rb, rl, c0, cIdx(rb, rl, passes), c1,
            ValueRange{keys, columns, spareKeys, spareOrder},
            [&](OpBuilder &wb, Location wl, Value pass, ValueRange s) {
              Value width = arith::ShLIOp::create(wb, wl, cIdx(wb, wl, 1), pass);
              Value twice = arith::MulIOp::create(wb, wl, width, cIdx(wb, wl, 2));
              auto pairs = scf::ForOp::create(
                  wb, wl, c0, cn, twice, ValueRange{s[2], s[3]},
                  [&](OpBuilder &pb, Location pl, Value lo, ValueRange out) {
                    Value mid = arith::MinSIOp::create(
                        pb, pl, arith::AddIOp::create(pb, pl, lo, width), cn);
                    Value hi = arith::MinSIOp::create(
                        pb, pl, arith::AddIOp::create(pb, pl, lo, twice), cn);
                    auto merge = scf::ForOp::create(
                        pb, pl, lo, hi, cIdx(pb, pl, 1), ValueRange{lo, mid, out[0], out[1]},
                        [&](OpBuilder &kb, Location kl, Value k, ValueRange m) {
                          Value one = cIdx(kb, kl, 1);
                          // Clamped reads: a side that is used up is not taken.
                          Value i = arith::MinSIOp::create(
                              kb, kl, m[0], arith::SubIOp::create(kb, kl, mid, one));
                          Value j = arith::MinSIOp::create(
                              kb, kl, m[1], arith::SubIOp::create(kb, kl, hi, one));
                          Value left = tensor::ExtractOp::create(kb, kl, s[0], ValueRange{i});
                          Value right = tensor::ExtractOp::create(kb, kl, s[0], ValueRange{j});
                          Value leftLeft =
                              arith::CmpIOp::create(kb, kl, arith::CmpIPredicate::slt, m[0], mid);
                          Value rightLeft =
                              arith::CmpIOp::create(kb, kl, arith::CmpIPredicate::slt, m[1], hi);
                          Value leftDone = arith::XOrIOp::create(
                              kb, kl, leftLeft, arith::ConstantIntOp::create(kb, kl, kb.getI1Type(), 1));
                          // The right one goes first only when strictly
                          // before the left one (stable).
                          Value takeRight = arith::AndIOp::create(
                              kb, kl, rightLeft,
                              arith::OrIOp::create(
                                  kb, kl, leftDone,
                                  strictlyBefore(kb, kl, right, left, descending)));
                          Value from = arith::SelectOp::create(kb, kl, takeRight, j, i);
                          Value key = arith::SelectOp::create(kb, kl, takeRight, right, left);
                          Value keysOut = tensor::InsertOp::create(kb, kl, key, m[2], ValueRange{k});
                          Value column = tensor::ExtractOp::create(kb, kl, s[1], ValueRange{from});
                          Value orderOut =
                              tensor::InsertOp::create(kb, kl, column, m[3], ValueRange{k});
                          Value nextI = arith::SelectOp::create(
                              kb, kl, takeRight, m[0], arith::AddIOp::create(kb, kl, m[0], one));
                          Value nextJ = arith::SelectOp::create(
                              kb, kl, takeRight, arith::AddIOp::create(kb, kl, m[1], one), m[1]);
                          scf::YieldOp::create(kb, kl, ValueRange{nextI, nextJ, keysOut, orderOut});
                        });
                    scf::YieldOp::create(pb, pl,
                                         ValueRange{merge.getResult(2), merge.getResult(3)});
                  });
              // The merged runs copied back: each loop-carried tensor keeps
              // its buffer (swapping them made bufferization track their
              // ownership at run time, in i1 buffers LLVM cannot take).
              // (A linalg.copy: a whole-tensor insert_slice folds away.)
              auto whole = [&](Value from, Value into) -> Value {
                return linalg::CopyOp::create(wb, wl, ValueRange{from}, ValueRange{into})
                    .getResult(0);
              };
              Value keysBack = whole(pairs.getResult(0), s[0]);
              Value orderBack = whole(pairs.getResult(1), s[1]);
              scf::YieldOp::create(wb, wl, ValueRange{keysBack, orderBack, pairs.getResult(0),
                                                      pairs.getResult(1)});
            });
        Value k = tensor::InsertSliceOp::create(rb, rl, widths.getResult(0), t[0], at, sizes,
                                                strides);
        Value o = tensor::InsertSliceOp::create(rb, rl, widths.getResult(1), t[1], at, sizes,
                                                strides);
        scf::YieldOp::create(rb, rl, ValueRange{k, o});
      });
  sorted = rowsLoop.getResult(0);
  indices = rowsLoop.getResult(1);
}
