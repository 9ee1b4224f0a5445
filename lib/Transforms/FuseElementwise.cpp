//===- FuseElementwise.cpp - elementwise chains into pd.fusion_group ------===//

#include "Transforms/Passes.h"

#include "Dialect/Pd/PdOpDefs.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDFUSEELEMENTWISE
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;
using namespace mlir::pd;

namespace {

/// InferMeta functions of ops that compute each element from the elements
/// at the same (broadcast) position.
bool isElementwiseInferMeta(StringRef name) {
  return llvm::is_contained(
      {"UnchangedInferMeta", "ElementwiseInferMeta", "CompareInferMeta",
       "LogicalBinaryInferMeta", "CastInferMeta", "BoolOutputInferMeta",
       "ClipInferMeta", "RealValuedInferMeta", "WhereInferMeta"},
      name);
}

bool isReductionInferMeta(StringRef name) {
  return llvm::is_contained({"SumInferMeta", "ReduceIntArrayAxisInferMeta",
                             "ReduceInferMeta", "MeanAllInferMeta"},
                            name);
}

bool allValueTensors(Operation *op) {
  auto isValue = [](Type t) {
    auto bt = dyn_cast<BaseTensorType>(t);
    return bt && bt.hasValueSemantics();
  };
  return llvm::all_of(op->getOperandTypes(), isValue) &&
         llvm::all_of(op->getResultTypes(), isValue);
}

enum class Kind { None, Elementwise, Reduction };

Kind classify(Operation *op) {
  auto spec = dyn_cast<OpSpecInterface>(op);
  if (!spec || !op->hasTrait<OpTrait::pd::HasValueSemantics>() ||
      op->getNumResults() != 1 || !allValueTensors(op))
    return Kind::None;
  StringRef infer = spec.getInferMetaName();
  // Random ops (dropout) and anything with regions stay out.
  if (op->getNumRegions() || isa<DropoutOp>(op))
    return Kind::None;
  if (isElementwiseInferMeta(infer))
    return Kind::Elementwise;
  if (isReductionInferMeta(infer))
    return Kind::Reduction;
  return Kind::None;
}

struct Group {
  SmallVector<Operation *> ops;
  bool closed = false; // ended by a reduction
};

struct PdFuseElementwisePass
    : public pd::impl::PdFuseElementwiseBase<PdFuseElementwisePass> {
  using Base::Base;

  /// Whether `op` may join `group`: every use of the group's values outside
  /// the group (and `op`) comes after `op`, so the fused op can take the
  /// place of `op`.
  static bool canAppend(const Group &group, Operation *op) {
    llvm::SmallPtrSet<Operation *, 16> members(group.ops.begin(), group.ops.end());
    members.insert(op);
    for (Operation *m : group.ops)
      for (Operation *user : m->getUsers())
        if (!members.contains(user) &&
            (user->getBlock() != op->getBlock() || user->isBeforeInBlock(op)))
          return false;
    return true;
  }

  void fuse(Group &group) {
    if (group.ops.size() < 2)
      return;
    llvm::SmallPtrSet<Operation *, 16> members(group.ops.begin(), group.ops.end());
    SmallVector<Value> inputs, outputs;
    SmallVector<Operation *> constants;
    llvm::SmallDenseSet<Value> seenInputs;
    for (Operation *op : group.ops) {
      for (Value v : op->getOperands()) {
        Operation *def = v.getDefiningOp();
        if ((def && members.contains(def)) || !seenInputs.insert(v).second)
          continue;
        // Scalars and IntArrays stay visible as constants inside the group
        // (the lowering folds them into the loop body).
        if (isa_and_nonnull<FullOp, FullIntArrayOp>(def))
          constants.push_back(def);
        else
          inputs.push_back(v);
      }
      for (Value r : op->getResults())
        if (llvm::any_of(r.getUsers(), [&](Operation *u) { return !members.contains(u); }))
          outputs.push_back(r);
    }
    if (outputs.empty())
      return;
    Operation *last = group.ops.back();
    OpBuilder b(last);
    SmallVector<Type> resultTypes;
    for (Value v : outputs)
      resultTypes.push_back(v.getType());
    auto fused = FusionGroupOp::create(b, last->getLoc(), resultTypes, inputs);
    Block *body = new Block();
    fused.getBody().push_back(body);
    IRMapping map;
    for (Value in : inputs)
      map.map(in, body->addArgument(in.getType(), in.getLoc()));
    OpBuilder inner = OpBuilder::atBlockEnd(body);
    for (Operation *c : constants)
      inner.clone(*c, map);
    for (Operation *op : group.ops)
      inner.clone(*op, map);
    SmallVector<Value> yielded;
    for (Value v : outputs)
      yielded.push_back(map.lookup(v));
    YieldOp::create(inner, last->getLoc(), yielded);
    for (auto [v, r] : llvm::zip_equal(outputs, fused.getResults()))
      v.replaceAllUsesWith(r);
    for (Operation *op : llvm::reverse(group.ops))
      op->erase();
  }

  void runOnBlock(Block &block) {
    SmallVector<Group> groups;
    DenseMap<Operation *, unsigned> groupOf;
    for (Operation &op : block) {
      Kind kind = classify(&op);
      if (kind == Kind::None)
        continue;
      if (kind == Kind::Reduction) {
        if (!allowReductions || !IntArrayArg::from(op.getNumOperands() > 1
                                                       ? op.getOperand(1)
                                                       : Value())
                                     .isConstant())
          continue;
      }
      // Join the group of a producer when allowed.
      std::optional<unsigned> joined;
      for (Value v : op.getOperands()) {
        Operation *def = v.getDefiningOp();
        auto it = def ? groupOf.find(def) : groupOf.end();
        if (it == groupOf.end())
          continue;
        Group &g = groups[it->second];
        if (g.closed || g.ops.size() >= maxGroupSize || !canAppend(g, &op))
          continue;
        joined = it->second;
        break;
      }
      if (!joined) {
        if (kind == Kind::Reduction)
          continue; // a reduction only ends a group
        groups.push_back({});
        joined = groups.size() - 1;
      }
      groups[*joined].ops.push_back(&op);
      groupOf[&op] = *joined;
      if (kind == Kind::Reduction)
        groups[*joined].closed = true;
    }
    for (Group &g : groups)
      fuse(g);
  }

  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) {
      if (!isa<FusionGroupOp>(block->getParentOp()))
        blocks.push_back(block);
    });
    for (Block *block : blocks)
      runOnBlock(*block);
  }
};

} // namespace
