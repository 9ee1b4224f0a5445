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

void refineOp(Operation *op) {
  auto infer = dyn_cast<InferTypeOpInterface>(op);
  if (!infer || !isa<pd::PdDialect>(op->getDialect()))
    return;
  SmallVector<Type> inferred;
  if (failed(infer.inferReturnTypes(
          op->getContext(), op->getLoc(), op->getOperands(),
          op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
          op->getRegions(), inferred)) ||
      inferred.size() != op->getNumResults())
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

struct PdInferShapesPass
    : public pd::impl::PdInferShapesBase<PdInferShapesPass> {
  void runOnOperation() override {
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto group = dyn_cast<pd::FusionGroupOp>(op)) {
        refineFusionGroup(group);
        return WalkResult::skip();
      }
      refineOp(op);
      return WalkResult::advance();
    });
  }
};

} // namespace
