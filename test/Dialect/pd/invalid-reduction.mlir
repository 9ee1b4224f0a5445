// Diagnostics of the InferMeta functions of the reductions, scans and sorting
// ops (InferMeta/Reduction.cpp, and UnchangedWithAxisInferMeta for cumprod):
// a bad axis, dtype or k is reported on the op, then the op fails to infer
// its result types. A declared result type that contradicts the inferred one
// is reported too.
// RUN: paddle-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// sum
//===----------------------------------------------------------------------===//

func.func @sum_axis_out_of_range(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full_int_array [2] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.sum' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.sum' op failed to infer returned types}}
  %0 = pd.sum %x, %a : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @sum_negative_axis_out_of_range(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full_int_array [0, -3] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.sum' op axis -3 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.sum' op failed to infer returned types}}
  %0 = pd.sum %x, %a : (!pd.vtensor<2x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<f32>
  return
}

// -----

// -1 and 1 are the same axis.
func.func @sum_axis_twice(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full_int_array [1, -1] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.sum' op axis -1 is reduced twice}}
  // expected-error @+1 {{'pd.sum' op failed to infer returned types}}
  %0 = pd.sum %x, %a : (!pd.vtensor<2x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

// Neither the axes nor their number are known, nor is keepdim set: the result's rank is unknown.
func.func @sum_unknown_axes(%x: !pd.vtensor<2x3xf32>, %a: !pd.vtensor<?xi64>) {
  // expected-error @+2 {{'pd.sum' op the reduced axes must be known at compile time, or keepdim set, to know the result's rank}}
  // expected-error @+1 {{'pd.sum' op failed to infer returned types}}
  %0 = pd.sum %x, %a : (!pd.vtensor<2x3xf32>, !pd.vtensor<?xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @sum_too_many_axes(%x: !pd.vtensor<2x3xf32>, %a: !pd.vtensor<3xi64>) {
  // expected-error @+2 {{'pd.sum' op 3 axes are reduced in a tensor of rank 2}}
  // expected-error @+1 {{'pd.sum' op failed to infer returned types}}
  %0 = pd.sum %x, %a : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @sum_dtype(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full_int_array [0] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.sum' op cannot sum into dtype pstring}}
  // expected-error @+1 {{'pd.sum' op failed to infer returned types}}
  %0 = pd.sum %x, %a {dtype = #pd.dtype<pstring>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

// An int32 sum accumulates into int64.
func.func @sum_int32_result(%x: !pd.vtensor<2x3xi32>) {
  %a = pd.full_int_array [0] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.sum' op inferred type(s) '!pd.vtensor<3xi64>' are incompatible with return type(s) of operation '!pd.vtensor<?xi32>'}}
  // expected-error @+1 {{'pd.sum' op failed to infer returned types}}
  %0 = pd.sum %x, %a : (!pd.vtensor<2x3xi32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi32>
  return
}

// -----

func.func @sum_wrong_result(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full_int_array [0] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.sum' op inferred type(s) '!pd.vtensor<1x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  // expected-error @+1 {{'pd.sum' op failed to infer returned types}}
  %0 = pd.sum %x, %a {keepdim = true} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// mean, max, min, prod
//===----------------------------------------------------------------------===//

func.func @mean_axis_out_of_range(%x: !pd.vtensor<2x3x4xf32>) {
  %a = pd.full_int_array [3] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.mean' op axis 3 is out of range for a tensor of rank 3 (expected [-3, 2])}}
  // expected-error @+1 {{'pd.mean' op failed to infer returned types}}
  %0 = pd.mean %x, %a : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @max_axis_twice(%x: !pd.vtensor<2x3x4xf32>) {
  %a = pd.full_int_array [0, 2, 0] : !pd.vtensor<3xi64>
  // expected-error @+2 {{'pd.max' op axis 0 is reduced twice}}
  // expected-error @+1 {{'pd.max' op failed to infer returned types}}
  %0 = pd.max %x, %a : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @min_axis_out_of_range(%x: !pd.vtensor<2x3x4xf32>) {
  %a = pd.full(-4) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.min' op axis -4 is out of range for a tensor of rank 3 (expected [-3, 2])}}
  // expected-error @+1 {{'pd.min' op failed to infer returned types}}
  %0 = pd.min %x, %a : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// A 0-D tensor has axes 0 and -1 only.
func.func @min_rank0_axis(%x: !pd.vtensor<f32>) {
  %a = pd.full_int_array [1] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.min' op axis 1 is out of range for a tensor of rank 0 (expected [-1, 0])}}
  // expected-error @+1 {{'pd.min' op failed to infer returned types}}
  %0 = pd.min %x, %a : (!pd.vtensor<f32>, !pd.vtensor<1xi64>) -> !pd.vtensor<f32>
  return
}

// -----

func.func @prod_dims_out_of_range(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full_int_array [5] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.prod' op axis 5 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.prod' op failed to infer returned types}}
  %0 = pd.prod %x, %a {keepdim = false, reduce_all = false} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

// reduce_all reduces every axis, whatever dims says.
func.func @prod_reduce_all_result(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full_int_array [1] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.prod' op inferred type(s) '!pd.vtensor<f32>' are incompatible with return type(s) of operation '!pd.vtensor<?xf32>'}}
  // expected-error @+1 {{'pd.prod' op failed to infer returned types}}
  %0 = pd.prod %x, %a {keepdim = false, reduce_all = true} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

// prod's keep_dim and reduce_all have no defaults.
func.func @prod_missing_attribute(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full_int_array [1] : !pd.vtensor<1xi64>
  // expected-error @+1 {{'pd.prod' op requires attribute 'reduce_all'}}
  %0 = pd.prod %x, %a {keepdim = false} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// amax, amin, all, any, logsumexp, mean_all
//===----------------------------------------------------------------------===//

func.func @amax_axis_out_of_range(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.amax' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.amax' op failed to infer returned types}}
  %0 = pd.amax %x {axis = array<i64: 2>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @amin_axis_twice(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.amin' op axis -2 is reduced twice}}
  // expected-error @+1 {{'pd.amin' op failed to infer returned types}}
  %0 = pd.amin %x {axis = array<i64: 0, -2>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @all_axis_out_of_range(%x: !pd.vtensor<2x3xi1>) {
  // expected-error @+2 {{'pd.all' op axis -3 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.all' op failed to infer returned types}}
  %0 = pd.all %x {axis = array<i64: -3>} : (!pd.vtensor<2x3xi1>) -> !pd.vtensor<?xi1>
  return
}

// -----

// all gives bool.
func.func @all_result_dtype(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.all' op inferred type(s) '!pd.vtensor<3xi1>' are incompatible with return type(s) of operation '!pd.vtensor<?xf32>'}}
  // expected-error @+1 {{'pd.all' op failed to infer returned types}}
  %0 = pd.all %x {axis = array<i64: 0>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @any_axis_twice(%x: !pd.vtensor<2x3xi1>) {
  // expected-error @+2 {{'pd.any' op axis 1 is reduced twice}}
  // expected-error @+1 {{'pd.any' op failed to infer returned types}}
  %0 = pd.any %x {axis = array<i64: 1, 1>} : (!pd.vtensor<2x3xi1>) -> !pd.vtensor<?xi1>
  return
}

// -----

func.func @logsumexp_axis_out_of_range(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.logsumexp' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.logsumexp' op failed to infer returned types}}
  %0 = pd.logsumexp %x {axis = array<i32: 0, 2>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<f32>
  return
}

// -----

// The default axis is [0].
func.func @logsumexp_default_axis_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.logsumexp' op inferred type(s) '!pd.vtensor<3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2xf32>'}}
  // expected-error @+1 {{'pd.logsumexp' op failed to infer returned types}}
  %0 = pd.logsumexp %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2xf32>
  return
}

// -----

// mean_all is 0-D.
func.func @mean_all_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.mean_all' op inferred type(s) '!pd.vtensor<f32>' are incompatible with return type(s) of operation '!pd.vtensor<1xf32>'}}
  // expected-error @+1 {{'pd.mean_all' op failed to infer returned types}}
  %0 = pd.mean_all %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<1xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// argmax, argmin
//===----------------------------------------------------------------------===//

func.func @argmax_dtype_float(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full(1) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.argmax' op dtype must be int32 or int64, got float32}}
  // expected-error @+1 {{'pd.argmax' op failed to infer returned types}}
  %0 = pd.argmax %x, %a {dtype = #pd.dtype<float32>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @argmax_axis_out_of_range(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full(2) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.argmax' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.argmax' op failed to infer returned types}}
  %0 = pd.argmax %x, %a : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  return
}

// -----

// Indices are int64 unless dtype says int32.
func.func @argmax_result_dtype(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full(1) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.argmax' op inferred type(s) '!pd.vtensor<2xi64>' are incompatible with return type(s) of operation '!pd.vtensor<?xi32>'}}
  // expected-error @+1 {{'pd.argmax' op failed to infer returned types}}
  %0 = pd.argmax %x, %a : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi32>
  return
}

// -----

func.func @argmin_dtype_int16(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.argmin' op dtype must be int32 or int64, got int16}}
  // expected-error @+1 {{'pd.argmin' op failed to infer returned types}}
  %0 = pd.argmin %x, %a {dtype = #pd.dtype<int16>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi16>
  return
}

// -----

func.func @argmin_axis_out_of_range(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full(-3) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.argmin' op axis -3 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.argmin' op failed to infer returned types}}
  %0 = pd.argmin %x, %a {keepdims = true} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi64>
  return
}

// -----

//===----------------------------------------------------------------------===//
// cumsum, cumsum_, cumprod, cumprod_
//===----------------------------------------------------------------------===//

func.func @cumsum_axis_out_of_range(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full(2) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.cumsum' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.cumsum' op failed to infer returned types}}
  %0 = pd.cumsum %x, %a : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// flatten gives a 1-D result.
func.func @cumsum_flatten_result(%x: !pd.vtensor<2x3xf32>) {
  %a = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.cumsum' op inferred type(s) '!pd.vtensor<6xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  // expected-error @+1 {{'pd.cumsum' op failed to infer returned types}}
  %0 = pd.cumsum %x, %a {flatten = true} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @cumsum_inplace_axis(%x: !pd.tensor<2x3xf32>) {
  %a = pd.full(-3) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.cumsum_' op axis -3 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.cumsum_' op failed to infer returned types}}
  %0 = pd.cumsum_ %x, %a : (!pd.tensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.tensor<?x?xf32>
  return
}

// -----

// An in-place update keeps the input's shape: flatten cannot.
func.func @cumsum_inplace_flatten(%x: !pd.tensor<2x3xf32>) {
  %a = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.cumsum_' op cannot update x of shape [2, 3] in place with a result of shape [6]}}
  // expected-error @+1 {{'pd.cumsum_' op failed to infer returned types}}
  %0 = pd.cumsum_ %x, %a {flatten = true} : (!pd.tensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.tensor<?xf32>
  return
}

// -----

func.func @cumprod_dim_out_of_range(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.cumprod' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.cumprod' op failed to infer returned types}}
  %0 = pd.cumprod %x {dim = 2 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @cumprod_inplace_dim(%x: !pd.tensor<2x3xf32>) {
  // expected-error @+2 {{'pd.cumprod_' op axis -3 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.cumprod_' op failed to infer returned types}}
  %0 = pd.cumprod_ %x {dim = -3 : i32} : (!pd.tensor<2x3xf32>) -> !pd.tensor<?x?xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// topk, argsort
//===----------------------------------------------------------------------===//

func.func @topk_k_too_large(%x: !pd.vtensor<2x10xf32>) {
  %k = pd.full(11) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.topk' op k = 11 is larger than dimension 1 of size 10}}
  // expected-error @+1 {{'pd.topk' op failed to infer returned types}}
  %0:2 = pd.topk %x, %k : (!pd.vtensor<2x10xf32>, !pd.vtensor<1xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  return
}

// -----

func.func @topk_k_too_large_axis(%x: !pd.vtensor<2x10xf32>) {
  %k = pd.full(3) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.topk' op k = 3 is larger than dimension 0 of size 2}}
  // expected-error @+1 {{'pd.topk' op failed to infer returned types}}
  %0:2 = pd.topk %x, %k {axis = 0 : i32} : (!pd.vtensor<2x10xf32>, !pd.vtensor<1xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  return
}

// -----

func.func @topk_k_zero(%x: !pd.vtensor<2x10xf32>) {
  %k = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.topk' op k must be positive, got 0}}
  // expected-error @+1 {{'pd.topk' op failed to infer returned types}}
  %0:2 = pd.topk %x, %k : (!pd.vtensor<2x10xf32>, !pd.vtensor<1xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  return
}

// -----

func.func @topk_axis_out_of_range(%x: !pd.vtensor<2x10xf32>) {
  %k = pd.full(1) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.topk' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.topk' op failed to infer returned types}}
  %0:2 = pd.topk %x, %k {axis = 2 : i32} : (!pd.vtensor<2x10xf32>, !pd.vtensor<1xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  return
}

// -----

// Indices are int64.
func.func @topk_indices_dtype(%x: !pd.vtensor<2x10xf32>) {
  %k = pd.full(1) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.topk' op inferred type(s) '!pd.vtensor<2x1xf32>', '!pd.vtensor<2x1xi64>' are incompatible with return type(s) of operation '!pd.vtensor<?x?xf32>', '!pd.vtensor<?x?xi32>'}}
  // expected-error @+1 {{'pd.topk' op failed to infer returned types}}
  %0:2 = pd.topk %x, %k : (!pd.vtensor<2x10xf32>, !pd.vtensor<1xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi32>)
  return
}

// -----

func.func @argsort_axis_out_of_range(%x: !pd.vtensor<2x10xf32>) {
  // expected-error @+2 {{'pd.argsort' op axis -3 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.argsort' op failed to infer returned types}}
  %0:2 = pd.argsort %x {axis = -3 : i32} : (!pd.vtensor<2x10xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  return
}

// -----

func.func @argsort_result(%x: !pd.vtensor<2x10xf32>) {
  // expected-error @+2 {{'pd.argsort' op inferred type(s) '!pd.vtensor<2x10xf32>', '!pd.vtensor<2x10xi64>' are incompatible with return type(s) of operation '!pd.vtensor<?x?xf32>', '!pd.vtensor<2x9xi64>'}}
  // expected-error @+1 {{'pd.argsort' op failed to infer returned types}}
  %0:2 = pd.argsort %x : (!pd.vtensor<2x10xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<2x9xi64>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// p_norm
//===----------------------------------------------------------------------===//

func.func @p_norm_axis_out_of_range(%x: !pd.vtensor<2x10xf32>) {
  // expected-error @+2 {{'pd.p_norm' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.p_norm' op failed to infer returned types}}
  %0 = pd.p_norm %x {axis = 2 : i32} : (!pd.vtensor<2x10xf32>) -> !pd.vtensor<?xf32>
  return
}

// -----

// The axis must be valid even when asvector ignores it.
func.func @p_norm_asvector_axis(%x: !pd.vtensor<2x10xf32>) {
  // expected-error @+2 {{'pd.p_norm' op axis -3 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.p_norm' op failed to infer returned types}}
  %0 = pd.p_norm %x {asvector = true, axis = -3 : i32} : (!pd.vtensor<2x10xf32>) -> !pd.vtensor<f32>
  return
}

// -----

// asvector reduces every axis.
func.func @p_norm_asvector_result(%x: !pd.vtensor<2x10xf32>) {
  // expected-error @+2 {{'pd.p_norm' op inferred type(s) '!pd.vtensor<f32>' are incompatible with return type(s) of operation '!pd.vtensor<?xf32>'}}
  // expected-error @+1 {{'pd.p_norm' op failed to infer returned types}}
  %0 = pd.p_norm %x {asvector = true} : (!pd.vtensor<2x10xf32>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @kthvalue_k_too_large(%x: !pd.vtensor<4x7xf32>) {
  // expected-error @+2 {{'pd.kthvalue' op k must be in [1, 4] (the size of axis 0), got 5}}
  // expected-error @+1 {{'pd.kthvalue' op failed to infer returned types}}
  %0:2 = pd.kthvalue %x {k = 5 : i64, axis = 0 : i32} : (!pd.vtensor<4x7xf32>) -> (!pd.vtensor<?xf32>, !pd.vtensor<?xi64>)
  return
}

// -----

func.func @cummax_dtype(%x: !pd.vtensor<4x7xf32>) {
  // expected-error @+2 {{'pd.cummax' op dtype must be int32 or int64, got float32}}
  // expected-error @+1 {{'pd.cummax' op failed to infer returned types}}
  %0:2 = pd.cummax %x {axis = 1 : i32, dtype = #pd.dtype<float32>} : (!pd.vtensor<4x7xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

func.func @renorm_axis(%x: !pd.vtensor<4x7xf32>) {
  // expected-error @+2 {{'pd.renorm' op axis 2 is out of range}}
  // expected-error @+1 {{'pd.renorm' op failed to infer returned types}}
  %0 = pd.renorm %x {p = 2.0 : f32, axis = 2 : i32, max_norm = 1.0 : f32} : (!pd.vtensor<4x7xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @cummin_axis(%x: !pd.vtensor<4x7xf32>) {
  // expected-error @+2 {{'pd.cummin' op axis -3 is out of range}}
  // expected-error @+1 {{'pd.cummin' op failed to infer returned types}}
  %0:2 = pd.cummin %x {axis = -3 : i32} : (!pd.vtensor<4x7xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xi64>)
  return
}

// -----

func.func @l1_norm_int(%x: !pd.vtensor<3x4xi32>) {
  // expected-error @+2 {{'pd.l1_norm' op x must be a float tensor, got 'i32'}}
  // expected-error @+1 {{'pd.l1_norm' op failed to infer returned types}}
  %0 = pd.l1_norm %x : (!pd.vtensor<3x4xi32>) -> !pd.vtensor<f32>
  return
}

// -----

func.func @squared_l2_norm_int(%x: !pd.vtensor<3x4xi64>) {
  // expected-error @+2 {{'pd.squared_l2_norm' op x must be a float tensor, got 'i64'}}
  // expected-error @+1 {{'pd.squared_l2_norm' op failed to infer returned types}}
  %0 = pd.squared_l2_norm %x : (!pd.vtensor<3x4xi64>) -> !pd.vtensor<?xi64>
  return
}

// -----

func.func @frobenius_norm_axis(%x: !pd.vtensor<3x4xf32>) {
  %axis = pd.full_int_array [2] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.frobenius_norm' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.frobenius_norm' op failed to infer returned types}}
  %0 = pd.frobenius_norm %x, %axis {keep_dim = false, reduce_all = false} : (!pd.vtensor<3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @var_of_ints(%x: !pd.vtensor<3x4xi32>) {
  // expected-error @+2 {{'pd.var' op x must be a float tensor, got 'i32'}}
  // expected-error @+1 {{'pd.var' op failed to infer returned types}}
  %0 = pd.var %x : (!pd.vtensor<3x4xi32>) -> !pd.vtensor<f32>
  return
}

// -----

func.func @identity_loss_reduction(%x: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.identity_loss' op reduction must be 0 (sum), 1 (mean) or 2 (none), got 3}}
  // expected-error @+1 {{'pd.identity_loss' op failed to infer returned types}}
  %0 = pd.identity_loss %x {reduction = 3 : i32} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<f32>
  return
}

// -----

func.func @clip_by_norm_max(%x: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.clip_by_norm' op max_norm must be greater than 0, got 0}}
  // expected-error @+1 {{'pd.clip_by_norm' op failed to infer returned types}}
  %0 = pd.clip_by_norm %x {max_norm = 0.0 : f32} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<3x4xf32>
  return
}

// -----

func.func @reverse_twice(%x: !pd.vtensor<3x4xf32>) {
  %axes = pd.full_int_array [1, -1] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.reverse' op axis -1 is reversed twice}}
  // expected-error @+1 {{'pd.reverse' op failed to infer returned types}}
  %0 = pd.reverse %x, %axes : (!pd.vtensor<3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<3x4xf32>
  return
}

// -----

func.func @median_mode(%x: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.median' op mode must be "avg" or "min", got "max"}}
  // expected-error @+1 {{'pd.median' op failed to infer returned types}}
  %0:2 = pd.median %x {mode = "max"} : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<1x1xf32>, !pd.vtensor<1x1xi64>)
  return
}

// -----

func.func @nanmedian_axis(%x: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.nanmedian' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.nanmedian' op failed to infer returned types}}
  %0:2 = pd.nanmedian %x {axis = array<i64: 2>} : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<3x1xf32>, !pd.vtensor<3x1x2xi64>)
  return
}

// -----

func.func @mode_axis(%x: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.mode' op axis -3 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.mode' op failed to infer returned types}}
  %0:2 = pd.mode %x {axis = -3 : i32} : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<3xf32>, !pd.vtensor<3xi64>)
  return
}

// -----

func.func @histogram_range(%x: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.histogram' op max (-1) must not be less than min (1)}}
  // expected-error @+1 {{'pd.histogram' op failed to infer returned types}}
  %0 = pd.histogram %x {bins = 3 : i64, min = 1.0 : f32, max = -1.0 : f32} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<3xi64>
  return
}

// -----

func.func @nansum_declared(%x: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.nansum' op failed to infer returned types}}
  // expected-error @+1 {{'pd.nansum' op inferred type(s) '!pd.vtensor<3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<4xf32>'}}
  %0 = pd.nansum %x {axis = array<i64: 1>} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<4xf32>
  return
}

// -----

func.func @std_of_ints(%x: !pd.vtensor<3x4xi64>) {
  // expected-error @+2 {{'pd.std' op x must be a float tensor, got 'i64'}}
  // expected-error @+1 {{'pd.std' op failed to infer returned types}}
  %0 = pd.std %x : (!pd.vtensor<3x4xi64>) -> !pd.vtensor<f32>
  return
}

// -----

func.func @variance_axis(%x: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.variance' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.variance' op failed to infer returned types}}
  %0 = pd.variance %x {axis = array<i64: 2>} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<3xf32>
  return
}

// -----

func.func @bernoulli_declared(%p: !pd.vtensor<2x5xf32>) {
  // expected-error @+2 {{'pd.bernoulli' op failed to infer returned types}}
  // expected-error @+1 {{'pd.bernoulli' op inferred type(s) '!pd.vtensor<2x5xf32>' are incompatible with return type(s) of operation '!pd.vtensor<5x2xf32>'}}
  %0 = pd.bernoulli %p : (!pd.vtensor<2x5xf32>) -> !pd.vtensor<5x2xf32>
  return
}

// -----

func.func @randperm_float() {
  // expected-error @+2 {{'pd.randperm' op dtype must be an integer type, got float32}}
  // expected-error @+1 {{'pd.randperm' op failed to infer returned types}}
  %0 = pd.randperm {n = 6 : i32, dtype = #pd.dtype<float32>} : () -> !pd.vtensor<6xf32>
  return
}

// -----

func.func @multinomial_too_many(%p: !pd.vtensor<2x5xf32>) {
  %k = pd.full(6) : !pd.vtensor<1xi32>
  // expected-error @+2 {{'pd.multinomial' op without replacement at most 5 samples, got 6}}
  // expected-error @+1 {{'pd.multinomial' op failed to infer returned types}}
  %0 = pd.multinomial %p, %k : (!pd.vtensor<2x5xf32>, !pd.vtensor<1xi32>) -> !pd.vtensor<2x6xi64>
  return
}

// -----

func.func @gumbel_softmax_temperature(%p: !pd.vtensor<2x5xf32>) {
  // expected-error @+2 {{'pd.gumbel_softmax' op temperature must be positive, got 0}}
  // expected-error @+1 {{'pd.gumbel_softmax' op failed to infer returned types}}
  %0 = pd.gumbel_softmax %p {temperature = 0.0 : f32} : (!pd.vtensor<2x5xf32>) -> !pd.vtensor<2x5xf32>
  return
}

// -----

func.func @reduce_as_not_broadcast(%x: !pd.vtensor<2x3xf32>, %t: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.reduce_as' op target [4] does not broadcast to x [2, 3]}}
  // expected-error @+1 {{'pd.reduce_as' op failed to infer returned types}}
  %0 = pd.reduce_as %x, %t : (!pd.vtensor<2x3xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
  return
}

// -----

func.func @fused_softmax_mask_heads(%x: !pd.vtensor<2x4x5x5xf32>, %m: !pd.vtensor<2x4x5x5xf32>) {
  // expected-error @+2 {{'pd.fused_softmax_mask' op mask's second dim must be 1 (one mask for every head), got [2, 4, 5, 5]}}
  // expected-error @+1 {{'pd.fused_softmax_mask' op failed to infer returned types}}
  %0 = pd.fused_softmax_mask %x, %m : (!pd.vtensor<2x4x5x5xf32>, !pd.vtensor<2x4x5x5xf32>) -> !pd.vtensor<2x4x5x5xf32>
  return
}

// -----

func.func @fused_softmax_mask_upper_triangle_square(%x: !pd.vtensor<2x4x5x6xf32>) {
  // expected-error @+2 {{'pd.fused_softmax_mask_upper_triangle' op X's last two dims must be equal, got [2, 4, 5, 6]}}
  // expected-error @+1 {{'pd.fused_softmax_mask_upper_triangle' op failed to infer returned types}}
  %0 = pd.fused_softmax_mask_upper_triangle %x : (!pd.vtensor<2x4x5x6xf32>) -> !pd.vtensor<2x4x5x6xf32>
  return
}
