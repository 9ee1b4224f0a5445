//===- RestoreInplace.cpp - relu -> relu_ where the input dies -------------===//

#include "Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDRESTOREINPLACE
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;
using namespace mlir::pd;

namespace {

/// `v` is a tensor only `op` reads and nobody else can see.
bool diesAt(Value v, Operation *op) {
  if (!isa<pd::TensorType>(v.getType()) || !v.hasOneUse())
    return false;
  Operation *def = v.getDefiningOp();
  return def && def->getBlock() == op->getBlock() &&
         !isa<DataOp, GetParameterOp>(def) &&
         !def->hasTrait<OpTrait::pd::ViewLike>() &&
         !def->hasTrait<OpTrait::pd::Inplace>();
}

struct PdRestoreInplacePass
    : public pd::impl::PdRestoreInplaceBase<PdRestoreInplacePass> {
  void runOnOperation() override {
    SmallVector<OpSpecInterface> candidates;
    getOperation()->walk([&](OpSpecInterface op) {
      if (!op.getInplaceVariantName().empty() &&
          !op->hasTrait<OpTrait::pd::Inplace>())
        candidates.push_back(op);
    });
    for (OpSpecInterface op : candidates)
      restore(op);
  }

  void restore(OpSpecInterface op) {
    std::optional<RegisteredOperationName> inplaceOp =
        RegisteredOperationName::lookup(op.getInplaceVariantName(),
                                        &getContext());
    if (!inplaceOp)
      return;
    for (auto [result, operand] : inplaceOp->getInterface<OpSpecInterface>()
                                      ->getInplaceMap()) {
      Value input = op->getOperand(operand);
      // The update must fit the input exactly: same shape and dtype.
      if (!diesAt(input, op) || input.getType() != op->getResult(result).getType())
        return;
    }
    OpBuilder b(op);
    OperationState state(op->getLoc(), *inplaceOp);
    state.addOperands(op->getOperands());
    state.propertiesAttr = op->getPropertiesAsAttribute();
    for (NamedAttribute attr : op->getDiscardableAttrs())
      state.addAttribute(attr.getName(), attr.getValue());
    state.addTypes(op->getResultTypes());
    Operation *inplace = b.create(state);
    op->replaceAllUsesWith(inplace->getResults());
    op->erase();
  }
};

} // namespace
