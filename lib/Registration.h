//===- Registration.h - register paddle-mlir dialects and passes -*- C++ -*-===//

#ifndef PADDLE_MLIR_REGISTRATION_H
#define PADDLE_MLIR_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::paddle {

/// Adds the pd and phi dialects to `registry`.
void registerAllDialects(DialectRegistry &registry);

/// Registers every paddle-mlir pass and pipeline with the global pass
/// registry (idempotent).
void registerAllPasses();

} // namespace mlir::paddle

#endif // PADDLE_MLIR_REGISTRATION_H
