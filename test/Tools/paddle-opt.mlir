// paddle-opt registers our dialects and passes next to upstream's.
// RUN: paddle-opt --help | FileCheck %s --check-prefix=HELP
// RUN: paddle-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS
// Malformed input gives located diagnostics and a failing exit code, not a crash.
// RUN: not paddle-opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=ERR

// HELP: --pd-verify-program
// HELP-SAME: Check the program-level invariants a Paddle executor relies on
// HELP: --canonicalize

// DIALECTS: linalg
// DIALECTS: pd
// DIALECTS: phi

// ERR: paddle-opt.mlir:[[@LINE+2]]:8: error: custom op 'pd.no_such_op' is unknown
func.func @unknown_op() {
  %0 = pd.no_such_op : !pd.tensor<2xf32>
  return
}

// -----

// ERR: paddle-opt.mlir:[[@LINE+1]]:42: error: expected non-function type
func.func private @bad_type(!pd.tensor<2x>)

// -----

// ERR: paddle-opt.mlir:[[@LINE+2]]:14: error: use of undeclared SSA value name
func.func @undeclared() {
  pd.copy_to %a, %b : !pd.vtensor<2xf32>, !pd.tensor<2xf32>
  return
}

// -----

// ERR: paddle-opt.mlir:[[@LINE+1]]:26: error: unknown  type `nope` in dialect `pd`
func.func private @f(!pd.nope<2>)
