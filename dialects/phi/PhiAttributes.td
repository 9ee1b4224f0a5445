//===- PhiAttributes.td - phi attributes ---------------------*- tablegen -*-===//

#ifndef PADDLE_MLIR_PHI_ATTRIBUTES_TD
#define PADDLE_MLIR_PHI_ATTRIBUTES_TD

include "phi/PhiDialect.td"
include "pd/PdAttributes.td"
include "mlir/IR/AttrTypeBase.td"

def Phi_KernelKeyAttr : AttrDef<Phi_Dialect, "KernelKey"> {
  let mnemonic = "kernel_key";
  let summary = "the (backend, layout, dtype) a PHI kernel is registered under";
  let description = [{
    `#phi.kernel_key<CPU, NCHW, float32>`. `ALL_BACKEND`, `ANY` (PHI's
    ALL_LAYOUT) and `all_dtype` mean "any" and are what registry fallbacks
    match.
  }];
  let parameters = (ins
    EnumParameter<Pd_Backend>:$backend,
    EnumParameter<Pd_DataLayout>:$layout,
    EnumParameter<Pd_DataType>:$dtype
  );
  let assemblyFormat = "`<` $backend `,` $layout `,` $dtype `>`";
}

#endif // PADDLE_MLIR_PHI_ATTRIBUTES_TD
