//===- PdPasses.td - passes on the pd dialect ----------------*- tablegen -*-===//

#ifndef PADDLE_MLIR_PD_PASSES_TD
#define PADDLE_MLIR_PD_PASSES_TD

include "mlir/Pass/PassBase.td"

def PdVerifyProgram : Pass<"pd-verify-program", "::mlir::ModuleOp"> {
  let summary = "Check the program-level invariants a Paddle executor relies on";
  let description = [{
    Op verifiers see one op at a time; this pass checks what only the whole
    program shows, with a located error for each violation:

    - every `pd.data` feed name is declared once per function;
    - fetch names are unique per function and their `col`s are exactly
      0, 1, …, n-1;
    - every `pd.get_parameter` / `pd.set_parameter` of one name agrees on the
      parameter's shape and dtype across the module (the parameter table is
      shared by all functions).

    Before (rejected):

    ```mlir
    func.func @main() {
      %w = pd.get_parameter "w" : !pd.tensor<4xf32>
      %z = pd.full(0.0) : !pd.tensor<8xf32>
      pd.set_parameter %z "w" : !pd.tensor<8xf32>   // error: shape differs
      return
    }
    ```

    A valid program is left unchanged.
  }];
  let options = [
    Option<"requireFetch", "require-fetch", "bool", /*default=*/"false",
           "Also reject functions that read feeds but fetch nothing">
  ];
}

#endif // PADDLE_MLIR_PD_PASSES_TD
