//===- Matvec.cpp - matrix-vector products vectorized along the depth -----===//

#include "Transforms/Matvec.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

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

/// Rows per block: independent accumulators hide the FMA latency and share
/// each load of B.
constexpr int64_t kRows = 4;

struct MatvecBuilder {
  RewriterBase &rewriter;
  Location loc;
  /// A [m, k], B's column [k], C [m, 1].
  Value a, b, c;
  int64_t k, width;
  TypedAttr init;

  Value index(int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); }

  /// The products of rows [row, row + rows) of A with B, added to the
  /// initial value, stored in C.
  void block(Value row, int64_t rows) {
    auto vecType = VectorType::get({width}, rewriter.getF32Type());
    Value zero = arith::ConstantOp::create(rewriter, loc, DenseElementsAttr::get(vecType, 0.0f));
    SmallVector<Value> rowIndex;
    for (int64_t r = 0; r < rows; ++r)
      rowIndex.push_back(r == 0 ? row : arith::AddIOp::create(rewriter, loc, row, index(r)).getResult());
    Value c0 = index(0);
    // Whole vectors of the depth, then the last k % width lanes masked.
    int64_t full = k - k % width;
    SmallVector<Value> acc(rows, zero);
    auto step = [&](Value kk, Value mask, ValueRange accs) {
      SmallVector<Value> next;
      Value x = mask ? vector::MaskedLoadOp::create(rewriter, loc, vecType, b, ValueRange{kk},
                                                    mask, zero).getResult()
                     : vector::LoadOp::create(rewriter, loc, vecType, b, ValueRange{kk}).getResult();
      for (int64_t r = 0; r < rows; ++r) {
        Value w = mask ? vector::MaskedLoadOp::create(rewriter, loc, vecType, a,
                                                      ValueRange{rowIndex[r], kk}, mask, zero)
                             .getResult()
                       : vector::LoadOp::create(rewriter, loc, vecType, a,
                                                ValueRange{rowIndex[r], kk})
                             .getResult();
        next.push_back(vector::FMAOp::create(rewriter, loc, w, x, accs[r]));
      }
      return next;
    };
    if (full > 0) {
      auto loop = scf::ForOp::create(rewriter, loc, index(0), index(full), index(width), acc);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      SmallVector<Value> next =
          step(loop.getInductionVar(), Value(), loop.getRegionIterArgs());
      scf::YieldOp::create(rewriter, loc, next);
      acc = SmallVector<Value>(loop.getResults());
    }
    if (k % width) {
      auto maskType = VectorType::get({width}, rewriter.getI1Type());
      Value mask = vector::ConstantMaskOp::create(rewriter, loc, maskType,
                                                  ArrayRef<int64_t>{k % width});
      acc = step(index(full), mask, acc);
    }
    for (int64_t r = 0; r < rows; ++r) {
      Value sum = vector::ReductionOp::create(rewriter, loc, vector::CombiningKind::ADD, acc[r]);
      Value start = init ? arith::ConstantOp::create(rewriter, loc, init).getResult()
                         : memref::LoadOp::create(rewriter, loc, c, ValueRange{rowIndex[r], c0})
                               .getResult();
      Value total = arith::AddFOp::create(rewriter, loc, start, sum);
      memref::StoreOp::create(rewriter, loc, total, c, ValueRange{rowIndex[r], c0});
    }
  }
};

} // namespace

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
  MatvecBuilder builder{rewriter, loc, a, column, c, k, width, init};
  int64_t blocks = m / kRows, rest = m % kRows;
  if (blocks > 0) {
    OpBuilder::InsertionGuard guard(rewriter);
    Value blockIndex;
    if (threads) {
      auto par = scf::ParallelOp::create(rewriter, loc, ValueRange{builder.index(0)},
                                         ValueRange{builder.index(blocks)},
                                         ValueRange{builder.index(1)});
      rewriter.setInsertionPointToStart(par.getBody());
      blockIndex = par.getInductionVars()[0];
    } else {
      auto loop = scf::ForOp::create(rewriter, loc, builder.index(0), builder.index(blocks),
                                     builder.index(1));
      rewriter.setInsertionPointToStart(loop.getBody());
      blockIndex = loop.getInductionVar();
    }
    Value row = arith::MulIOp::create(rewriter, loc, blockIndex, builder.index(kRows));
    builder.block(row, kRows);
  }
  if (rest)
    builder.block(builder.index(blocks * kRows), rest);
  rewriter.eraseOp(op);
  return success();
}
