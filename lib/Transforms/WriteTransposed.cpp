//===- WriteTransposed.cpp - producers write a transpose's result ---------===//
//
// pd-write-transposed: a transpose copy whose input the op right before it
// wrote (attention's head split after the q and v projections' bias, the
// merge of the heads after attention times v) is removed, and that op
// writes the transposed buffer through a permuted view instead.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Epilogues.h"
#include "Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDWRITETRANSPOSED
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

bool touches(Operation *op, Value root) { return pd::touchesBuffer(op, root); }

/// The last op before `op` (past views and allocations) that touches the
/// buffer `root`; null where none does or where an op on the way touches
/// `untouched`.
Operation *previousWriter(Operation *op, Value root, Value untouched) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (isMemoryEffectFree(prev)) // views, allocations
      continue;
    if (touches(prev, untouched))
      return nullptr;
    if (touches(prev, root))
      return prev;
  }
  return nullptr;
}

/// Whether `v` is `root` or reshapes of it (expand/collapse_shape only: the
/// whole buffer, every element once).
bool isWholeBuffer(Value v, Value root) {
  while (v != root) {
    if (auto e = v.getDefiningOp<memref::ExpandShapeOp>())
      v = e.getSrc();
    else if (auto c = v.getDefiningOp<memref::CollapseShapeOp>())
      v = c.getSrc();
    else
      return false;
  }
  return true;
}

/// Whether `op` overwrites all of the buffer `root` without reading what
/// it held: a fill of it, or an elementwise linalg.generic whose one output
/// is the whole buffer, written with the identity map, its value unused.
bool overwritesWithoutReading(Operation *op, Value root) {
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return isWholeBuffer(fill.getDpsInits()[0], root);
  if (isa<linalg::TransposeOp, linalg::CopyOp>(op)) {
    auto copy = cast<linalg::LinalgOp>(op);
    return isWholeBuffer(copy.getDpsInits()[0], root) &&
           pd::bufferRoot(copy.getDpsInputOperand(0)->get()) != root;
  }
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || generic.getNumDpsInits() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops())
    return false;
  OpOperand &init = generic.getDpsInitsMutable()[0];
  if (!isWholeBuffer(init.get(), root) || !generic.getMatchingIndexingMap(&init).isIdentity() ||
      generic.payloadUsesValueFromOperand(&init))
    return false;
  for (OpOperand *input : generic.getDpsInputOperands())
    if (isa<MemRefType>(input->get().getType()) && pd::bufferRoot(input->get()) == root)
      return false;
  return true;
}

/// The transposes the pass rewrites, with what it needs to rewrite them.
struct Candidate {
  linalg::TransposeOp transpose;
  /// The op that writes the transpose's input (all of it), and the fill of
  /// its output before it (a contraction's zeros), if any.
  linalg::LinalgOp producer;
  linalg::FillOp fill;
  /// The strides of the transposed output seen in the shape of the
  /// producer's output.
  SmallVector<int64_t> strides;
};

/// The strides of `out` (identity layout) seen through the inverse of the
/// transpose `perm` in the input's shape, then in `producerOut`'s shape:
/// the transpose's input is `producerOut` or expand_shapes of it, each
/// group of dims it expanded contiguous in the view but for unit dims.
std::optional<SmallVector<int64_t>> viewStrides(linalg::TransposeOp t, Value producerOut) {
  auto outType = cast<MemRefType>(t.getInit().getType());
  auto inType = cast<MemRefType>(t.getInput().getType());
  ArrayRef<int64_t> perm = t.getPermutation();
  SmallVector<int64_t> outStrides(outType.getRank(), 1);
  for (int64_t i = outType.getRank() - 2; i >= 0; --i)
    outStrides[i] = outStrides[i + 1] * outType.getDimSize(i + 1);
  // Input dim perm[i] is output dim i.
  SmallVector<int64_t> strides(perm.size());
  for (auto [i, p] : llvm::enumerate(perm))
    strides[p] = outStrides[i];
  SmallVector<int64_t> shape(inType.getShape());
  for (Value v = t.getInput(); v != producerOut;) {
    auto expand = v.getDefiningOp<memref::ExpandShapeOp>();
    if (!expand)
      return std::nullopt;
    SmallVector<int64_t> collapsed;
    for (ReassociationIndices group : expand.getReassociationIndices()) {
      int64_t last = -1, stride = 1;
      for (int64_t d : group) {
        if (shape[d] == 1)
          continue;
        if (last >= 0 && strides[last] != strides[d] * shape[d])
          return std::nullopt; // not contiguous: no single stride
        last = d;
        stride = strides[d];
      }
      collapsed.push_back(stride);
    }
    strides = std::move(collapsed);
    shape = llvm::to_vector(expand.getSrcType().getShape());
    v = expand.getSrc();
  }
  return strides;
}

/// The ops right before `transpose` that write its input: an elementwise
/// linalg.generic or a (batch) matmul (after the fill of its output) whose
/// one output is the whole input buffer; nothing between them and the
/// transpose reads or writes the input's or the output's buffer, and
/// nothing after the transpose reads the input's buffer before it is
/// overwritten or freed.
std::optional<Candidate> candidateFor(linalg::TransposeOp transpose) {
  ArrayRef<int64_t> perm = transpose.getPermutation();
  auto inType = dyn_cast<MemRefType>(transpose.getInput().getType());
  auto outType = dyn_cast<MemRefType>(transpose.getInit().getType());
  // The innermost dim stays innermost: the producer then writes contiguous
  // rows through the view (the others are 16x16 tile transposes).
  if (!inType || !outType || !inType.hasStaticShape() || !outType.hasStaticShape() ||
      perm.empty() || perm.back() != (int64_t)perm.size() - 1 ||
      !outType.getLayout().isIdentity())
    return std::nullopt;
  Value inRoot = pd::bufferRoot(transpose.getInput());
  Value outRoot = pd::bufferRoot(transpose.getInit());
  auto inAlloc = inRoot.getDefiningOp<memref::AllocOp>();
  if (!inAlloc || inAlloc->getBlock() != transpose->getBlock() || inRoot == outRoot ||
      !isWholeBuffer(transpose.getInput(), inRoot) ||
      !cast<MemRefType>(inRoot.getType()).getLayout().isIdentity() ||
      transpose.getInit() != outRoot)
    return std::nullopt;
  // The writer of the input: the previous op that touches it.
  auto producer =
      dyn_cast_or_null<linalg::LinalgOp>(previousWriter(transpose, inRoot, outRoot));
  if (!producer || producer.getNumDpsInits() != 1 || producer->getNumRegions() != 1 ||
      !isWholeBuffer(producer.getDpsInits()[0], inRoot))
    return std::nullopt;
  for (OpOperand *input : producer.getDpsInputOperands())
    if (isa<MemRefType>(input->get().getType()) &&
        (pd::bufferRoot(input->get()) == inRoot || pd::bufferRoot(input->get()) == outRoot))
      return std::nullopt;
  Candidate c{transpose, producer, nullptr};
  if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(producer.getOperation())) {
    // A contraction accumulates into its output: the fill before it.
    auto fill = dyn_cast_or_null<linalg::FillOp>(previousWriter(producer, inRoot, outRoot));
    if (!fill || fill.getDpsInits()[0] != producer.getDpsInits()[0])
      return std::nullopt;
    c.fill = fill;
  } else if (!overwritesWithoutReading(producer, inRoot)) {
    return std::nullopt;
  }
  // The input's values die with the transpose.
  for (Operation *next = transpose->getNextNode(); next; next = next->getNextNode()) {
    if (auto dealloc = dyn_cast<memref::DeallocOp>(next); dealloc && dealloc.getMemref() == inRoot)
      break;
    if (!touches(next, inRoot))
      continue;
    if (overwritesWithoutReading(next, inRoot))
      break;
    if (isMemoryEffectFree(next)) // a view of it: its users come later
      continue;
    return std::nullopt;
  }
  // The output buffer is defined before the ops that will write it.
  Operation *first = c.fill ? c.fill.getOperation() : producer.getOperation();
  if (auto alloc = outRoot.getDefiningOp<memref::AllocOp>()) {
    if (alloc->getBlock() != transpose->getBlock() || alloc->getNumOperands() != 0)
      return std::nullopt;
  } else if (auto arg = dyn_cast<BlockArgument>(outRoot)) {
    if (arg.getOwner() != transpose->getBlock() && !arg.getOwner()->findAncestorOpInBlock(*first))
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  std::optional<SmallVector<int64_t>> strides = viewStrides(transpose, producer.getDpsInits()[0]);
  if (!strides)
    return std::nullopt;
  c.strides = std::move(*strides);
  return c;
}

struct WriteTransposedPass : public pd::impl::PdWriteTransposedBase<WriteTransposedPass> {
  void runOnOperation() override {
    SmallVector<Candidate> candidates;
    getOperation().walk([&](linalg::TransposeOp t) {
      if (std::optional<Candidate> c = candidateFor(t))
        candidates.push_back(*c);
    });
    for (Candidate &c : candidates) {
      linalg::TransposeOp t = c.transpose;
      Value inRoot = pd::bufferRoot(t.getInput());
      Value outRoot = t.getInit();
      Operation *first = c.fill ? c.fill.getOperation() : c.producer.getOperation();
      if (auto alloc = outRoot.getDefiningOp<memref::AllocOp>();
          alloc && !alloc->isBeforeInBlock(first))
        alloc->moveBefore(first);
      OpBuilder b(first);
      Value producerOut = c.producer.getDpsInits()[0];
      auto type = cast<MemRefType>(producerOut.getType());
      auto viewType = MemRefType::get(
          type.getShape(), type.getElementType(),
          StridedLayoutAttr::get(b.getContext(), /*offset=*/0, c.strides));
      SmallVector<OpFoldResult> sizes, strides;
      for (int64_t size : type.getShape())
        sizes.push_back(b.getIndexAttr(size));
      for (int64_t stride : c.strides)
        strides.push_back(b.getIndexAttr(stride));
      Value view = memref::ReinterpretCastOp::create(b, t.getLoc(), viewType, outRoot,
                                                     b.getIndexAttr(0), sizes, strides);
      if (c.fill)
        c.fill.getDpsInitsMutable()[0].set(view);
      c.producer.getDpsInitsMutable()[0].set(view);
      t->erase();
      // The input buffer, unused now but for views and its free, goes.
      eraseIfUnused(inRoot);
    }
  }

  /// Erases the allocation `root`, its views and frees when nothing else
  /// uses them.
  static void eraseIfUnused(Value root) {
    SmallVector<Operation *> dead;
    SmallVector<Value> work{root};
    while (!work.empty()) {
      for (Operation *user : work.pop_back_val().getUsers()) {
        if (isa<memref::DeallocOp>(user)) {
          dead.push_back(user);
          continue;
        }
        auto view = dyn_cast<ViewLikeOpInterface>(user);
        if (!view || !isMemoryEffectFree(user))
          return;
        dead.push_back(user);
        work.push_back(view->getResult(0));
      }
    }
    // Found parents first: erased children first.
    for (Operation *op : llvm::reverse(dead))
      if (op->use_empty())
        op->erase();
    if (root.use_empty())
      root.getDefiningOp()->erase();
  }
};

} // namespace
