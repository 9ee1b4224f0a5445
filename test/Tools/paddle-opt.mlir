// paddle-opt registers our dialects and passes next to upstream's.
// RUN: paddle-opt --help | FileCheck %s --check-prefix=CHECK-HELP
// RUN: paddle-opt --show-dialects | FileCheck %s --check-prefix=CHECK-DIALECTS
// Malformed input gives located diagnostics and a failing exit code, not a crash.
// RUN: not paddle-opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=CHECK-ERR

// The overview says what is ours before the upstream options.
// CHECK-HELP: OVERVIEW: paddle-mlir optimizer driver
// CHECK-HELP: paddle-opt program.mlir --pd-inference-opt
// CHECK-HELP: paddle-mlir's passes are the --pd-* and --convert-pd-to-linalg options
// CHECK-HELP: USAGE: paddle-opt
// CHECK-HELP: --pd-verify-program
// CHECK-HELP-SAME: Check the program-level invariants a Paddle executor relies on
// CHECK-HELP: --canonicalize

// CHECK-DIALECTS: linalg
// CHECK-DIALECTS: pd
// CHECK-DIALECTS: phi

// CHECK-ERR: paddle-opt.mlir:[[@LINE+2]]:8: error: custom op 'pd.no_such_op' is unknown
func.func @unknown_op() {
  %0 = pd.no_such_op : !pd.tensor<2xf32>
  return
}

// -----

// CHECK-ERR: paddle-opt.mlir:[[@LINE+1]]:42: error: expected non-function type
func.func private @bad_type(!pd.tensor<2x>)

// -----

// CHECK-ERR: paddle-opt.mlir:[[@LINE+2]]:14: error: use of undeclared SSA value name
func.func @undeclared() {
  pd.copy_to %a, %b : !pd.vtensor<2xf32>, !pd.tensor<2xf32>
  return
}

// -----

// CHECK-ERR: paddle-opt.mlir:[[@LINE+1]]:26: error: unknown  type `nope` in dialect `pd`
func.func private @f(!pd.nope<2>)
