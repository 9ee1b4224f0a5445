//===- Transposes.cpp - copies that move the innermost dim, in tiles ------===//

#include "Transforms/Transposes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace {

constexpr int64_t kTile = 16;

/// A copy: a linalg.transpose, or a generic whose body yields its input.
bool isCopyBody(linalg::LinalgOp op) {
  if (isa<linalg::TransposeOp>(op.getOperation()))
    return true;
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic)
    return false;
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  return body.getOperations().size() == 1 && yield.getValues().size() == 1 &&
         yield.getValues()[0] == body.getArgument(0);
}

bool contiguousStatic32(Value v) {
  auto type = dyn_cast<MemRefType>(v.getType());
  return type && type.hasStaticShape() && type.getRank() >= 2 && type.isLastDimUnitStride() &&
         type.getElementType().isIntOrFloat() && type.getElementTypeBitWidth() == 32;
}

} // namespace

LogicalResult pd::codegenTileTranspose(RewriterBase &rewriter, linalg::LinalgOp op,
                                       bool threads) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != op.getNumParallelLoops() || !isCopyBody(op))
    return failure();
  OpOperand *in = op.getDpsInputOperand(0), *out = op.getDpsInitOperand(0);
  AffineMap inMap = op.getMatchingIndexingMap(in), outMap = op.getMatchingIndexingMap(out);
  if (!outMap.isIdentity() || !inMap.isPermutation() || !contiguousStatic32(in->get()) ||
      !contiguousStatic32(out->get()) ||
      getElementTypeOrSelf(in->get().getType()) != getElementTypeOrSelf(out->get().getType()))
    return failure();
  unsigned n = op.getNumLoops();
  // Loop dims: `rowDim` runs along the output's rows, `colDim` along the
  // input's.
  unsigned rowDim = n - 1, colDim = inMap.getDimPosition(n - 1);
  if (colDim == rowDim)
    return failure();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  Location loc = op.getLoc();
  Type elem = cast<MemRefType>(in->get().getType()).getElementType();
  auto rowType = VectorType::get({kTile}, elem);
  auto maskType = VectorType::get({kTile}, rewriter.getI1Type());
  auto tileType = VectorType::get({kTile, kTile}, elem);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  auto index = [&](int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); };
  // Loops over the tiles: the two exchanged dims by kTile, the others by 1.
  SmallVector<Value> lbs, ubs, steps;
  for (unsigned i = 0; i < n; ++i) {
    lbs.push_back(index(0));
    ubs.push_back(index(ranges[i]));
    steps.push_back(index(i == rowDim || i == colDim ? kTile : 1));
  }
  SmallVector<Value> ivs;
  if (threads) {
    auto par = scf::ParallelOp::create(rewriter, loc, lbs, ubs, steps);
    rewriter.setInsertionPointToStart(par.getBody());
    llvm::append_range(ivs, par.getInductionVars());
  } else {
    for (unsigned i = 0; i < n; ++i) {
      auto loop = scf::ForOp::create(rewriter, loc, lbs[i], ubs[i], steps[i]);
      rewriter.setInsertionPointToStart(loop.getBody());
      ivs.push_back(loop.getInductionVar());
    }
  }
  // Row r of a tile starting at `start` along a dim of `size`: clamped to
  // the last (in bounds), `lanes` masked off past the end.
  auto zeros = arith::ConstantOp::create(rewriter, loc, rowType,
                                         DenseElementsAttr::get(rowType, rewriter.getZeroAttr(elem)));
  auto none = arith::ConstantOp::create(rewriter, loc, maskType,
                                        DenseElementsAttr::get(maskType, false));
  auto countFrom = [&](Value start, int64_t size) {
    return arith::MinSIOp::create(rewriter, loc,
                                  arith::SubIOp::create(rewriter, loc, index(size), start),
                                  index(kTile));
  };
  auto rowOf = [&](Value start, int64_t r, int64_t size, Value lanes, Value &mask) -> Value {
    Value row = arith::AddIOp::create(rewriter, loc, start, index(r));
    Value inside = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, row, index(size));
    mask = arith::SelectOp::create(rewriter, loc, inside, lanes, none);
    return arith::MinSIOp::create(rewriter, loc, row, index(size - 1));
  };
  Value colMask = vector::CreateMaskOp::create(rewriter, loc, maskType,
                                               ValueRange{countFrom(ivs[colDim], ranges[colDim])});
  Value rowMask = vector::CreateMaskOp::create(rewriter, loc, maskType,
                                               ValueRange{countFrom(ivs[rowDim], ranges[rowDim])});
  // 16 input rows (along colDim), one per step of rowDim.
  Value tile = arith::ConstantOp::create(
      rewriter, loc, tileType, DenseElementsAttr::get(tileType, rewriter.getZeroAttr(elem)));
  for (int64_t r = 0; r < kTile; ++r) {
    Value mask;
    Value row = rowOf(ivs[rowDim], r, ranges[rowDim], colMask, mask);
    SmallVector<Value> at;
    for (unsigned d = 0; d < n; ++d) {
      unsigned loopDim = inMap.getDimPosition(d);
      at.push_back(loopDim == rowDim ? row : ivs[loopDim]);
    }
    Value v = vector::MaskedLoadOp::create(rewriter, loc, rowType, in->get(), at, mask, zeros);
    tile = vector::InsertOp::create(rewriter, loc, v, tile, ArrayRef<int64_t>{r});
  }
  Value transposed =
      vector::TransposeOp::create(rewriter, loc, tile, ArrayRef<int64_t>{1, 0});
  // 16 output rows (along rowDim), one per step of colDim.
  for (int64_t c = 0; c < kTile; ++c) {
    Value mask;
    Value col = rowOf(ivs[colDim], c, ranges[colDim], rowMask, mask);
    SmallVector<Value> at(ivs);
    at[colDim] = col;
    Value v = vector::ExtractOp::create(rewriter, loc, transposed, ArrayRef<int64_t>{c});
    vector::MaskedStoreOp::create(rewriter, loc, out->get(), at, mask, v);
  }
  rewriter.eraseOp(op);
  return success();
}
