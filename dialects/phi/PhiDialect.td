//===- PhiDialect.td - phi dialect definition ----------------*- tablegen -*-===//

#ifndef PADDLE_MLIR_PHI_DIALECT_TD
#define PADDLE_MLIR_PHI_DIALECT_TD

include "mlir/IR/OpBase.td"

def Phi_Dialect : Dialect {
  let name = "phi";
  let cppNamespace = "::mlir::phi";
  let summary = "PHI kernels chosen for pd ops";
  let description = [{
    After kernel selection every computing `pd` op becomes a `phi.kernel`
    that names the PHI kernel, the kernel key (backend, layout, dtype) it was
    chosen under, and carries the original op's name and attributes (the
    counterpart of Paddle's `pd_kernel.phi_kernel`).
  }];
  let dependentDialects = ["::mlir::pd::PdDialect"];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

class Phi_Op<string mnemonic, list<Trait> traits = []>
    : Op<Phi_Dialect, mnemonic, traits>;

#endif // PADDLE_MLIR_PHI_DIALECT_TD
