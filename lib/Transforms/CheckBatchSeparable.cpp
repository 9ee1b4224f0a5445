//===- CheckBatchSeparable.cpp - is every sample computed on its own? -----===//
//
// pd-check-batch-separable: decides, on a program lowered to linalg on
// tensors with a probe batch size, whether each sample of the batch feeds is
// computed independently of the others, so that the runtime may run a model
// exported with a dynamic batch dim at any batch size by calling code
// compiled for a batch of one on consecutive slices of the inputs and outputs
// (one compile for every batch size).
//
// The batch is tracked through the SSA values of the function as a dim and a
// block: a value is "batched" at dim `d` with block `B` when that dim has
// size N * B and sample s owns the indices [s*B, (s+1)*B) of it (a collapse
// of [N, 5, 16] into [N*5, 16] keeps the batch at dim 0 with block 5). Linalg
// structured ops are handled through their indexing maps (the loop that
// walks the batch must be parallel and must index every batched operand's
// batch dim, and nothing else); the tensor ops that move dims around have
// their own rules. Anything else that touches a batched value makes the
// program batch-dependent, with the op and the reason as the answer.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "llvm/ADT/SmallBitVector.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDCHECKBATCHSEPARABLE
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// What a value is, with respect to the batch.
struct BatchInfo {
  enum Kind {
    Invariant, ///< the same for every batch size, but not known to be uniform
    Uniform,   ///< every element equal (tensor.empty, a fill, a splat)
    Batched,   ///< carries the batch at `dim` with `block`
  } kind = Invariant;
  int64_t dim = -1;
  int64_t block = 1;

  static BatchInfo batched(int64_t dim, int64_t block) {
    return {Batched, dim, block};
  }
  bool isBatched() const { return kind == Batched; }
};

/// The analysis of one function; `fail` records the first reason the
/// program is not separable.
class BatchAnalysis {
public:
  explicit BatchAnalysis(int64_t probe) : probe(probe) {}

  void setBatched(Value v, BatchInfo info) { infos[v] = info; }

  BatchInfo get(Value v) const {
    auto it = infos.find(v);
    return it == infos.end() ? BatchInfo{} : it->second;
  }

  /// Visits the top-level ops of `block` in order; false on the first op
  /// that mixes samples (the reason is in `reason`).
  bool run(Block &block) {
    for (Operation &op : block) {
      if (isa<func::ReturnOp>(op))
        continue;
      if (failed(visit(&op)))
        return false;
    }
    return true;
  }

  std::string reason;

private:
  LogicalResult fail(Operation *op, const Twine &why) {
    std::string loc;
    llvm::raw_string_ostream os(loc);
    op->getLoc().print(os);
    reason = ("'" + op->getName().getStringRef() + "' at " + loc + ": " + why).str();
    return failure();
  }

  static bool isUniformDefinition(Operation *op) {
    if (isa<tensor::EmptyOp>(op))
      return true;
    if (auto c = dyn_cast<arith::ConstantOp>(op))
      return isa<SplatElementsAttr>(c.getValue());
    return false;
  }

  LogicalResult visit(Operation *op) {
    bool anyBatched = llvm::any_of(op->getOperands(), [&](Value v) { return get(v).isBatched(); });
    // Values captured by nested regions (a gather in a linalg body).
    bool captured = false;
    op->walk([&](Operation *inner) {
      if (inner == op)
        return;
      for (Value v : inner->getOperands())
        if (get(v).isBatched())
          captured = true;
    });
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
        linalgOp && (anyBatched || captured) && !isa<linalg::FillOp>(op))
      return visitLinalg(linalgOp);
    if (captured)
      return fail(op, "a nested region reads a batched value");
    if (!anyBatched) {
      BatchInfo result;
      if (isUniformDefinition(op))
        result.kind = BatchInfo::Uniform;
      else if (isa<linalg::FillOp>(op))
        result.kind = BatchInfo::Uniform; // of a batch-invariant scalar
      for (Value r : op->getResults())
        infos[r] = result;
      return success();
    }
    if (auto fill = dyn_cast<linalg::FillOp>(op)) {
      // Overwrites its whole init: the result is the same for every sample.
      if (get(fill.getInputs()[0]).isBatched())
        return fail(op, "fills with a batched value");
      for (Value r : op->getResults())
        infos[r] = BatchInfo{BatchInfo::Uniform};
      return success();
    }
    if (auto pad = dyn_cast<tensor::PadOp>(op))
      return visitPad(pad);
    if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(op))
      return visitCollapse(collapse);
    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(op))
      return visitExpand(expand);
    if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op))
      return visitExtractSlice(slice);
    if (auto insert = dyn_cast<tensor::InsertSliceOp>(op))
      return visitInsertSlice(insert);
    if (auto concat = dyn_cast<tensor::ConcatOp>(op))
      return visitConcat(concat);
    if (auto cast = dyn_cast<tensor::CastOp>(op)) {
      BatchInfo in = get(cast.getSource());
      auto to = dyn_cast<RankedTensorType>(cast.getType());
      if (!to || to.isDynamicDim(in.dim))
        return fail(op, "casts the batch dim to a dynamic size");
      infos[cast.getResult()] = in;
      return success();
    }
    return fail(op, "reads a batched value in a way this analysis does not model");
  }

  /// The loop that walks the batch must be parallel, index every batched
  /// operand's batch dim by itself and appear in nothing else; operands that
  /// are not batched must not depend on it unless they are uniform.
  LogicalResult visitLinalg(linalg::LinalgOp op) {
    if (!op.hasPureTensorSemantics())
      return fail(op, "works on buffers");
    std::optional<unsigned> loop;
    int64_t block = 0;
    for (OpOperand &operand : op->getOpOperands()) {
      BatchInfo info = get(operand.get());
      if (!info.isBatched())
        continue;
      AffineMap map = op.getMatchingIndexingMap(&operand);
      auto dimExpr = dyn_cast<AffineDimExpr>(map.getResult(info.dim));
      if (!dimExpr)
        return fail(op, "indexes the batch dim of operand #" +
                            Twine(operand.getOperandNumber()) + " with an expression");
      if (loop && *loop != dimExpr.getPosition())
        return fail(op, "walks the batch dims of two operands with different loops");
      if (block && block != info.block)
        return fail(op, "combines operands whose samples are blocked differently");
      loop = dimExpr.getPosition();
      block = info.block;
      for (auto [i, e] : llvm::enumerate(map.getResults()))
        if (static_cast<int64_t>(i) != info.dim && e.isFunctionOfDim(*loop))
          return fail(op, "uses the batch loop for another dim of operand #" +
                              Twine(operand.getOperandNumber()));
    }
    // A body may gather from a batched tensor it captures (adaptive pooling
    // does): each iteration must read its own sample, i.e. index the batch
    // dim with `linalg.index` of the batch loop (and the block must be 1).
    std::string gatherError;
    op->walk([&](Operation *inner) {
      if (inner == op.getOperation() || !gatherError.empty())
        return;
      for (OpOperand &use : inner->getOpOperands()) {
        BatchInfo info = get(use.get());
        if (!info.isBatched())
          continue;
        auto extract = dyn_cast<tensor::ExtractOp>(inner);
        linalg::IndexOp index;
        if (extract && use.getOperandNumber() == 0 && info.block == 1)
          index = extract.getIndices()[info.dim].getDefiningOp<linalg::IndexOp>();
        if (!index || index->getParentOp() != op.getOperation()) {
          gatherError = "reads a batched value in its body other than one sample at a time";
          return;
        }
        if ((loop && *loop != index.getDim()) || (block && block != 1)) {
          gatherError = "gathers a sample with another loop than the batch loop";
          return;
        }
        loop = index.getDim();
        block = 1;
      }
    });
    if (!gatherError.empty())
      return fail(op, gatherError);
    if (!loop)
      return fail(op, "has no loop over the batch");
    if (op.getIteratorTypesArray()[*loop] != utils::IteratorType::parallel)
      return fail(op, "reduces over the batch");
    for (OpOperand &operand : op->getOpOperands()) {
      BatchInfo info = get(operand.get());
      if (info.kind != BatchInfo::Invariant)
        continue;
      if (op.isDpsInit(&operand) && !op.payloadUsesValueFromOperand(&operand))
        continue; // only its shape matters
      if (op.getMatchingIndexingMap(&operand).isFunctionOfDim(*loop))
        return fail(op, "combines each sample with its own part of batch-invariant operand #" +
                            Twine(operand.getOperandNumber()));
    }
    // The batch loop's index may only pick a sample in a gather.
    bool readsIndex = false;
    op->walk([&](linalg::IndexOp index) {
      if (index.getDim() != *loop)
        return;
      for (OpOperand &use : index->getUses()) {
        auto extract = dyn_cast<tensor::ExtractOp>(use.getOwner());
        BatchInfo info = extract ? get(extract.getTensor()) : BatchInfo{};
        if (!info.isBatched() || use.getOperandNumber() != 1 + info.dim)
          readsIndex = true;
      }
    });
    if (readsIndex)
      return fail(op, "computes with the index of the batch loop");
    for (OpOperand &init : op.getDpsInitsMutable()) {
      AffineMap map = op.getMatchingIndexingMap(&init);
      std::optional<int64_t> dim;
      for (auto [i, e] : llvm::enumerate(map.getResults()))
        if (auto d = dyn_cast<AffineDimExpr>(e); d && d.getPosition() == *loop)
          dim = i;
      if (!dim)
        return fail(op, "has a result without the batch dim");
      BatchInfo initInfo = get(init.get());
      if (initInfo.isBatched() && initInfo.dim != *dim)
        return fail(op, "moves the batch dim of its init");
      infos[op.getTiedOpResult(&init)] = BatchInfo::batched(*dim, block);
    }
    return success();
  }

  LogicalResult visitPad(tensor::PadOp pad) {
    BatchInfo in = get(pad.getSource());
    if (pad.getStaticLow()[in.dim] != 0 || pad.getStaticHigh()[in.dim] != 0)
      return fail(pad, "pads the batch dim");
    infos[pad.getResult()] = in;
    return success();
  }

  /// Whether every index of `groups` is a dim of a `rank`-D tensor (the
  /// verifiers let some out-of-range reassociations through).
  static bool validGroups(ArrayRef<ReassociationIndices> groups, int64_t rank) {
    return llvm::all_of(groups, [&](const ReassociationIndices &g) {
      return llvm::all_of(g, [&](int64_t d) { return d >= 0 && d < rank; });
    });
  }

  LogicalResult visitCollapse(tensor::CollapseShapeOp op) {
    BatchInfo in = get(op.getSrc());
    ArrayRef<int64_t> shape = op.getSrcType().getShape();
    if (!validGroups(op.getReassociationIndices(), op.getSrcType().getRank()))
      return fail(op, "has an invalid reassociation");
    for (auto [group, dims] : llvm::enumerate(op.getReassociationIndices())) {
      if (!llvm::is_contained(dims, in.dim))
        continue;
      int64_t block = in.block;
      bool outer = true;
      for (int64_t d : dims) {
        if (ShapedType::isDynamic(shape[d]))
          return fail(op, "collapses the batch dim with a dynamic one");
        if (d < in.dim && shape[d] != 1)
          outer = false;
        if (d > in.dim)
          block *= shape[d];
      }
      if (!outer)
        return fail(op, "collapses the batch dim under an outer dim");
      infos[op.getResult()] = BatchInfo::batched(group, block);
      return success();
    }
    return fail(op, "loses the batch dim");
  }

  LogicalResult visitExpand(tensor::ExpandShapeOp op) {
    BatchInfo in = get(op.getSrc());
    ArrayRef<int64_t> shape = op.getResultType().getShape();
    SmallVector<ReassociationIndices> groups = op.getReassociationIndices();
    if (!validGroups(groups, op.getResultType().getRank()) ||
        in.dim >= static_cast<int64_t>(groups.size()))
      return fail(op, "has an invalid reassociation");
    for (int64_t d : groups[in.dim]) {
      if (ShapedType::isDynamic(shape[d]))
        return fail(op, "expands the batch dim into a dynamic one");
      if (shape[d] == 1)
        continue;
      // The first dim that is not a unit takes the samples, with what is
      // left of the block (the rest of the group lies inside one sample).
      if (shape[d] <= 0 || shape[d] % probe != 0 || in.block % (shape[d] / probe) != 0)
        return fail(op, "splits the batch dim across dims");
      infos[op.getResult()] = BatchInfo::batched(d, shape[d] / probe);
      return success();
    }
    return fail(op, "expands the batch dim into unit dims");
  }

  /// Whether a slice of `full` elements at dim `dim` covers it all.
  static bool coversDim(ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                        ArrayRef<int64_t> strides, int64_t dim, int64_t full) {
    return offsets[dim] == 0 && sizes[dim] == full && strides[dim] == 1;
  }

  LogicalResult visitExtractSlice(tensor::ExtractSliceOp op) {
    BatchInfo in = get(op.getSource());
    if (!coversDim(op.getStaticOffsets(), op.getStaticSizes(), op.getStaticStrides(), in.dim,
                   op.getSourceType().getDimSize(in.dim)))
      return fail(op, "takes part of the batch");
    llvm::SmallBitVector dropped = op.getDroppedDims();
    int64_t dim = in.dim;
    for (int64_t d = 0; d < in.dim; ++d)
      dim -= dropped.test(d);
    infos[op.getResult()] = BatchInfo::batched(dim, in.block);
    return success();
  }

  LogicalResult visitInsertSlice(tensor::InsertSliceOp op) {
    BatchInfo src = get(op.getSource()), dest = get(op.getDest());
    ArrayRef<int64_t> offsets = op.getStaticOffsets(), sizes = op.getStaticSizes(),
                      strides = op.getStaticStrides();
    int64_t destDim;
    if (src.isBatched()) {
      // The source's dims are the dest's, less the unit ones it drops.
      llvm::SmallBitVector dropped = op.getDroppedDims();
      destDim = -1;
      for (int64_t d = 0, s = 0; d < static_cast<int64_t>(sizes.size()); ++d) {
        if (dropped.test(d))
          continue;
        if (s++ == src.dim)
          destDim = d;
      }
      if (destDim < 0)
        return fail(op, "loses the batch dim");
      if (dest.isBatched() && (dest.dim != destDim || dest.block != src.block))
        return fail(op, "inserts the batch into another dim");
      if (dest.kind == BatchInfo::Invariant)
        return fail(op, "inserts samples into a batch-invariant tensor that is not uniform");
    } else {
      if (src.kind != BatchInfo::Uniform)
        return fail(op, "inserts a batch-invariant tensor that is not uniform into a batched one");
      destDim = dest.dim;
    }
    if (!coversDim(offsets, sizes, strides, destDim, op.getDestType().getDimSize(destDim)))
      return fail(op, "writes part of the batch");
    infos[op.getResult()] =
        BatchInfo::batched(destDim, src.isBatched() ? src.block : dest.block);
    return success();
  }

  LogicalResult visitConcat(tensor::ConcatOp op) {
    std::optional<BatchInfo> batch;
    for (Value v : op.getInputs()) {
      BatchInfo info = get(v);
      if (info.kind == BatchInfo::Uniform)
        continue;
      if (!info.isBatched())
        return fail(op, "concatenates a batch-invariant tensor that is not uniform");
      if (batch && (batch->dim != info.dim || batch->block != info.block))
        return fail(op, "concatenates tensors batched at different dims");
      batch = info;
    }
    if (static_cast<int64_t>(op.getDim()) == batch->dim)
      return fail(op, "concatenates along the batch");
    infos[op.getResult()] = *batch;
    return success();
  }

  int64_t probe;
  llvm::DenseMap<Value, BatchInfo> infos;
};

struct PdCheckBatchSeparablePass
    : public pd::impl::PdCheckBatchSeparableBase<PdCheckBatchSeparablePass> {
  using Base::Base;

  void runOnOperation() override {
    for (auto fn : getOperation().getOps<func::FuncOp>()) {
      auto feeds = fn->getAttrOfType<ArrayAttr>("pd.feeds");
      if (!feeds || fn.isExternal())
        continue;
      std::string reason = analyze(fn, feeds);
      fn->removeAttr("pd.batch_separable");
      fn->removeAttr("pd.batch_dependent");
      if (reason.empty())
        fn->setAttr("pd.batch_separable", UnitAttr::get(&getContext()));
      else
        fn->setAttr("pd.batch_dependent", StringAttr::get(&getContext(), reason));
    }
  }

  /// The empty string when `fn` is separable, else why not.
  std::string analyze(func::FuncOp fn, ArrayAttr feeds) {
    if (!fn.getBody().hasOneBlock())
      return "the program has more than one block";
    // The arguments are the parameters (when not frozen), then the feeds.
    if (feeds.size() > fn.getNumArguments())
      return "the program has fewer arguments than feeds";
    unsigned firstFeed = fn.getNumArguments() - feeds.size();
    int64_t probe = 0;
    SmallVector<unsigned> batchArgs;
    for (auto [i, name] : llvm::enumerate(feeds.getAsValueRange<StringAttr>())) {
      if (!batchFeeds.empty() && !llvm::is_contained(batchFeeds, name))
        continue;
      auto type = dyn_cast<RankedTensorType>(fn.getArgument(firstFeed + i).getType());
      if (!type || type.getRank() == 0 || type.isDynamicDim(0))
        return ("feed '" + name + "' has no static batch dim").str();
      if (probe && type.getDimSize(0) != probe)
        return ("feed '" + name + "' has batch " + Twine(type.getDimSize(0)) + ", not " +
                Twine(probe))
            .str();
      probe = type.getDimSize(0);
      batchArgs.push_back(firstFeed + i);
    }
    if (batchArgs.empty())
      return "no feed carries the batch";
    if (probe < 2)
      return "the probe batch size must be at least 2";
    BatchAnalysis analysis(probe);
    for (unsigned i : batchArgs)
      analysis.setBatched(fn.getArgument(i), BatchInfo::batched(0, 1));
    Block &body = fn.getBody().front();
    if (!analysis.run(body))
      return analysis.reason;
    auto ret = cast<func::ReturnOp>(body.getTerminator());
    for (auto [i, v] : llvm::enumerate(ret.getOperands())) {
      BatchInfo info = analysis.get(v);
      if (!info.isBatched())
        return ("result #" + Twine(i) + " does not depend on the batch").str();
      if (info.dim != 0)
        return ("result #" + Twine(i) + " carries the batch at dim " + Twine(info.dim) +
                ", not 0")
            .str();
    }
    return "";
  }
};

} // namespace
