//===- PhiDialect.h - the phi dialect: kernel keys and kernels ---*- C++ -*-===//

#ifndef PADDLE_MLIR_DIALECT_PHI_PHIDIALECT_H
#define PADDLE_MLIR_DIALECT_PHI_PHIDIALECT_H

#include "Dialect/Pd/PdDialect.h"

#include "phi/PhiDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "phi/PhiAttributes.h.inc"

#define GET_OP_CLASSES
#include "phi/PhiOps.h.inc"

#endif // PADDLE_MLIR_DIALECT_PHI_PHIDIALECT_H
