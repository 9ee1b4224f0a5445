//===- Pd.td - Paddle program dialect umbrella ---------------*- tablegen -*-===//
//
// The `pd` dialect: Paddle's program IR (PIR) on MLIR. This umbrella file is
// the single TableGen entry point for the dialect, its types, attributes and
// ops (one tablegen target per generated file kind, see CMakeLists.txt).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_PD_TD
#define PADDLE_MLIR_PD_TD

include "pd/PdDialect.td"
include "pd/PdTypes.td"
include "pd/PdAttributes.td"
include "pd/PdInterfaces.td"
include "pd/PdOps.td"
include "pd/PdGeneratedOps.td"

#endif // PADDLE_MLIR_PD_TD
