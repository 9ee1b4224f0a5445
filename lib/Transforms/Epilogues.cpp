//===- Epilogues.cpp - elementwise consumers run inside their producer ----===//

#include "Transforms/Epilogues.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

namespace {

/// [1, M, H, W] <-> [M, H * W], or [B, M, H, W] <-> [B, M, H * W].
bool isNchwReassociation(ArrayRef<ReassociationIndices> groups, bool batched) {
  if (batched)
    return groups.size() == 3 && groups[0] == ReassociationIndices{0} &&
           groups[1] == ReassociationIndices{1} && groups[2] == ReassociationIndices{2, 3};
  return groups.size() == 2 && groups[0] == ReassociationIndices{0, 1} &&
         groups[1] == ReassociationIndices{2, 3};
}

/// `image` is the matmul result `matrix` [M, H * W] seen as [1, M, H, W]
/// (batched: [B, M, H * W] as [B, M, H, W]): expanded from it, or the
/// buffer it was collapsed from.
bool isNchwImageOf(Value image, Value matrix, bool batched) {
  auto type = dyn_cast<MemRefType>(image.getType());
  if (!type || type.getRank() != 4 || !type.hasStaticShape() ||
      (!batched && type.getDimSize(0) != 1))
    return false;
  if (auto expand = image.getDefiningOp<memref::ExpandShapeOp>())
    return expand.getSrc() == matrix &&
           isNchwReassociation(expand.getReassociationIndices(), batched);
  if (auto collapse = matrix.getDefiningOp<memref::CollapseShapeOp>())
    return collapse.getSrc() == image &&
           isNchwReassociation(collapse.getReassociationIndices(), batched);
  return false;
}

/// Loop dims and zeros only (an identity or a broadcast read).
bool isBroadcastMap(AffineMap map) {
  return llvm::all_of(map.getResults(), [](AffineExpr e) {
    if (isa<AffineDimExpr>(e))
      return true;
    auto c = dyn_cast<AffineConstantExpr>(e);
    return c && c.getValue() == 0;
  });
}

/// The op after `kernel` in its block, past views and allocations only,
/// when it is a `linalg.generic` on buffers with one output and parallel
/// loops only (an epilogue candidate); null otherwise.
linalg::GenericOp nextParallelGeneric(Operation *kernel) {
  auto op = dyn_cast_or_null<linalg::GenericOp>(pd::nextPastViews(kernel));
  if (!op || !op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != op.getNumParallelLoops())
    return nullptr;
  return op;
}

} // namespace

Operation *pd::nextPastViews(Operation *op) {
  Operation *next = op->getNextNode();
  while (next && isa<ViewLikeOpInterface, memref::AllocOp, memref::AllocaOp>(next))
    next = next->getNextNode();
  return next;
}

Value pd::bufferRoot(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

bool pd::touchesBuffer(Operation *op, Value root) {
  WalkResult r = op->walk([&](Operation *nested) {
    for (Value v : nested->getOperands())
      if (isa<MemRefType>(v.getType()) && bufferRoot(v) == root)
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return r.wasInterrupted();
}

linalg::LinalgOp pd::cloneOnLoopRange(OpBuilder &b, linalg::LinalgOp op,
                                      ArrayRef<OpFoldResult> offsets, ArrayRef<int64_t> sizes) {
  SmallVector<Value> operands;
  for (OpOperand &operand : op->getOpOperands()) {
    Value v = operand.get();
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type) {
      operands.push_back(v);
      continue;
    }
    SmallVector<OpFoldResult> at, extent, strides(type.getRank(), b.getIndexAttr(1));
    bool whole = true;
    for (auto [i, e] : llvm::enumerate(op.getMatchingIndexingMap(&operand).getResults())) {
      auto d = dyn_cast<AffineDimExpr>(e);
      OpFoldResult offset = d ? offsets[d.getPosition()] : b.getIndexAttr(0);
      int64_t size = d ? sizes[d.getPosition()] : type.getDimSize(i);
      whole &= isZeroInteger(offset) && size == type.getDimSize(i);
      at.push_back(offset);
      extent.push_back(b.getIndexAttr(size));
    }
    operands.push_back(whole ? v
                             : memref::SubViewOp::create(b, op.getLoc(), v, at, extent, strides)
                                   .getResult());
  }
  return cast<linalg::LinalgOp>(mlir::clone(b, op, TypeRange{}, operands));
}

std::optional<pd::MatmulEpilogue> pd::findMatmulEpilogue(linalg::LinalgOp matmul) {
  if (!matmul.hasPureBufferSemantics() || matmul.getNumDpsInits() != 1)
    return std::nullopt;
  Value result = matmul.getDpsInits()[0];
  auto resultType = dyn_cast<MemRefType>(result.getType());
  if (!resultType || !resultType.hasStaticShape())
    return std::nullopt;
  // [M, N] of a linalg.matmul, or [B, M, N] of a contraction whose loops
  // are (b, m, n, k) and whose result is indexed by the first three.
  bool batched = !isa<linalg::MatmulOp>(matmul.getOperation());
  if (batched && (resultType.getRank() != 3 || matmul.getNumLoops() != 4 ||
                  matmul.getNumParallelLoops() != 3 ||
                  matmul.getMatchingIndexingMap(matmul.getDpsInitOperand(0)) !=
                      AffineMap::getMultiDimIdentityMap(4, matmul.getContext())
                          .getMajorSubMap(3)))
    return std::nullopt;
  if (!batched && resultType.getRank() != 2)
    return std::nullopt;
  linalg::GenericOp op = nextParallelGeneric(matmul);
  if (!op)
    return std::nullopt;
  for (Operation &inner : op.getBody()->without_terminator())
    if (isa<linalg::IndexOp>(inner) || !isMemoryEffectFree(&inner))
      return std::nullopt;
  OpOperand *out = op.getDpsInitOperand(0);
  if (!op.getMatchingIndexingMap(out).isIdentity())
    return std::nullopt;
  Value outRoot = pd::bufferRoot(out->get()), resultRoot = pd::bufferRoot(result);
  OpOperand *read = nullptr;
  int64_t width = 0;
  for (OpOperand *in : op.getDpsInputOperands()) {
    Value v = in->get();
    AffineMap map = op.getMatchingIndexingMap(in);
    bool direct = v == result, image = !direct && isNchwImageOf(v, result, batched);
    if (direct || image) {
      if (read || !map.isIdentity())
        return std::nullopt;
      read = in;
      width = image ? cast<MemRefType>(v.getType()).getDimSize(3) : 0;
      continue;
    }
    if (!isa<MemRefType>(v.getType()))
      continue; // a scalar
    if (!isBroadcastMap(map) || pd::bufferRoot(v) == resultRoot ||
        (!map.isIdentity() && pd::bufferRoot(v) == outRoot))
      return std::nullopt;
  }
  if (!read)
    return std::nullopt;
  // Written in place, or somewhere else entirely; not into the matmul's
  // operands, which the matmul's later tiles still read.
  if (outRoot == resultRoot && out->get() != read->get())
    return std::nullopt;
  for (Value operand : matmul.getDpsInputs())
    if (pd::bufferRoot(operand) == outRoot)
      return std::nullopt;
  if (!cast<MemRefType>(out->get().getType()).hasStaticShape())
    return std::nullopt;
  return MatmulEpilogue{op, width, batched};
}

linalg::GenericOp pd::findRowEpilogue(Operation *kernel, Value result, ValueRange inputs) {
  linalg::GenericOp op = nextParallelGeneric(kernel);
  if (!op)
    return nullptr;
  for (Operation &inner : op.getBody()->without_terminator())
    if (!inner.hasTrait<OpTrait::Elementwise>() || !isMemoryEffectFree(&inner) ||
        inner.getNumRegions() != 0)
      return nullptr;
  auto lastDimContiguous = [](Value v) {
    auto type = dyn_cast<MemRefType>(v.getType());
    return type && type.hasStaticShape() && type.isLastDimUnitStride();
  };
  OpOperand *out = op.getDpsInitOperand(0);
  // The output element itself is not read (the row is written, not updated).
  if (!op.getMatchingIndexingMap(out).isIdentity() || !lastDimContiguous(out->get()) ||
      !op.getMatchingBlockArgument(out).use_empty())
    return nullptr;
  Value outRoot = pd::bufferRoot(out->get());
  unsigned innermost = op.getNumLoops() - 1;
  int reads = 0;
  for (OpOperand *in : op.getDpsInputOperands()) {
    Value v = in->get();
    if (!isa<MemRefType>(v.getType()))
      continue; // a scalar
    AffineMap map = op.getMatchingIndexingMap(in);
    if (v == result) {
      if (!map.isIdentity())
        return nullptr;
      ++reads;
      continue;
    }
    if (map.isIdentity() ? !lastDimContiguous(v)
                         : !isBroadcastMap(map) || map.isFunctionOfDim(innermost))
      return nullptr;
    if (pd::bufferRoot(v) == pd::bufferRoot(result) || (!map.isIdentity() && pd::bufferRoot(v) == outRoot))
      return nullptr;
  }
  if (reads != 1 || op.getNumLoops() != cast<MemRefType>(result.getType()).getRank())
    return nullptr;
  if (outRoot == pd::bufferRoot(result) && out->get() != result)
    return nullptr;
  for (Value input : inputs)
    if (pd::bufferRoot(input) == outRoot)
      return nullptr;
  return op;
}

linalg::GenericOp pd::findRowEpilogueThroughView(Operation *kernel, Value output,
                                                 ValueRange inputs, Value &read) {
  linalg::GenericOp next = nextParallelGeneric(kernel);
  if (!next)
    return nullptr;
  Value root = pd::bufferRoot(output);
  for (Value in : next.getDpsInputs())
    if (isa<MemRefType>(in.getType()) && pd::bufferRoot(in) == root) {
      read = in;
      return findRowEpilogue(kernel, in, inputs);
    }
  return nullptr;
}

int64_t pd::imageRowTile(int64_t n, int64_t width, int64_t want) {
  if (n <= want)
    return n;
  if (width <= 0 || n % width != 0)
    return 0;
  int64_t h = n / width, best = 0;
  for (int64_t rows = 1; rows <= h && rows * width <= want; ++rows) {
    if (h % rows != 0)
      continue;
    int64_t c = rows * width;
    bool aligned = c % 16 == 0, bestAligned = best % 16 == 0 && best != 0;
    if (best == 0 || (aligned && !bestAligned) || (aligned == bestAligned && c > best))
      best = c;
  }
  return best;
}

int64_t pd::epilogueColumnTile(const MatmulEpilogue &epilogue, int64_t n, int64_t want) {
  if (n <= want)
    return n;
  if (epilogue.width == 0) {
    for (int64_t c = want - want % 16; c >= 16; c -= 16)
      if (n % c == 0)
        return c;
    return 0;
  }
  return imageRowTile(n, epilogue.width, want);
}

linalg::GenericOp pd::tileMatmulEpilogue(OpBuilder &b, const MatmulEpilogue &epilogue,
                                         OpFoldResult b0, OpFoldResult m0, int64_t rows,
                                         OpFoldResult n0, int64_t columns) {
  linalg::GenericOp op = epilogue.op;
  Location loc = op.getLoc();
  // Offset and size of the tile along each loop of the epilogue.
  SmallVector<OpFoldResult> offsets;
  SmallVector<int64_t> sizes;
  if (epilogue.width == 0) {
    offsets = {m0, n0};
    sizes = {rows, columns};
    if (epilogue.batched) {
      offsets.insert(offsets.begin(), b0);
      sizes.insert(sizes.begin(), 1);
    }
  } else {
    int64_t w = epilogue.width;
    OpFoldResult row0;
    if (std::optional<int64_t> c = getConstantIntValue(n0))
      row0 = b.getIndexAttr(*c / w);
    else
      row0 = arith::DivUIOp::create(b, loc, cast<Value>(n0),
                                    arith::ConstantIndexOp::create(b, loc, w))
                 .getResult();
    offsets = {epilogue.batched ? b0 : b.getIndexAttr(0), m0, row0, b.getIndexAttr(0)};
    sizes = {1, rows, columns / w, w};
  }
  return cast<linalg::GenericOp>(
      cloneOnLoopRange(b, op, offsets, sizes).getOperation());
}
