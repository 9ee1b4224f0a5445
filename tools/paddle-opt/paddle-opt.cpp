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
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/Signals.h"

#include <string>
#include <unistd.h>

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
  // LLVM's crash handlers (the stack dump) first, so that the one added
  // below runs after them (MlirOptMain's InitLLVM adds them again, after
  // it: those never run).
  llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
  llvm::EnablePrettyStackTrace();
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
  // An assertion, a fatal error or a fault in MLIR's own parser, verifiers,
  // folders or passes (docs/upstream-bugs.md: what our fuzzers found in the
  // pinned MLIR), or in ours, on any thread: after LLVM's stack dump, an
  // error line and exit status 70 instead of dying of the signal. The process state is not
  // trusted after it: the handler writes and exits, destroying nothing.
  static std::string crashMessage;
  crashMessage = "paddle-opt: error: MLIR crashed on '" + inputFilename +
                 "' (the stack dump above says where). An input that MLIR cannot handle "
                 "should get a diagnostic: this is a bug of MLIR (docs/upstream-bugs.md lists "
                 "the known ones) or of paddle-mlir.\n";
  llvm::sys::AddSignalHandler(
      [](void *) {
        (void)!::write(2, crashMessage.data(), crashMessage.size());
        ::_exit(70);
      },
      nullptr);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));
}
