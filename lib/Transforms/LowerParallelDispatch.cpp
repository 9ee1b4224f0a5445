//===- LowerParallelDispatch.cpp - dispatch calls -> pdm_parallel_for -----===//
//
// pd-lower-parallel-dispatch: on the LLVM dialect, each call of a dispatch
// declaration of pd-outline-parallel-loops (`pd.parallel_body = @body`)
// stores its arguments into a stack struct and calls
//   pdm_parallel_for(int64_t iterations, void (*task)(void *, int64_t,
//                    int64_t), void *arguments)
// with a generated `@body_task` that loads them back and calls
// `@body(begin, end, arguments...)`. Done after the LLVM conversion because
// only then are the arguments (memref descriptors included) plain values
// that fit a struct; both functions' arguments were expanded the same way.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDLOWERPARALLELDISPATCH
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kRuntimeFunction = "pdm_parallel_for";

struct PdLowerParallelDispatchPass
    : public pd::impl::PdLowerParallelDispatchBase<PdLowerParallelDispatchPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    SymbolTable symbols(module);
    SmallVector<LLVM::LLVMFuncOp> dispatches;
    for (auto fn : module.getOps<LLVM::LLVMFuncOp>())
      if (fn->hasAttr("pd.parallel_body"))
        dispatches.push_back(fn);
    if (dispatches.empty())
      return;
    auto ptr = LLVM::LLVMPointerType::get(ctx);
    auto i64 = IntegerType::get(ctx, 64);
    OpBuilder b(ctx);
    auto runtime = symbols.lookup<LLVM::LLVMFuncOp>(kRuntimeFunction);
    if (!runtime) {
      b.setInsertionPointToStart(module.getBody());
      runtime = LLVM::LLVMFuncOp::create(
          b, module.getLoc(), kRuntimeFunction,
          LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {i64, ptr, ptr}));
      symbols.insert(runtime);
    }

    // Calls by dispatch declaration.
    llvm::DenseMap<Operation *, SmallVector<LLVM::CallOp>> calls;
    module.walk([&](LLVM::CallOp call) {
      if (auto callee = call.getCallee())
        if (Operation *target = symbols.lookup(*callee))
          if (target->hasAttr("pd.parallel_body"))
            calls[target].push_back(call);
    });

    for (LLVM::LLVMFuncOp dispatch : dispatches) {
      auto bodyName = dispatch->getAttrOfType<FlatSymbolRefAttr>("pd.parallel_body");
      auto body = bodyName ? symbols.lookup<LLVM::LLVMFuncOp>(bodyName.getValue())
                           : LLVM::LLVMFuncOp();
      ArrayRef<Type> inputs = dispatch.getFunctionType().getParams();
      if (!body || inputs.empty() || inputs.front() != i64 ||
          body.getFunctionType().getNumParams() != inputs.size() + 1) {
        dispatch.emitError("pd.parallel_body does not name a function taking "
                           "(begin, end) and the dispatch's arguments");
        return signalPassFailure();
      }
      ArrayRef<Type> argumentTypes = inputs.drop_front();
      auto frame = LLVM::LLVMStructType::getLiteral(ctx, argumentTypes);
      Location loc = dispatch.getLoc();

      // The task: (arguments, begin, end) -> body(begin, end, arguments...).
      b.setInsertionPointAfter(body);
      auto task = LLVM::LLVMFuncOp::create(
          b, loc, (bodyName.getValue() + "_task").str(),
          LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {ptr, i64, i64}),
          LLVM::Linkage::Internal);
      symbols.insert(task);
      Block *entry = task.addEntryBlock(b);
      b.setInsertionPointToStart(entry);
      SmallVector<Value> operands = {entry->getArgument(1), entry->getArgument(2)};
      for (auto [i, type] : llvm::enumerate(argumentTypes)) {
        Value field = LLVM::GEPOp::create(
            b, loc, ptr, frame, entry->getArgument(0),
            ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
        operands.push_back(LLVM::LoadOp::create(b, loc, type, field));
      }
      LLVM::CallOp::create(b, loc, body, operands);
      LLVM::ReturnOp::create(b, loc, ValueRange());

      for (LLVM::CallOp call : calls[dispatch]) {
        // The frame lives in the caller's entry block (one slot per call
        // site, not one per loop iteration).
        auto caller = call->getParentOfType<LLVM::LLVMFuncOp>();
        b.setInsertionPointToStart(&caller.getBody().front());
        Value one = LLVM::ConstantOp::create(b, call.getLoc(), i64, b.getI64IntegerAttr(1));
        Value slot = LLVM::AllocaOp::create(b, call.getLoc(), ptr, frame, one);
        b.setInsertionPoint(call);
        for (auto [i, value] : llvm::enumerate(call.getArgOperands().drop_front())) {
          Value field = LLVM::GEPOp::create(b, call.getLoc(), ptr, frame, slot,
                                            ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
          LLVM::StoreOp::create(b, call.getLoc(), value, field);
        }
        Value taskAddress = LLVM::AddressOfOp::create(b, call.getLoc(), task);
        LLVM::CallOp::create(b, call.getLoc(), runtime,
                             ValueRange{call.getArgOperands().front(), taskAddress, slot});
        call.erase();
      }
      dispatch.erase();
    }
  }
};

} // namespace
