// RUN: paddle-opt %s -split-input-file -pd-fuse-elementwise | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pd-fuse-elementwise | paddle-opt -split-input-file -pd-fuse-elementwise | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pd-fuse-elementwise=max-group-size=2 | FileCheck %s --check-prefix=SMALL
// RUN: paddle-opt %s -split-input-file -pd-fuse-elementwise=allow-reductions=false | FileCheck %s --check-prefix=NORED
// (test/Conversion/PdToLinalg/fusion-group.mlir: a group lowers to one loop nest.)

// A chain add -> relu -> exp with a broadcast bias becomes one group; the
// scale constant is cloned into it.
// CHECK-LABEL: func.func @chain
// CHECK: %[[G:.*]] = pd.fusion_group(%{{.*}}, %{{.*}}) : (!pd.vtensor<4x8xf32>, !pd.vtensor<8xf32>) -> !pd.vtensor<4x8xf32> {
// CHECK: pd.full
// CHECK: pd.add
// CHECK: pd.relu
// CHECK: pd.scale
// CHECK: pd.exp
// CHECK: pd.yield
// CHECK: pd.fetch %[[G]]
// SMALL-LABEL: func.func @chain
// SMALL-COUNT-2: pd.fusion_group
func.func @chain() {
  %x = pd.data "x" : !pd.vtensor<4x8xf32>
  %b = pd.data "b" : !pd.vtensor<8xf32>
  %s = pd.full(2.0) : !pd.vtensor<1xf32>
  %a = pd.add %x, %b : (!pd.vtensor<4x8xf32>, !pd.vtensor<8xf32>) -> !pd.vtensor<4x8xf32>
  %r = pd.relu %a : (!pd.vtensor<4x8xf32>) -> !pd.vtensor<4x8xf32>
  %c = pd.scale %r, %s : (!pd.vtensor<4x8xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<4x8xf32>
  %e = pd.exp %c : (!pd.vtensor<4x8xf32>) -> !pd.vtensor<4x8xf32>
  %f = pd.fetch %e "e" col 0 : !pd.vtensor<4x8xf32>
  return
}

// -----

// A trailing reduction ends the group (unless disallowed).
// CHECK-LABEL: func.func @with_reduction
// CHECK: pd.fusion_group
// CHECK: pd.multiply
// CHECK: pd.sum
// CHECK: pd.yield %{{.*}} : !pd.vtensor<4xf32>
// NORED-LABEL: func.func @with_reduction
// NORED: pd.fusion_group
// NORED: pd.yield %{{.*}} : !pd.vtensor<4x8xf32>
// NORED: pd.sum
func.func @with_reduction() {
  %x = pd.data "x" : !pd.vtensor<4x8xf32>
  %m = pd.multiply %x, %x : (!pd.vtensor<4x8xf32>, !pd.vtensor<4x8xf32>) -> !pd.vtensor<4x8xf32>
  %t = pd.tanh %m : (!pd.vtensor<4x8xf32>) -> !pd.vtensor<4x8xf32>
  %ax = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %s = pd.sum %t, %ax : (!pd.vtensor<4x8xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<4xf32>
  %f = pd.fetch %s "s" col 0 : !pd.vtensor<4xf32>
  return
}

// -----

// Left alone: a single op, non-elementwise ops (matmul), and tensors that
// may alias (!pd.tensor).
// CHECK-LABEL: func.func @leave_alone
// CHECK-NOT: pd.fusion_group
func.func @leave_alone() {
  %x = pd.data "x" : !pd.vtensor<4x4xf32>
  %m = pd.matmul %x, %x : (!pd.vtensor<4x4xf32>, !pd.vtensor<4x4xf32>) -> !pd.vtensor<4x4xf32>
  %r = pd.relu %m : (!pd.vtensor<4x4xf32>) -> !pd.vtensor<4x4xf32>
  %t = pd.data "t" : !pd.tensor<4xf32>
  %a = pd.exp %t : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %b = pd.log %a : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %f0 = pd.fetch %r "r" col 0 : !pd.vtensor<4x4xf32>
  %f1 = pd.fetch %b "b" col 1 : !pd.tensor<4xf32>
  return
}

// -----

// An intermediate used outside the group becomes a second result.
// CHECK-LABEL: func.func @two_results
// CHECK: %[[G:.*]]:2 = pd.fusion_group
// CHECK-DAG: pd.fetch %[[G]]#0
// CHECK-DAG: pd.fetch %[[G]]#1
func.func @two_results() {
  %x = pd.data "x" : !pd.vtensor<8xf32>
  %a = pd.exp %x : (!pd.vtensor<8xf32>) -> !pd.vtensor<8xf32>
  %b = pd.sqrt %a : (!pd.vtensor<8xf32>) -> !pd.vtensor<8xf32>
  %f0 = pd.fetch %b "b" col 0 : !pd.vtensor<8xf32>
  %f1 = pd.fetch %a "a" col 1 : !pd.vtensor<8xf32>
  return
}
