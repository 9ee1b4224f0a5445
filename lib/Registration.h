//===- Registration.h - register paddle-mlir dialects and passes -*- C++ -*-===//

#ifndef PADDLE_MLIR_REGISTRATION_H
#define PADDLE_MLIR_REGISTRATION_H

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace mlir::paddle {

/// Adds the pd and phi dialects to `registry`.
void registerAllDialects(DialectRegistry &registry);

/// Registers every paddle-mlir pass and pipeline with the global pass
/// registry (idempotent).
void registerAllPasses();

/// `pd-inference-opt`: reduce in-place variants, maximize value semantics,
/// canonicalize, fold conv+bn (frozen weights), infer shapes, canonicalize,
/// CSE.
void buildInferenceOptPipeline(OpPassManager &pm);

} // namespace mlir::paddle

#endif // PADDLE_MLIR_REGISTRATION_H
