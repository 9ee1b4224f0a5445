//===- LLVMBitcode.cpp - LLVM-dialect module to bitcode, in process -------===//
//
// The AOT backend translated its lowered module with an `mlir-translate`
// process: the module written as bytecode, read back, translated and
// printed as LLVM IR text for `llvm-split`/`opt` to parse again (DenseNet-121:
// 0.34 s; 0.14 s in process, bitcode instead of text). Upstream's C API
// (mlirTranslateModuleToLLVMIRToString) prints a null module when the
// translation fails, a segfault; MLIR's ModuleToObject driver, stopped
// after the translation, reports the failure as diagnostics instead.
//
//===----------------------------------------------------------------------===//

#include "CAPI/Paddle.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Target/LLVM/ModuleToObject.h"

using namespace mlir;

namespace {

/// ModuleToObject up to the bitcode (its default serialization): no data
/// layout or triple of a target machine (the module carries its triple,
/// `opt`/`llc` get `-mtriple`), no optimization (`opt` runs apart, on all
/// CPUs).
class TranslationToBitcode : public LLVM::ModuleToObject {
public:
  explicit TranslationToBitcode(Operation &module)
      : ModuleToObject(module, /*triple=*/"", /*chip=*/"", /*features=*/"",
                       /*optLevel=*/0) {}

protected:
  void setDataLayoutAndTriple(llvm::Module &) override {}
  LogicalResult optimizeModule(llvm::Module &, int) override { return success(); }
};

} // namespace

bool paddleMlirTranslateToLLVMBitcode(MlirOperation module, MlirStringCallback writeBitcode,
                                      MlirStringCallback writeError, void *userData) {
  Operation *op = unwrap(module);
  std::string errors;
  std::optional<SmallVector<char, 0>> bitcode;
  {
    ScopedDiagnosticHandler collect(op->getContext(), [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return success();
      llvm::raw_string_ostream os(errors);
      // (Not the notes: "see current operation" prints the whole module.)
      os << diag.getLocation() << ": " << diag << "\n";
      return success();
    });
    bitcode = TranslationToBitcode(*op).run();
  }
  if (!bitcode) {
    if (errors.empty())
      errors = "the translation to LLVM IR failed";
    writeError(wrap(StringRef(errors)), userData);
    return false;
  }
  writeBitcode(wrap(StringRef(bitcode->data(), bitcode->size())), userData);
  return true;
}
