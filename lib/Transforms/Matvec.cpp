//===- Matvec.cpp - matrix-vector products vectorized along the depth -----===//

#include "Transforms/Matvec.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace {

/// Whether `type` is a static f32 memref whose dim `dim` has unit stride.
bool unitStride(Value v, unsigned dim) {
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type || !type.hasStaticShape() || !type.getElementType().isF32())
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(type.getStridesAndOffset(strides, offset)) && strides[dim] == 1;
}

/// Rows per block of a matvec: independent accumulators hide the FMA
/// latency and share each load of B.
constexpr int64_t kRows = 4;

/// Dot products of rows of A with the n columns of B, held transposed in
/// `bt` [n, k] (or, one column, [k]; contiguous along k), stored in C [m, n]:
/// added to `init` (the value C was filled with: C is then not read) or to C.
struct NarrowBuilder {
  RewriterBase &rewriter;
  Location loc;
  Value a, bt, c;
  int64_t k, n, width;
  TypedAttr init;

  Value index(int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); }

  /// Rows [row, row + rows) of C.
  void block(Value row, int64_t rows) {
    auto vecType = VectorType::get({width}, rewriter.getF32Type());
    Value zero = arith::ConstantOp::create(rewriter, loc, DenseElementsAttr::get(vecType, 0.0f));
    SmallVector<Value> rowIndex, column;
    for (int64_t r = 0; r < rows; ++r)
      rowIndex.push_back(r == 0 ? row : arith::AddIOp::create(rewriter, loc, row, index(r)).getResult());
    for (int64_t j = 0; j < n; ++j)
      column.push_back(index(j));
    int64_t full = k - k % width;
    // acc[r * n + j]: row r times column j.
    SmallVector<Value> acc(rows * n, zero);
    auto load = [&](Value base, ValueRange at, Value mask) -> Value {
      if (mask)
        return vector::MaskedLoadOp::create(rewriter, loc, vecType, base, at, mask, zero);
      return vector::LoadOp::create(rewriter, loc, vecType, base, at);
    };
    auto step = [&](Value kk, Value mask, ValueRange accs) {
      SmallVector<Value> xs, next;
      bool vector1d = cast<MemRefType>(bt.getType()).getRank() == 1;
      for (int64_t j = 0; j < n; ++j)
        xs.push_back(vector1d ? load(bt, ValueRange{kk}, mask)
                              : load(bt, ValueRange{column[j], kk}, mask));
      for (int64_t r = 0; r < rows; ++r) {
        Value w = load(a, ValueRange{rowIndex[r], kk}, mask);
        for (int64_t j = 0; j < n; ++j)
          next.push_back(vector::FMAOp::create(rewriter, loc, w, xs[j], accs[r * n + j]));
      }
      return next;
    };
    if (full > 0) {
      auto loop = scf::ForOp::create(rewriter, loc, index(0), index(full), index(width), acc);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      SmallVector<Value> next = step(loop.getInductionVar(), Value(), loop.getRegionIterArgs());
      scf::YieldOp::create(rewriter, loc, next);
      acc = SmallVector<Value>(loop.getResults());
    }
    if (k % width) {
      auto maskType = VectorType::get({width}, rewriter.getI1Type());
      Value mask = vector::ConstantMaskOp::create(rewriter, loc, maskType,
                                                  ArrayRef<int64_t>{k % width});
      acc = step(index(full), mask, acc);
    }
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t j = 0; j < n; ++j) {
        Value sum =
            vector::ReductionOp::create(rewriter, loc, vector::CombiningKind::ADD, acc[r * n + j]);
        SmallVector<Value, 2> at{rowIndex[r], column[j]};
        Value start = init ? arith::ConstantOp::create(rewriter, loc, init).getResult()
                           : memref::LoadOp::create(rewriter, loc, c, at).getResult();
        memref::StoreOp::create(rewriter, loc, arith::AddFOp::create(rewriter, loc, start, sum),
                                c, at);
      }
  }
};

/// Loops over the blocks of `rows` rows of an m-row matrix (an scf.parallel
/// when `threads`), then the last m % rows rows; `emit(row, rows)` builds
/// one block's code.
template <typename Emit>
void forRowBlocks(RewriterBase &rewriter, Location loc, int64_t m, int64_t rows, bool threads,
                  Emit emit) {
  auto index = [&](int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); };
  int64_t blocks = m / rows, rest = m % rows;
  if (blocks > 0) {
    OpBuilder::InsertionGuard guard(rewriter);
    Value blockIndex;
    if (threads && blocks > 1) {
      auto par = scf::ParallelOp::create(rewriter, loc, ValueRange{index(0)},
                                         ValueRange{index(blocks)}, ValueRange{index(1)});
      rewriter.setInsertionPointToStart(par.getBody());
      blockIndex = par.getInductionVars()[0];
    } else {
      auto loop = scf::ForOp::create(rewriter, loc, index(0), index(blocks), index(1));
      rewriter.setInsertionPointToStart(loop.getBody());
      blockIndex = loop.getInductionVar();
    }
    emit(arith::MulIOp::create(rewriter, loc, blockIndex, index(rows)).getResult(), rows);
  }
  if (rest)
    emit(index(blocks * rows).getResult(), rest);
}

} // namespace

LogicalResult pd::codegenNarrowMatmul(RewriterBase &rewriter, linalg::MatmulOp op, TypedAttr init,
                                      int64_t width, bool threads) {
  if (!op.hasPureBufferSemantics() || width < 4 || (init && !isa<FloatAttr>(init)))
    return failure();
  Value a = op.getDpsInputs()[0], b = op.getDpsInputs()[1], c = op.getDpsInits()[0];
  auto staticF32 = [](Value v) {
    auto type = dyn_cast<MemRefType>(v.getType());
    return type && type.hasStaticShape() && type.getElementType().isF32();
  };
  if (op.getIndexingMapsArray() != op.getDefaultIndexingMaps(op.getContext()) ||
      !unitStride(a, 1) || !staticF32(b) || !staticF32(c))
    return failure();
  auto cType = cast<MemRefType>(c.getType());
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1),
          k = cast<MemRefType>(a.getType()).getDimSize(1);
  if (m < 1 || n < 1 || n > kMaxNarrowColumns || k < width)
    return failure();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  // B's columns, contiguous along k.
  Value bt = pd::copyColumnsAlongDepth(rewriter, loc, b, 0, n);
  // Rows per block: up to 24 accumulators, with B's n vectors and A's one
  // in the 32 vector registers; preferably a divisor of m down to half that
  // (at least 8 accumulators), so that no second, remainder block doubles
  // the code LLVM compiles.
  int64_t rows = std::max<int64_t>(1, std::min<int64_t>({8, 24 / n, (31 - n) / n}));
  for (int64_t r = rows; r >= 1 && 2 * r >= rows && r * n >= 8; --r)
    if (m % r == 0) {
      rows = r;
      break;
    }
  NarrowBuilder builder{rewriter, loc, a, bt, c, k, n, width, init};
  forRowBlocks(rewriter, loc, m, rows, threads,
               [&](Value row, int64_t count) { builder.block(row, count); });
  rewriter.eraseOp(op);
  return success();
}

LogicalResult pd::codegenMatvec(RewriterBase &rewriter, linalg::MatmulOp op, TypedAttr init,
                                int64_t width, bool threads) {
  if (!op.hasPureBufferSemantics() || width < 4)
    return failure();
  Value a = op.getDpsInputs()[0], b = op.getDpsInputs()[1], c = op.getDpsInits()[0];
  // Only the default maps (no transposes or broadcasts).
  if (op.getIndexingMapsArray() != op.getDefaultIndexingMaps(op.getContext()) ||
      !unitStride(a, 1) || !unitStride(b, 0) || !unitStride(c, 0) ||
      (init && !isa<FloatAttr>(init)))
    return failure();
  auto cType = cast<MemRefType>(c.getType());
  auto aType = cast<MemRefType>(a.getType());
  int64_t m = cType.getDimSize(0), k = aType.getDimSize(1);
  if (cType.getDimSize(1) != 1 || m == 0 || k < width)
    return failure();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  // B's column as a 1-D view: vectors along k are its last dim.
  Value column = memref::createCanonicalRankReducingSubViewOp(rewriter, loc, b, {k});
  NarrowBuilder builder{rewriter, loc, a, column, c, k, /*n=*/1, width, init};
  forRowBlocks(rewriter, loc, m, kRows, threads,
               [&](Value row, int64_t count) { builder.block(row, count); });
  rewriter.eraseOp(op);
  return success();
}

Value pd::copyColumnsAlongDepth(RewriterBase &rewriter, Location loc, Value b, int64_t first,
                                int64_t n) {
  int64_t k = cast<MemRefType>(b.getType()).getDimSize(0);
  auto index = [&](int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); };
  Value bt = memref::AllocaOp::create(rewriter, loc,
                                      MemRefType::get({n, k}, rewriter.getF32Type()),
                                      rewriter.getI64IntegerAttr(64));
  OpBuilder::InsertionGuard guard(rewriter);
  auto loop = scf::ForOp::create(rewriter, loc, index(0), index(k), index(1));
  rewriter.setInsertionPointToStart(loop.getBody());
  Value kk = loop.getInductionVar();
  for (int64_t j = 0; j < n; ++j) {
    Value v = memref::LoadOp::create(rewriter, loc, b, ValueRange{kk, index(first + j)});
    memref::StoreOp::create(rewriter, loc, v, bt, ValueRange{index(j), kk});
  }
  return bt;
}

LogicalResult pd::accumulateNarrowColumnsInDepthLoop(RewriterBase &rewriter, scf::ForOp depthLoop,
                                                     Value aRows, Value bt, Value acc, Value c,
                                                     int64_t rows, int64_t n, int64_t width,
                                                     TypedAttr init, Value once) {
  auto btType = dyn_cast<MemRefType>(bt.getType());
  if (!btType || btType.getRank() != 2 || !unitStride(aRows, 1) || width < 1 ||
      (init && !isa<FloatAttr>(init)))
    return failure();
  int64_t k = btType.getDimSize(1);
  std::optional<int64_t> lower = getConstantIntValue(depthLoop.getLowerBound()),
                         upper = getConstantIntValue(depthLoop.getUpperBound()),
                         step = getConstantIntValue(depthLoop.getStep());
  auto aType = cast<MemRefType>(aRows.getType());
  if (!lower || !upper || !step || *lower != 0 || *upper != k || *step != 1 || k % width != 0 ||
      aType.getDimSize(0) != rows || aType.getDimSize(1) != k || btType.getDimSize(0) != n)
    return failure();
  Location loc = depthLoop.getLoc();
  auto index = [&](int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); };
  auto vecType = VectorType::get({width}, rewriter.getF32Type());
  OpBuilder::InsertionGuard guard(rewriter);
  // Code that runs in the chosen run of the loop only (all where `once` is
  // null), built by `body` at the rewriter's insertion point.
  auto onlyOnce = [&](Value condition, function_ref<void()> body) {
    if (!condition)
      return body();
    auto chosen = scf::IfOp::create(rewriter, loc, condition, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard inside(rewriter);
    rewriter.setInsertionPointToStart(chosen.thenBlock());
    body();
  };
  // Zeroed accumulators before the loop.
  rewriter.setInsertionPoint(depthLoop);
  Value zero = arith::ConstantOp::create(rewriter, loc, DenseElementsAttr::get(vecType, 0.0f));
  onlyOnce(once, [&] {
    for (int64_t i = 0; i < rows * n; ++i)
      vector::StoreOp::create(rewriter, loc, zero, acc, ValueRange{index(i), index(0)});
  });
  // Every width-th step: the next width elements of each row and column.
  rewriter.setInsertionPointToStart(depthLoop.getBody());
  Value kk = depthLoop.getInductionVar();
  Value phase = arith::AndIOp::create(rewriter, loc, kk, index(width - 1));
  if (!llvm::isPowerOf2_64(width))
    phase = arith::RemUIOp::create(rewriter, loc, kk, index(width));
  Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, phase, index(0));
  if (once)
    first = arith::AndIOp::create(rewriter, loc, first, once);
  auto everyWidth = scf::IfOp::create(rewriter, loc, first, /*withElseRegion=*/false);
  rewriter.setInsertionPointToStart(everyWidth.thenBlock());
  SmallVector<Value> columns;
  for (int64_t j = 0; j < n; ++j)
    columns.push_back(vector::LoadOp::create(rewriter, loc, vecType, bt, ValueRange{index(j), kk}));
  for (int64_t r = 0; r < rows; ++r) {
    Value w = vector::LoadOp::create(rewriter, loc, vecType, aRows, ValueRange{index(r), kk});
    for (int64_t j = 0; j < n; ++j) {
      SmallVector<Value, 2> at{index(r * n + j), index(0)};
      Value sum = vector::LoadOp::create(rewriter, loc, vecType, acc, at);
      sum = vector::FMAOp::create(rewriter, loc, w, columns[j], sum);
      vector::StoreOp::create(rewriter, loc, sum, acc, at);
    }
  }
  // After the loop: the sums into C.
  rewriter.setInsertionPointAfter(depthLoop);
  onlyOnce(once, [&] {
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t j = 0; j < n; ++j) {
        Value partial = vector::LoadOp::create(rewriter, loc, vecType, acc,
                                               ValueRange{index(r * n + j), index(0)});
        Value sum =
            vector::ReductionOp::create(rewriter, loc, vector::CombiningKind::ADD, partial);
        SmallVector<Value, 2> at{index(r), index(j)};
        Value start = init ? arith::ConstantOp::create(rewriter, loc, init).getResult()
                           : memref::LoadOp::create(rewriter, loc, c, at).getResult();
        memref::StoreOp::create(rewriter, loc, arith::AddFOp::create(rewriter, loc, start, sum),
                                c, at);
      }
  });
  return success();
}
