// RUN: paddle-opt %s -split-input-file -pd-restore-inplace | FileCheck %s
// Running it twice changes nothing more.
// RUN: paddle-opt %s -split-input-file -pd-restore-inplace | paddle-opt -split-input-file -pd-restore-inplace | FileCheck %s

// The exp result dies at relu: relu updates it in place. The feed is never
// updated (the caller still owns it), and neither is the result of an
// in-place op (conservatively: it aliases another tensor).
// CHECK-LABEL: func.func @dies
// CHECK: %[[X:.*]] = pd.data "x"
// CHECK-NEXT: %[[E:.*]] = pd.exp %[[X]]
// CHECK-NEXT: %[[R:.*]] = pd.relu_ %[[E]] : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
// CHECK-NEXT: %[[A:.*]] = pd.add %[[R]], %[[X]] : (!pd.tensor<4xf32>, !pd.tensor<4xf32>) -> !pd.tensor<4xf32>
// CHECK-NEXT: pd.fetch %[[A]]
func.func @dies() {
  %x = pd.data "x" : !pd.tensor<4xf32>
  %e = pd.exp %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %r = pd.relu %e : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %a = pd.add %r, %x : (!pd.tensor<4xf32>, !pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %f = pd.fetch %a "a" col 0 : !pd.tensor<4xf32>
  return
}

// -----

// Left alone: the input is used again, a feed, a value, or the result does
// not fit the input (broadcast, dtype change).
// CHECK-LABEL: func.func @alive
// CHECK-NOT: pd.{{[a-z_]+}}_ %
func.func @alive(%v: !pd.vtensor<4xf32>) {
  %x = pd.data "x" : !pd.tensor<4xf32>
  %e = pd.exp %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %r = pd.relu %e : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %s = pd.sigmoid %e : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %t = pd.tanh %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %w = pd.relu %v : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
  %y = pd.data "y" : !pd.tensor<2x4xf32>
  %l = pd.log %r : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %b = pd.add %l, %y : (!pd.tensor<4xf32>, !pd.tensor<2x4xf32>) -> !pd.tensor<2x4xf32>
  %q = pd.equal %s, %t : (!pd.tensor<4xf32>, !pd.tensor<4xf32>) -> !pd.tensor<4xi1>
  %f0 = pd.fetch %b "b" col 0 : !pd.tensor<2x4xf32>
  %f1 = pd.fetch %q "q" col 1 : !pd.tensor<4xi1>
  %f2 = pd.fetch %w "w" col 2 : !pd.vtensor<4xf32>
  %f3 = pd.fetch %r "r" col 3 : !pd.tensor<4xf32>
  return
}
