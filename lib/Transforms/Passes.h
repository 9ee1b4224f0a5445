//===- Passes.h - passes of the pd and phi dialects --------------*- C++ -*-===//

#ifndef PADDLE_MLIR_TRANSFORMS_PASSES_H
#define PADDLE_MLIR_TRANSFORMS_PASSES_H

#include "Dialect/Pd/PdDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::pd {

#define GEN_PASS_DECL
#include "pd/PdPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "pd/PdPasses.h.inc"

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_PASSES_H
