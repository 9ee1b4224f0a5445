//===- PhiOps.td - phi ops -----------------------------------*- tablegen -*-===//

#ifndef PADDLE_MLIR_PHI_OPS_TD
#define PADDLE_MLIR_PHI_OPS_TD

include "phi/PhiDialect.td"
include "phi/PhiAttributes.td"
include "mlir/IR/OpBase.td"

def Phi_KernelOp : Phi_Op<"kernel"> {
  let summary = "a call of a PHI kernel chosen for a pd op";
  let description = [{
    `kernel_name` is the PHI kernel, `kernel_key` the key it was selected
    under, `op_name` the pd op it implements (a registered op) and
    `op_attributes` that op's attributes.

    ```mlir
    %0 = phi.kernel "matmul" <CPU, NCHW, float32> (%x, %w) from "pd.matmul"
           attrs {transpose_x = false, transpose_y = false}
           : (!pd.vtensor<4x8xf32>, !pd.vtensor<8x2xf32>) -> !pd.vtensor<4x2xf32>
    ```
  }];
  let arguments = (ins
    Variadic<AnyType>:$inputs,
    StrAttr:$kernel_name,
    Phi_KernelKeyAttr:$kernel_key,
    StrAttr:$op_name,
    OptionalAttr<DictionaryAttr>:$op_attributes
  );
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = [{
    $kernel_name $kernel_key `(` $inputs `)` `from` $op_name
    (`attrs` $op_attributes^)? attr-dict `:` functional-type($inputs, $outputs)
  }];
  let hasVerifier = 1;
}

#endif // PADDLE_MLIR_PHI_OPS_TD
