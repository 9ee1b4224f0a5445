//===- InferShapes.cpp - refine result dims with InferMeta (pd-infer-shapes) ===//

#include "Transforms/Passes.h"

#include "Dialect/Pd/PdOpDefs.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDINFERSHAPES
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// `declared` with its unknown dims filled in from `inferred`; null when
/// nothing changes or the two disagree.
Type refine(Type declared, Type inferred) {
  if (auto dv = dyn_cast<pd::VecType>(declared)) {
    auto iv = dyn_cast<pd::VecType>(inferred);
    if (!iv || iv.getElementTypes().size() != dv.getElementTypes().size())
      return {};
    SmallVector<Type> elements;
    bool changed = false;
    for (auto [d, i] : llvm::zip_equal(dv.getElementTypes(), iv.getElementTypes())) {
      Type r = refine(d, i);
      changed |= bool(r);
      elements.push_back(r ? r : d);
    }
    return changed ? pd::VecType::get(declared.getContext(), elements) : Type();
  }
  auto d = dyn_cast<pd::BaseTensorType>(declared);
  auto i = dyn_cast<pd::BaseTensorType>(inferred);
  if (!d || !i || d.getElementType() != i.getElementType() ||
      !pd::areShapesCompatible(d.getShape(), i.getShape()))
    return {};
  SmallVector<int64_t> dims(d.getShape());
  bool changed = false;
  for (auto [dim, known] : llvm::zip_equal(dims, i.getShape()))
    if (ShapedType::isDynamic(dim) && !ShapedType::isDynamic(known)) {
      dim = known;
      changed = true;
    }
  return changed ? d.getWithShapeAndDtype(dims, d.getElementType()) : Type();
}

bool onlyPdUsers(Value value) {
  return llvm::all_of(value.getUsers(), [](Operation *user) {
    return isa<pd::PdDialect>(user->getDialect());
  });
}

/// Set when an op's InferMeta rejected its operands (the program is wrong
/// for these shapes: e.g. a feed with a dynamic dim was given a size another
/// operand disagrees with). Null while a loop body is refined on trial,
/// where a failure only means "not stable" and is not reported.
thread_local bool *inferenceFailed = nullptr;

void refineOp(Operation *op) {
  auto infer = dyn_cast<InferTypeOpInterface>(op);
  if (!infer || !isa<pd::PdDialect>(op->getDialect()))
    return;
  SmallVector<Type> inferred;
  if (failed(infer.inferReturnTypes(
          op->getContext(), op->getLoc(), op->getOperands(),
          op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
          op->getRegions(), inferred))) {
    // InferMeta has emitted its diagnostic at the op.
    if (inferenceFailed)
      *inferenceFailed = true;
    return;
  }
  if (inferred.size() != op->getNumResults())
    return;
  for (auto [result, type] : llvm::zip_equal(op->getResults(), inferred))
    if (Type refined = refine(result.getType(), type))
      if (onlyPdUsers(result))
        result.setType(refined);
}

/// A fusion group is isolated: its block arguments take the refined input
/// types, its body is refined, and its results take the yielded types.
void refineFusionGroup(pd::FusionGroupOp group) {
  Block &body = group.getBody().front();
  for (auto [arg, input] : llvm::zip_equal(body.getArguments(), group.getInputs()))
    if (Type refined = refine(arg.getType(), input.getType()))
      arg.setType(refined);
  body.walk([](Operation *op) { refineOp(op); });
  auto yield = cast<pd::YieldOp>(body.getTerminator());
  for (auto [result, value] : llvm::zip_equal(group.getResults(), yield.getOperands()))
    if (Type refined = refine(result.getType(), value.getType()))
      if (onlyPdUsers(result))
        result.setType(refined);
}

/// A loop keeps the initial inputs' shapes when its body, given them,
/// yields exactly those shapes again (checked on a copy first); then the
/// body arguments (and so the results) take them.
void refineBlockOps(Block &block);

void refineWhile(pd::WhileOp loop) {
  Block &body = loop.getBody().front();
  SmallVector<Type> candidate;
  bool changed = false;
  for (auto [arg, input] : llvm::zip_equal(body.getArguments(), loop.getInputs())) {
    Type refined = refine(arg.getType(), input.getType());
    changed |= bool(refined);
    candidate.push_back(refined ? refined : arg.getType());
  }
  if (!changed)
    return;
  auto apply = [&](pd::WhileOp op) {
    Block &b = op.getBody().front();
    for (auto [arg, type] : llvm::zip_equal(b.getArguments(), candidate))
      arg.setType(type);
  };
  auto trial = cast<pd::WhileOp>(loop->clone());
  apply(trial);
  {
    // Shapes that do not hold for the body are no error: the loop keeps
    // its declared types.
    ScopedDiagnosticHandler silence(loop->getContext(),
                                    [](Diagnostic &) { return success(); });
    bool *outer = inferenceFailed;
    inferenceFailed = nullptr;
    refineBlockOps(trial.getBody().front());
    inferenceFailed = outer;
  }
  auto yield = cast<pd::YieldOp>(trial.getBody().front().getTerminator());
  bool stable = TypeRange(yield.getOperandTypes()).drop_front() == TypeRange(candidate);
  trial->erase();
  if (stable)
    apply(loop);
}

/// Refines `op` and what it contains, in program order.
void refineAny(Operation *op) {
  if (auto group = dyn_cast<pd::FusionGroupOp>(op)) {
    refineFusionGroup(group);
    return;
  }
  if (auto loop = dyn_cast<pd::WhileOp>(op)) {
    refineWhile(loop);
    refineOp(op); // results follow the body arguments
    refineBlockOps(loop.getBody().front());
    return;
  }
  if (auto branch = dyn_cast<pd::IfOp>(op)) {
    refineBlockOps(branch.getThenRegion().front());
    refineBlockOps(branch.getElseRegion().front());
    // A result both branches yield with the same refined type takes it.
    auto thenYield = cast<pd::YieldOp>(branch.getThenRegion().front().getTerminator());
    auto elseYield = cast<pd::YieldOp>(branch.getElseRegion().front().getTerminator());
    for (auto [result, a, b] : llvm::zip_equal(branch.getResults(), thenYield.getOperandTypes(),
                                               elseYield.getOperandTypes()))
      if (a == b)
        if (Type refined = refine(result.getType(), a))
          if (onlyPdUsers(result))
            result.setType(refined);
    return;
  }
  refineOp(op);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      refineBlockOps(block);
}

void refineBlockOps(Block &block) {
  for (Operation &op : block)
    refineAny(&op);
}

struct PdInferShapesPass
    : public pd::impl::PdInferShapesBase<PdInferShapesPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    bool failedHere = false;
    inferenceFailed = &failedHere;
    for (Region &region : root->getRegions())
      for (Block &block : region)
        refineBlockOps(block);
    inferenceFailed = nullptr;
    if (failedHere)
      signalPassFailure();
  }
};

} // namespace
