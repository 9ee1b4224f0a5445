//===- ReduceInplaceVariants.cpp - relu_ -> relu (+ pd.copy_to) ------------===//
//
// PIR design §2.5.2: in-place ops become their value variants so that value
// semantics (and fusion: conv + bn + relu_) can take over; a pd.copy_to keeps
// the mutated tensor's observers up to date where there are any.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDREDUCEINPLACEVARIANTS
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;
using namespace mlir::pd;

namespace {

/// Whether writes to `target` by `op` can be seen after `op`: it outlives
/// the program (argument, feed, parameter), has an alias, or is used after.
bool isObservableAfter(Value target, Operation *op) {
  Operation *def = target.getDefiningOp();
  if (!def || isa<DataOp, GetParameterOp>(def) ||
      def->hasTrait<OpTrait::pd::ViewLike>())
    return true;
  for (Operation *user : target.getUsers()) {
    if (user == op)
      continue;
    if (user->hasTrait<OpTrait::pd::ViewLike>())
      return true;
    if (user->getBlock() != op->getBlock() || op->isBeforeInBlock(user))
      return true;
  }
  return false;
}

struct PdReduceInplaceVariantsPass
    : public pd::impl::PdReduceInplaceVariantsBase<PdReduceInplaceVariantsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> inplaceOps;
    getOperation()->walk([&](Operation *op) {
      if (op->hasTrait<OpTrait::pd::Inplace>())
        inplaceOps.push_back(op);
    });
    for (Operation *op : inplaceOps)
      rewrite(op);
  }

  /// assign_value_ overwrites its operand with constants (Paddle's
  /// paddle.to_tensor in a saved model: full + assign_value_): it becomes
  /// assign_value, which takes no operand, plus a copy where the old tensor
  /// is observed afterwards.
  void rewriteAssignValue(AssignValue_Op op) {
    OpBuilder b(op);
    auto value = AssignValueOp::create(b, op.getLoc(), op.getType(), op.getShapeAttr(),
                                       op.getDtypeAttr(), op.getValuesAttr(),
                                       op.getPlaceAttr());
    if (isObservableAfter(op.getOutput(), op))
      CopyToOp::create(b, op.getLoc(), value.getResult(), op.getOutput());
    op.getResult().replaceAllUsesWith(value.getResult());
    op->erase();
  }

  void rewrite(Operation *op) {
    if (auto assign = dyn_cast<AssignValue_Op>(op))
      return rewriteAssignValue(assign);
    auto spec = cast<OpSpecInterface>(op);
    std::optional<RegisteredOperationName> valueOp = RegisteredOperationName::lookup(
        spec.getValueSemanticsVariantName(), &getContext());
    if (!valueOp)
      return;
    SmallVector<std::pair<unsigned, unsigned>> inplace = spec.getInplaceMap();

    // Which updated operands must stay up to date, and can they?
    SmallVector<bool> needsCopy(op->getNumResults(), false);
    for (auto [result, operand] : inplace) {
      Value target = op->getOperand(operand);
      needsCopy[result] = isObservableAfter(target, op);
      auto from = cast<BaseTensorType>(op->getResult(result).getType());
      auto to = cast<BaseTensorType>(target.getType());
      if (needsCopy[result] && !areShapesCompatible(from.getShape(), to.getShape())) {
        // reshape_ of a tensor seen afterwards: the new shape cannot be
        // copied into the old tensor.
        op->emitRemark() << "kept in place: operand #" << operand
                         << " is observed after the op and changes shape";
        return;
      }
    }

    OpBuilder b(op);
    OperationState state(op->getLoc(), *valueOp);
    state.addOperands(op->getOperands());
    state.propertiesAttr = op->getPropertiesAsAttribute();
    for (NamedAttribute attr : op->getDiscardableAttrs())
      state.addAttribute(attr.getName(), attr.getValue());
    state.addTypes(op->getResultTypes());
    Operation *newOp = b.create(state);
    // The value variant's own InferMeta decides its result types
    // (equal gives bool where equal_ kept the input's dtype).
    SmallVector<Type> types;
    auto infer = cast<InferTypeOpInterface>(newOp);
    if (succeeded(infer.inferReturnTypes(
            &getContext(), newOp->getLoc(), newOp->getOperands(),
            newOp->getRawDictionaryAttrs(), newOp->getPropertiesStorage(),
            newOp->getRegions(), types)))
      for (auto [result, type] : llvm::zip_equal(newOp->getResults(), types))
        result.setType(type);

    for (unsigned i = 0; i < op->getNumResults(); ++i) {
      Value replacement = newOp->getResult(i);
      Type oldType = op->getResult(i).getType();
      if (cast<BaseTensorType>(replacement.getType()).getElementType() !=
          cast<BaseTensorType>(oldType).getElementType()) {
        auto dtype = dataTypeFromElementType(
            cast<BaseTensorType>(oldType).getElementType());
        replacement = CastOp::create(b, op->getLoc(), replacement,
                                     DataTypeAttr::get(&getContext(), *dtype));
      }
      for (auto [result, operand] : inplace)
        if (result == i && needsCopy[i])
          CopyToOp::create(b, op->getLoc(), replacement, op->getOperand(operand));
      op->getResult(i).replaceAllUsesWith(replacement);
    }
    op->erase();
  }
};

} // namespace
