//===- paddle-opt.cpp - mlir-opt with the pd and phi dialects -------------===//
//
// Every upstream dialect, extension and pass, plus paddle-mlir's.
//
//===----------------------------------------------------------------------===//

#include "Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

// --help lists every upstream option and pass before ours: say up front
// what is paddle-mlir's and where its passes are documented.
static const char *const kOverview =
    "paddle-mlir optimizer driver: mlir-opt with the pd and phi dialects and\n"
    "paddle-mlir's passes.\n\n"
    "  paddle-opt program.mlir --pd-inference-opt      optimize a pd program\n"
    "  paddle-opt program.mlir --pd-lower-to-llvm      lower it to the LLVM dialect\n"
    "  paddle-opt program.mlir --pass-pipeline='builtin.module(pd-infer-shapes,"
    "canonicalize)'\n\n"
    "paddle-mlir's passes are the --pd-* and --convert-pd-to-linalg options\n"
    "(docs/PdPasses.md; `paddle-opt --help | grep -e --pd-`); the other\n"
    "options and passes are MLIR's and LLVM's. docs/guide.md has a tutorial.\n";

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::paddle::registerAllPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary (pd-lower-to-cuda) translates kernels to LLVM IR.
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::paddle::registerAllDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, kOverview, registry));
}
