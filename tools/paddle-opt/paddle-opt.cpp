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
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

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

  auto [inputFilename, outputFilename] =
      mlir::registerAndParseCLIOptions(argc, argv, kOverview, registry);
  // An assertion or a fatal error in MLIR's own parser, verifiers or
  // folders (docs/upstream-bugs.md: what our fuzzers found in the pinned
  // MLIR) becomes an error and exit status 70 after the stack dump, not
  // SIGABRT: the crash recovery's signal handlers go over LLVM's, which
  // registerAndParseCLIOptions installed (and which print the stack dump
  // first). Only this thread's crashes are caught; the process state after
  // one is not trusted, so it exits at once, destroying nothing.
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext recovery;
  recovery.DumpStackAndCleanupOnFailure = true;
  mlir::LogicalResult result = mlir::failure();
  if (recovery.RunSafely([&] {
        result = mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry);
      }))
    return mlir::asMainReturnCode(result);
  llvm::errs() << "paddle-opt: error: MLIR crashed on '" << inputFilename
               << "' (the stack dump above says where). An input that MLIR cannot "
                  "handle should get a diagnostic: this is a bug of MLIR "
                  "(docs/upstream-bugs.md lists the known ones) or of paddle-mlir.\n";
  std::_Exit(70);
}
