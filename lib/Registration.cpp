//===- Registration.cpp - register paddle-mlir dialects and passes --------===//

#include "Registration.h"

#include "Dialect/Phi/PhiDialect.h"
#include "Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"

#include <mutex>

void mlir::paddle::registerAllDialects(DialectRegistry &registry) {
  registry.insert<pd::PdDialect, phi::PhiDialect>();
}

void mlir::paddle::registerAllPasses() {
  // The pass registry rejects a second registration of one argument.
  static std::once_flag once;
  std::call_once(once, [] { pd::registerPdPasses(); });
}
