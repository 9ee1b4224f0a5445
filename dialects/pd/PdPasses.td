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

def PdInferShapes : Pass<"pd-infer-shapes"> {
  let summary = "Refine result types with each op's InferMeta";
  let description = [{
    Runs every pd op's InferMeta (its InferTypeOpInterface) in program order
    and refines declared result dims that are `?` but known from the inputs,
    so static shapes propagate through a program imported or built with
    dynamic dims. Dims the declaration knows and InferMeta does not stay as
    declared; element types and the aliasing kind never change. A value used
    by a non-pd op (e.g. `func.return`) keeps its type, so the IR stays valid.

    Before:

    ```mlir
    %0 = pd.matmul %x, %w : (!pd.vtensor<4x8xf32>, !pd.vtensor<8x16xf32>)
                           -> !pd.vtensor<?x?xf32>
    %1 = pd.relu %0 : (!pd.vtensor<?x?xf32>) -> !pd.vtensor<?x?xf32>
    ```

    After:

    ```mlir
    %0 = pd.matmul %x, %w : (!pd.vtensor<4x8xf32>, !pd.vtensor<8x16xf32>)
                           -> !pd.vtensor<4x16xf32>
    %1 = pd.relu %0 : (!pd.vtensor<4x16xf32>) -> !pd.vtensor<4x16xf32>
    ```
  }];
  let dependentDialects = ["::mlir::pd::PdDialect"];
}

#endif // PADDLE_MLIR_PD_PASSES_TD
