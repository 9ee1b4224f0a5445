//===- PruneKernelArguments.cpp - drop arguments kernels never read -------===//
//
// pd-prune-kernel-arguments: on the LLVM dialect, the arguments of internal
// functions (outlined kernels, parallel bodies) that their bodies never read
// are removed, with the operands of every call. A memref argument became a
// whole descriptor (5 + 2 x rank values) of which a kernel of static shapes
// reads one or two; the program's calls passed the rest as hundreds of
// constants, which LLVM's instruction selection of the program function
// spent most of a model's code generation on (llvm-split puts caller and
// callees in different parts, where LLVM cannot drop them itself).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/BitVector.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDPRUNEKERNELARGUMENTS
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// The references to one function.
struct References {
  SmallVector<LLVM::CallOp> calls;          // as a call's callee
  SmallVector<LLVM::LLVMFuncOp> dispatches; // as pd.parallel_body
  bool other = false;                       // anything else (address taken)
};

/// Everything that refers to a function symbol, by name.
llvm::DenseMap<StringAttr, References> collectReferences(ModuleOp module) {
  llvm::DenseMap<StringAttr, References> refs;
  module.walk([&](Operation *op) {
    if (auto call = dyn_cast<LLVM::CallOp>(op)) {
      if (FlatSymbolRefAttr callee = call.getCalleeAttr())
        refs[callee.getAttr()].calls.push_back(call);
      return;
    }
    auto fn = dyn_cast<LLVM::LLVMFuncOp>(op);
    auto body = fn ? fn->getAttrOfType<FlatSymbolRefAttr>("pd.parallel_body")
                   : FlatSymbolRefAttr();
    op->getAttrDictionary().walk([&](SymbolRefAttr ref) {
      if (ref == body)
        refs[body.getAttr()].dispatches.push_back(fn);
      else
        refs[ref.getRootReference()].other = true;
    });
  });
  return refs;
}

/// Keeps the entries of `list` (an ArrayAttr per argument) not in `erase`.
ArrayAttr without(ArrayAttr list, const llvm::BitVector &erase) {
  if (!list)
    return list;
  SmallVector<Attribute> kept;
  for (auto [i, a] : llvm::enumerate(list.getValue()))
    if (!erase.test(i))
      kept.push_back(a);
  return ArrayAttr::get(list.getContext(), kept);
}

/// Removes the arguments `erase` of `fn` (a definition or a declaration).
void eraseArguments(LLVM::LLVMFuncOp fn, const llvm::BitVector &erase) {
  LLVM::LLVMFunctionType type = fn.getFunctionType();
  SmallVector<Type> params;
  for (auto [i, t] : llvm::enumerate(type.getParams()))
    if (!erase.test(i))
      params.push_back(t);
  if (ArrayAttr attrs = fn.getArgAttrsAttr())
    fn.setArgAttrsAttr(without(attrs, erase));
  if (!fn.isExternal())
    fn.getBody().front().eraseArguments(erase);
  fn.setFunctionType(
      LLVM::LLVMFunctionType::get(type.getReturnType(), params, type.isVarArg()));
}

/// Removes the operands `erase` of `call`; their producers go to `maybeDead`.
void eraseOperands(LLVM::CallOp call, const llvm::BitVector &erase,
                   SmallVectorImpl<Operation *> &maybeDead) {
  MutableOperandRange operands = call.getCalleeOperandsMutable();
  for (int i = erase.size() - 1; i >= 0; --i) {
    if (!erase.test(i))
      continue;
    if (Operation *producer = call.getArgOperands()[i].getDefiningOp())
      maybeDead.push_back(producer);
    operands.erase(i);
  }
  if (ArrayAttr attrs = call.getArgAttrsAttr())
    call.setArgAttrsAttr(without(attrs, erase));
}

/// Erases the ops of `worklist` that have become dead, and their producers
/// that die with them.
void eraseDeadProducers(SmallVectorImpl<Operation *> &worklist) {
  llvm::SmallPtrSet<Operation *, 16> erased;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    // Calls stay (the references point at them), even when dead.
    if (erased.contains(op) || isa<LLVM::CallOp>(op) || !isOpTriviallyDead(op))
      continue;
    for (Value operand : op->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        worklist.push_back(producer);
    erased.insert(op);
    op->erase();
  }
}

struct PdPruneKernelArgumentsPass
    : public pd::impl::PdPruneKernelArgumentsBase<PdPruneKernelArgumentsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The references are collected once (a walk of every op and attribute):
    // pruning erases operands and dead producers, never a call or a symbol
    // use, so they stay valid.
    llvm::DenseMap<StringAttr, References> refs = collectReferences(module);
    // Each round can leave a caller's arguments unused (the operands it
    // passed on are gone): kernels -> program, parallel bodies -> kernels.
    for (bool changed = true; changed;) {
      changed = false;
      for (auto fn : module.getOps<LLVM::LLVMFuncOp>())
        changed |= prune(fn, refs);
    }
  }

  /// The references to `name` (none when it has no entry: looking up never
  /// inserts, which would move the entries others point into).
  static const References &referencesTo(
      const llvm::DenseMap<StringAttr, References> &refs, StringAttr name) {
    static const References none;
    auto it = refs.find(name);
    return it == refs.end() ? none : it->second;
  }

  bool prune(LLVM::LLVMFuncOp fn, const llvm::DenseMap<StringAttr, References> &refs) {
    if (fn.isExternal() || fn.isVarArg() ||
        (fn.getLinkage() != LLVM::Linkage::Internal &&
         fn.getLinkage() != LLVM::Linkage::Private))
      return false;
    const References &r = referencesTo(refs, fn.getSymNameAttr());
    if (r.other)
      return false;
    // A parallel body keeps (begin, end); its argument i is input i - 1 of
    // its dispatch declarations, which must be called and nothing else.
    unsigned first = r.dispatches.empty() ? 0 : 2;
    for (LLVM::LLVMFuncOp dispatch : r.dispatches) {
      const References &d = referencesTo(refs, dispatch.getSymNameAttr());
      if (d.other || !d.dispatches.empty() || dispatch.isVarArg() ||
          dispatch.getNumArguments() + 1 != fn.getNumArguments())
        return false;
    }
    llvm::BitVector erase(fn.getNumArguments());
    for (unsigned i = first; i < fn.getNumArguments(); ++i)
      if (fn.getArgument(i).use_empty())
        erase.set(i);
    if (erase.none())
      return false;

    SmallVector<Operation *> maybeDead;
    for (LLVM::CallOp call : r.calls)
      eraseOperands(call, erase, maybeDead);
    if (!r.dispatches.empty()) {
      // Body argument i is dispatch input i - 1 (input 0 is the count).
      llvm::BitVector inputs(fn.getNumArguments() - 1);
      for (unsigned i : erase.set_bits())
        inputs.set(i - 1);
      for (LLVM::LLVMFuncOp dispatch : r.dispatches) {
        for (LLVM::CallOp call : referencesTo(refs, dispatch.getSymNameAttr()).calls)
          eraseOperands(call, inputs, maybeDead);
        eraseArguments(dispatch, inputs);
      }
    }
    eraseArguments(fn, erase);
    eraseDeadProducers(maybeDead);
    return true;
  }
};

} // namespace
