// RUN: paddle-opt %s -split-input-file -pd-fold-constants | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pd-fold-constants | paddle-opt -split-input-file -pd-fold-constants | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pd-fold-constants=max-elements=2 | FileCheck %s --check-prefix=LIMIT

// Chains of constants fold to one constant (computed in double, rounded once).
// CHECK-LABEL: func.func @chain
// CHECK: %[[C:.*]] = pd.constant dense<[3.000000e+00, 5.000000e+00, 7.000000e+00]> : tensor<3xf32> : !pd.vtensor<3xf32>
// CHECK-NEXT: pd.fetch %[[C]]
// LIMIT-LABEL: func.func @chain
// LIMIT: pd.scale
func.func @chain() {
  %w = pd.constant dense<[1.0, 4.0, 9.0]> : tensor<3xf32> : !pd.vtensor<3xf32>
  %s = pd.sqrt %w : (!pd.vtensor<3xf32>) -> !pd.vtensor<3xf32>
  %two = pd.full(2.0) : !pd.vtensor<1xf32>
  %t = pd.scale %s, %two {bias = 1.0 : f32} : (!pd.vtensor<3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<3xf32>
  %f = pd.fetch %t "t" col 0 : !pd.vtensor<3xf32>
  return
}

// -----

// Broadcasting binary ops, transposes and reshapes of constants.
// CHECK-LABEL: func.func @shapes
// CHECK: pd.constant dense<{{\[}}[1.100000e+01, 1.300000e+01], [1.200000e+01, 1.400000e+01]]> : tensor<2x2xf32>
// CHECK-NOT: pd.add
// CHECK-NOT: pd.transpose
func.func @shapes() {
  %a = pd.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32> : !pd.vtensor<2x2xf32>
  %b = pd.full(10.0) : !pd.vtensor<1xf32>
  %c = pd.add %a, %b : (!pd.vtensor<2x2xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x2xf32>
  %t = pd.transpose %c {perm = array<i32: 1, 0>} : (!pd.vtensor<2x2xf32>) -> !pd.vtensor<2x2xf32>
  %f = pd.fetch %t "t" col 0 : !pd.vtensor<2x2xf32>
  return
}

// -----

// Left alone: feeds, mutable parameters (pd.get_parameter), in-place ops,
// integer division by zero.
// CHECK-LABEL: func.func @leave_alone
// CHECK: pd.exp
// CHECK: pd.relu
// CHECK: pd.divide
func.func @leave_alone() {
  %x = pd.data "x" : !pd.vtensor<3xf32>
  %e = pd.exp %x : (!pd.vtensor<3xf32>) -> !pd.vtensor<3xf32>
  %w = pd.get_parameter "w" : !pd.vtensor<3xf32>
  %r = pd.relu %w : (!pd.vtensor<3xf32>) -> !pd.vtensor<3xf32>
  %i = pd.full(7) : !pd.vtensor<2xi32>
  %z = pd.full(0) : !pd.vtensor<2xi32>
  %d = pd.divide %i, %z : (!pd.vtensor<2xi32>, !pd.vtensor<2xi32>) -> !pd.vtensor<2xi32>
  %f0 = pd.fetch %e "e" col 0 : !pd.vtensor<3xf32>
  %f1 = pd.fetch %r "r" col 1 : !pd.vtensor<3xf32>
  %f2 = pd.fetch %d "d" col 2 : !pd.vtensor<2xi32>
  return
}

// -----

// Huge constants are never expanded (2^31 and 2^33 elements are above
// max-elements); the fold used to materialize them as doubles.
// CHECK-LABEL: func.func @huge
// CHECK: pd.relu
// CHECK: pd.exp
func.func @huge() {
  %a = pd.full(1.0) : !pd.vtensor<2147483648xf32>
  %r = pd.relu %a : (!pd.vtensor<2147483648xf32>) -> !pd.vtensor<2147483648xf32>
  %b = pd.full(1.0) : !pd.vtensor<2147483648x4xf32>
  %e = pd.exp %b : (!pd.vtensor<2147483648x4xf32>) -> !pd.vtensor<2147483648x4xf32>
  %f0 = pd.fetch %r "r" col 0 : !pd.vtensor<2147483648xf32>
  %f1 = pd.fetch %e "e" col 1 : !pd.vtensor<2147483648x4xf32>
  return
}

// -----

// Comparisons and logic of constants fold to bools; integers past 2^53
// (not exact as doubles) stay run-time ops.
// CHECK-LABEL: func.func @compare
// CHECK-DAG: pd.constant dense<false> : tensor<i1> : !pd.vtensor<i1>
// CHECK-DAG: pd.constant dense<[true, false, true]> : tensor<3xi1> : !pd.vtensor<3xi1>
// CHECK-DAG: pd.constant dense<[false, true, false]> : tensor<3xi1> : !pd.vtensor<3xi1>
// CHECK: pd.equal
// CHECK-NOT: pd.less_than
// CHECK-NOT: pd.not_equal
// CHECK-NOT: pd.logical_and
func.func @compare() {
  %n = pd.full(16) : !pd.vtensor<i64>
  %lt = pd.less_than %n, %n : (!pd.vtensor<i64>, !pd.vtensor<i64>) -> !pd.vtensor<i1>
  %a = pd.constant dense<[1, 5, 3]> : tensor<3xi64> : !pd.vtensor<3xi64>
  %b = pd.constant dense<[3, 5, 1]> : tensor<3xi64> : !pd.vtensor<3xi64>
  %ne = pd.not_equal %a, %b : (!pd.vtensor<3xi64>, !pd.vtensor<3xi64>) -> !pd.vtensor<3xi1>
  %le = pd.less_equal %a, %b : (!pd.vtensor<3xi64>, !pd.vtensor<3xi64>) -> !pd.vtensor<3xi1>
  %ge = pd.greater_equal %a, %b : (!pd.vtensor<3xi64>, !pd.vtensor<3xi64>) -> !pd.vtensor<3xi1>
  %and = pd.logical_and %le, %ge : (!pd.vtensor<3xi1>, !pd.vtensor<3xi1>) -> !pd.vtensor<3xi1>
  %big = pd.full(9007199254740993) : !pd.vtensor<i64>
  %big2 = pd.full(9007199254740992) : !pd.vtensor<i64>
  %eq = pd.equal %big, %big2 : (!pd.vtensor<i64>, !pd.vtensor<i64>) -> !pd.vtensor<i1>
  %f0 = pd.fetch %lt "lt" col 0 : !pd.vtensor<i1>
  %f1 = pd.fetch %ne "ne" col 1 : !pd.vtensor<3xi1>
  %f2 = pd.fetch %and "and" col 2 : !pd.vtensor<3xi1>
  %f3 = pd.fetch %eq "eq" col 3 : !pd.vtensor<i1>
  return
}
