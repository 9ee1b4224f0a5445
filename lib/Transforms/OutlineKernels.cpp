//===- OutlineKernels.cpp - one function per kernel, shared when identical ===//
//
// pd-outline-kernels: every top-level loop nest (and linalg op) of a program
// function becomes a call of a private function of its own, and kernels that
// are structurally identical (ResNet's repeated blocks: same shapes, same
// code, other weights) are one function. LLVM's optimizer and code
// generator are superlinear in function size: one huge `main` made a
// DenseNet spend 40 s in `opt`/`llc`. Small functions compile in linear
// time, in parallel, and once per distinct kernel; they also show up by
// name in a profiler.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"
#include "Transforms/OutlineCaptures.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDOUTLINEKERNELS
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// A structural hash of a kernel (names, attributes and types of all nested
/// ops, not which values they use): equal kernels hash equal.
llvm::hash_code kernelHash(func::FuncOp kernel) {
  llvm::hash_code hash = hash_value(kernel.getFunctionType());
  kernel.getBody().walk([&](Operation *op) {
    hash = llvm::hash_combine(
        hash, OperationEquivalence::computeHash(
                  op, OperationEquivalence::ignoreHashValue,
                  OperationEquivalence::ignoreHashValue,
                  OperationEquivalence::IgnoreLocations));
  });
  return hash;
}

bool worthOutlining(Operation &op) {
  if (op.getNumRegions() == 0 || op.hasTrait<OpTrait::IsTerminator>() ||
      !op.use_empty())
    return false;
  // Only ops whose regions are plain code (loops, linalg bodies).
  return llvm::all_of(op.getRegions(), [](Region &r) { return r.hasOneBlock(); });
}

struct PdOutlineKernelsPass
    : public pd::impl::PdOutlineKernelsBase<PdOutlineKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // Kernels so far, by hash, for sharing.
    llvm::DenseMap<llvm::hash_code, SmallVector<func::FuncOp>> byHash;
    SmallVector<func::FuncOp> programs;
    for (auto fn : module.getOps<func::FuncOp>())
      if (!fn.isExternal() && !fn->hasAttr("pd.kernel"))
        programs.push_back(fn);
    for (func::FuncOp fn : programs) {
      SmallVector<Operation *> candidates;
      for (Operation &op : fn.getBody().front())
        if (worthOutlining(op))
          candidates.push_back(&op);
      unsigned counter = 0;
      for (Operation *op : candidates)
        outline(fn, op, counter, symbols, byHash);
    }
  }

  void outline(func::FuncOp fn, Operation *op, unsigned &counter, SymbolTable &symbols,
               llvm::DenseMap<llvm::hash_code, SmallVector<func::FuncOp>> &byHash) {
    // Values from outside: constants are cloned into the kernel (so that
    // they fold there and identical kernels stay identical), the rest are
    // arguments.
    pd::OutlineCaptures captures = pd::collectOutlineCaptures(op);
    SmallVector<Value> &arguments = captures.arguments;
    SmallVector<Operation *> &constants = captures.constants;
    OpBuilder b(fn);
    Location loc = op->getLoc();
    auto type = b.getFunctionType(ValueRange(arguments).getTypes(), {});
    auto kernel = func::FuncOp::create(
        b, loc, (fn.getName() + "_kernel_" + Twine(counter++)).str(), type);
    kernel.setPrivate();
    kernel->setAttr("pd.kernel", b.getUnitAttr());
    // Never inlined back: that would undo the point (LLVM inlines private
    // functions called once).
    kernel->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("noinline")}));
    kernel->setAttr("llvm.linkage",
                    LLVM::LinkageAttr::get(b.getContext(), LLVM::Linkage::Internal));
    Block *entry = kernel.addEntryBlock();
    IRMapping mapping;
    for (auto [v, arg] : llvm::zip(arguments, entry->getArguments()))
      mapping.map(v, arg);
    b.setInsertionPointToStart(entry);
    for (Operation *c : constants)
      b.clone(*c, mapping);
    b.clone(*op, mapping);
    func::ReturnOp::create(b, loc);

    // An identical kernel already there: use it instead.
    func::FuncOp target = kernel;
    llvm::hash_code hash = kernelHash(kernel);
    for (func::FuncOp other : byHash[hash])
      if (other.getFunctionType() == kernel.getFunctionType() &&
          OperationEquivalence::isRegionEquivalentTo(
              &other.getBody(), &kernel.getBody(),
              OperationEquivalence::IgnoreLocations)) {
        target = other;
        break;
      }
    if (target == kernel) {
      symbols.insert(kernel);
      byHash[hash].push_back(kernel);
    } else {
      kernel.erase();
    }
    b.setInsertionPoint(op);
    func::CallOp::create(b, loc, target, arguments);
    op->erase();
  }
};

} // namespace
