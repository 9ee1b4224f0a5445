//===- ConcatInPlace.cpp - growing concatenations in one buffer -----------===//
//
// pd-concat-in-place: a concatenation that starts with the previous one
// (DenseNet: each layer's input is all the block's features so far) is
// built in the buffer of the last, largest one: one-shot bufferization then
// copies each new part once instead of all the features at each layer.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDCONCATINPLACE
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// A concatenation as convert-pd-to-linalg writes it: tensor.insert_slice
/// ops, each into the result of the previous one, starting from a static
/// tensor.empty, along one dim `dim`, that cover the empty exactly.
struct Concat {
  tensor::EmptyOp root;
  SmallVector<tensor::InsertSliceOp> inserts;
  unsigned dim = 0;
  /// The offset of each insert along `dim`.
  SmallVector<int64_t> offsets;
  Value result() { return inserts.back().getResult(); }
};

/// Whether `insert` writes a full-width slab of its destination along one
/// dim (`dim`, at `offset`): unit strides, zero offsets and whole sizes in
/// the other dims.
bool isSlab(tensor::InsertSliceOp insert, unsigned &dim, int64_t &offset) {
  auto type = insert.getDestType();
  if (!type.hasStaticShape() || !insert.hasUnitStride() ||
      insert.getSourceType().getRank() != type.getRank())
    return false; // (rank-reducing inserts are not a concatenation's)
  std::optional<unsigned> along;
  for (unsigned i = 0; i < type.getRank(); ++i) {
    std::optional<int64_t> off = getConstantIntValue(insert.getMixedOffsets()[i]);
    std::optional<int64_t> size = getConstantIntValue(insert.getMixedSizes()[i]);
    if (!off || !size)
      return false;
    if (*off == 0 && *size == type.getDimSize(i))
      continue;
    if (along)
      return false;
    along = i;
    offset = *off;
  }
  dim = along.value_or(0);
  if (!along)
    offset = 0;
  return true;
}

/// The concatenation that starts with the insert `first` into a tensor.empty,
/// or nullopt.
std::optional<Concat> concatFrom(tensor::InsertSliceOp first) {
  auto root = first.getDest().getDefiningOp<tensor::EmptyOp>();
  if (!root || !root.getType().hasStaticShape())
    return std::nullopt;
  Concat c;
  c.root = root;
  std::optional<unsigned> dim;
  int64_t covered = 0;
  for (tensor::InsertSliceOp insert = first; insert;) {
    unsigned d;
    int64_t offset;
    if (!isSlab(insert, d, offset) || (dim && *dim != d) || offset != covered)
      return std::nullopt;
    dim = d;
    covered += insert.getSourceType().getDimSize(d);
    c.inserts.push_back(insert);
    c.offsets.push_back(offset);
    // The next part goes into this one's result, its only use.
    Value result = insert.getResult();
    tensor::InsertSliceOp next;
    if (result.hasOneUse())
      next = dyn_cast<tensor::InsertSliceOp>(*result.getUsers().begin());
    if (!next || next.getDest() != result || next->getBlock() != first->getBlock())
      break;
    insert = next;
  }
  c.dim = *dim;
  if (covered != root.getType().getDimSize(c.dim))
    return std::nullopt;
  return c;
}

struct ConcatInPlacePass : public pd::impl::PdConcatInPlaceBase<ConcatInPlacePass> {
  void runOnOperation() override {
    SmallVector<Concat> concats;
    getOperation().walk([&](tensor::InsertSliceOp insert) {
      if (insert.getDest().getDefiningOp<tensor::EmptyOp>())
        if (std::optional<Concat> c = concatFrom(insert))
          concats.push_back(*c);
    });
    // Concatenation -> the one it grows into (whose first part it is);
    // hasChild: one grows into it.
    DenseMap<Value, unsigned> byResult;
    for (auto [i, c] : llvm::enumerate(concats))
      byResult[c.result()] = i;
    SmallVector<int> parent(concats.size(), -1);
    SmallVector<bool> hasChild(concats.size(), false);
    for (auto [i, c] : llvm::enumerate(concats)) {
      tensor::InsertSliceOp first = c.inserts.front();
      auto it = byResult.find(first.getSource());
      if (it == byResult.end() || c.offsets.front() != 0)
        continue;
      const Concat &inner = concats[it->second];
      // Along the same dim, in the same block, grown once.
      if (inner.dim != c.dim || inner.root->getBlock() != c.root->getBlock() ||
          parent[it->second] != -1)
        continue;
      parent[it->second] = i;
      hasChild[i] = true;
    }
    OpBuilder b(&getContext());
    for (auto [i, c] : llvm::enumerate(concats)) {
      // The largest of each family: its empty goes first in the block.
      if (parent[i] != -1 || !hasChild[i])
        continue;
      SmallVector<unsigned> family; // largest first
      for (int j = i; j != -1;) {
        family.push_back(j);
        auto it = llvm::find(parent, j);
        j = it == parent.end() ? -1 : int(it - parent.begin());
      }
      // (Empties of one type are one value after CSE: each concatenation
      // gets one of its own, and only its first insert is changed.)
      Block *block = c.root->getBlock();
      b.setInsertionPointToStart(block);
      Value outer = tensor::EmptyOp::create(b, c.root.getLoc(), c.root.getType().getShape(),
                                            c.root.getType().getElementType());
      c.inserts.front().getDestMutable().assign(outer);
      // Each smaller one's empty: the prefix of the next larger one's
      // (nested, so that bufferization sees each concatenation inserted
      // into the slice it was extracted from).
      for (unsigned j : ArrayRef(family).drop_front()) {
        Concat &member = concats[j];
        b.setInsertionPointAfterValue(outer);
        auto type = member.root.getType();
        SmallVector<OpFoldResult> zeros(type.getRank(), b.getIndexAttr(0)),
            ones(type.getRank(), b.getIndexAttr(1)), sizes;
        for (int64_t size : type.getShape())
          sizes.push_back(b.getIndexAttr(size));
        auto slice = tensor::ExtractSliceOp::create(b, member.root.getLoc(), type, outer,
                                                    zeros, sizes, ones);
        member.inserts.front().getDestMutable().assign(slice.getResult());
        outer = slice.getResult();
      }
    }
  }
};

} // namespace
