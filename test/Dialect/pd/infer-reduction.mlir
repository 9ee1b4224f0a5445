// Shape inference of the reductions, scans and sorting ops
// (InferMeta/Reduction.cpp, and UnchangedWithAxisInferMeta for cumprod):
// results are declared with unknown dims and -pd-infer-shapes fills in what
// InferMeta knows, as PHI would.
// RUN: paddle-opt %s -split-input-file -pd-infer-shapes | FileCheck %s

//===----------------------------------------------------------------------===//
// sum
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @sum_axes
// CHECK: pd.sum {{.*}} -> !pd.vtensor<2x4xf32>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<3xf32>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<2x1x4xf32>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<1x3x1xf32>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<1x1x1xf32>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<f32>
func.func @sum_axes(%x: !pd.vtensor<2x3x4xf32>) {
  %a1 = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %0 = pd.sum %x, %a1 : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  // An axis list with a negative axis.
  %a2 = pd.full_int_array [0, -1] : !pd.vtensor<2xi64>
  %1 = pd.sum %x, %a2 : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?xf32>
  %2 = pd.sum %x, %a1 {keepdim = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?xf32>
  %3 = pd.sum %x, %a2 {keepdim = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?xf32>
  // An empty axis list reduces everything.
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  %4 = pd.sum %x, %none : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<f32>
  %5 = pd.sum %x, %none {keepdim = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?xf32>
  // So does naming every axis.
  %all = pd.full_int_array [2, 0, 1] : !pd.vtensor<3xi64>
  %6 = pd.sum %x, %all : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<f32>
  return
}

// -----

// CHECK-LABEL: func.func @sum_dynamic
// CHECK: pd.sum {{.*}} -> !pd.vtensor<?x3xf32>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<?x1x?xf32>
// Axes known only at run time: their number gives the rank, or keepdim does.
// CHECK: pd.sum {{.*}} -> !pd.vtensor<?xf32>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<?x?x?xf32>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<?xf32>
// A list of pd.full is known at compile time.
// CHECK: pd.sum {{.*}} -> !pd.vtensor<2xf32>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<3x4xf32>
func.func @sum_dynamic(%xd: !pd.vtensor<?x3x?xf32>, %x: !pd.vtensor<2x3x4xf32>,
                       %axes: !pd.vtensor<2xi64>, %any: !pd.vtensor<?xi64>,
                       %ax: !pd.vtensor<1xi64>) {
  %a = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %0 = pd.sum %xd, %a : (!pd.vtensor<?x3x?xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %k = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %1 = pd.sum %xd, %k {keepdim = true} : (!pd.vtensor<?x3x?xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.sum %x, %axes : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?xf32>
  %3 = pd.sum %x, %any {keepdim = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<?xi64>) -> !pd.vtensor<?x?x?xf32>
  // One element of the list known only at run time.
  %f0 = pd.full(0) : !pd.vtensor<1xi64>
  %l = pd.combine(%f0, %ax) : !pd.vtensor<1xi64>, !pd.vtensor<1xi64>
  %4 = pd.sum %x, %l : (!pd.vtensor<2x3x4xf32>, !pd.vec<!pd.vtensor<1xi64>, !pd.vtensor<1xi64>>) -> !pd.vtensor<?xf32>
  %f1 = pd.full(1) : !pd.vtensor<1xi64>
  %f2 = pd.full(-1) : !pd.vtensor<1xi64>
  %lc = pd.combine(%f1, %f2) : !pd.vtensor<1xi64>, !pd.vtensor<1xi64>
  %5 = pd.sum %x, %lc : (!pd.vtensor<2x3x4xf32>, !pd.vec<!pd.vtensor<1xi64>, !pd.vtensor<1xi64>>) -> !pd.vtensor<?xf32>
  // A single pd.full axis.
  %6 = pd.sum %x, %f0 : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// bool and int32 sums accumulate into int64; an explicit dtype wins.
// CHECK-LABEL: func.func @sum_dtype
// CHECK: pd.sum {{.*}} -> !pd.vtensor<2x4xi64>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<2x4xi64>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<2x4xi64>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<2x4xi16>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<2x4xf64>
// CHECK: pd.sum {{.*}} -> !pd.vtensor<2x4xi32>
// CHECK: pd.sum {{.*}} -> !pd.tensor<2x4xf16>
func.func @sum_dtype(%b: !pd.vtensor<2x3x4xi1>, %i: !pd.vtensor<2x3x4xi32>, %l: !pd.vtensor<2x3x4xi64>,
                     %s: !pd.vtensor<2x3x4xi16>, %f: !pd.vtensor<2x3x4xf32>, %h: !pd.tensor<2x3x4xf16>) {
  %a = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %0 = pd.sum %b, %a : (!pd.vtensor<2x3x4xi1>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi64>
  %1 = pd.sum %i, %a : (!pd.vtensor<2x3x4xi32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi64>
  %2 = pd.sum %l, %a : (!pd.vtensor<2x3x4xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi64>
  // Other integer types keep their dtype.
  %3 = pd.sum %s, %a : (!pd.vtensor<2x3x4xi16>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi16>
  %4 = pd.sum %f, %a {dtype = #pd.dtype<float64>} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf64>
  %5 = pd.sum %i, %a {dtype = #pd.dtype<int32>} : (!pd.vtensor<2x3x4xi32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi32>
  %6 = pd.sum %h, %a : (!pd.tensor<2x3x4xf16>, !pd.vtensor<1xi64>) -> !pd.tensor<?x?xf16>
  return
}

//===----------------------------------------------------------------------===//
// mean, max, min (IntArray axis), prod (with reduce_all)
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @mean
// CHECK: pd.mean {{.*}} -> !pd.vtensor<2x3xf32>
// CHECK: pd.mean {{.*}} -> !pd.vtensor<2x1x1xf32>
// CHECK: pd.mean {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.mean {{.*}} -> !pd.vtensor<?x4xf32>
// CHECK: pd.mean {{.*}} -> !pd.vtensor<?xf32>
func.func @mean(%x: !pd.vtensor<2x3x4xf32>, %xd: !pd.vtensor<?x3x4xf32>, %axes: !pd.vtensor<2xi64>) {
  %a = pd.full_int_array [-1] : !pd.vtensor<1xi64>
  %0 = pd.mean %x, %a : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %a12 = pd.full_int_array [1, 2] : !pd.vtensor<2xi64>
  %1 = pd.mean %x, %a12 {keepdim = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?xf32>
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  %2 = pd.mean %x, %none : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<f32>
  %a1 = pd.full_int_array [-2] : !pd.vtensor<1xi64>
  %3 = pd.mean %xd, %a1 : (!pd.vtensor<?x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %4 = pd.mean %xd, %axes : (!pd.vtensor<?x3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @max_min
// CHECK: pd.max {{.*}} -> !pd.vtensor<3xf32>
// CHECK: pd.max {{.*}} -> !pd.vtensor<1x3x1xi32>
// CHECK: pd.max {{.*}} -> !pd.vtensor<?x?x?xf32>
// CHECK: pd.min {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.min {{.*}} -> !pd.vtensor<?x4xf32>
// CHECK: pd.min {{.*}} -> !pd.tensor<2x1x4xf64>
func.func @max_min(%x: !pd.vtensor<2x3x4xf32>, %xi: !pd.vtensor<2x3x4xi32>, %xd: !pd.vtensor<?x3x4xf32>,
                   %axes: !pd.vtensor<?xi64>, %xt: !pd.tensor<2x3x4xf64>) {
  %a = pd.full_int_array [0, 2] : !pd.vtensor<2xi64>
  %0 = pd.max %x, %a : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?xf32>
  %1 = pd.max %xi, %a {keepdim = true} : (!pd.vtensor<2x3x4xi32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?xi32>
  // keepdim with axes known only at run time: the rank is known, not the dims.
  %2 = pd.max %x, %axes {keepdim = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<?xi64>) -> !pd.vtensor<?x?x?xf32>
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  %3 = pd.min %x, %none : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<f32>
  %a1 = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %4 = pd.min %xd, %a1 : (!pd.vtensor<?x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %5 = pd.min %xt, %a1 {keepdim = true} : (!pd.tensor<2x3x4xf64>, !pd.vtensor<1xi64>) -> !pd.tensor<?x?x?xf64>
  return
}

// -----

// CHECK-LABEL: func.func @prod
// CHECK: pd.prod {{.*}} -> !pd.vtensor<2x4xf32>
// CHECK: pd.prod {{.*}} -> !pd.vtensor<2x1x4xf32>
// reduce_all ignores the dims.
// CHECK: pd.prod {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.prod {{.*}} -> !pd.vtensor<1x1x1xf32>
// CHECK: pd.prod {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.prod {{.*}} -> !pd.vtensor<?x3xi64>
func.func @prod(%x: !pd.vtensor<2x3x4xf32>, %dims: !pd.vtensor<?xi64>, %xd: !pd.vtensor<?x3x?xi64>) {
  %a = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %0 = pd.prod %x, %a {keepdim = false, reduce_all = false} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %1 = pd.prod %x, %a {keepdim = true, reduce_all = false} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.prod %x, %a {keepdim = false, reduce_all = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<f32>
  %3 = pd.prod %x, %dims {keepdim = true, reduce_all = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<?xi64>) -> !pd.vtensor<?x?x?xf32>
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  %4 = pd.prod %x, %none {keepdim = false, reduce_all = false} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<f32>
  %a2 = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %5 = pd.prod %xd, %a2 {keepdim = false, reduce_all = false} : (!pd.vtensor<?x3x?xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi64>
  return
}

//===----------------------------------------------------------------------===//
// amax, amin, all, any, logsumexp (int64_t[] axis attributes), mean_all
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @amax_amin
// CHECK: pd.amax {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.amax {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.amax {{.*}} -> !pd.vtensor<?x1x4xf32>
// CHECK: pd.amin {{.*}} -> !pd.vtensor<2xi32>
// CHECK: pd.amin {{.*}} -> !pd.vtensor<1x1x1xf32>
func.func @amax_amin(%x: !pd.vtensor<2x3x4xf32>, %xd: !pd.vtensor<?x3x4xf32>, %xi: !pd.vtensor<2x3x4xi32>) {
  %0 = pd.amax %x {axis = array<i64: 0>} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.amax %x : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<f32>
  %2 = pd.amax %xd {axis = array<i64: -2>, keepdim = true} : (!pd.vtensor<?x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  %3 = pd.amin %xi {axis = array<i64: 1, -1>} : (!pd.vtensor<2x3x4xi32>) -> !pd.vtensor<?xi32>
  %4 = pd.amin %x {keepdim = true} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

// all and any give bool.
// CHECK-LABEL: func.func @all_any
// CHECK: pd.all {{.*}} -> !pd.vtensor<2xi1>
// CHECK: pd.all {{.*}} -> !pd.vtensor<i1>
// CHECK: pd.all {{.*}} -> !pd.vtensor<2x1xi1>
// CHECK: pd.any {{.*}} -> !pd.vtensor<i1>
// CHECK: pd.any {{.*}} -> !pd.vtensor<?x1xi1>
func.func @all_any(%b: !pd.vtensor<2x3xi1>, %f: !pd.vtensor<2x3xf32>, %bd: !pd.vtensor<?x3xi1>) {
  %0 = pd.all %b {axis = array<i64: 1>} : (!pd.vtensor<2x3xi1>) -> !pd.vtensor<?xi1>
  %1 = pd.all %b : (!pd.vtensor<2x3xi1>) -> !pd.vtensor<i1>
  %2 = pd.all %f {axis = array<i64: -1>, keepdim = true} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xi1>
  %3 = pd.any %b {axis = array<i64: 0, 1>} : (!pd.vtensor<2x3xi1>) -> !pd.vtensor<i1>
  %4 = pd.any %bd {axis = array<i64: 1>, keepdim = true} : (!pd.vtensor<?x3xi1>) -> !pd.vtensor<?x?xi1>
  return
}

// -----

// logsumexp reduces axis 0 by default.
// CHECK-LABEL: func.func @logsumexp
// CHECK: pd.logsumexp {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.logsumexp {{.*}} -> !pd.vtensor<2x1x1xf32>
// CHECK: pd.logsumexp {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.logsumexp {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.logsumexp {{.*}} -> !pd.vtensor<?x3xf32>
func.func @logsumexp(%x: !pd.vtensor<2x3x4xf32>, %xd: !pd.vtensor<?x3x4xf32>) {
  %0 = pd.logsumexp %x : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.logsumexp %x {axis = array<i32: 1, 2>, keepdim = true} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.logsumexp %x {reduce_all = true} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<f32>
  %3 = pd.logsumexp %x {axis = array<i32>} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<f32>
  %4 = pd.logsumexp %xd {axis = array<i32: -1>} : (!pd.vtensor<?x3x4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// mean_all is always 0-D; nothing to refine, but it must verify.
// CHECK-LABEL: func.func @mean_all
// CHECK: pd.mean_all {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.mean_all {{.*}} -> !pd.vtensor<f64>
// CHECK: pd.mean_all {{.*}} -> !pd.tensor<f16>
func.func @mean_all(%x: !pd.vtensor<2x3x4xf32>, %xd: !pd.vtensor<?x?xf64>, %xt: !pd.tensor<5xf16>) {
  %0 = pd.mean_all %x : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<f32>
  %1 = pd.mean_all %xd : (!pd.vtensor<?x?xf64>) -> !pd.vtensor<f64>
  %2 = pd.mean_all %xt : (!pd.tensor<5xf16>) -> !pd.tensor<f16>
  return
}

//===----------------------------------------------------------------------===//
// argmax, argmin
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @argmax
// CHECK: pd.argmax {{.*}} -> !pd.vtensor<2x4xi64>
// CHECK: pd.argmax {{.*}} -> !pd.vtensor<2x1x4xi64>
// CHECK: pd.argmax {{.*}} -> !pd.vtensor<2x3xi32>
// flatten: over all the elements, 0-D or all ones with keepdims.
// CHECK: pd.argmax {{.*}} -> !pd.vtensor<i64>
// CHECK: pd.argmax {{.*}} -> !pd.vtensor<1x1x1xi64>
// CHECK: pd.argmax {{.*}} -> !pd.vtensor<?x3xi64>
// An axis known only at run time: the rank is known.
// CHECK: pd.argmax {{.*}} -> !pd.vtensor<?x?xi64>
// CHECK: pd.argmax {{.*}} -> !pd.vtensor<?x?x?xi64>
func.func @argmax(%x: !pd.vtensor<2x3x4xf32>, %xd: !pd.vtensor<?x3x4xf32>, %axis: !pd.vtensor<1xi64>) {
  %a1 = pd.full(1) : !pd.vtensor<1xi64>
  %0 = pd.argmax %x, %a1 : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi64>
  %1 = pd.argmax %x, %a1 {keepdims = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?xi64>
  %am1 = pd.full(-1) : !pd.vtensor<1xi64>
  %2 = pd.argmax %x, %am1 {dtype = #pd.dtype<int32>} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi32>
  %3 = pd.argmax %x, %a1 {flatten = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<i64>
  %4 = pd.argmax %x, %a1 {flatten = true, keepdims = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?xi64>
  %5 = pd.argmax %xd, %am1 : (!pd.vtensor<?x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi64>
  %6 = pd.argmax %x, %axis : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi64>
  %7 = pd.argmax %x, %axis {keepdims = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?xi64>
  return
}

// -----

// CHECK-LABEL: func.func @argmin
// CHECK: pd.argmin {{.*}} -> !pd.vtensor<3xi64>
// CHECK: pd.argmin {{.*}} -> !pd.vtensor<1x3xi32>
// CHECK: pd.argmin {{.*}} -> !pd.vtensor<i64>
// CHECK: pd.argmin {{.*}} -> !pd.vtensor<1x1xi64>
// CHECK: pd.argmin {{.*}} -> !pd.tensor<?xi64>
func.func @argmin(%x: !pd.vtensor<2x3xf32>, %axis: !pd.vtensor<1xi64>, %xt: !pd.tensor<?x5xi32>) {
  %a0 = pd.full(0) : !pd.vtensor<1xi64>
  %0 = pd.argmin %x, %a0 : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  %1 = pd.argmin %x, %a0 {keepdims = true, dtype = #pd.dtype<int32>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi32>
  // flatten does not need the axis.
  %2 = pd.argmin %x, %axis {flatten = true} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<i64>
  %3 = pd.argmin %x, %axis {flatten = true, keepdims = true} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi64>
  %a1 = pd.full(1) : !pd.vtensor<1xi64>
  %4 = pd.argmin %xt, %a1 : (!pd.tensor<?x5xi32>, !pd.vtensor<1xi64>) -> !pd.tensor<?xi64>
  return
}

//===----------------------------------------------------------------------===//
// cumsum, cumsum_, cumprod, cumprod_
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @cumsum
// CHECK: pd.cumsum {{.*}} -> !pd.vtensor<2x3x4xf32>
// CHECK: pd.cumsum {{.*}} -> !pd.vtensor<2x3x4xf32>
// flatten gives the number of elements.
// CHECK: pd.cumsum {{.*}} -> !pd.vtensor<24xf32>
// CHECK: pd.cumsum {{.*}} -> !pd.vtensor<?xf32>
// CHECK: pd.cumsum {{.*}} -> !pd.vtensor<?x3x4xf32>
// CHECK: pd.cumsum {{.*}} -> !pd.vtensor<1xi64>
func.func @cumsum(%x: !pd.vtensor<2x3x4xf32>, %xd: !pd.vtensor<?x3x4xf32>, %axis: !pd.vtensor<1xi64>,
                  %s: !pd.vtensor<i64>) {
  %am1 = pd.full(-1) : !pd.vtensor<1xi64>
  %0 = pd.cumsum %x, %am1 : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?xf32>
  %a0 = pd.full(0) : !pd.vtensor<1xi64>
  %1 = pd.cumsum %x, %a0 {exclusive = true, reverse = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.cumsum %x, %am1 {flatten = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  %3 = pd.cumsum %xd, %am1 {flatten = true} : (!pd.vtensor<?x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  // An axis known only at run time.
  %4 = pd.cumsum %xd, %axis : (!pd.vtensor<?x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?xf32>
  // A 0-D input flattens to one element.
  %5 = pd.cumsum %s, %a0 {flatten = true} : (!pd.vtensor<i64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  return
}

// -----

// The in-place variant updates its (mutable) input.
// CHECK-LABEL: func.func @cumsum_inplace
// CHECK: pd.cumsum_ {{.*}} -> !pd.tensor<2x3xf32>
// CHECK: pd.cumsum_ {{.*}} -> !pd.tensor<?x3xf32>
// A one-element input may be flattened in place.
// CHECK: pd.cumsum_ {{.*}} -> !pd.tensor<1xf32>
func.func @cumsum_inplace(%x: !pd.tensor<2x3xf32>, %xd: !pd.tensor<?x3xf32>, %x1: !pd.tensor<1xf32>) {
  %a = pd.full(1) : !pd.vtensor<1xi64>
  %0 = pd.cumsum_ %x, %a : (!pd.tensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.tensor<?x?xf32>
  %1 = pd.cumsum_ %xd, %a {reverse = true} : (!pd.tensor<?x3xf32>, !pd.vtensor<1xi64>) -> !pd.tensor<?x?xf32>
  %z = pd.full(0) : !pd.vtensor<1xi64>
  %2 = pd.cumsum_ %x1, %z {flatten = true} : (!pd.tensor<1xf32>, !pd.vtensor<1xi64>) -> !pd.tensor<?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @cumprod
// CHECK: pd.cumprod {{.*}} -> !pd.vtensor<2x3xf32>
// CHECK: pd.cumprod {{.*}} -> !pd.vtensor<?x3xi64>
// CHECK: pd.cumprod_ {{.*}} -> !pd.tensor<2x3xf32>
func.func @cumprod(%x: !pd.vtensor<2x3xf32>, %xd: !pd.vtensor<?x3xi64>, %xt: !pd.tensor<2x3xf32>) {
  %0 = pd.cumprod %x {dim = 1 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.cumprod %xd {dim = -2 : i32, exclusive = true, reverse = true} : (!pd.vtensor<?x3xi64>) -> !pd.vtensor<?x?xi64>
  %2 = pd.cumprod_ %xt {dim = 0 : i32} : (!pd.tensor<2x3xf32>) -> !pd.tensor<?x?xf32>
  return
}

//===----------------------------------------------------------------------===//
// topk, argsort
//===----------------------------------------------------------------------===//

// -----

// k replaces the size of the axis; indices are int64.
// CHECK-LABEL: func.func @topk
// CHECK: pd.topk {{.*}} -> (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xi64>)
// CHECK: pd.topk {{.*}} -> (!pd.vtensor<1x10xf32>, !pd.vtensor<1x10xi64>)
// CHECK: pd.topk {{.*}} -> (!pd.vtensor<2x1xf32>, !pd.vtensor<2x1xi64>)
// CHECK: pd.topk {{.*}} -> (!pd.vtensor<?x3xi32>, !pd.vtensor<?x3xi64>)
// CHECK: pd.topk {{.*}} -> (!pd.vtensor<2x10xf32>, !pd.vtensor<2x10xi64>)
func.func @topk(%x: !pd.vtensor<2x10xf32>, %xd: !pd.vtensor<?x?xi32>) {
  %k3 = pd.full(3) : !pd.vtensor<1xi64>
  %0:2 = pd.topk %x, %k3 : (!pd.vtensor<2x10xf32>, !pd.vtensor<1xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  %k1 = pd.full(1) : !pd.vtensor<1xi32>
  %1:2 = pd.topk %x, %k1 {axis = 0 : i32, largest = false, sorted = false} : (!pd.vtensor<2x10xf32>, !pd.vtensor<1xi32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  %2:2 = pd.topk %x, %k1 {axis = -1 : i32} : (!pd.vtensor<2x10xf32>, !pd.vtensor<1xi32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  // The axis size may be unknown; k is still known.
  %3:2 = pd.topk %xd, %k3 : (!pd.vtensor<?x?xi32>, !pd.vtensor<1xi64>) -> (!pd.vtensor<?x?xi32>, !pd.vtensor<?x?xi64>)
  // k may be the whole axis.
  %k10 = pd.full(10) : !pd.vtensor<1xi64>
  %4:2 = pd.topk %x, %k10 : (!pd.vtensor<2x10xf32>, !pd.vtensor<1xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  return
}

// -----

// k known only at run time: the axis becomes unknown, the rest is kept.
// CHECK-LABEL: func.func @topk_dynamic_k
// CHECK: pd.topk {{.*}} -> (!pd.vtensor<2x?xf32>, !pd.vtensor<2x?xi64>)
// CHECK: pd.topk {{.*}} -> (!pd.vtensor<?x10xf32>, !pd.vtensor<?x10xi64>)
// A 0-D input stays 0-D.
// CHECK: pd.topk {{.*}} -> (!pd.vtensor<f32>, !pd.vtensor<i64>)
func.func @topk_dynamic_k(%x: !pd.vtensor<2x10xf32>, %k: !pd.vtensor<1xi64>, %s: !pd.vtensor<f32>) {
  %0:2 = pd.topk %x, %k : (!pd.vtensor<2x10xf32>, !pd.vtensor<1xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  %1:2 = pd.topk %x, %k {axis = 0 : i32} : (!pd.vtensor<2x10xf32>, !pd.vtensor<1xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  %k1 = pd.full(1) : !pd.vtensor<1xi64>
  %2:2 = pd.topk %s, %k1 : (!pd.vtensor<f32>, !pd.vtensor<1xi64>) -> (!pd.vtensor<f32>, !pd.vtensor<i64>)
  return
}

// -----

// CHECK-LABEL: func.func @argsort
// CHECK: pd.argsort {{.*}} -> (!pd.vtensor<2x10xf32>, !pd.vtensor<2x10xi64>)
// CHECK: pd.argsort {{.*}} -> (!pd.vtensor<?x10xi32>, !pd.vtensor<?x10xi64>)
// CHECK: pd.argsort {{.*}} -> (!pd.tensor<5xf64>, !pd.tensor<5xi64>)
func.func @argsort(%x: !pd.vtensor<2x10xf32>, %xd: !pd.vtensor<?x10xi32>, %xt: !pd.tensor<5xf64>) {
  %0:2 = pd.argsort %x : (!pd.vtensor<2x10xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  %1:2 = pd.argsort %xd {axis = 0 : i32, descending = true, stable = true} : (!pd.vtensor<?x10xi32>) -> (!pd.vtensor<?x?xi32>, !pd.vtensor<?x?xi64>)
  %2:2 = pd.argsort %xt {axis = 0 : i32} : (!pd.tensor<5xf64>) -> (!pd.tensor<?xf64>, !pd.tensor<?xi64>)
  return
}

//===----------------------------------------------------------------------===//
// p_norm
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @p_norm
// CHECK: pd.p_norm {{.*}} -> !pd.vtensor<2x3xf32>
// CHECK: pd.p_norm {{.*}} -> !pd.vtensor<2x1x4xf32>
// CHECK: pd.p_norm {{.*}} -> !pd.vtensor<3x4xf32>
// asvector: the norm of all the elements.
// CHECK: pd.p_norm {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.p_norm {{.*}} -> !pd.vtensor<1x1x1xf32>
// CHECK: pd.p_norm {{.*}} -> !pd.vtensor<?x3xf32>
func.func @p_norm(%x: !pd.vtensor<2x3x4xf32>, %xd: !pd.vtensor<?x3x4xf32>) {
  %0 = pd.p_norm %x : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.p_norm %x {axis = 1 : i32, keepdim = true, porder = 1.0 : f32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.p_norm %x {axis = -3 : i32, porder = 3.0 : f32, epsilon = 1.0e-10 : f32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?xf32>
  %3 = pd.p_norm %x {asvector = true} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<f32>
  %4 = pd.p_norm %x {asvector = true, keepdim = true} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  %5 = pd.p_norm %xd {axis = 2 : i32} : (!pd.vtensor<?x3x4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// kthvalue drops (or keeps as 1) its axis, with int64 indices; cummax and
// cummin keep the shape, their indices of the dtype asked for; renorm keeps
// the shape.
// CHECK-LABEL: func.func @kth_cum_renorm
// CHECK: pd.kthvalue {{.*}} -> (!pd.vtensor<4xf32>, !pd.vtensor<4xi64>)
// CHECK: pd.kthvalue {{.*}} -> (!pd.vtensor<1x7xf32>, !pd.vtensor<1x7xi64>)
// CHECK: pd.cummax {{.*}} -> (!pd.vtensor<4x7xf32>, !pd.vtensor<4x7xi64>)
// CHECK: pd.cummin {{.*}} -> (!pd.vtensor<4x7xf32>, !pd.vtensor<4x7xi32>)
// CHECK: pd.renorm {{.*}} -> !pd.vtensor<4x7xf32>
func.func @kth_cum_renorm(%x: !pd.vtensor<4x7xf32>) {
  %0:2 = pd.kthvalue %x {k = 3 : i64, axis = 1 : i32} : (!pd.vtensor<4x7xf32>) -> (!pd.vtensor<?xf32>, !pd.vtensor<?xi64>)
  %1:2 = pd.kthvalue %x {k = 4 : i64, axis = 0 : i32, keepdim = true} : (!pd.vtensor<4x7xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  %2:2 = pd.cummax %x {axis = -1 : i32} : (!pd.vtensor<4x7xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  %3:2 = pd.cummin %x {axis = 0 : i32, dtype = #pd.dtype<int32>} : (!pd.vtensor<4x7xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi32>)
  %4 = pd.renorm %x {p = 2.0 : f32, axis = 1 : i32, max_norm = 1.0 : f32} : (!pd.vtensor<4x7xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// frobenius_norm reduces its axes (keep_dim keeps them as 1);
// squared_l2_norm is [1], l1_norm 0-D.
// CHECK-LABEL: func.func @norms
// CHECK: pd.frobenius_norm {{.*}} -> !pd.vtensor<1x4x1xf32>
// CHECK: pd.squared_l2_norm {{.*}} -> !pd.vtensor<1xf32>
// CHECK: pd.l1_norm {{.*}} -> !pd.vtensor<f32>
func.func @norms(%x: !pd.vtensor<3x4x5xf32>) {
  %axis = pd.full_int_array [0, 2] : !pd.vtensor<2xi64>
  %0 = pd.frobenius_norm %x, %axis {keep_dim = true, reduce_all = false} : (!pd.vtensor<3x4x5xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?xf32>
  %1 = pd.squared_l2_norm %x : (!pd.vtensor<3x4x5xf32>) -> !pd.vtensor<?xf32>
  %2 = pd.l1_norm %x : (!pd.vtensor<3x4x5xf32>) -> !pd.vtensor<f32>
  return
}

// -----

// nansum reduces like sum (int32 into int64); var, std and variance keep
// float; identity_loss is 0-D but for reduction 2; clip_by_norm and reverse
// keep x's type; angle of a real tensor keeps its dtype.
// CHECK-LABEL: func.func @stats
// CHECK: pd.nansum {{.*}} -> !pd.vtensor<3x1xf32>
// CHECK: pd.nansum {{.*}} -> !pd.vtensor<i64>
// CHECK: pd.var {{.*}} -> !pd.vtensor<4xf32>
// CHECK: pd.std {{.*}} -> !pd.vtensor<1x1xf32>
// CHECK: pd.variance {{.*}} -> !pd.vtensor<3xf32>
// CHECK: pd.identity_loss {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.identity_loss {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.clip_by_norm {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.reverse {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.angle {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.angle {{.*}} -> !pd.vtensor<2xf64>
func.func @stats(%x: !pd.vtensor<3x4xf32>, %i: !pd.vtensor<3x4xi32>, %c: !pd.vtensor<2xcomplex<f64>>) {
  %0 = pd.nansum %x {axis = array<i64: 1>, keepdim = true} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.nansum %i : (!pd.vtensor<3x4xi32>) -> !pd.vtensor<i64>
  %2 = pd.var %x {axis = array<i64: 0>} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<?xf32>
  %3 = pd.std %x {keepdim = true, correction = 0.0 : f64} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<?x?xf32>
  %4 = pd.variance %x {axis = array<i64: -1>} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<?xf32>
  %5 = pd.identity_loss %x {reduction = 0 : i32} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<f32>
  %6 = pd.identity_loss %x {reduction = 2 : i32} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<?x?xf32>
  %7 = pd.clip_by_norm %x {max_norm = 1.0 : f32} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<?x?xf32>
  %axes = pd.full_int_array [0, -1] : !pd.vtensor<2xi64>
  %8 = pd.reverse %x, %axes : (!pd.vtensor<3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %9 = pd.angle %x : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<?x?xf32>
  %10 = pd.angle %c : (!pd.vtensor<2xcomplex<f64>>) -> !pd.vtensor<?xf64>
  return
}

// -----

// median and nanmedian reduce their axes (all for none; keepdim by
// default), with int64 indices and a trailing 2 for mode "avg"; mode drops
// its axis.
// CHECK-LABEL: func.func @order_statistics
// CHECK: pd.median {{.*}} -> (!pd.vtensor<1x4x1xf32>, !pd.vtensor<1x4x1x2xi64>)
// CHECK: pd.median {{.*}} -> (!pd.vtensor<f32>, !pd.vtensor<i64>)
// CHECK: pd.nanmedian {{.*}} -> (!pd.vtensor<3x5xf32>, !pd.vtensor<3x5x2xi64>)
// CHECK: pd.mode {{.*}} -> (!pd.vtensor<3x5xf32>, !pd.vtensor<3x5xi64>)
// CHECK: pd.mode {{.*}} -> (!pd.vtensor<3x4x1xf32>, !pd.vtensor<3x4x1xi64>)
func.func @order_statistics(%x: !pd.vtensor<3x4x5xf32>) {
  %0:2 = pd.median %x {axis = array<i64: 0, -1>} : (!pd.vtensor<3x4x5xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?x?xi64>)
  %1:2 = pd.median %x {keepdim = false, mode = "min"} : (!pd.vtensor<3x4x5xf32>) -> (!pd.vtensor<f32>, !pd.vtensor<i64>)
  %2:2 = pd.nanmedian %x {axis = array<i64: 1>, keepdim = false} : (!pd.vtensor<3x4x5xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?x?xi64>)
  %3:2 = pd.mode %x {axis = 1 : i32} : (!pd.vtensor<3x4x5xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  %4:2 = pd.mode %x {keepdim = true} : (!pd.vtensor<3x4x5xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xi64>)
  return
}

// -----

// histogram: [bins] int64 counts, float32 with a weight or density.
// CHECK-LABEL: func.func @histogram
// CHECK: pd.histogram {{.*}} -> !pd.vtensor<7xi64>
// CHECK: pd.histogram {{.*}} -> !pd.vtensor<3xf32>
// CHECK: pd.histogram {{.*}} -> !pd.vtensor<100xf32>
func.func @histogram(%x: !pd.vtensor<3x4xf64>, %i: !pd.vtensor<5xi32>) {
  %0 = pd.histogram %i {bins = 7 : i64} : (!pd.vtensor<5xi32>) -> !pd.vtensor<?xi64>
  %1 = pd.histogram %x weight(%x) {bins = 3 : i64, min = -1.0 : f32, max = 1.0 : f32} : (!pd.vtensor<3x4xf64>, !pd.vtensor<3x4xf64>) -> !pd.vtensor<?xf32>
  %2 = pd.histogram %x {density = true} : (!pd.vtensor<3x4xf64>) -> !pd.vtensor<?xf32>
  return
}

// -----

// Sampling: bernoulli and gumbel_softmax keep x's type; randperm is [n] of
// its dtype; multinomial is [num_samples] per row, int64.
// CHECK-LABEL: func.func @sampling
// CHECK: pd.bernoulli {{.*}} -> !pd.vtensor<2x5xf32>
// CHECK: pd.gumbel_softmax {{.*}} -> !pd.vtensor<2x5xf32>
// CHECK: pd.randperm {{.*}} -> !pd.vtensor<6xi32>
// CHECK: pd.multinomial {{.*}} -> !pd.vtensor<2x3xi64>
func.func @sampling(%p: !pd.vtensor<2x5xf32>) {
  %0 = pd.bernoulli %p : (!pd.vtensor<2x5xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.gumbel_softmax %p {temperature = 0.5 : f32, hard = true} : (!pd.vtensor<2x5xf32>) -> !pd.vtensor<?x?xf32>
  %2 = pd.randperm {n = 6 : i32, dtype = #pd.dtype<int32>} : () -> !pd.vtensor<?xi32>
  %k = pd.full(3) : !pd.vtensor<1xi32>
  %3 = pd.multinomial %p, %k : (!pd.vtensor<2x5xf32>, !pd.vtensor<1xi32>) -> !pd.vtensor<?x?xi64>
  return
}

// -----

// reduce_as takes target's shape (int32 sums to int64); the fused masked
// softmaxes keep x's shape.
// CHECK-LABEL: func.func @reduce_as_and_masked_softmax
// CHECK: pd.reduce_as {{.*}} -> !pd.vtensor<3x1xf32>
// CHECK: pd.reduce_as {{.*}} -> !pd.vtensor<3xi64>
// CHECK: pd.fused_softmax_mask {{.*}} -> !pd.vtensor<2x4x5x5xf32>
// CHECK: pd.fused_softmax_mask_upper_triangle {{.*}} -> !pd.vtensor<2x4x5x5xf32>
func.func @reduce_as_and_masked_softmax(%x: !pd.vtensor<2x3x4xf32>, %t: !pd.vtensor<3x1xf32>, %i: !pd.vtensor<2x3xi32>, %ti: !pd.vtensor<3xi32>, %s: !pd.vtensor<2x4x5x5xf32>, %m: !pd.vtensor<2x1x5x5xf32>) {
  %0 = pd.reduce_as %x, %t : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<3x1xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.reduce_as %i, %ti : (!pd.vtensor<2x3xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<?xi64>
  %2 = pd.fused_softmax_mask %s, %m : (!pd.vtensor<2x4x5x5xf32>, !pd.vtensor<2x1x5x5xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %3 = pd.fused_softmax_mask_upper_triangle %s : (!pd.vtensor<2x4x5x5xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}
