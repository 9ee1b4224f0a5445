//===- FinalizeToLLVM.cpp - the rest to LLVM in one dialect conversion ----===//
//
// pd-finalize-to-llvm: upstream's memref, arith, index, ub, cf and func
// conversion patterns to the LLVM dialect, applied by one conversion of the
// module (as upstream's convert-to-llvm composes them) instead of six passes
// that each walked every op; with the memref allocation options of
// finalize-memref-to-llvm, which convert-to-llvm does not take.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDFINALIZETOLLVM
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

struct PdFinalizeToLLVMPass
    : public pd::impl::PdFinalizeToLLVMBase<PdFinalizeToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // convert-func-to-llvm hands the module's LLVM data layout to its type
    // converter; building that layout needs LLVM code that the Python
    // bindings' MLIR does not export, and paddle-mlir's modules carry none,
    // so one is refused rather than ignored.
    auto layout = module->getAttrOfType<StringAttr>(LLVM::LLVMDialect::getDataLayoutAttrName());
    if (layout && !layout.getValue().empty()) {
      module.emitError() << "pd-finalize-to-llvm does not take an '"
                         << LLVM::LLVMDialect::getDataLayoutAttrName()
                         << "': lower with the upstream conversions "
                            "(finalize-memref-to-llvm, ..., convert-func-to-llvm)";
      return signalPassFailure();
    }
    const auto &dataLayoutAnalysis = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(ctx, dataLayoutAnalysis.getAtOrAbove(module));
    options.allocLowering = useAlignedAlloc ? LowerToLLVMOptions::AllocLowering::AlignedAlloc
                                            : LowerToLLVMOptions::AllocLowering::Malloc;
    options.useGenericFunctions = useGenericFunctions;
    LLVMTypeConverter typeConverter(ctx, options, &dataLayoutAnalysis);

    RewritePatternSet patterns(ctx);
    // One symbol table cache for the patterns that look up or declare
    // functions (malloc/free, callees).
    SymbolTableCollection symbolTables;
    populateFinalizeMemRefToLLVMConversionPatterns(typeConverter, patterns, &symbolTables);
    // (convert-arith-to-llvm expands the ceil/floor divisions, which have no
    // LLVM pattern of their own: adaptive pooling's window bounds.)
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateArithToLLVMConversionPatterns(typeConverter, patterns);
    index::populateIndexToLLVMConversionPatterns(typeConverter, patterns);
    ub::populateUBToLLVMConversionPatterns(typeConverter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(typeConverter, patterns);
    cf::populateAssertToLLVMConversionPattern(typeConverter, patterns,
                                              /*abortOnFailure=*/true, &symbolTables);
    populateFuncToLLVMConversionPatterns(typeConverter, patterns, &symbolTables);

    LLVMConversionTarget target(*ctx);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
