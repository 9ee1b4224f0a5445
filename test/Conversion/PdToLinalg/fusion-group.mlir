// A pd.fusion_group lowers inline; with linalg-fuse-elementwise-ops (part
// of pd-lower-to-llvm) the group becomes a single loop nest.
// RUN: paddle-opt %s -convert-pd-to-linalg -linalg-fuse-elementwise-ops | FileCheck %s

// CHECK-LABEL: func.func @group(
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK: linalg.yield
// CHECK-NOT: linalg.generic
func.func @group() {
  %x = pd.data "x" : !pd.vtensor<4x8xf32>
  %b = pd.data "b" : !pd.vtensor<8xf32>
  %g = pd.fusion_group(%x, %b) : (!pd.vtensor<4x8xf32>, !pd.vtensor<8xf32>) -> !pd.vtensor<4x8xf32> {
  ^bb0(%a: !pd.vtensor<4x8xf32>, %c: !pd.vtensor<8xf32>):
    %s = pd.add %a, %c : (!pd.vtensor<4x8xf32>, !pd.vtensor<8xf32>) -> !pd.vtensor<4x8xf32>
    %r = pd.relu %s : (!pd.vtensor<4x8xf32>) -> !pd.vtensor<4x8xf32>
    %e = pd.exp %r : (!pd.vtensor<4x8xf32>) -> !pd.vtensor<4x8xf32>
    pd.yield %e : !pd.vtensor<4x8xf32>
  }
  %f = pd.fetch %g "e" col 0 : !pd.vtensor<4x8xf32>
  return
}
