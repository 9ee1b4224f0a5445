// MLIR's debugging flags work through paddle-opt with our passes.
// RUN: paddle-opt %s -pd-maximize-value-semantics -pd-infer-shapes --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s
// RUN: paddle-opt %s --pd-inference-opt --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// A failing pipeline leaves a reproducer that replays the failure.
// RUN: rm -f %t.repro.mlir
// RUN: not paddle-opt %s --pass-pipeline='builtin.module(pd-maximize-value-semantics,convert-pd-to-linalg)' --mlir-pass-pipeline-crash-reproducer=%t.repro.mlir 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: FileCheck %s --check-prefix=REPRO < %t.repro.mlir
// RUN: not paddle-opt %t.repro.mlir --run-reproducer 2>&1 | FileCheck %s --check-prefix=FAIL

// CHECK: // -----// IR Dump After PdMaximizeValueSemantics (pd-maximize-value-semantics)
// CHECK: pd.data "x" : !pd.vtensor<?x4xf32>
// CHECK: // -----// IR Dump After PdInferShapes (pd-infer-shapes)
// TIMING: Execution time report
// TIMING: PdFoldConvBn
// TIMING: PdFuseElementwise
// TIMING: PdSelectKernels
// FAIL: error: 'pd.nonzero' op lowering needs static shapes here
// REPRO: mlir_reproducer
// REPRO: pipeline: "builtin.module(pd-maximize-value-semantics, convert-pd-to-linalg{runtime-checks=true})"
func.func @main() {
  %x = pd.data "x" : !pd.tensor<?x4xf32>
  %n = pd.nonzero %x : (!pd.tensor<?x4xf32>) -> !pd.tensor<?x2xi64>
  %f = pd.fetch %n "n" col 0 : !pd.tensor<?x2xi64>
  return
}
