//===- TileBuffers.cpp - per-thread buffers of a kernel's tiles -----------===//

#include "Transforms/TileBuffers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;

Value pd::allocateForTiles(RewriterBase &rewriter, Location loc, MemRefType type,
                           Operation *outermost) {
  if (auto parallel = dyn_cast<scf::ParallelOp>(outermost)) {
    rewriter.setInsertionPointToStart(parallel.getBody());
  } else {
    rewriter.setInsertionPoint(outermost);
    auto region = scf::ExecuteRegionOp::create(rewriter, loc, TypeRange{});
    rewriter.createBlock(&region.getRegion());
    auto yield = scf::YieldOp::create(rewriter, loc);
    outermost->moveBefore(yield);
    rewriter.setInsertionPoint(outermost);
  }
  return memref::AllocaOp::create(rewriter, loc, type, rewriter.getI64IntegerAttr(64));
}

Value pd::allocatePanelForTiles(RewriterBase &rewriter, Location loc, ArrayRef<int64_t> shape,
                                Type elem, Operation *outermost) {
  int64_t elemBytes = std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8);
  SmallVector<int64_t> padded(shape);
  if (shape.size() >= 2 && shape.back() > 0 && (shape.back() * elemBytes) % 1024 == 0)
    padded.back() += std::max<int64_t>(1, 64 / elemBytes);
  Value buffer = allocateForTiles(rewriter, loc, MemRefType::get(padded, elem), outermost);
  if (padded == ArrayRef<int64_t>(shape))
    return buffer;
  SmallVector<OpFoldResult> offsets(shape.size(), rewriter.getIndexAttr(0)),
      strides(shape.size(), rewriter.getIndexAttr(1)), sizes;
  for (int64_t d : shape)
    sizes.push_back(rewriter.getIndexAttr(d));
  return memref::SubViewOp::create(rewriter, loc, buffer, offsets, sizes, strides);
}

Value pd::expandTo(RewriterBase &rewriter, Location loc, Value buffer,
                   ArrayRef<int64_t> shape) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getShape() == shape)
    return buffer;
  auto target = MemRefType::get(shape, type.getElementType());
  if (!type.getLayout().isIdentity() || !type.hasStaticShape() || !target.hasStaticShape() ||
      target.getRank() <= type.getRank() || target.getNumElements() != type.getNumElements())
    return Value();
  std::optional<SmallVector<ReassociationIndices>> groups =
      getReassociationIndicesForReshape(target, type);
  if (!groups)
    return Value();
  return memref::ExpandShapeOp::create(rewriter, loc, shape, buffer, *groups);
}

std::optional<SmallVector<Value>> pd::offsetsIn(OpBuilder &b, Location loc, Value view,
                                                Value base) {
  SmallVector<memref::SubViewOp> chain;
  for (Value v = view; v != base;) {
    auto subview = v.getDefiningOp<memref::SubViewOp>();
    if (!subview || llvm::any_of(subview.getMixedStrides(), [](OpFoldResult s) {
          return !isConstantIntValue(s, 1);
        }))
      return std::nullopt;
    chain.push_back(subview);
    v = subview.getSource();
  }
  int64_t rank = cast<MemRefType>(base.getType()).getRank();
  SmallVector<OpFoldResult> total(rank, b.getIndexAttr(0));
  // The dim of `base` each dim of the current view is.
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  for (memref::SubViewOp subview : llvm::reverse(chain)) {
    for (auto [dim, offset] : llvm::zip(dims, subview.getMixedOffsets())) {
      OpFoldResult &sum = total[dim];
      std::optional<int64_t> a = getConstantIntValue(sum), c = getConstantIntValue(offset);
      if (a && c)
        sum = b.getIndexAttr(*a + *c);
      else if (a && *a == 0)
        sum = offset;
      else if (!(c && *c == 0))
        sum = arith::AddIOp::create(b, loc, getValueOrCreateConstantIndexOp(b, loc, sum),
                                    getValueOrCreateConstantIndexOp(b, loc, offset))
                  .getResult();
    }
    llvm::SmallBitVector dropped = subview.getDroppedDims();
    SmallVector<int64_t> kept;
    for (auto [i, dim] : llvm::enumerate(dims))
      if (!dropped.test(i))
        kept.push_back(dim);
    dims = std::move(kept);
  }
  SmallVector<Value> values;
  for (OpFoldResult offset : total)
    values.push_back(getValueOrCreateConstantIndexOp(b, loc, offset));
  return values;
}
