//===- GpuDeviceConstants.cpp - constants read from device memory ---------===//
//
// After the CUDA lowering the host code passes the address of each constant
// global (the frozen weights) to the kernels, but a kernel can only read
// device memory. Each such address becomes a call of paddle-mlir's CUDA
// runtime, `pdm_cuda_constant(slot, host, bytes)`, which uploads the global
// the first time and returns the device copy cached in `slot` afterwards:
// weights cross to the GPU once per process, not once per run.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDGPUDEVICECONSTANTS
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kConstantFn = "pdm_cuda_constant";

/// Bytes of an LLVM type made of arrays of integers and floats; nullopt for
/// anything else.
std::optional<uint64_t> byteSize(Type type) {
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type)) {
    std::optional<uint64_t> element = byteSize(array.getElementType());
    if (!element)
      return std::nullopt;
    return *element * array.getNumElements();
  }
  if (type.isIntOrFloat()) {
    unsigned bits = type.getIntOrFloatBitWidth();
    if (bits % 8 != 0)
      return std::nullopt;
    return bits / 8;
  }
  return std::nullopt;
}

struct PdGpuDeviceConstantsPass
    : public pd::impl::PdGpuDeviceConstantsBase<PdGpuDeviceConstantsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    SymbolTable symbols(module);
    auto ptr = LLVM::LLVMPointerType::get(ctx);
    auto i64 = IntegerType::get(ctx, 64);

    // Addresses of constant data globals taken by host functions.
    SmallVector<std::pair<LLVM::AddressOfOp, LLVM::GlobalOp>> uses;
    for (auto fn : module.getOps<LLVM::LLVMFuncOp>())
      fn.walk([&](LLVM::AddressOfOp addr) {
        auto global = symbols.lookup<LLVM::GlobalOp>(addr.getGlobalName());
        if (global && global.getConstant() && global.getValueOrNull() &&
            isa<ElementsAttr>(global.getValueOrNull()))
          uses.push_back({addr, global});
      });
    if (uses.empty())
      return;

    OpBuilder b(ctx);
    auto fn = symbols.lookup<LLVM::LLVMFuncOp>(kConstantFn);
    if (!fn) {
      b.setInsertionPointToStart(module.getBody());
      fn = LLVM::LLVMFuncOp::create(
          b, module.getLoc(), kConstantFn,
          LLVM::LLVMFunctionType::get(ptr, {ptr, ptr, i64}));
      symbols.insert(fn);
    }
    llvm::DenseMap<Operation *, LLVM::GlobalOp> slots;
    for (auto [addr, global] : uses) {
      std::optional<uint64_t> bytes = byteSize(global.getGlobalType());
      if (!bytes) {
        global.emitOpError() << "is a constant of type " << global.getGlobalType()
                             << ", which the CUDA runtime cannot upload";
        return signalPassFailure();
      }
      LLVM::GlobalOp &slot = slots[global];
      if (!slot) {
        // The device copy's address, null until the first run uploads it.
        b.setInsertionPointAfter(global);
        slot = LLVM::GlobalOp::create(b, global.getLoc(), ptr,
                                      /*isConstant=*/false,
                                      LLVM::Linkage::Internal,
                                      (global.getSymName() + "__pdm_device").str(),
                                      /*value=*/Attribute());
        Block *init = b.createBlock(&slot.getInitializerRegion());
        b.setInsertionPointToStart(init);
        Value null = LLVM::ZeroOp::create(b, global.getLoc(), ptr);
        LLVM::ReturnOp::create(b, global.getLoc(), null);
        symbols.insert(slot);
      }
      b.setInsertionPoint(addr);
      Location loc = addr.getLoc();
      Value slotAddr = LLVM::AddressOfOp::create(b, loc, slot);
      Value size = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(*bytes));
      Value host = LLVM::AddressOfOp::create(b, loc, global);
      auto call = LLVM::CallOp::create(b, loc, fn, ValueRange{slotAddr, host, size});
      addr.getResult().replaceAllUsesWith(call.getResult());
      addr.erase();
    }
  }
};
} // namespace
