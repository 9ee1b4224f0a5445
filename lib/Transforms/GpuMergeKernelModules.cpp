//===- GpuMergeKernelModules.cpp - one gpu.module for all kernels ---------===//
//
// gpu-kernel-outlining puts each kernel into a gpu.module of its own, and
// gpu-module-to-binary then compiles each module separately: an LLVM NVPTX
// pipeline and a ptxas process per kernel, two thirds of a CNN's CUDA compile
// time. Moving every kernel into one module (each renamed after the module
// it came from, so names stay unique and name the kernel in profiles) makes
// that one compilation, one ptxas run and one module load at run time.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDGPUMERGEKERNELMODULES
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// The one kernel of an outlined module, or null when the module holds
/// anything else (left alone).
gpu::GPUFuncOp onlyKernel(gpu::GPUModuleOp module) {
  gpu::GPUFuncOp kernel;
  for (Operation &op : module.getBody()->getOperations()) {
    auto func = dyn_cast<gpu::GPUFuncOp>(op);
    if (!func || kernel || !func.isKernel())
      return nullptr;
    kernel = func;
  }
  return kernel;
}

struct PdGpuMergeKernelModulesPass
    : public pd::impl::PdGpuMergeKernelModulesBase<PdGpuMergeKernelModulesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp top = getOperation();
    if (moduleName.empty()) {
      top.emitError() << "pd-gpu-merge-kernel-modules: module-name must not "
                         "be empty";
      return signalPassFailure();
    }
    SmallVector<std::pair<gpu::GPUModuleOp, gpu::GPUFuncOp>> outlined;
    for (auto module : top.getOps<gpu::GPUModuleOp>())
      if (gpu::GPUFuncOp kernel = onlyKernel(module);
          kernel && !module->getAttr("targets"))
        outlined.push_back({module, kernel});
    if (outlined.size() < 2)
      return;

    // Built detached, then inserted by the symbol table: renamed if a
    // symbol of the top module has its name.
    SymbolTable topSymbols(top);
    OpBuilder builder(top.getContext());
    auto merged = gpu::GPUModuleOp::create(builder, top.getLoc(), moduleName);
    topSymbols.insert(merged, Block::iterator(outlined.front().first));
    DenseMap<Attribute, SymbolRefAttr> renamed;
    SymbolTable mergedSymbols(merged);
    for (auto [module, kernel] : outlined) {
      SymbolRefAttr old = SymbolRefAttr::get(
          module.getNameAttr(), {FlatSymbolRefAttr::get(kernel.getNameAttr())});
      kernel->moveBefore(merged.getBody(), merged.getBody()->end());
      kernel.setName(module.getName());
      mergedSymbols.insert(kernel); // unique within the merged module
      renamed[old] = SymbolRefAttr::get(
          merged.getNameAttr(), {FlatSymbolRefAttr::get(kernel.getNameAttr())});
      module.erase();
    }
    top.walk([&](gpu::LaunchFuncOp launch) {
      if (SymbolRefAttr now = renamed.lookup(launch.getKernel()))
        launch.setKernelAttr(now);
    });
  }
};
} // namespace
