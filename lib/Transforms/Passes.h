//===- Passes.h - passes of the pd and phi dialects --------------*- C++ -*-===//

#ifndef PADDLE_MLIR_TRANSFORMS_PASSES_H
#define PADDLE_MLIR_TRANSFORMS_PASSES_H

#include "Dialect/Pd/PdDialect.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::pd {

#define GEN_PASS_DECL
#include "pd/PdPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "pd/PdPasses.h.inc"

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_PASSES_H
