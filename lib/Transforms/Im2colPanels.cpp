//===- Im2colPanels.cpp - im2col patches copied per matmul cache tile -----===//

#include "Transforms/Im2colPanels.h"
#include "Transforms/Epilogues.h"
#include "Transforms/RowAccess.h"
#include "Transforms/TileBuffers.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;

namespace {

/// Whether `op`, between the patch copy and its matmul, leaves the copy's
/// input alone: views, allocations, fills of other buffers.
bool leavesAlone(Operation *op, Value inputRoot) {
  if (isa<ViewLikeOpInterface, memref::AllocOp, memref::AllocaOp>(op))
    return true;
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return fill.hasPureBufferSemantics() && pd::bufferRoot(fill.getDpsInits()[0]) != inputRoot;
  return false;
}

} // namespace

std::optional<std::array<int64_t, 4>> pd::matchIm2colCopy(linalg::GenericOp copy) {
  auto params = copy->getAttrOfType<DenseI64ArrayAttr>("pd.im2col");
  if (!params || params.size() != 4 || copy.getNumDpsInputs() != 1 ||
      copy.getNumDpsInits() != 1 || copy.getNumLoops() != 6 ||
      !llvm::all_of(params.asArrayRef(), [](int64_t v) { return v >= 1 && v <= (1 << 20); }))
    return std::nullopt;
  auto inType = dyn_cast<ShapedType>(copy.getDpsInputs()[0].getType());
  auto colType = dyn_cast<ShapedType>(copy.getDpsInits()[0].getType());
  if (!inType || !colType || !inType.hasRank() || !colType.hasRank() ||
      inType.getRank() != 4 || colType.getRank() != 6 ||
      inType.getElementType() != colType.getElementType())
    return std::nullopt;
  Type elem = colType.getElementType();
  if (!isa<IntegerType, FloatType>(elem) || elem.getIntOrFloatBitWidth() < 8 ||
      elem.getIntOrFloatBitWidth() % 8 != 0)
    return std::nullopt;
  // The body: yield of the input element.
  Block *body = copy.getBody();
  auto yield = dyn_cast<linalg::YieldOp>(body->getTerminator());
  if (!yield || body->getOperations().size() != 1 || yield.getNumOperands() != 1 ||
      yield.getOperand(0) != body->getArgument(0))
    return std::nullopt;
  // The maps, compared as linear forms (y*sh + i*dh and i*dh + y*sh alike).
  ArrayRef<int64_t> p = params.asArrayRef();
  MLIRContext *ctx = copy.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  SmallVector<AffineExpr> want = {d(0), d(1), d(4) * p[0] + d(2) * p[2], d(5) * p[1] + d(3) * p[3]};
  SmallVector<AffineMap> maps = copy.getIndexingMapsArray();
  if (!maps[1].isIdentity() || maps[0].getNumDims() != 6 || maps[0].getNumSymbols() != 0 ||
      maps[0].getNumResults() != 4)
    return std::nullopt;
  for (auto [got, expected] : llvm::zip(maps[0].getResults(), want)) {
    AffineExpr difference = simplifyAffineExpr(got - expected, 6, 0);
    auto constant = dyn_cast<AffineConstantExpr>(difference);
    if (!constant || constant.getValue() != 0)
      return std::nullopt;
  }
  return std::array<int64_t, 4>{p[0], p[1], p[2], p[3]};
}

std::optional<pd::Im2colPatches> pd::findIm2colPatches(linalg::LinalgOp matmul) {
  if (!matmul.hasPureBufferSemantics() || matmul.getNumDpsInputs() != 2)
    return std::nullopt;
  Value patches = matmul.getDpsInputs()[1];
  auto collapse = patches.getDefiningOp<memref::CollapseShapeOp>();
  if (!collapse)
    return std::nullopt;
  Value col = collapse.getSrc();
  auto colType = cast<MemRefType>(col.getType());
  if (!col.getDefiningOp<memref::AllocOp>() || colType.getRank() != 6 ||
      !colType.hasStaticShape() || !colType.getLayout().isIdentity())
    return std::nullopt;
  // The collapse: [c*kh*kw, oh*ow] of one image, or [B, c*kh*kw, oh*ow].
  SmallVector<ReassociationIndices> groups = collapse.getReassociationIndices();
  bool oneImage = groups.size() == 2 && groups[0] == ReassociationIndices{0, 1, 2, 3} &&
                  groups[1] == ReassociationIndices{4, 5} && colType.getDimSize(0) == 1;
  bool batched = groups.size() == 3 && groups[0] == ReassociationIndices{0} &&
                 groups[1] == ReassociationIndices{1, 2, 3} &&
                 groups[2] == ReassociationIndices{4, 5};
  if (!oneImage && !batched)
    return std::nullopt;
  // The copy, the only writer; otherwise only collapsed views read it.
  linalg::GenericOp copy;
  for (Operation *user : col.getUsers()) {
    auto generic = dyn_cast<linalg::GenericOp>(user);
    if (generic && generic->hasAttr("pd.im2col") && generic.getNumDpsInits() == 1 &&
        generic.getDpsInits()[0] == col && generic.getNumDpsInputs() == 1 && !copy) {
      copy = generic;
      continue;
    }
    if (isa<memref::CollapseShapeOp, memref::DeallocOp>(user))
      continue;
    return std::nullopt;
  }
  if (!copy || copy->getBlock() != matmul->getBlock() || !copy->isBeforeInBlock(matmul))
    return std::nullopt;
  std::optional<std::array<int64_t, 4>> params = matchIm2colCopy(copy);
  Value input = copy.getDpsInputs()[0];
  auto inType = dyn_cast<MemRefType>(input.getType());
  if (!params || !inType || !inType.hasStaticShape() || !inType.isLastDimUnitStride() ||
      inType.getDimSize(0) != colType.getDimSize(0) ||
      inType.getDimSize(1) != colType.getDimSize(1))
    return std::nullopt;
  Value inputRoot = bufferRoot(input);
  for (Operation *op = copy->getNextNode(); op != matmul.getOperation(); op = op->getNextNode())
    if (!leavesAlone(op, inputRoot))
      return std::nullopt;
  Im2colPatches found;
  found.copy = copy;
  found.input = input;
  found.patches = patches;
  found.kh = colType.getDimSize(2);
  found.kw = colType.getDimSize(3);
  found.ow = colType.getDimSize(5);
  const std::array<int64_t, 4> &p = *params;
  found.sh = p[0];
  found.sw = p[1];
  found.dh = p[2];
  found.dw = p[3];
  return found;
}

linalg::GenericOp pd::buildIm2colPatches(OpBuilder &b, Location loc, Value input, int64_t kh,
                                         int64_t kw, int64_t oh, int64_t ow,
                                         ArrayRef<int64_t> strides,
                                         ArrayRef<int64_t> dilations) {
  auto inType = cast<RankedTensorType>(input.getType());
  Type elem = inType.getElementType();
  auto colType = RankedTensorType::get(
      {inType.getDimSize(0), inType.getDimSize(1), kh, kw, oh, ow}, elem);
  MLIRContext *ctx = b.getContext();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  Value empty = tensor::EmptyOp::create(b, loc, colType.getShape(), elem);
  AffineMap inMap = AffineMap::get(
      6, 0, {d(0), d(1), d(4) * strides[0] + d(2) * dilations[0],
             d(5) * strides[1] + d(3) * dilations[1]},
      ctx);
  auto copy = linalg::GenericOp::create(
      b, loc, colType, ValueRange{input}, ValueRange{empty},
      ArrayRef<AffineMap>{inMap, b.getMultiDimIdentityMap(6)},
      SmallVector<utils::IteratorType>(6, utils::IteratorType::parallel),
      [](OpBuilder &nb, Location l, ValueRange args) { linalg::YieldOp::create(nb, l, args[0]); });
  copy->setAttr("pd.im2col", b.getDenseI64ArrayAttr(
                                 {strides[0], strides[1], dilations[0], dilations[1]}));
  return copy;
}

LogicalResult pd::packIm2colPanel(IRRewriter &rewriter, linalg::LinalgOp tile,
                                  Operation *outermost, const Im2colPatches &patches,
                                  int64_t vectorWidth) {
  OpOperand *operand = tile.getDpsInputOperand(1);
  auto type = dyn_cast<MemRefType>(operand->get().getType());
  int64_t baseRank = cast<MemRefType>(patches.patches.getType()).getRank();
  // The tile's view: [depth, columns] of one image, maybe with a unit batch.
  if (!type || !type.hasStaticShape() || type.getRank() < 2 ||
      llvm::any_of(type.getShape().drop_back(2), [](int64_t d) { return d != 1; }))
    return failure();
  int64_t rank = type.getRank();
  int64_t depth = type.getDimSize(rank - 2), columns = type.getDimSize(rank - 1);
  int64_t ow = patches.ow;
  if (columns % ow != 0)
    return failure(); // not whole output rows
  // The tile's offsets in the patches (offsetsIn builds nothing when the
  // view is not a chain of subviews of them).
  linalg::GenericOp copy = patches.copy;
  Location loc = copy.getLoc();
  rewriter.setInsertionPoint(tile);
  std::optional<SmallVector<Value>> offsets =
      pd::offsetsIn(rewriter, loc, operand->get(), patches.patches);
  if (!offsets)
    return failure();

  // The panel, on the stack, once per thread (allocateForTiles).
  Type elem = type.getElementType();
  Value panel = allocatePanelForTiles(rewriter, loc, type.getShape(), elem, outermost);

  // panel[kk, r*ow + x] = input[b, c, (y0 + r)*sh + i*dh, x*sw + j*dw] for
  // k = k0 + kk = (c, i, j) and the tile's rows y0 + r.
  rewriter.setInsertionPoint(tile);
  RowAccess rows(rewriter, loc, elem, RowAccess::widthFor(ow, std::max<int64_t>(vectorWidth, 1)),
                 patches.sw);
  Value b0 = baseRank == 3 ? (*offsets)[0] : rows.index(0);
  Value k0 = (*offsets)[baseRank - 2], n0 = (*offsets)[baseRank - 1];
  auto mul = [&](Value a, int64_t c) {
    return c == 1 ? a : arith::MulIOp::create(rewriter, loc, a, rows.index(c)).getResult();
  };
  auto add = [&](Value a, Value c) { return arith::AddIOp::create(rewriter, loc, a, c).getResult(); };
  Value y0 = arith::DivUIOp::create(rewriter, loc, n0, rows.index(ow));
  // A depth block of whole kernel rows (k0 a multiple of kw): each step
  // copies the kw taps of one channel's kernel row, which read the same
  // input row (RowAccess::readTaps: one load of the span they cover and a
  // shuffle per tap for strides 2 to 4). Otherwise one tap per step.
  int64_t taps = depth % patches.kw == 0 ? patches.kw : 1;
  Value kk = mul(rows.loop(depth / taps, 1), taps);
  Value k = add(k0, kk);
  int64_t window = patches.kh * patches.kw;
  Value c = arith::DivUIOp::create(rewriter, loc, k, rows.index(window));
  Value rest = arith::RemUIOp::create(rewriter, loc, k, rows.index(window));
  Value i = arith::DivUIOp::create(rewriter, loc, rest, rows.index(patches.kw));
  Value colOffset = rows.index(0); // tap 0 where steps take whole kernel rows
  if (taps == 1 && patches.kw > 1)
    colOffset = mul(arith::RemUIOp::create(rewriter, loc, rest, rows.index(patches.kw)),
                    patches.dw);
  Value rowOffset = mul(i, patches.dh);
  Value r = rows.loop(columns / ow, 1);
  Value inRow = add(mul(add(y0, r), patches.sh), rowOffset);
  Value outRow = mul(r, ow);
  // The row's whole vectors, then its last columns, with constant counts:
  // their masks fold (the whole vectors' loads and stores unmasked). With a
  // loop's count the masks were computed, and the copy took 19% of a
  // stride-2 3x3 convolution of 128 channels.
  auto copyColumns = [&](Value x, int64_t columnCount) {
    Value count = rows.index(columnCount);
    Value mask = rows.mask(count, rows.width);
    SmallVector<Value> values =
        rows.readTaps(patches.input, ValueRange{b0, c, inRow, add(mul(x, patches.sw), colOffset)},
                      count, mask, taps, patches.dw);
    for (int64_t tap = 0; tap < taps; ++tap) {
      SmallVector<Value> at(rank - 2, rows.index(0));
      at.append({tap == 0 ? kk : add(kk, rows.index(tap)), add(outRow, x)});
      rows.write(values[tap], panel, at, mask);
    }
  };
  int64_t wholeVectors = ow / rows.width, lastColumns = ow % rows.width;
  if (wholeVectors == 1) {
    copyColumns(rows.index(0), rows.width);
  } else if (wholeVectors > 1) {
    OpBuilder::InsertionGuard guard(rewriter);
    copyColumns(rows.loop(wholeVectors * rows.width, rows.width), rows.width);
  }
  if (lastColumns != 0)
    copyColumns(rows.index(wholeVectors * rows.width), lastColumns);
  Value view = operand->get();
  rewriter.modifyOpInPlace(tile, [&] { operand->set(panel); });
  // The views of the patches that the tile read are dead now.
  while (view != patches.patches && view.use_empty()) {
    auto subview = view.getDefiningOp<memref::SubViewOp>();
    view = subview.getSource();
    rewriter.eraseOp(subview);
  }
  rewriter.setInsertionPoint(tile);
  return success();
}

bool pd::eraseUnreadPatches(RewriterBase &rewriter, const Im2colPatches &patches) {
  linalg::GenericOp copy = patches.copy;
  Value col = copy.getDpsInits()[0];
  SmallVector<Operation *> views, deallocs;
  for (Operation *user : col.getUsers()) {
    if (user == copy.getOperation())
      continue;
    if (isa<memref::DeallocOp>(user)) {
      deallocs.push_back(user);
      continue;
    }
    if (!isa<memref::CollapseShapeOp>(user) || !user->use_empty())
      return false;
    views.push_back(user);
  }
  for (Operation *op : llvm::concat<Operation *>(views, deallocs))
    rewriter.eraseOp(op);
  Operation *alloc = col.getDefiningOp();
  rewriter.eraseOp(copy);
  rewriter.eraseOp(alloc);
  return true;
}
