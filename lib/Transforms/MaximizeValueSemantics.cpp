//===- MaximizeValueSemantics.cpp - !pd.tensor -> !pd.vtensor --------------===//
//
// PIR design §2.5.1, in the manner of torch-mlir's MaximizeValueSemantics:
// value-semantic ops are first wrapped in copies, then copies are removed
// where no user mutates or aliases the tensor.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDMAXIMIZEVALUESEMANTICS
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;
using namespace mlir::pd;

namespace {

/// The value-semantics version of a type (tensors and tensor lists).
Type valueTypeOf(Type type) {
  if (auto t = dyn_cast<BaseTensorType>(type))
    return t.getWithValueSemantics();
  if (auto vec = dyn_cast<VecType>(type)) {
    SmallVector<Type> elements =
        llvm::map_to_vector(vec.getElementTypes(), valueTypeOf);
    return VecType::get(type.getContext(), elements);
  }
  return type;
}

bool hasAliasingTensor(Type type) {
  if (isa<pd::TensorType>(type))
    return true;
  if (auto vec = dyn_cast<VecType>(type))
    return llvm::any_of(vec.getElementTypes(), hasAliasingTensor);
  return false;
}

/// Ops that compute fresh values from their operands.
bool hasValueSemantics(Operation *op);

/// The tensor a chain of views starts from.
Value viewRoot(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!def->hasTrait<OpTrait::pd::ViewLike>())
      break;
    v = def->getOperand(0);
  }
  return v;
}

/// Whether `use` writes the tensor it uses (an in-place update or the
/// destination of pd.copy_to).
bool isWrite(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto copy = dyn_cast<CopyToOp>(user))
    return use.getOperandNumber() == 1;
  if (user->hasTrait<OpTrait::pd::Inplace>())
    for (auto [result, operand] : cast<OpSpecInterface>(user).getInplaceMap())
      if (operand == use.getOperandNumber())
        return true;
  return false;
}

/// Whether anything writes `root` or a view of it.
bool isWrittenThroughViews(Value root) {
  SmallVector<Value> worklist{root};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      if (isWrite(use))
        return true;
      Operation *user = use.getOwner();
      if (user->hasTrait<OpTrait::pd::ViewLike>() && use.getOperandNumber() == 0)
        llvm::append_range(worklist, user->getResults());
    }
  }
  return false;
}

/// Ops that compute fresh values from their operands; a view counts when
/// nothing writes the tensor it views (or any view of that tensor).
bool hasValueSemantics(Operation *op) {
  if (op->hasTrait<OpTrait::pd::HasValueSemantics>() ||
      isa<CombineOp, BuiltinSplitOp, BuiltinSliceOp>(op))
    return true;
  return op->hasTrait<OpTrait::pd::ViewLike>() &&
         !isWrittenThroughViews(viewRoot(op->getOperand(0)));
}

/// Step 1: `op` computes on !pd.vtensor, with copies at its boundary.
void wrapInCopies(Operation *op, OpBuilder &b) {
  bool any = llvm::any_of(op->getOperandTypes(), hasAliasingTensor) ||
             llvm::any_of(op->getResultTypes(), hasAliasingTensor);
  if (!any)
    return;
  // A tensor list can only be converted as a whole, by its pd.combine.
  for (Value operand : op->getOperands())
    if (isa<VecType>(operand.getType()) && hasAliasingTensor(operand.getType()))
      return;
  b.setInsertionPoint(op);
  for (OpOperand &operand : op->getOpOperands())
    if (isa<pd::TensorType>(operand.get().getType()))
      operand.set(ToVTensorOp::create(b, op->getLoc(), operand.get()));
  b.setInsertionPointAfter(op);
  for (OpResult result : op->getResults()) {
    Type type = result.getType();
    if (!hasAliasingTensor(type))
      continue;
    result.setType(valueTypeOf(type));
    if (result.use_empty() || !isa<BaseTensorType>(type))
      continue;
    auto copy = ToTensorOp::create(b, op->getLoc(), result);
    result.replaceAllUsesExcept(copy, copy);
  }
}

/// The ops step 2 erased: a sweep skips them (step 2 creates no ops, so an
/// erased op's address is never reused while the set lives).
using ErasedOps = llvm::DenseSet<Operation *>;

void eraseOp(Operation *op, ErasedOps &erased) {
  erased.insert(op);
  op->erase();
}

/// Users that only read a tensor and accept a value in its place.
bool isReplaceableReader(OpOperand &use) {
  if (isa<CopyToOp>(use.getOwner()))
    return use.getOperandNumber() == 0;
  return isa<ToVTensorOp, FetchOp, SetParameterOp>(use.getOwner());
}

/// Makes the reader `use` of a tensor (isReplaceableReader) read `value`, a
/// vtensor of its contents: a to_vtensor is replaced by it, a fetch takes
/// its type; copy_to's source and set_parameter only read, a value will do.
void readValueInstead(OpOperand &use, Value value, ErasedOps &erased) {
  Operation *user = use.getOwner();
  if (isa<ToVTensorOp>(user)) {
    user->getResult(0).replaceAllUsesWith(value);
    eraseOp(user, erased);
    return;
  }
  use.set(value);
  if (auto fetch = dyn_cast<FetchOp>(user))
    fetch->getResult(0).setType(value.getType());
}

/// Replaces the readers of tensor `t` by `value` (a vtensor of its contents).
void forwardReaders(Value t, Value value, ErasedOps &erased) {
  for (OpOperand &use : llvm::make_early_inc_range(t.getUses()))
    if (isReplaceableReader(use))
      readValueInstead(use, value, erased);
}

/// Removes the copy `op` makes (or needs), if nobody depends on it.
bool removeCopy(Operation *op, const llvm::StringSet<> &written, ErasedOps &erased) {
  if (op->getNumResults() != 1 ||
      !isa<pd::TensorType>(op->getResult(0).getType()))
    return false;
  Value t = op->getResult(0);
  if (t.use_empty() || !llvm::all_of(t.getUses(), isReplaceableReader))
    return false;
  if (auto toTensor = dyn_cast<ToTensorOp>(op)) {
    // to_vtensor(to_tensor(%v)) is %v when nothing writes the copy.
    forwardReaders(t, toTensor.getOperand(), erased);
    eraseOp(op, erased);
    return true;
  }
  bool source = isa<DataOp, FullOp, FullIntArrayOp>(op);
  if (auto get = dyn_cast<GetParameterOp>(op))
    source = !written.contains(get.getParameterName());
  if (!source)
    return false;
  // A feed, constant or parameter read that is only snapshotted produces the
  // value directly.
  t.setType(valueTypeOf(t.getType()));
  forwardReaders(t, t, erased);
  return true;
}

/// Store forwarding, in the manner of torch-mlir's abstract interpretation
/// of `overwrite.tensor.contents`: a tensor made by `def` (a copy of a
/// value, or a feed or constant) whose every use is in its block and either
/// overwrites it (the destination of a pd.copy_to of a value: what an
/// in-place op such as relu_ or set_value_ becomes) or reads it as a
/// replaceable reader holds, at each point, the value written last. Its
/// readers get that value and the copies go away.
bool forwardStores(Operation *def, ErasedOps &erased) {
  if (def->getNumResults() != 1 || !isa<pd::TensorType>(def->getResult(0).getType()) ||
      !isa<ToTensorOp, DataOp, FullOp, FullIntArrayOp>(def))
    return false;
  Value t = def->getResult(0);
  Block *block = def->getBlock();
  SmallVector<Operation *> users;
  bool writes = false;
  for (OpOperand &use : t.getUses()) {
    Operation *user = use.getOwner();
    if (user->getBlock() != block || llvm::count(user->getOperands(), t) != 1)
      return false;
    auto copy = dyn_cast<CopyToOp>(user);
    bool write = copy && use.getOperandNumber() == 1;
    if (write && !isa<VTensorType>(copy.getOperand(0).getType()))
      return false;
    if (!write && !isReplaceableReader(use))
      return false;
    writes |= write;
    users.push_back(user);
  }
  if (!writes)
    return false; // removeCopy's case
  llvm::sort(users, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  Value current;
  if (auto toTensor = dyn_cast<ToTensorOp>(def)) {
    current = toTensor.getOperand();
  } else {
    // A feed or constant: its own result, as a value.
    t.setType(valueTypeOf(t.getType()));
    current = t;
  }
  for (Operation *user : users) {
    if (auto copy = dyn_cast<CopyToOp>(user); copy && copy.getOperand(1) == t) {
      current = copy.getOperand(0);
      eraseOp(copy, erased);
      continue;
    }
    for (OpOperand &use : user->getOpOperands()) {
      if (use.get() == t) {
        readValueInstead(use, current, erased);
        break;
      }
    }
  }
  if (isa<ToTensorOp>(def) && t.use_empty())
    eraseOp(def, erased);
  return true;
}

struct PdMaximizeValueSemanticsPass
    : public pd::impl::PdMaximizeValueSemanticsBase<PdMaximizeValueSemanticsPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    OpBuilder b(&getContext());

    root->walk([&](Operation *op) {
      if (hasValueSemantics(op))
        wrapInCopies(op, b);
    });

    // Parameters some program writes cannot be read as values.
    llvm::StringSet<> written;
    root->walk([&](SetParameterOp op) { written.insert(op.getParameterName()); });

    // Step 2, to a fixed point: drop copies nobody needs. Each sweep visits
    // the ops that make a tensor in program order and skips those an
    // earlier rewrite of the sweep erased (restarting the walk after each
    // rewrite was quadratic: 1 s for a chain of 20,000 ops).
    bool changed = true;
    while (changed) {
      changed = false;
      SmallVector<Operation *> candidates;
      root->walk([&](Operation *op) {
        if (op->getNumResults() == 1 && isa<pd::TensorType>(op->getResult(0).getType()))
          candidates.push_back(op);
      });
      ErasedOps erased;
      for (Operation *op : candidates) {
        if (erased.contains(op))
          continue;
        if (removeCopy(op, written, erased) || forwardStores(op, erased))
          changed = true;
      }
    }
  }
};

} // namespace
