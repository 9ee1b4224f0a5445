//===- PdOpDefs.h - what a shard of the pd op definitions needs -*- C++ -*-===//
//
// Included by each generated PdOpsShard<N>.cpp before its part of
// pd/PdOps.cpp.inc: the dialect, InferMeta (called by the generated glue)
// and the headers ODS-generated definitions use.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_DIALECT_PD_PDOPDEFS_H
#define PADDLE_MLIR_DIALECT_PD_PDOPDEFS_H

#include "Dialect/Pd/InferMeta/InferMeta.h"
#include "Dialect/Pd/PdDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

#endif // PADDLE_MLIR_DIALECT_PD_PDOPDEFS_H
