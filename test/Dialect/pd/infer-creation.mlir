// Shape and dtype inference of the ops whose InferMeta is in
// lib/Dialect/Pd/InferMeta/Creation.cpp: shapes come from constant IntArray
// and Scalar operands (pd.full_int_array, pd.full, pd.combine of pd.full) and
// are unknown when the operand is only known at run time.
// RUN: paddle-opt %s -split-input-file -pd-infer-shapes | FileCheck %s
// RUN: paddle-opt %s -split-input-file | paddle-opt -split-input-file | FileCheck %s --check-prefix=ROUNDTRIP

// CreateLikeInferMeta (full_like, empty_like): x's shape; x's dtype unless a
// dtype is given (the default, all_dtype, means x's).
// CHECK-LABEL: func.func @create_like
// ROUNDTRIP-LABEL: func.func @create_like
func.func @create_like(%x: !pd.vtensor<2x?x4xf32>, %s: !pd.vtensor<f16>, %t: !pd.tensor<3x3xcomplex<f32>>, %varg: !pd.vtensor<1xf32>) {
  %v = pd.full(1.5) : !pd.vtensor<1xf32>
  // ROUNDTRIP: pd.full_like {{.*}} -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.full_like {{.*}} : (!pd.vtensor<2x?x4xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x?x4xf32>
  %0 = pd.full_like %x, %v : (!pd.vtensor<2x?x4xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.full_like {{.*}} {dtype = #pd.dtype<int32>} : (!pd.vtensor<2x?x4xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x?x4xi32>
  %1 = pd.full_like %x, %v {dtype = #pd.dtype<int32>} : (!pd.vtensor<2x?x4xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?x?xi32>
  // CHECK: pd.full_like {{.*}} : (!pd.vtensor<f16>, !pd.vtensor<1xf32>) -> !pd.vtensor<i1>
  %2 = pd.full_like %s, %v {dtype = #pd.dtype<bool>, place = #pd.place<CPU>} : (!pd.vtensor<f16>, !pd.vtensor<1xf32>) -> !pd.vtensor<i1>
  // CHECK: pd.full_like {{.*}} : (!pd.vtensor<2x?x4xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x?x4xf32>
  %3 = pd.full_like %x, %varg {dtype = #pd.dtype<all_dtype>} : (!pd.vtensor<2x?x4xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.empty_like %{{.*}} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<2x?x4xf32>
  %4 = pd.empty_like %x : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.empty_like %{{.*}} {dtype = #pd.dtype<float64>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<2x?x4xf64>
  %5 = pd.empty_like %x {dtype = #pd.dtype<float64>} : (!pd.vtensor<2x?x4xf32>) -> !pd.vtensor<?x?x?xf64>
  // CHECK: pd.empty_like %{{.*}} {dtype = #pd.dtype<uint8>} : (!pd.tensor<3x3xcomplex<f32>>) -> !pd.tensor<3x3xui8>
  %6 = pd.empty_like %t {dtype = #pd.dtype<uint8>} : (!pd.tensor<3x3xcomplex<f32>>) -> !pd.tensor<?x?xui8>
  return
}

// -----

// CreateInferMeta (empty): the shape operand's values, -1 an unknown dim; a
// run-time shape of known length gives that many unknown dims (a pd.combine
// with a run-time element too). The dtype attribute (default float32) is the
// element type.
// CHECK-LABEL: func.func @empty
// ROUNDTRIP-LABEL: func.func @empty
func.func @empty(%shape3: !pd.vtensor<3xi64>, %dim: !pd.vtensor<1xi64>, %tshape: !pd.tensor<2xi64>) {
  %s23 = pd.full_int_array [2, 3] : !pd.vtensor<2xi64>
  // ROUNDTRIP: pd.empty {{.*}} -> !pd.vtensor<?x?xf32>
  // CHECK: pd.empty %{{.*}} : (!pd.vtensor<2xi64>) -> !pd.vtensor<2x3xf32>
  %0 = pd.empty %s23 : (!pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.empty {{.*}} : (!pd.vtensor<2xi64>) -> !pd.vtensor<2x3xf16>
  %1 = pd.empty %s23 {dtype = #pd.dtype<float16>, place = #pd.place<GPU>} : (!pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf16>
  %sdyn = pd.full_int_array [-1, 3] : !pd.vtensor<2xi64>
  // CHECK: pd.empty %{{.*}} : (!pd.vtensor<2xi64>) -> !pd.vtensor<?x3xf32>
  %2 = pd.empty %sdyn : (!pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %s0 = pd.full_int_array [] : !pd.vtensor<0xi64>
  // CHECK: pd.empty {{.*}} : (!pd.vtensor<0xi64>) -> !pd.vtensor<i32>
  %3 = pd.empty %s0 {dtype = #pd.dtype<int32>} : (!pd.vtensor<0xi64>) -> !pd.vtensor<i32>
  %szero = pd.full_int_array [0, 4] : !pd.vtensor<2xi32>
  // CHECK: pd.empty %{{.*}} : (!pd.vtensor<2xi32>) -> !pd.vtensor<0x4xf32>
  %4 = pd.empty %szero : (!pd.vtensor<2xi32>) -> !pd.vtensor<?x?xf32>
  %n = pd.full(5) : !pd.vtensor<1xi64>
  // CHECK: pd.empty %{{.*}} : (!pd.vtensor<1xi64>) -> !pd.vtensor<5xf32>
  %5 = pd.empty %n : (!pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  %d0 = pd.full(2) : !pd.vtensor<1xi64>
  %d1 = pd.full(7) : !pd.vtensor<1xi64>
  %l = pd.combine(%d0, %d1) : !pd.vtensor<1xi64>, !pd.vtensor<1xi64>
  // CHECK: pd.empty %{{.*}} : (!pd.vec<!pd.vtensor<1xi64>, !pd.vtensor<1xi64>>) -> !pd.vtensor<2x7xf32>
  %6 = pd.empty %l : (!pd.vec<!pd.vtensor<1xi64>, !pd.vtensor<1xi64>>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.empty %{{.*}} : (!pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  %7 = pd.empty %shape3 : (!pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  %ld = pd.combine(%d0, %dim) : !pd.vtensor<1xi64>, !pd.vtensor<1xi64>
  // CHECK: pd.empty %{{.*}} : (!pd.vec<!pd.vtensor<1xi64>, !pd.vtensor<1xi64>>) -> !pd.vtensor<?x?xf32>
  %8 = pd.empty %ld : (!pd.vec<!pd.vtensor<1xi64>, !pd.vtensor<1xi64>>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.empty %{{.*}} : (!pd.tensor<2xi64>) -> !pd.tensor<?x?xf32>
  %9 = pd.empty %tshape : (!pd.tensor<2xi64>) -> !pd.tensor<?x?xf32>
  return
}

// -----

// FullWithTensorInferMeta: the shape operand and dtype; the value tensor does
// not matter.
// CHECK-LABEL: func.func @full_with_tensor
// ROUNDTRIP-LABEL: func.func @full_with_tensor
func.func @full_with_tensor(%varg: !pd.vtensor<f32>, %sarg: !pd.vtensor<3xi64>) {
  %v = pd.full(3.0) : !pd.vtensor<1xf32>
  %s = pd.full_int_array [3, 4] : !pd.vtensor<2xi64>
  // ROUNDTRIP: pd.full_with_tensor {{.*}} -> !pd.vtensor<?x?xf32>
  // CHECK: pd.full_with_tensor {{.*}} : (!pd.vtensor<1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<3x4xf32>
  %0 = pd.full_with_tensor %v, %s : (!pd.vtensor<1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.full_with_tensor {{.*}} : (!pd.vtensor<1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<3x4xi64>
  %1 = pd.full_with_tensor %v, %s {dtype = #pd.dtype<int64>} : (!pd.vtensor<1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xi64>
  // CHECK: pd.full_with_tensor {{.*}} : (!pd.vtensor<f32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.full_with_tensor %varg, %sarg : (!pd.vtensor<f32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

// ArangeInferMeta: ceil((end - start) / step) elements of dtype (default
// int64), empty when start == end; unknown when an operand is only known at
// run time.
// CHECK-LABEL: func.func @arange
// ROUNDTRIP-LABEL: func.func @arange
func.func @arange(%start: !pd.vtensor<1xi64>) {
  %i0 = pd.full(0) : !pd.vtensor<1xi64>
  %i2 = pd.full(2) : !pd.vtensor<1xi64>
  %i3 = pd.full(3) : !pd.vtensor<1xi64>
  %i5 = pd.full(5) : !pd.vtensor<1xi64>
  %i10 = pd.full(10) : !pd.vtensor<1xi64>
  %im2 = pd.full(-2) : !pd.vtensor<1xi64>
  // ROUNDTRIP: pd.arange {{.*}} -> !pd.vtensor<?xi64>
  // CHECK: pd.arange {{.*}} -> !pd.vtensor<4xi64>
  %0 = pd.arange %i0, %i10, %i3 : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  // CHECK: pd.arange {{.*}} -> !pd.vtensor<5xi32>
  %1 = pd.arange %i0, %i10, %i2 {dtype = #pd.dtype<int32>} : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi32>
  // CHECK: pd.arange {{.*}} -> !pd.vtensor<3xi64>
  %2 = pd.arange %i5, %i0, %im2 : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  // CHECK: pd.arange {{.*}} -> !pd.vtensor<0xi64>
  %3 = pd.arange %i2, %i2, %i3 : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  %f0 = pd.full(0.0) : !pd.vtensor<1xf32>
  %f1 = pd.full(1.0) : !pd.vtensor<1xf32>
  %fq = pd.full(0.3) : !pd.vtensor<1xf32>
  // CHECK: pd.arange {{.*}} -> !pd.vtensor<4xf32>
  %4 = pd.arange %f0, %f1, %fq {dtype = #pd.dtype<float32>} : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?xf32>
  // CHECK: pd.arange {{.*}} -> !pd.vtensor<4xf64>
  %5 = pd.arange %f0, %f1, %fq {dtype = #pd.dtype<float64>} : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?xf64>
  // CHECK: pd.arange {{.*}} -> !pd.vtensor<?xi64>
  %6 = pd.arange %start, %i10, %i3 : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  // CHECK: pd.arange {{.*}} -> !pd.vtensor<?xi64>
  %7 = pd.arange %i0, %i10, %start : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  return
}

// -----

// LinspaceInferMeta: `number` elements of dtype (default float32); unknown
// when number is only known at run time (start and stop do not matter).
// CHECK-LABEL: func.func @linspace
// ROUNDTRIP-LABEL: func.func @linspace
func.func @linspace(%num: !pd.vtensor<1xi32>, %a: !pd.vtensor<1xf32>) {
  %start = pd.full(0.0) : !pd.vtensor<1xf32>
  %stop = pd.full(1.0) : !pd.vtensor<1xf32>
  %n5 = pd.full(5) : !pd.vtensor<1xi32>
  %n1 = pd.full(1) : !pd.vtensor<1xi32>
  // ROUNDTRIP: pd.linspace {{.*}} -> !pd.vtensor<?xf32>
  // CHECK: pd.linspace {{.*}} -> !pd.vtensor<5xf32>
  %0 = pd.linspace %start, %stop, %n5 : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>) -> !pd.vtensor<?xf32>
  // CHECK: pd.linspace {{.*}} -> !pd.vtensor<1xf64>
  %1 = pd.linspace %start, %stop, %n1 {dtype = #pd.dtype<float64>} : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>) -> !pd.vtensor<?xf64>
  // CHECK: pd.linspace {{.*}} -> !pd.vtensor<5xi32>
  %2 = pd.linspace %stop, %start, %n5 {dtype = #pd.dtype<int32>} : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>) -> !pd.vtensor<?xi32>
  // CHECK: pd.linspace {{.*}} -> !pd.vtensor<?xf32>
  %3 = pd.linspace %start, %stop, %num : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>) -> !pd.vtensor<?xf32>
  // CHECK: pd.linspace {{.*}} -> !pd.vtensor<5xf32>
  %4 = pd.linspace %a, %stop, %n5 : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>) -> !pd.vtensor<?xf32>
  return
}

// -----

// LogspaceInferMeta: as linspace, `num` values of dtype; the base does not
// change the shape.
// CHECK-LABEL: func.func @logspace
// ROUNDTRIP-LABEL: func.func @logspace
func.func @logspace(%num: !pd.vtensor<1xi32>, %base: !pd.vtensor<1xf32>) {
  %start = pd.full(0.0) : !pd.vtensor<1xf32>
  %stop = pd.full(2.0) : !pd.vtensor<1xf32>
  %ten = pd.full(10.0) : !pd.vtensor<1xf32>
  %n5 = pd.full(5) : !pd.vtensor<1xi32>
  // ROUNDTRIP: pd.logspace {{.*}} -> !pd.vtensor<?xf32>
  // CHECK: pd.logspace {{.*}} -> !pd.vtensor<5xf32>
  %0 = pd.logspace %start, %stop, %n5, %ten : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?xf32>
  // CHECK: pd.logspace {{.*}} -> !pd.vtensor<5xi64>
  %1 = pd.logspace %start, %stop, %n5, %base {dtype = #pd.dtype<int64>} : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?xi64>
  // CHECK: pd.logspace {{.*}} -> !pd.vtensor<?xf64>
  %2 = pd.logspace %start, %stop, %num, %ten {dtype = #pd.dtype<float64>} : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?xf64>
  return
}

// -----

// EyeInferMeta: [num_rows, num_columns] of dtype (default float32);
// num_columns -1 means num_rows; unknown when only known at run time.
// CHECK-LABEL: func.func @eye
// ROUNDTRIP-LABEL: func.func @eye
func.func @eye(%rows: !pd.vtensor<1xi64>, %cols: !pd.vtensor<1xi64>) {
  %r3 = pd.full(3) : !pd.vtensor<1xi64>
  %c4 = pd.full(4) : !pd.vtensor<1xi64>
  %m1 = pd.full(-1) : !pd.vtensor<1xi64>
  %z = pd.full(0) : !pd.vtensor<1xi64>
  // ROUNDTRIP: pd.eye {{.*}} -> !pd.vtensor<?x?xf32>
  // CHECK: pd.eye {{.*}} -> !pd.vtensor<3x4xf32>
  %0 = pd.eye %r3, %c4 : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.eye {{.*}} -> !pd.vtensor<3x3xi64>
  %1 = pd.eye %r3, %m1 {dtype = #pd.dtype<int64>} : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi64>
  // CHECK: pd.eye {{.*}} -> !pd.vtensor<0x4xf32>
  %2 = pd.eye %z, %c4 : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.eye {{.*}} -> !pd.vtensor<?x4xf32>
  %3 = pd.eye %rows, %c4 : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.eye {{.*}} -> !pd.vtensor<3x?xi1>
  %4 = pd.eye %r3, %cols {dtype = #pd.dtype<bool>} : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.eye {{.*}} -> !pd.vtensor<?x?xf32>
  %5 = pd.eye %rows, %m1 : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// CreateInferMeta for the random ops (uniform, gaussian, randint): the shape
// operand and the dtype attribute (randint: default int64).
// CHECK-LABEL: func.func @random
// ROUNDTRIP-LABEL: func.func @random
func.func @random(%sarg: !pd.vtensor<3xi64>) {
  %s = pd.full_int_array [2, 3] : !pd.vtensor<2xi64>
  %min = pd.full(-1.0) : !pd.vtensor<1xf32>
  %max = pd.full(1.0) : !pd.vtensor<1xf32>
  // ROUNDTRIP: pd.uniform {{.*}} -> !pd.vtensor<?x?xf32>
  // CHECK: pd.uniform {{.*}} : (!pd.vtensor<2xi64>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x3xf32>
  %0 = pd.uniform %s, %min, %max {dtype = #pd.dtype<float32>, seed = 0 : i32} : (!pd.vtensor<2xi64>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.uniform {{.*}} : (!pd.vtensor<3xi64>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?x?xf64>
  %1 = pd.uniform %sarg, %min, %max {dtype = #pd.dtype<float64>, seed = 1 : i32} : (!pd.vtensor<3xi64>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?x?xf64>
  // CHECK: pd.gaussian {{.*}} : (!pd.vtensor<2xi64>) -> !pd.vtensor<2x3xf16>
  %2 = pd.gaussian %s {dtype = #pd.dtype<float16>, mean = 0.000000e+00 : f32, seed = 0 : i32, std = 1.000000e+00 : f32} : (!pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.gaussian {{.*}} : (!pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  %3 = pd.gaussian %sarg {dtype = #pd.dtype<float32>, mean = 1.000000e+00 : f32, seed = 0 : i32, std = 2.000000e+00 : f32} : (!pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.randint {{.*}} : (!pd.vtensor<2xi64>) -> !pd.vtensor<2x3xi64>
  %4 = pd.randint %s {high = 10 : i32, low = 0 : i32} : (!pd.vtensor<2xi64>) -> !pd.vtensor<?x?xi64>
  // CHECK: pd.randint {{.*}} : (!pd.vtensor<2xi64>) -> !pd.vtensor<2x3xi32>
  %5 = pd.randint %s {dtype = #pd.dtype<int32>, high = 5 : i32, low = -5 : i32, seed = 3 : i32} : (!pd.vtensor<2xi64>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.randint {{.*}} : (!pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xi64>
  %6 = pd.randint %sarg {high = 2 : i32, low = 0 : i32} : (!pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xi64>
  return
}

// -----

// assign_value: a constant from Paddle's Scalar[] (paddle.to_tensor);
// assign_value_ overwrites a tensor with it, shape and dtype included.
// CHECK-LABEL: func.func @assign_value
// CHECK: pd.assign_value {{.*}} -> !pd.tensor<2x2xf32>
// CHECK: pd.assign_value_ {{.*}} : (!pd.tensor<3xi64>) -> !pd.tensor<2xi32>
func.func @assign_value(%t: !pd.tensor<3xi64>) {
  %0 = pd.assign_value {shape = array<i32: 2, 2>, dtype = #pd.dtype<float32>, values = [1.0, 2.0, 3.0, 4.0]} : () -> !pd.tensor<?x?xf32>
  %1 = pd.assign_value_ %t {shape = array<i32: 2>, dtype = #pd.dtype<int32>, values = [7, 8]} : (!pd.tensor<3xi64>) -> !pd.tensor<?xi32>
  return
}

// -----

// tril_indices / triu_indices: [2, count] of dtype; the count is the
// triangle's (the diagonal shifted by offset) inside a rows x cols matrix.
// CHECK-LABEL: func.func @triangle_indices
// ROUNDTRIP-LABEL: func.func @triangle_indices
func.func @triangle_indices() {
  // CHECK: pd.tril_indices {{.*}} -> !pd.vtensor<2x10xi64>
  %0 = pd.tril_indices {rows = 4 : i32, cols = 4 : i32, offset = 0 : i32, dtype = #pd.dtype<int64>} : () -> !pd.vtensor<?x?xi64>
  // CHECK: pd.tril_indices {{.*}} -> !pd.vtensor<2x11xi32>
  %1 = pd.tril_indices {rows = 4 : i32, cols = 3 : i32, offset = 1 : i32, dtype = #pd.dtype<int32>} : () -> !pd.vtensor<?x?xi32>
  // CHECK: pd.triu_indices {{.*}} -> !pd.vtensor<2x9xi64>
  %2 = pd.triu_indices {row = 4 : i32, col = 3 : i32, offset = -1 : i32, dtype = #pd.dtype<int64>} : () -> !pd.vtensor<?x?xi64>
  // Nothing left: [2, 0].
  // CHECK: pd.triu_indices {{.*}} -> !pd.vtensor<2x0xi64>
  %3 = pd.triu_indices {row = 2 : i32, col = 2 : i32, offset = 5 : i32, dtype = #pd.dtype<int64>} : () -> !pd.vtensor<?x?xi64>
  return
}
