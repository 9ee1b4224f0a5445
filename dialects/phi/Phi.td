//===- Phi.td - PHI kernel dialect umbrella ------------------*- tablegen -*-===//

#ifndef PADDLE_MLIR_PHI_TD
#define PADDLE_MLIR_PHI_TD

include "phi/PhiDialect.td"
include "phi/PhiAttributes.td"
include "phi/PhiOps.td"

#endif // PADDLE_MLIR_PHI_TD
