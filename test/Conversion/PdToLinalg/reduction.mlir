// Reductions, softmax, arg-max and sorting (Reduction.cpp).
// RUN: paddle-opt %s -split-input-file -convert-pd-to-linalg | FileCheck %s

// sum over axis 1 with keepdim: a reduction generic, then a view.
// CHECK-LABEL: func.func @sum_keepdim(
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel"]
// CHECK: arith.addf
// CHECK: tensor.expand_shape {{.*}} : tensor<2x4xf32> into tensor<2x1x4xf32>
func.func @sum_keepdim() {
  %x = pd.data "x" : !pd.vtensor<2x3x4xf32>
  %a = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %r = pd.sum %x, %a {keepdim = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<2x1x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<2x1x4xf32>
  return
}

// -----

// Softmax subtracts the row maximum before exp (numerically stable).
// CHECK-LABEL: func.func @softmax(
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: arith.maximumf
// CHECK: arith.subf
// CHECK-NEXT: math.exp
// CHECK: arith.addf
// CHECK: arith.divf
func.func @softmax() {
  %x = pd.data "x" : !pd.vtensor<4x16xf32>
  %r = pd.softmax %x {axis = -1 : i32} : (!pd.vtensor<4x16xf32>) -> !pd.vtensor<4x16xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<4x16xf32>
  return
}

// -----

// argmax carries (value, index) through one reduction.
// CHECK-LABEL: func.func @argmax(
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}}outs(%{{.*}}, %{{.*}} : tensor<3xf32>, tensor<3xi64>)
// CHECK: linalg.index 1
// CHECK: arith.cmpf ogt
func.func @argmax() {
  %x = pd.data "x" : !pd.vtensor<3x5xf32>
  %a = pd.full(1) : !pd.vtensor<1xi64>
  %r = pd.argmax %x, %a : (!pd.vtensor<3x5xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<3xi64>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<3xi64>
  return
}

// -----

// mean divides by the reduced count, also when it is dynamic.
// CHECK-LABEL: func.func @mean_dynamic(
// CHECK: tensor.dim
// CHECK: arith.divf
func.func @mean_dynamic() {
  %x = pd.data "x" : !pd.vtensor<?x8xf32>
  %a = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %r = pd.mean %x, %a : (!pd.vtensor<?x8xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<8xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<8xf32>
  return
}

// -----

// cumsum: a reduction over an extra loop j, masked to j <= i.
// CHECK-LABEL: func.func @cumsum(
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: linalg.index 1
// CHECK: linalg.index 2
// CHECK: arith.cmpi ule
// CHECK: arith.select
// CHECK: arith.addf
func.func @cumsum() {
  %x = pd.data "x" : !pd.vtensor<3x4xf32>
  %a = pd.full(1) : !pd.vtensor<1xi64>
  %r = pd.cumsum %x, %a : (!pd.vtensor<3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<3x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<3x4xf32>
  return
}

// -----

// var: a sum for the mean, the squared deviations, their sum, divided by
// N - correction (4 - 1).
// CHECK-LABEL: func.func @var(
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[N:.*]] = arith.subf %{{.*}}, %[[ONE]] : f32
// CHECK: arith.divf %{{.*}}, %[[N]]
func.func @var() {
  %x = pd.data "x" : !pd.vtensor<3x4xf32>
  %r = pd.var %x {axis = array<i64: 1>} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<3xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<3xf32>
  return
}

// -----

// nansum: NaN (unordered with itself) adds 0.
// CHECK-LABEL: func.func @nansum(
// CHECK: arith.cmpf uno
// CHECK: arith.select
// CHECK: arith.addf
func.func @nansum() {
  %x = pd.data "x" : !pd.vtensor<3x4xf32>
  %r = pd.nansum %x : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<f32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<f32>
  return
}

// -----

// clip_by_norm: the L2 norm of all of x, then one scale factor.
// CHECK-LABEL: func.func @clip_by_norm(
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "reduction"]
// CHECK: math.sqrt
// CHECK: arith.cmpf ole
// CHECK: linalg.generic
// CHECK: arith.mulf
func.func @clip_by_norm() {
  %x = pd.data "x" : !pd.vtensor<3x4xf32>
  %r = pd.clip_by_norm %x {max_norm = 2.0 : f32} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<3x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<3x4xf32>
  return
}

// -----

// median: the rows sorted (rank sort), NaNs counted, then one generic over
// the rows reads the middles; "avg" pairs the two middles' columns.
// CHECK-LABEL: func.func @median(
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: arith.cmpf uno
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK: tensor.extract
// CHECK: arith.divf
func.func @median() {
  %x = pd.data "x" : !pd.vtensor<3x4xf32>
  %r:2 = pd.median %x {axis = array<i64: 1>, keepdim = false} : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<3xf32>, !pd.vtensor<3x2xi64>)
  %f = pd.fetch %r#0 "r" col 0 : !pd.vtensor<3xf32>
  %g = pd.fetch %r#1 "i" col 1 : !pd.vtensor<3x2xi64>
  return
}

// -----

// mode: equal-value counts (n x n per row), then the best (count, value,
// column) in one reduction.
// CHECK-LABEL: func.func @mode(
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: arith.cmpf oeq
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: arith.cmpi sgt
func.func @mode() {
  %x = pd.data "x" : !pd.vtensor<3x4xf32>
  %r:2 = pd.mode %x : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<3xf32>, !pd.vtensor<3xi64>)
  %f = pd.fetch %r#0 "r" col 0 : !pd.vtensor<3xf32>
  %g = pd.fetch %r#1 "i" col 1 : !pd.vtensor<3xi64>
  return
}

// -----

// fused_softmax_mask: x + mask (broadcast over the heads), then softmax;
// the upper-triangle variant masks column > row with -inf first.
// CHECK-LABEL: func.func @masked_softmax(
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: arith.cmpi ugt
// CHECK: arith.select
// CHECK: math.exp
func.func @masked_softmax() {
  %x = pd.data "x" : !pd.vtensor<1x2x4x4xf32>
  %m = pd.data "m" : !pd.vtensor<1x1x4x4xf32>
  %a = pd.fused_softmax_mask %x, %m : (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<1x1x4x4xf32>) -> !pd.vtensor<1x2x4x4xf32>
  %b = pd.fused_softmax_mask_upper_triangle %x : (!pd.vtensor<1x2x4x4xf32>) -> !pd.vtensor<1x2x4x4xf32>
  %f0 = pd.fetch %a "a" col 0 : !pd.vtensor<1x2x4x4xf32>
  %f1 = pd.fetch %b "b" col 1 : !pd.vtensor<1x2x4x4xf32>
  return
}

// -----

// reduce_as: [2, 3, 4] summed over dims 0 and 2 to [3, 1]; int32 is
// widened to int64 first.
// CHECK-LABEL: func.func @reduce_as(
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel", "reduction"]
// CHECK: tensor.expand_shape {{.*}} into tensor<3x1xf32>
// CHECK: arith.extsi %{{.*}} : i32 to i64
func.func @reduce_as() {
  %x = pd.data "x" : !pd.vtensor<2x3x4xf32>
  %t = pd.data "t" : !pd.vtensor<3x1xf32>
  %i = pd.data "i" : !pd.vtensor<2x3xi32>
  %ti = pd.data "ti" : !pd.vtensor<3xi32>
  %a = pd.reduce_as %x, %t : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<3x1xf32>) -> !pd.vtensor<3x1xf32>
  %b = pd.reduce_as %i, %ti : (!pd.vtensor<2x3xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<3xi64>
  %f0 = pd.fetch %a "a" col 0 : !pd.vtensor<3x1xf32>
  %f1 = pd.fetch %b "b" col 1 : !pd.vtensor<3xi64>
  return
}
