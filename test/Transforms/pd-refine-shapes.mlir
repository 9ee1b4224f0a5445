// RUN: paddle-opt %s -split-input-file -pd-refine-shapes | FileCheck %s
// One round only: the chain stops after its first link.
// RUN: paddle-opt %s -split-input-file -pd-refine-shapes=max-iterations=1 | FileCheck %s --check-prefix=ONE

// A chain of shape computations: the reshape's type, then the shape64 of
// its result, then the full_with_tensor that reads it, then the comparison
// of lengths and the pd.if on it.
// CHECK-LABEL: func.func @chain
// CHECK: pd.reshape %{{.*}}, %{{.*}} : (!pd.vtensor<1x16x64xf32>, !pd.vtensor<4xi64>) -> !pd.vtensor<1x16x4x16xf32>
// CHECK-NOT: pd.shape64
// CHECK-NOT: pd.if
// CHECK-NOT: pd.less_than
// CHECK: pd.full_with_tensor %{{.*}}, %{{.*}} : (!pd.vtensor<1xf32>, !pd.vtensor<4xi64>) -> !pd.vtensor<1x16x4x16xf32>
// CHECK: pd.exp %{{.*}} : (!pd.vtensor<1x16x4x16xf32>) -> !pd.vtensor<1x16x4x16xf32>
// ONE-LABEL: func.func @chain
// ONE: pd.full_with_tensor {{.*}} -> !pd.vtensor<?x?x?x?xf32>
// ONE: pd.less_than
// ONE: pd.if
func.func @chain(%x: !pd.vtensor<1x16x64xf32>) {
  %s = pd.full_int_array [1, -1, 4, 16] : !pd.vtensor<4xi64>
  %r = pd.reshape %x, %s : (!pd.vtensor<1x16x64xf32>, !pd.vtensor<4xi64>) -> !pd.vtensor<?x?x4x16xf32>
  %n = pd.shape64 %r : (!pd.vtensor<?x?x4x16xf32>) -> !pd.vtensor<4xi64>
  %one = pd.full(1.0) : !pd.vtensor<1xf32>
  %f = pd.full_with_tensor %one, %n : (!pd.vtensor<1xf32>, !pd.vtensor<4xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %lo = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %hi = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %len = pd.slice %n, %lo, %hi {axes = array<i64: 0>, decrease_axis = array<i64: 0>, infer_flags = array<i64: 1>} : (!pd.vtensor<4xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<i64>
  %short = pd.less_than %len, %len : (!pd.vtensor<i64>, !pd.vtensor<i64>) -> !pd.vtensor<i1>
  %c = pd.to_tensor %short : !pd.vtensor<i1>
  %g = pd.if %c : !pd.tensor<i1> -> !pd.tensor<?x?x?x?xf32> {
    %z = pd.full(0.0) : !pd.tensor<1x1x1x1xf32>
    pd.yield %z : !pd.tensor<1x1x1x1xf32>
  } else {
    %ft = pd.to_tensor %f : !pd.vtensor<?x?x?x?xf32>
    pd.yield %ft : !pd.tensor<?x?x?x?xf32>
  }
  %gv = pd.to_vtensor %g : !pd.tensor<?x?x?x?xf32>
  %e = pd.exp %gv : (!pd.vtensor<?x?x?x?xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %out = pd.fetch %e "g" col 0 : !pd.vtensor<?x?x?x?xf32>
  %out2 = pd.fetch %r "r" col 1 : !pd.vtensor<?x?x4x16xf32>
  return
}

// -----

// A dim that depends on a dynamic feed dim stays dynamic (and the pass
// stops: nothing changes).
// CHECK-LABEL: func.func @dynamic
// CHECK: pd.shape64 %{{.*}} : (!pd.vtensor<?x16xf32>) -> !pd.vtensor<2xi64>
// CHECK: pd.full_with_tensor {{.*}} -> !pd.vtensor<?x?xf32>
func.func @dynamic(%x: !pd.vtensor<?x16xf32>) {
  %n = pd.shape64 %x : (!pd.vtensor<?x16xf32>) -> !pd.vtensor<2xi64>
  %one = pd.full(1.0) : !pd.vtensor<1xf32>
  %f = pd.full_with_tensor %one, %n : (!pd.vtensor<1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %out = pd.fetch %f "f" col 0 : !pd.vtensor<?x?xf32>
  return
}
