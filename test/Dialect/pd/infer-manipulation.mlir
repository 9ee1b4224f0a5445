// Shape inference of the manipulation and indexing ops (InferMeta in
// lib/Dialect/Pd/InferMeta/Manipulation.cpp): results are declared with `?`
// dims and -pd-infer-shapes fills in what the InferMeta function knows.
// RUN: paddle-opt %s -split-input-file -pd-infer-shapes | FileCheck %s

// Paddle's 0 copies the input dim at the same index; one -1 takes the rest.
// CHECK-LABEL: func.func @reshape_rules
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<4x32xf32>
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<2x8x8xf32>
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<16x8xf32>
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<4x8x2x2xf32>
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<f32>
func.func @reshape_rules(%x: !pd.vtensor<4x8x4xf32>, %one: !pd.vtensor<1x1xf32>) {
  %s0 = pd.full_int_array [0, -1] : !pd.vtensor<2xi64>
  %0 = pd.reshape %x, %s0 : (!pd.vtensor<4x8x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %s1 = pd.full_int_array [2, -1, 8] : !pd.vtensor<3xi64>
  %1 = pd.reshape %x, %s1 : (!pd.vtensor<4x8x4xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  %s2 = pd.full_int_array [16, 8] : !pd.vtensor<2xi64>
  %2 = pd.reshape %x, %s2 : (!pd.vtensor<4x8x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %s3 = pd.full_int_array [0, 0, 2, 2] : !pd.vtensor<4xi64>
  %3 = pd.reshape %x, %s3 : (!pd.vtensor<4x8x4xf32>, !pd.vtensor<4xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %s4 = pd.full_int_array [] : !pd.vtensor<0xi64>
  %4 = pd.reshape %one, %s4 : (!pd.vtensor<1x1xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<f32>
  return
}

// -----

// A dynamic input dim: 0 copies it, -1 stays unknown, other dims are known.
// CHECK-LABEL: func.func @reshape_dynamic
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<?x32xf32>
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<?x4xf32>
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<8x16xf32>
func.func @reshape_dynamic(%x: !pd.vtensor<?x8x4xf32>) {
  %s0 = pd.full_int_array [0, -1] : !pd.vtensor<2xi64>
  %0 = pd.reshape %x, %s0 : (!pd.vtensor<?x8x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %s1 = pd.full_int_array [-1, 4] : !pd.vtensor<2xi64>
  %1 = pd.reshape %x, %s1 : (!pd.vtensor<?x8x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %s2 = pd.full_int_array [8, 16] : !pd.vtensor<2xi64>
  %2 = pd.reshape %x, %s2 : (!pd.vtensor<?x8x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// A shape known only at run time gives the rank (its length), not the dims;
// a pd.combine of one-element pd.full is a constant shape.
// CHECK-LABEL: func.func @reshape_shape_operand
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<?x?x?xf32>
// CHECK: pd.combine
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<2x64xf32>
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<?x?xf32>
func.func @reshape_shape_operand(%x: !pd.vtensor<4x8x4xf32>, %s: !pd.vtensor<3xi64>, %d: !pd.vtensor<1xi64>) {
  %0 = pd.reshape %x, %s : (!pd.vtensor<4x8x4xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  %a = pd.full(2) : !pd.vtensor<1xi64>
  %b = pd.full(-1) : !pd.vtensor<1xi64>
  %c = pd.combine(%a, %b) : !pd.vtensor<1xi64>, !pd.vtensor<1xi64>
  %1 = pd.reshape %x, %c : (!pd.vtensor<4x8x4xf32>, !pd.vec<!pd.vtensor<1xi64>, !pd.vtensor<1xi64>>) -> !pd.vtensor<?x?xf32>
  %e = pd.combine(%a, %d) : !pd.vtensor<1xi64>, !pd.vtensor<1xi64>
  %2 = pd.reshape %x, %e : (!pd.vtensor<4x8x4xf32>, !pd.vec<!pd.vtensor<1xi64>, !pd.vtensor<1xi64>>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// In place: the operand is a !pd.tensor, and so is the result.
// CHECK-LABEL: func.func @reshape_inplace
// CHECK: pd.reshape_ {{.*}} -> !pd.tensor<24xf32>
func.func @reshape_inplace(%x: !pd.tensor<2x3x4xf32>) {
  %s = pd.full_int_array [-1] : !pd.vtensor<1xi64>
  %0 = pd.reshape_ %x, %s : (!pd.tensor<2x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.tensor<?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK: pd.transpose {{.*}} -> !pd.vtensor<4x2x3xf32>
// CHECK: pd.transpose {{.*}} -> !pd.vtensor<4x2x3xf32>
// CHECK: pd.transpose {{.*}} -> !pd.vtensor<3x?xi32>
// CHECK: pd.transpose {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.transpose_ {{.*}} -> !pd.tensor<3x2xf32>
func.func @transpose(%x: !pd.vtensor<2x3x4xf32>, %d: !pd.vtensor<?x3xi32>, %s: !pd.vtensor<f32>, %t: !pd.tensor<2x3xf32>) {
  %0 = pd.transpose %x {perm = array<i32: 2, 0, 1>} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  // Negative entries count from the end.
  %1 = pd.transpose %x {perm = array<i32: -1, 0, -2>} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.transpose %d {perm = array<i32: 1, 0>} : (!pd.vtensor<?x3xi32>) -> !pd.vtensor<?x?xi32>
  %3 = pd.transpose %s {perm = array<i32>} : (!pd.vtensor<f32>) -> !pd.vtensor<f32>
  %4 = pd.transpose_ %t {perm = array<i32: 1, 0>} : (!pd.tensor<2x3xf32>) -> !pd.tensor<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @concat
// CHECK: pd.concat {{.*}} -> !pd.vtensor<7x3xf32>
// CHECK: pd.concat {{.*}} -> !pd.vtensor<2x7xf32>
// CHECK: pd.concat {{.*}} -> !pd.vtensor<2x10xf32>
func.func @concat(%a: !pd.vtensor<2x3xf32>, %b: !pd.vtensor<5x3xf32>, %c: !pd.vtensor<2x4xf32>) {
  %ax0 = pd.full(0) : !pd.vtensor<1xi64>
  %l0 = pd.combine(%a, %b) : !pd.vtensor<2x3xf32>, !pd.vtensor<5x3xf32>
  %0 = pd.concat %l0, %ax0 : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<5x3xf32>>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  // A negative axis counts from the end.
  %axm1 = pd.full(-1) : !pd.vtensor<1xi64>
  %l1 = pd.combine(%a, %c) : !pd.vtensor<2x3xf32>, !pd.vtensor<2x4xf32>
  %1 = pd.concat %l1, %axm1 : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<2x4xf32>>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %ax1 = pd.full(1) : !pd.vtensor<i32>
  %l2 = pd.combine(%a, %c, %a) : !pd.vtensor<2x3xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<2x3xf32>
  %2 = pd.concat %l2, %ax1 : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<2x3xf32>>, !pd.vtensor<i32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// A dynamic dim on the concat axis makes the sum unknown; elsewhere the known
// dim of another input wins. An axis known only at run time leaves every dim
// unknown.
// CHECK-LABEL: func.func @concat_dynamic
// CHECK: pd.concat {{.*}} -> !pd.vtensor<?x3xf32>
// CHECK: pd.concat {{.*}} -> !pd.vtensor<2x7xf32>
// CHECK: pd.concat {{.*}} -> !pd.vtensor<?x?xf32>
func.func @concat_dynamic(%a: !pd.vtensor<?x3xf32>, %b: !pd.vtensor<2x3xf32>, %c: !pd.vtensor<2x4xf32>, %axis: !pd.vtensor<1xi64>) {
  %ax0 = pd.full(0) : !pd.vtensor<1xi64>
  %l0 = pd.combine(%a, %b) : !pd.vtensor<?x3xf32>, !pd.vtensor<2x3xf32>
  %0 = pd.concat %l0, %ax0 : (!pd.vec<!pd.vtensor<?x3xf32>, !pd.vtensor<2x3xf32>>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %ax1 = pd.full(1) : !pd.vtensor<1xi64>
  %l1 = pd.combine(%a, %c) : !pd.vtensor<?x3xf32>, !pd.vtensor<2x4xf32>
  %1 = pd.concat %l1, %ax1 : (!pd.vec<!pd.vtensor<?x3xf32>, !pd.vtensor<2x4xf32>>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %l2 = pd.combine(%b, %b) : !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>
  %2 = pd.concat %l2, %axis : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @stack
// CHECK: pd.stack {{.*}} -> !pd.vtensor<2x2x3xf32>
// CHECK: pd.stack {{.*}} -> !pd.vtensor<2x3x2xf32>
// CHECK: pd.stack {{.*}} -> !pd.vtensor<2x3x2xf32>
// CHECK: pd.stack {{.*}} -> !pd.vtensor<2x3x3xf32>
// CHECK: pd.stack {{.*}} -> !pd.vtensor<3xf32>
func.func @stack(%a: !pd.vtensor<2x3xf32>, %d: !pd.vtensor<?x3xf32>, %s: !pd.vtensor<f32>) {
  %l = pd.combine(%a, %a) : !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>
  %0 = pd.stack %l : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>>) -> !pd.vtensor<?x?x?xf32>
  %1 = pd.stack %l {axis = -1 : i32} : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.stack %l {axis = 2 : i32} : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>>) -> !pd.vtensor<?x?x?xf32>
  // A dynamic dim takes the known dim of another input.
  %ld = pd.combine(%d, %a, %d) : !pd.vtensor<?x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<?x3xf32>
  %3 = pd.stack %ld {axis = 1 : i32} : (!pd.vec<!pd.vtensor<?x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<?x3xf32>>) -> !pd.vtensor<?x?x?xf32>
  %ls = pd.combine(%s, %s, %s) : !pd.vtensor<f32>, !pd.vtensor<f32>, !pd.vtensor<f32>
  %4 = pd.stack %ls : (!pd.vec<!pd.vtensor<f32>, !pd.vtensor<f32>, !pd.vtensor<f32>>) -> !pd.vtensor<?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @stack_dynamic
// CHECK: pd.stack {{.*}} -> !pd.vtensor<?x2x3xf32>
func.func @stack_dynamic(%d: !pd.vtensor<?x3xf32>) {
  %l = pd.combine(%d, %d) : !pd.vtensor<?x3xf32>, !pd.vtensor<?x3xf32>
  %0 = pd.stack %l {axis = -2 : i32} : (!pd.vec<!pd.vtensor<?x3xf32>, !pd.vtensor<?x3xf32>>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @split
// CHECK: pd.split {{.*}} -> !pd.vec<!pd.vtensor<1x4xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<3x4xf32>>
// CHECK: pd.split {{.*}} -> !pd.vec<!pd.vtensor<6x1xf32>, !pd.vtensor<6x3xf32>>
// CHECK: pd.split {{.*}} -> !pd.vec<!pd.vtensor<2x4xf32>, !pd.vtensor<4x4xf32>>
func.func @split(%x: !pd.vtensor<6x4xf32>) {
  %ax0 = pd.full(0) : !pd.vtensor<1xi64>
  %s0 = pd.full_int_array [1, 2, 3] : !pd.vtensor<3xi64>
  %0 = pd.split %x, %s0, %ax0 : (!pd.vtensor<6x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  // -1 takes what the other sections leave; a negative axis counts from the end.
  %axm1 = pd.full(-1) : !pd.vtensor<1xi32>
  %s1 = pd.full_int_array [-1, 3] : !pd.vtensor<2xi64>
  %1 = pd.split %x, %s1, %axm1 : (!pd.vtensor<6x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<1xi32>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  %s2 = pd.full_int_array [2, -1] : !pd.vtensor<2xi64>
  %2 = pd.split %x, %s2, %ax0 : (!pd.vtensor<6x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  return
}

// -----

// A dynamic axis dim leaves the -1 section unknown. An axis known only at
// run time leaves every dim unknown; sections known only at run time leave
// the axis dim unknown.
// CHECK-LABEL: func.func @split_dynamic
// CHECK: pd.split {{.*}} -> !pd.vec<!pd.vtensor<1x4xf32>, !pd.vtensor<?x4xf32>>
// CHECK: pd.split {{.*}} -> !pd.vec<!pd.vtensor<?x1xf32>, !pd.vtensor<?x3xf32>>
// CHECK: pd.split {{.*}} -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
// CHECK: pd.split {{.*}} -> !pd.vec<!pd.vtensor<6x?xf32>, !pd.vtensor<6x?xf32>>
func.func @split_dynamic(%d: !pd.vtensor<?x4xf32>, %x: !pd.vtensor<6x4xf32>, %axis: !pd.vtensor<1xi64>, %sections: !pd.vtensor<2xi64>) {
  %ax0 = pd.full(0) : !pd.vtensor<1xi64>
  %ax1 = pd.full(1) : !pd.vtensor<1xi64>
  %s0 = pd.full_int_array [1, -1] : !pd.vtensor<2xi64>
  %0 = pd.split %d, %s0, %ax0 : (!pd.vtensor<?x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  %s1 = pd.full_int_array [1, 3] : !pd.vtensor<2xi64>
  %1 = pd.split %d, %s1, %ax1 : (!pd.vtensor<?x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  %2 = pd.split %x, %s1, %axis : (!pd.vtensor<6x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  %3 = pd.split %x, %sections, %ax1 : (!pd.vtensor<6x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  return
}

// -----

// CHECK-LABEL: func.func @split_with_num
// CHECK: pd.split_with_num {{.*}} -> !pd.vec<!pd.vtensor<2x4xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<2x4xf32>>
// CHECK: pd.split_with_num {{.*}} -> !pd.vec<!pd.vtensor<6x2xf32>, !pd.vtensor<6x2xf32>>
// CHECK: pd.split_with_num {{.*}} -> !pd.vec<!pd.vtensor<?x4xf32>, !pd.vtensor<?x4xf32>>
// CHECK: pd.split_with_num {{.*}} -> !pd.vec<!pd.vtensor<?x2xf32>, !pd.vtensor<?x2xf32>>
// CHECK: pd.split_with_num {{.*}} -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
func.func @split_with_num(%x: !pd.vtensor<6x4xf32>, %d: !pd.vtensor<?x4xf32>, %axis: !pd.vtensor<1xi64>) {
  %ax0 = pd.full(0) : !pd.vtensor<1xi64>
  %0 = pd.split_with_num %x, %ax0 {num = 3 : i32} : (!pd.vtensor<6x4xf32>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  %axm1 = pd.full(-1) : !pd.vtensor<1xi64>
  %1 = pd.split_with_num %x, %axm1 {num = 2 : i32} : (!pd.vtensor<6x4xf32>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  %2 = pd.split_with_num %d, %ax0 {num = 2 : i32} : (!pd.vtensor<?x4xf32>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  %3 = pd.split_with_num %d, %axm1 {num = 2 : i32} : (!pd.vtensor<?x4xf32>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  %4 = pd.split_with_num %x, %axis {num = 2 : i32} : (!pd.vtensor<6x4xf32>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  return
}

// -----

// unstack and unbind remove the axis; one output per element along it.
// CHECK-LABEL: func.func @unstack_unbind
// CHECK: pd.unstack {{.*}} -> !pd.vec<!pd.vtensor<3xf32>, !pd.vtensor<3xf32>>
// CHECK: pd.unstack {{.*}} -> !pd.vec<!pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>>
// CHECK: pd.unstack {{.*}} -> !pd.vec<!pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>>
// CHECK: pd.unstack {{.*}} -> !pd.vec<!pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>>
// CHECK: pd.unstack {{.*}} -> !pd.vec<!pd.vtensor<3xf32>, !pd.vtensor<3xf32>>
// CHECK: pd.unbind {{.*}} -> !pd.vec<!pd.vtensor<3xi64>, !pd.vtensor<3xi64>>
// CHECK: pd.unbind {{.*}} -> !pd.vec<!pd.vtensor<2xi64>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>>
// CHECK: pd.unbind {{.*}} -> !pd.vec<!pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>>
func.func @unstack_unbind(%x: !pd.vtensor<2x3xf32>, %d: !pd.vtensor<?x3xf32>, %i: !pd.vtensor<2x3xi64>) {
  %0 = pd.unstack %x : (!pd.vtensor<2x3xf32>) -> !pd.vec<!pd.vtensor<?xf32>, !pd.vtensor<?xf32>>
  %1 = pd.unstack %x {axis = 1 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vec<!pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>>
  %2 = pd.unstack %x {axis = -1 : i32, num = 3 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vec<!pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>>
  %3 = pd.unstack %d {axis = 1 : i32} : (!pd.vtensor<?x3xf32>) -> !pd.vec<!pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>>
  // A dynamic axis dim needs num.
  %4 = pd.unstack %d {num = 2 : i32} : (!pd.vtensor<?x3xf32>) -> !pd.vec<!pd.vtensor<?xf32>, !pd.vtensor<?xf32>>
  %5 = pd.unbind %i : (!pd.vtensor<2x3xi64>) -> !pd.vec<!pd.vtensor<?xi64>, !pd.vtensor<?xi64>>
  %6 = pd.unbind %i {axis = -1 : i32} : (!pd.vtensor<2x3xi64>) -> !pd.vec<!pd.vtensor<?xi64>, !pd.vtensor<?xi64>, !pd.vtensor<?xi64>>
  %7 = pd.unbind %d {axis = 1 : i32} : (!pd.vtensor<?x3xf32>) -> !pd.vec<!pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>>
  return
}

// -----

// Negative starts and ends count from the end; bounds are clamped to the dim
// (ends = 1000000 is "to the end"); decrease_axis drops dims of size 1.
// CHECK-LABEL: func.func @slice
// CHECK: pd.slice {{.*}} -> !pd.vtensor<5x3xf32>
// CHECK: pd.slice {{.*}} -> !pd.vtensor<3x8xf32>
// CHECK: pd.slice {{.*}} -> !pd.vtensor<10x8xf32>
// CHECK: pd.slice {{.*}} -> !pd.vtensor<10x2xf32>
// CHECK: pd.slice {{.*}} -> !pd.vtensor<10xf32>
// CHECK: pd.slice {{.*}} -> !pd.vtensor<f32>
func.func @slice(%x: !pd.vtensor<10x8xf32>) {
  %s0 = pd.full_int_array [2, -3] : !pd.vtensor<2xi64>
  %e0 = pd.full_int_array [7, 1000000] : !pd.vtensor<2xi64>
  %0 = pd.slice %x, %s0, %e0 {axes = array<i64: 0, 1>, infer_flags = array<i64: 1, 1>, decrease_axis = array<i64>} : (!pd.vtensor<10x8xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %s1 = pd.full_int_array [-4] : !pd.vtensor<1xi64>
  %e1 = pd.full_int_array [-1] : !pd.vtensor<1xi64>
  %1 = pd.slice %x, %s1, %e1 {axes = array<i64: 0>, infer_flags = array<i64: 1>, decrease_axis = array<i64>} : (!pd.vtensor<10x8xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %s2 = pd.full_int_array [-100] : !pd.vtensor<1xi64>
  %e2 = pd.full_int_array [1000000] : !pd.vtensor<1xi64>
  %2 = pd.slice %x, %s2, %e2 {axes = array<i64: 0>, infer_flags = array<i64: 1>, decrease_axis = array<i64>} : (!pd.vtensor<10x8xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  // A negative axis.
  %s3 = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %e3 = pd.full_int_array [3] : !pd.vtensor<1xi64>
  %3 = pd.slice %x, %s3, %e3 {axes = array<i64: -1>, infer_flags = array<i64: 1>, decrease_axis = array<i64>} : (!pd.vtensor<10x8xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %s4 = pd.full_int_array [5] : !pd.vtensor<1xi64>
  %e4 = pd.full_int_array [6] : !pd.vtensor<1xi64>
  %4 = pd.slice %x, %s4, %e4 {axes = array<i64: 1>, infer_flags = array<i64: 1>, decrease_axis = array<i64: 1>} : (!pd.vtensor<10x8xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  // Decreasing every dim gives a 0-D tensor.
  %s5 = pd.full_int_array [-1, 0] : !pd.vtensor<2xi64>
  %e5 = pd.full_int_array [1000000, 1] : !pd.vtensor<2xi64>
  %5 = pd.slice %x, %s5, %e5 {axes = array<i64: 0, 1>, infer_flags = array<i64: 1, 1>, decrease_axis = array<i64: 0, 1>} : (!pd.vtensor<10x8xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<f32>
  return
}

// -----

// A dynamic dim stays unknown (and may be decreased); starts or ends known
// only at run time leave the sliced dims unknown.
// CHECK-LABEL: func.func @slice_dynamic
// CHECK: pd.slice {{.*}} -> !pd.vtensor<?x4xf32>
// CHECK: pd.slice {{.*}} -> !pd.vtensor<8xf32>
// CHECK: pd.slice {{.*}} -> !pd.vtensor<10x?xf32>
func.func @slice_dynamic(%d: !pd.vtensor<?x8xf32>, %x: !pd.vtensor<10x8xf32>, %starts: !pd.vtensor<1xi64>) {
  %s0 = pd.full_int_array [0, 2] : !pd.vtensor<2xi64>
  %e0 = pd.full_int_array [3, 6] : !pd.vtensor<2xi64>
  %0 = pd.slice %d, %s0, %e0 {axes = array<i64: 0, 1>, infer_flags = array<i64: 1, 1>, decrease_axis = array<i64>} : (!pd.vtensor<?x8xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %s1 = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %e1 = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %1 = pd.slice %d, %s1, %e1 {axes = array<i64: 0>, infer_flags = array<i64: 1>, decrease_axis = array<i64: 0>} : (!pd.vtensor<?x8xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  %e2 = pd.full_int_array [4] : !pd.vtensor<1xi64>
  %2 = pd.slice %x, %starts, %e2 {axes = array<i64: 1>, infer_flags = array<i64: -1>, decrease_axis = array<i64>} : (!pd.vtensor<10x8xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @strided_slice
// CHECK: pd.strided_slice {{.*}} -> !pd.vtensor<4xf32>
// CHECK: pd.strided_slice {{.*}} -> !pd.vtensor<5xf32>
// CHECK: pd.strided_slice {{.*}} -> !pd.vtensor<3xf32>
// CHECK: pd.strided_slice {{.*}} -> !pd.vtensor<10xf32>
// CHECK: pd.strided_slice {{.*}} -> !pd.vtensor<9xf32>
// CHECK: pd.strided_slice {{.*}} -> !pd.vtensor<2x6x3xf32>
func.func @strided_slice(%x: !pd.vtensor<10xf32>, %y: !pd.vtensor<4x6x8xf32>) {
  %one = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %e0 = pd.full_int_array [8] : !pd.vtensor<1xi64>
  %st0 = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %0 = pd.strided_slice %x, %one, %e0, %st0 {axes = array<i32: 0>} : (!pd.vtensor<10xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  // Negative strides walk backwards: x[-1:-11:-2] is 9, 7, 5, 3, 1.
  %s1 = pd.full_int_array [-1] : !pd.vtensor<1xi64>
  %e1 = pd.full_int_array [-11] : !pd.vtensor<1xi64>
  %st1 = pd.full_int_array [-2] : !pd.vtensor<1xi64>
  %1 = pd.strided_slice %x, %s1, %e1, %st1 {axes = array<i32: 0>} : (!pd.vtensor<10xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  // x[7:1:-2] is 7, 5, 3.
  %s2 = pd.full_int_array [7] : !pd.vtensor<1xi64>
  %2 = pd.strided_slice %x, %s2, %one, %st1 {axes = array<i32: 0>} : (!pd.vtensor<10xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  // x[::-1] as Paddle writes it: start INT_MAX, end -1 (the `None` stop).
  %s3 = pd.full_int_array [2147483647] : !pd.vtensor<1xi64>
  %st3 = pd.full_int_array [-1] : !pd.vtensor<1xi64>
  %3 = pd.strided_slice %x, %s3, %st3, %st3 {axes = array<i32: 0>} : (!pd.vtensor<10xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  // As in PHI, an end before the start of the axis is clamped to 0, which
  // the slice then excludes: 9 down to 1.
  %e4 = pd.full_int_array [-100] : !pd.vtensor<1xi64>
  %4 = pd.strided_slice %x, %st3, %e4, %st3 {axes = array<i32: 0>} : (!pd.vtensor<10xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  // Several axes: [0:4:2] and [7:0:-3] (7, 4, 1).
  %s5 = pd.full_int_array [0, 7] : !pd.vtensor<2xi64>
  %e5 = pd.full_int_array [4, 0] : !pd.vtensor<2xi64>
  %st5 = pd.full_int_array [2, -3] : !pd.vtensor<2xi64>
  %5 = pd.strided_slice %y, %s5, %e5, %st5 {axes = array<i32: 0, -1>} : (!pd.vtensor<4x6x8xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @strided_slice_dynamic
// CHECK: pd.strided_slice {{.*}} -> !pd.vtensor<?x4xf32>
// CHECK: pd.strided_slice {{.*}} -> !pd.vtensor<?x8xf32>
func.func @strided_slice_dynamic(%d: !pd.vtensor<?x8xf32>, %strides: !pd.vtensor<1xi64>) {
  %s = pd.full_int_array [0, 0] : !pd.vtensor<2xi64>
  %e = pd.full_int_array [2, 8] : !pd.vtensor<2xi64>
  %st = pd.full_int_array [1, 2] : !pd.vtensor<2xi64>
  %0 = pd.strided_slice %d, %s, %e, %st {axes = array<i32: 0, 1>} : (!pd.vtensor<?x8xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  // Strides known only at run time.
  %s1 = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %e1 = pd.full_int_array [4] : !pd.vtensor<1xi64>
  %1 = pd.strided_slice %d, %s1, %e1, %strides {axes = array<i32: 0>} : (!pd.vtensor<?x8xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// An empty axis squeezes every dim of size 1; a named dim that is not 1 is
// kept (as in Paddle); a dynamic named dim is squeezed.
// CHECK-LABEL: func.func @squeeze
// CHECK: pd.squeeze {{.*}} -> !pd.vtensor<3xf32>
// CHECK: pd.squeeze {{.*}} -> !pd.vtensor<3x1xf32>
// CHECK: pd.squeeze {{.*}} -> !pd.vtensor<1x3xf32>
// CHECK: pd.squeeze {{.*}} -> !pd.vtensor<3x1xf32>
// CHECK: pd.squeeze {{.*}} -> !pd.vtensor<f32>
func.func @squeeze(%x: !pd.vtensor<1x3x1xf32>, %s: !pd.vtensor<f32>) {
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  %0 = pd.squeeze %x, %none : (!pd.vtensor<1x3x1xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?xf32>
  %a0 = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %1 = pd.squeeze %x, %a0 : (!pd.vtensor<1x3x1xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %am1 = pd.full_int_array [-1] : !pd.vtensor<1xi64>
  %2 = pd.squeeze %x, %am1 : (!pd.vtensor<1x3x1xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  // Axis 1 has size 3: only axis 0 goes.
  %a01 = pd.full_int_array [0, 1] : !pd.vtensor<2xi64>
  %3 = pd.squeeze %x, %a01 : (!pd.vtensor<1x3x1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  // The axes given for a 0-D tensor are ignored.
  %4 = pd.squeeze %s, %a0 : (!pd.vtensor<f32>, !pd.vtensor<1xi64>) -> !pd.vtensor<f32>
  return
}

// -----

// CHECK-LABEL: func.func @squeeze_dynamic
// CHECK: pd.squeeze {{.*}} -> !pd.vtensor<?x4xf32>
// CHECK: pd.squeeze {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.squeeze_ {{.*}} -> !pd.tensor<4xf32>
func.func @squeeze_dynamic(%d: !pd.vtensor<?x1x4xf32>, %e: !pd.vtensor<?x3x4xf32>, %t: !pd.tensor<1x4xf32>) {
  // Only known 1s go when no axis is named.
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  %0 = pd.squeeze %d, %none : (!pd.vtensor<?x1x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?xf32>
  %a0 = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %1 = pd.squeeze %e, %a0 : (!pd.vtensor<?x3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %2 = pd.squeeze_ %t, %a0 : (!pd.tensor<1x4xf32>, !pd.vtensor<1xi64>) -> !pd.tensor<?xf32>
  return
}

// -----

// Paddle inserts the axes one after the other, each in the result so far.
// CHECK-LABEL: func.func @unsqueeze
// CHECK: pd.unsqueeze {{.*}} -> !pd.vtensor<1x3x4x1xf32>
// CHECK: pd.unsqueeze {{.*}} -> !pd.vtensor<1x3x4x1xf32>
// CHECK: pd.unsqueeze {{.*}} -> !pd.vtensor<3x1x1x4xf32>
// CHECK: pd.unsqueeze {{.*}} -> !pd.vtensor<3x4x1x1xf32>
// CHECK: pd.unsqueeze {{.*}} -> !pd.vtensor<1x1x3x4xf32>
// CHECK: pd.unsqueeze {{.*}} -> !pd.vtensor<1xf32>
func.func @unsqueeze(%x: !pd.vtensor<3x4xf32>, %s: !pd.vtensor<f32>) {
  %a0 = pd.full_int_array [0, -1] : !pd.vtensor<2xi64>
  %0 = pd.unsqueeze %x, %a0 : (!pd.vtensor<3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // Insert at 2 ([3, 4, 1]), then at 0: the earlier one moves to 3.
  %a1 = pd.full_int_array [2, 0] : !pd.vtensor<2xi64>
  %1 = pd.unsqueeze %x, %a1 : (!pd.vtensor<3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %a2 = pd.full_int_array [1, 1] : !pd.vtensor<2xi64>
  %2 = pd.unsqueeze %x, %a2 : (!pd.vtensor<3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // -1 is the end of the result so far, each time.
  %a3 = pd.full_int_array [-1, -1] : !pd.vtensor<2xi64>
  %3 = pd.unsqueeze %x, %a3 : (!pd.vtensor<3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %a4 = pd.full_int_array [0, 1] : !pd.vtensor<2xi64>
  %4 = pd.unsqueeze %x, %a4 : (!pd.vtensor<3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %a5 = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %5 = pd.unsqueeze %s, %a5 : (!pd.vtensor<f32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @unsqueeze_dynamic
// CHECK: pd.unsqueeze {{.*}} -> !pd.vtensor<?x1x4xf32>
// CHECK: pd.unsqueeze {{.*}} -> !pd.vtensor<?x?x?x?xf32>
// CHECK: pd.unsqueeze {{.*}} -> !pd.vtensor<?x4x1xf32>
// CHECK: pd.unsqueeze_ {{.*}} -> !pd.tensor<1x3xf32>
func.func @unsqueeze_dynamic(%d: !pd.vtensor<?x4xf32>, %x: !pd.vtensor<3x4xf32>, %axes: !pd.vtensor<2xi64>, %t: !pd.tensor<3xf32>) {
  %a = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %0 = pd.unsqueeze %d, %a : (!pd.vtensor<?x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?xf32>
  // Axes known only at run time: only the rank is known.
  %1 = pd.unsqueeze %x, %axes : (!pd.vtensor<3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // A one-element pd.full is a constant IntArray too.
  %f = pd.full(-1) : !pd.vtensor<1xi64>
  %2 = pd.unsqueeze %d, %f : (!pd.vtensor<?x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?xf32>
  %a0 = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %3 = pd.unsqueeze_ %t, %a0 : (!pd.tensor<3xf32>, !pd.vtensor<1xi64>) -> !pd.tensor<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @flatten
// CHECK: pd.flatten {{.*}} -> !pd.vtensor<2x12x5xf32>
// CHECK: pd.flatten {{.*}} -> !pd.vtensor<120xf32>
// CHECK: pd.flatten {{.*}} -> !pd.vtensor<2x3x20xf32>
// CHECK: pd.flatten {{.*}} -> !pd.vtensor<2x3x4x5xf32>
// CHECK: pd.flatten {{.*}} -> !pd.vtensor<1xf32>
func.func @flatten(%x: !pd.vtensor<2x3x4x5xf32>, %s: !pd.vtensor<f32>) {
  %0 = pd.flatten %x {start_axis = 1 : i32, stop_axis = 2 : i32} : (!pd.vtensor<2x3x4x5xf32>) -> !pd.vtensor<?x?x?xf32>
  %1 = pd.flatten %x {start_axis = 0 : i32, stop_axis = -1 : i32} : (!pd.vtensor<2x3x4x5xf32>) -> !pd.vtensor<?xf32>
  %2 = pd.flatten %x {start_axis = -2 : i32, stop_axis = -1 : i32} : (!pd.vtensor<2x3x4x5xf32>) -> !pd.vtensor<?x?x?xf32>
  // The defaults (1, 1) flatten one dim: nothing changes.
  %3 = pd.flatten %x : (!pd.vtensor<2x3x4x5xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // A 0-D tensor becomes [1].
  %4 = pd.flatten %s {start_axis = 0 : i32, stop_axis = -1 : i32} : (!pd.vtensor<f32>) -> !pd.vtensor<?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @flatten_dynamic
// CHECK: pd.flatten {{.*}} -> !pd.vtensor<2x?x5xf32>
// CHECK: pd.flatten {{.*}} -> !pd.vtensor<2x?x20xf32>
// CHECK: pd.flatten_ {{.*}} -> !pd.tensor<6x4xf32>
func.func @flatten_dynamic(%d: !pd.vtensor<2x?x4x5xf32>, %t: !pd.tensor<2x3x4xf32>) {
  %0 = pd.flatten %d {start_axis = 1 : i32, stop_axis = 2 : i32} : (!pd.vtensor<2x?x4x5xf32>) -> !pd.vtensor<?x?x?xf32>
  %1 = pd.flatten %d {start_axis = 2 : i32, stop_axis = 3 : i32} : (!pd.vtensor<2x?x4x5xf32>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.flatten_ %t {start_axis = 0 : i32, stop_axis = 1 : i32} : (!pd.tensor<2x3x4xf32>) -> !pd.tensor<?x?xf32>
  return
}

// -----

// -1 keeps the input dim; new dims are added in front; an empty shape (the
// default) keeps the input shape.
// CHECK-LABEL: func.func @expand
// CHECK: pd.expand {{.*}} -> !pd.vtensor<2x3x4xf32>
// CHECK: pd.expand {{.*}} -> !pd.vtensor<3x5xf32>
// CHECK: pd.expand {{.*}} -> !pd.vtensor<2x3x4xf32>
// CHECK: pd.expand {{.*}} -> !pd.vtensor<3x1xf32>
func.func @expand(%x: !pd.vtensor<3x1xf32>, %y: !pd.vtensor<4xf32>) {
  %s0 = pd.full_int_array [2, -1, 4] : !pd.vtensor<3xi64>
  %0 = pd.expand %x, %s0 : (!pd.vtensor<3x1xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  %s1 = pd.full_int_array [-1, 5] : !pd.vtensor<2xi64>
  %1 = pd.expand %x, %s1 : (!pd.vtensor<3x1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %s2 = pd.full_int_array [2, 3, 4] : !pd.vtensor<3xi64>
  %2 = pd.expand %y, %s2 : (!pd.vtensor<4xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  %3 = pd.expand %x, %none : (!pd.vtensor<3x1xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @expand_dynamic
// CHECK: pd.expand {{.*}} -> !pd.vtensor<?x6xf32>
// CHECK: pd.expand {{.*}} -> !pd.vtensor<5x6xf32>
// CHECK: pd.expand {{.*}} -> !pd.vtensor<?x?x?xf32>
func.func @expand_dynamic(%d: !pd.vtensor<?x1xf32>, %x: !pd.vtensor<3x1xf32>, %shape: !pd.vtensor<3xi64>) {
  %s0 = pd.full_int_array [-1, 6] : !pd.vtensor<2xi64>
  %0 = pd.expand %d, %s0 : (!pd.vtensor<?x1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %s1 = pd.full_int_array [5, 6] : !pd.vtensor<2xi64>
  %1 = pd.expand %d, %s1 : (!pd.vtensor<?x1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %2 = pd.expand %x, %shape : (!pd.vtensor<3x1xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @expand_as
// CHECK: pd.expand_as {{.*}} -> !pd.vtensor<2x3x4xf32>
// CHECK: pd.expand_as {{.*}} -> !pd.vtensor<2x3x4xf32>
// CHECK: pd.expand_as {{.*}} -> !pd.vtensor<5x6xf32>
func.func @expand_as(%x: !pd.vtensor<3x1xf32>, %y: !pd.vtensor<2x3x4xf32>, %d: !pd.vtensor<?x1xf32>, %z: !pd.vtensor<5x6xi32>) {
  %0 = pd.expand_as %x y(%y) : (!pd.vtensor<3x1xf32>, !pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  %1 = pd.expand_as %x {target_shape = array<i64: 2, 3, 4>} : (!pd.vtensor<3x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // Only y's shape matters, not its dtype.
  %2 = pd.expand_as %d y(%z) : (!pd.vtensor<?x1xf32>, !pd.vtensor<5x6xi32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// An unknown dim of y is unknown in the result, unless the input dim (not 1)
// fixes it.
// CHECK-LABEL: func.func @expand_as_dynamic
// CHECK: pd.expand_as {{.*}} -> !pd.vtensor<?x3xf32>
// CHECK: pd.expand_as {{.*}} -> !pd.vtensor<?x3xf32>
// CHECK: pd.expand_as {{.*}} -> !pd.vtensor<2x3xf32>
func.func @expand_as_dynamic(%x: !pd.vtensor<1x3xf32>, %v: !pd.vtensor<3xf32>, %w: !pd.vtensor<2x1xf32>, %y: !pd.vtensor<?x3xf32>, %z: !pd.vtensor<?x?xf32>) {
  %0 = pd.expand_as %x y(%y) : (!pd.vtensor<1x3xf32>, !pd.vtensor<?x3xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.expand_as %v y(%y) : (!pd.vtensor<3xf32>, !pd.vtensor<?x3xf32>) -> !pd.vtensor<?x?xf32>
  %2 = pd.expand_as %w y(%y) : (!pd.vtensor<2x1xf32>, !pd.vtensor<?x3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// Missing repeats count as 1, on either side.
// CHECK-LABEL: func.func @tile
// CHECK: pd.tile {{.*}} -> !pd.vtensor<2x3x8xf32>
// CHECK: pd.tile {{.*}} -> !pd.vtensor<3x8xf32>
// CHECK: pd.tile {{.*}} -> !pd.vtensor<2x2x6xf32>
// CHECK: pd.tile {{.*}} -> !pd.vtensor<3x4xf32>
func.func @tile(%x: !pd.vtensor<3x4xf32>, %y: !pd.vtensor<3xf32>) {
  %r0 = pd.full_int_array [2, 1, 2] : !pd.vtensor<3xi64>
  %0 = pd.tile %x, %r0 : (!pd.vtensor<3x4xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  %r1 = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %1 = pd.tile %x, %r1 : (!pd.vtensor<3x4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  // More repeats than dims.
  %r2 = pd.full_int_array [2, 2, 2] : !pd.vtensor<3xi64>
  %2 = pd.tile %y, %r2 : (!pd.vtensor<3xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  %3 = pd.tile %x, %none : (!pd.vtensor<3x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @tile_dynamic
// CHECK: pd.tile {{.*}} -> !pd.vtensor<?x12xf32>
// CHECK: pd.tile {{.*}} -> !pd.vtensor<?x?x?xf32>
func.func @tile_dynamic(%d: !pd.vtensor<?x4xf32>, %x: !pd.vtensor<3x4xf32>, %repeats: !pd.vtensor<3xi64>) {
  %r = pd.full_int_array [2, 3] : !pd.vtensor<2xi64>
  %0 = pd.tile %d, %r : (!pd.vtensor<?x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %1 = pd.tile %x, %repeats : (!pd.vtensor<3x4xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

// A 1-D index replaces the axis dim by its length; a 0-D index removes it.
// CHECK-LABEL: func.func @gather
// CHECK: pd.gather {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.gather {{.*}} -> !pd.vtensor<10x3xf32>
// CHECK: pd.gather {{.*}} -> !pd.vtensor<4xf32>
// CHECK: pd.gather {{.*}} -> !pd.vtensor<10xf32>
// CHECK: pd.gather {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.gather {{.*}} -> !pd.vtensor<f32>
func.func @gather(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3xi64>, %i32: !pd.vtensor<3xi32>, %s: !pd.vtensor<i64>, %i2: !pd.vtensor<3x1xi64>, %v: !pd.vtensor<10xf32>) {
  %ax0 = pd.full(0) : !pd.vtensor<1xi64>
  %ax1 = pd.full(1) : !pd.vtensor<1xi64>
  %axm1 = pd.full(-1) : !pd.vtensor<1xi64>
  %0 = pd.gather %x, %i, %ax0 : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %1 = pd.gather %x, %i32, %ax1 : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %2 = pd.gather %x, %s, %ax0 : (!pd.vtensor<10x4xf32>, !pd.vtensor<i64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  %3 = pd.gather %x, %s, %axm1 : (!pd.vtensor<10x4xf32>, !pd.vtensor<i64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  // An [N, 1] index counts as 1-D.
  %4 = pd.gather %x, %i2, %ax0 : (!pd.vtensor<10x4xf32>, !pd.vtensor<3x1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  // One element of a 1-D tensor.
  %5 = pd.gather %v, %s, %ax0 : (!pd.vtensor<10xf32>, !pd.vtensor<i64>, !pd.vtensor<1xi64>) -> !pd.vtensor<f32>
  return
}

// -----

// CHECK-LABEL: func.func @gather_dynamic
// CHECK: pd.gather {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.gather {{.*}} -> !pd.vtensor<?x4xf32>
// CHECK: pd.gather {{.*}} -> !pd.vtensor<?x?xf32>
func.func @gather_dynamic(%d: !pd.vtensor<?x4xf32>, %i: !pd.vtensor<3xi64>, %di: !pd.vtensor<?xi64>, %axis: !pd.vtensor<1xi64>) {
  %ax0 = pd.full(0) : !pd.vtensor<1xi64>
  %0 = pd.gather %d, %i, %ax0 : (!pd.vtensor<?x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %1 = pd.gather %d, %di, %ax0 : (!pd.vtensor<?x4xf32>, !pd.vtensor<?xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  // An axis known only at run time: only the rank is known.
  %2 = pd.gather %d, %i, %axis : (!pd.vtensor<?x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// index.shape[:-1] + x.shape[index.shape[-1]:]
// CHECK-LABEL: func.func @gather_nd
// CHECK: pd.gather_nd {{.*}} -> !pd.vtensor<6x5xf32>
// CHECK: pd.gather_nd {{.*}} -> !pd.vtensor<6xf32>
// CHECK: pd.gather_nd {{.*}} -> !pd.vtensor<2x3x4x5xf32>
// CHECK: pd.gather_nd {{.*}} -> !pd.vtensor<5xf32>
// CHECK: pd.gather_nd {{.*}} -> !pd.vtensor<?x5xf32>
func.func @gather_nd(%x: !pd.vtensor<10x4x5xf32>, %i0: !pd.vtensor<6x2xi64>, %i1: !pd.vtensor<6x3xi32>, %i2: !pd.vtensor<2x3x1xi64>, %i3: !pd.vtensor<2xi64>, %d: !pd.vtensor<?x4x5xf32>, %di: !pd.vtensor<?x2xi64>) {
  %0 = pd.gather_nd %x, %i0 : (!pd.vtensor<10x4x5xf32>, !pd.vtensor<6x2xi64>) -> !pd.vtensor<?x?xf32>
  %1 = pd.gather_nd %x, %i1 : (!pd.vtensor<10x4x5xf32>, !pd.vtensor<6x3xi32>) -> !pd.vtensor<?xf32>
  %2 = pd.gather_nd %x, %i2 : (!pd.vtensor<10x4x5xf32>, !pd.vtensor<2x3x1xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %3 = pd.gather_nd %x, %i3 : (!pd.vtensor<10x4x5xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?xf32>
  %4 = pd.gather_nd %d, %di : (!pd.vtensor<?x4x5xf32>, !pd.vtensor<?x2xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// scatter_nd_add keeps x's type (updates: index.shape[:-1] + x.shape[k:]).
// CHECK-LABEL: func.func @scatter_nd_add
// CHECK: pd.scatter_nd_add {{.*}} -> !pd.vtensor<10x4x5xf32>
// CHECK: pd.scatter_nd_add {{.*}} -> !pd.vtensor<?x4x5xf32>
func.func @scatter_nd_add(%x: !pd.vtensor<10x4x5xf32>, %i: !pd.vtensor<6x2xi64>, %u: !pd.vtensor<6x5xf32>, %d: !pd.vtensor<?x4x5xf32>, %di: !pd.vtensor<?x1xi32>, %du: !pd.vtensor<?x4x5xf32>) {
  %0 = pd.scatter_nd_add %x, %i, %u : (!pd.vtensor<10x4x5xf32>, !pd.vtensor<6x2xi64>, !pd.vtensor<6x5xf32>) -> !pd.vtensor<?x?x?xf32>
  %1 = pd.scatter_nd_add %d, %di, %du : (!pd.vtensor<?x4x5xf32>, !pd.vtensor<?x1xi32>, !pd.vtensor<?x4x5xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @index_select
// CHECK: pd.index_select {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.index_select {{.*}} -> !pd.vtensor<10x3xf32>
// CHECK: pd.index_select {{.*}} -> !pd.vtensor<10x3xf32>
// CHECK: pd.index_select {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.index_select {{.*}} -> !pd.vtensor<?x?xf32>
func.func @index_select(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3xi32>, %d: !pd.vtensor<?x4xf32>, %di: !pd.vtensor<?xi64>) {
  %0 = pd.index_select %x, %i : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.index_select %x, %i {axis = 1 : i32} : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi32>) -> !pd.vtensor<?x?xf32>
  %2 = pd.index_select %x, %i {axis = -1 : i32} : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi32>) -> !pd.vtensor<?x?xf32>
  %3 = pd.index_select %d, %i : (!pd.vtensor<?x4xf32>, !pd.vtensor<3xi32>) -> !pd.vtensor<?x?xf32>
  %4 = pd.index_select %d, %di {axis = 1 : i32} : (!pd.vtensor<?x4xf32>, !pd.vtensor<?xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// The result has the shape of x.
// CHECK-LABEL: func.func @scatter
// CHECK: pd.scatter {{.*}} -> !pd.vtensor<10x4xf32>
// CHECK: pd.scatter {{.*}} -> !pd.vtensor<10x4xf32>
// CHECK: pd.scatter {{.*}} -> !pd.vtensor<?x4xf32>
// CHECK: pd.scatter_ {{.*}} -> !pd.tensor<10x4xf32>
func.func @scatter(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3xi64>, %u: !pd.vtensor<3x4xf32>, %s: !pd.vtensor<i32>, %row: !pd.vtensor<4xf32>, %d: !pd.vtensor<?x4xf32>, %du: !pd.vtensor<?x?xf32>, %t: !pd.tensor<10x4xf32>) {
  %0 = pd.scatter %x, %i, %u : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<3x4xf32>) -> !pd.vtensor<?x?xf32>
  // A 0-D index writes one row.
  %1 = pd.scatter %x, %s, %row {overwrite = false} : (!pd.vtensor<10x4xf32>, !pd.vtensor<i32>, !pd.vtensor<4xf32>) -> !pd.vtensor<?x?xf32>
  %2 = pd.scatter %d, %i, %du : (!pd.vtensor<?x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<?x?xf32>) -> !pd.vtensor<?x?xf32>
  %3 = pd.scatter_ %t, %i, %u : (!pd.tensor<10x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<3x4xf32>) -> !pd.tensor<?x?xf32>
  return
}

// -----

// The result has the shape of indices and the dtype of arr.
// CHECK-LABEL: func.func @take_along_axis
// CHECK: pd.take_along_axis {{.*}} -> !pd.vtensor<10x1xf16>
// CHECK: pd.take_along_axis {{.*}} -> !pd.vtensor<2x4xf16>
// CHECK: pd.take_along_axis {{.*}} -> !pd.vtensor<?x2xf16>
func.func @take_along_axis(%arr: !pd.vtensor<10x4xf16>, %i: !pd.vtensor<10x1xi64>, %j: !pd.vtensor<2x4xi32>, %d: !pd.vtensor<?x2xi64>) {
  %0 = pd.take_along_axis %arr, %i {axis = 1 : i32} : (!pd.vtensor<10x4xf16>, !pd.vtensor<10x1xi64>) -> !pd.vtensor<?x?xf16>
  %1 = pd.take_along_axis %arr, %j {axis = -2 : i32} : (!pd.vtensor<10x4xf16>, !pd.vtensor<2x4xi32>) -> !pd.vtensor<?x?xf16>
  %2 = pd.take_along_axis %arr, %d {axis = 1 : i32} : (!pd.vtensor<10x4xf16>, !pd.vtensor<?x2xi64>) -> !pd.vtensor<?x?xf16>
  return
}

// -----

// flip and roll keep the shape.
// CHECK-LABEL: func.func @flip_roll
// CHECK: pd.flip {{.*}} -> !pd.vtensor<2x3xf32>
// CHECK: pd.flip {{.*}} -> !pd.vtensor<2x3xf32>
// CHECK: pd.flip {{.*}} -> !pd.vtensor<?x3xi64>
// CHECK: pd.roll {{.*}} -> !pd.vtensor<2x3xf32>
// CHECK: pd.roll {{.*}} -> !pd.vtensor<2x3xf32>
// CHECK: pd.roll {{.*}} -> !pd.vtensor<?x3xi64>
func.func @flip_roll(%x: !pd.vtensor<2x3xf32>, %d: !pd.vtensor<?x3xi64>, %shifts: !pd.vtensor<2xi64>) {
  %0 = pd.flip %x {axis = array<i32: 0>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.flip %x {axis = array<i32: -1, 0>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  %2 = pd.flip %d {axis = array<i32: 1>} : (!pd.vtensor<?x3xi64>) -> !pd.vtensor<?x?xi64>
  %s = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %3 = pd.roll %x, %s {axis = array<i64: 1>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  // Without axis, the flattened tensor rolls by the one shift.
  %4 = pd.roll %x, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %5 = pd.roll %d, %shifts {axis = array<i64: 0, -1>} : (!pd.vtensor<?x3xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xi64>
  return
}

// -----

// paddings: (before, after) for each dim.
// CHECK-LABEL: func.func @pad
// CHECK: pd.pad {{.*}} -> !pd.vtensor<4x5xf32>
// CHECK: pd.pad {{.*}} -> !pd.vtensor<?x5xf32>
// CHECK: pd.pad {{.*}} -> !pd.vtensor<2x3xf32>
func.func @pad(%x: !pd.vtensor<2x3xf32>, %d: !pd.vtensor<?x3xf32>) {
  %v = pd.full(0.0) : !pd.vtensor<1xf32>
  %0 = pd.pad %x, %v {paddings = array<i32: 1, 1, 0, 2>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.pad %d, %v {paddings = array<i32: 1, 1, 0, 2>} : (!pd.vtensor<?x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  %2 = pd.pad %x, %v {paddings = array<i32: 0, 0, 0, 0>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// paddings: (left, right) of W, (top, bottom) of H, (front, back) of D.
// CHECK-LABEL: func.func @pad3d
// CHECK: pd.pad3d {{.*}} -> !pd.vtensor<1x2x4x8x6xf32>
// CHECK: pd.pad3d {{.*}} -> !pd.vtensor<1x15x11x7x2xf32>
// CHECK: pd.pad3d {{.*}} -> !pd.vtensor<1x2x?x6x6xf32>
// CHECK: pd.pad3d {{.*}} -> !pd.vtensor<1x2x?x?x?xf32>
func.func @pad3d(%x: !pd.vtensor<1x2x4x4x4xf32>, %y: !pd.vtensor<1x4x4x4x2xf32>, %d: !pd.vtensor<1x2x?x4x4xf32>, %p: !pd.vtensor<6xi64>) {
  %p0 = pd.full_int_array [1, 1, 2, 2, 0, 0] : !pd.vtensor<6xi64>
  %0 = pd.pad3d %x, %p0 : (!pd.vtensor<1x2x4x4x4xf32>, !pd.vtensor<6xi64>) -> !pd.vtensor<?x?x?x?x?xf32>
  %p1 = pd.full_int_array [1, 2, 3, 4, 5, 6] : !pd.vtensor<6xi64>
  %1 = pd.pad3d %y, %p1 {data_format = "NDHWC", mode = "reflect"} : (!pd.vtensor<1x4x4x4x2xf32>, !pd.vtensor<6xi64>) -> !pd.vtensor<?x?x?x?x?xf32>
  %p2 = pd.full_int_array [1, 1, 1, 1, 1, 1] : !pd.vtensor<6xi64>
  %2 = pd.pad3d %d, %p2 {pad_value = 1.0 : f64} : (!pd.vtensor<1x2x?x4x4xf32>, !pd.vtensor<6xi64>) -> !pd.vtensor<?x?x?x?x?xf32>
  // Paddings known only at run time: N and C are kept.
  %3 = pd.pad3d %x, %p : (!pd.vtensor<1x2x4x4x4xf32>, !pd.vtensor<6xi64>) -> !pd.vtensor<?x?x?x?x?xf32>
  return
}

// -----

// A float32 result with a new last dim of num_classes.
// CHECK-LABEL: func.func @one_hot
// CHECK: pd.one_hot {{.*}} -> !pd.vtensor<4x10xf32>
// CHECK: pd.one_hot {{.*}} -> !pd.vtensor<2x3x10xf32>
// CHECK: pd.one_hot {{.*}} -> !pd.vtensor<?x10xf32>
// CHECK: pd.one_hot {{.*}} -> !pd.vtensor<4x?xf32>
func.func @one_hot(%x: !pd.vtensor<4xi64>, %y: !pd.vtensor<2x3xi32>, %d: !pd.vtensor<?xi64>, %n: !pd.vtensor<1xi64>) {
  %c = pd.full(10) : !pd.vtensor<1xi64>
  %0 = pd.one_hot %x, %c : (!pd.vtensor<4xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %1 = pd.one_hot %y, %c : (!pd.vtensor<2x3xi32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.one_hot %d, %c : (!pd.vtensor<?xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  // num_classes known only at run time.
  %3 = pd.one_hot %x, %n : (!pd.vtensor<4xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// [number of nonzeros (unknown), rank] of int64.
// CHECK-LABEL: func.func @nonzero
// CHECK: pd.nonzero {{.*}} -> !pd.vtensor<?x2xi64>
// CHECK: pd.nonzero {{.*}} -> !pd.vtensor<?x3xi64>
// CHECK: pd.nonzero {{.*}} -> !pd.vtensor<?x2xi64>
func.func @nonzero(%x: !pd.vtensor<3x4xf32>, %b: !pd.vtensor<2x3x4xi1>, %d: !pd.vtensor<?x?xi32>) {
  %0 = pd.nonzero %x : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<?x?xi64>
  %1 = pd.nonzero %b : (!pd.vtensor<2x3x4xi1>) -> !pd.vtensor<?x?xi64>
  %2 = pd.nonzero %d : (!pd.vtensor<?x?xi32>) -> !pd.vtensor<?x?xi64>
  return
}

// -----

// masked_select: 1-D of x's dtype, its length unknown; x and mask broadcast.
// CHECK-LABEL: func.func @masked_select
// CHECK: pd.masked_select {{.*}} -> !pd.vtensor<?xf32>
// CHECK: pd.masked_select {{.*}} -> !pd.vtensor<?xi64>
func.func @masked_select(%x: !pd.vtensor<3x4xf32>, %m: !pd.vtensor<3x4xi1>, %i: !pd.vtensor<2x1x4xi64>,
                         %row: !pd.vtensor<3x1xi1>) {
  %0 = pd.masked_select %x, %m : (!pd.vtensor<3x4xf32>, !pd.vtensor<3x4xi1>) -> !pd.vtensor<?xf32>
  %1 = pd.masked_select %i, %row : (!pd.vtensor<2x1x4xi64>, !pd.vtensor<3x1xi1>) -> !pd.vtensor<?xi64>
  return
}

// -----

// unique: values of unknown length; first indices and counts of the same
// length, the inverse one per element, all of `dtype`; an output not asked
// for is 0-D. Along an axis, that dim's length is unknown.
// CHECK-LABEL: func.func @unique
// CHECK: pd.unique {{.*}} -> (!pd.vtensor<?xf32>, !pd.vtensor<?xi64>, !pd.vtensor<12xi64>, !pd.vtensor<?xi64>)
// CHECK: pd.unique {{.*}} -> (!pd.vtensor<?xf32>, !pd.vtensor<i32>, !pd.vtensor<12xi32>, !pd.vtensor<i32>)
// CHECK: pd.unique {{.*}} -> (!pd.vtensor<3x?xf32>, !pd.vtensor<i64>, !pd.vtensor<i64>, !pd.vtensor<?xi64>)
func.func @unique(%x: !pd.vtensor<3x4xf32>) {
  %0:4 = pd.unique %x {return_index = true, return_inverse = true, return_counts = true, is_sorted = true} : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<?xf32>, !pd.vtensor<?xi64>, !pd.vtensor<?xi64>, !pd.vtensor<?xi64>)
  %1:4 = pd.unique %x {return_inverse = true, dtype = #pd.dtype<int32>, is_sorted = true} : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<?xf32>, !pd.vtensor<i32>, !pd.vtensor<?xi32>, !pd.vtensor<i32>)
  %2:4 = pd.unique %x {return_counts = true, axis = array<i32: -1>, is_sorted = true} : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<i64>, !pd.vtensor<i64>, !pd.vtensor<?xi64>)
  return
}

// -----

// CHECK-LABEL: func.func @tril_triu
// CHECK: pd.tril {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.tril {{.*}} -> !pd.vtensor<?x?x4xf32>
// CHECK: pd.triu {{.*}} -> !pd.vtensor<3x4xf32>
// CHECK: pd.triu {{.*}} -> !pd.vtensor<?x?x4xf32>
// CHECK: pd.tril_ {{.*}} -> !pd.tensor<5x5xf64>
// CHECK: pd.triu_ {{.*}} -> !pd.tensor<5x5xf64>
func.func @tril_triu(%x: !pd.vtensor<3x4xf32>, %d: !pd.vtensor<?x?x4xf32>, %t: !pd.tensor<5x5xf64>) {
  %0 = pd.tril %x {diagonal = 0 : i32} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.tril %d {diagonal = -1 : i32} : (!pd.vtensor<?x?x4xf32>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.triu %x {diagonal = 1 : i32} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<?x?xf32>
  %3 = pd.triu %d {diagonal = 0 : i32} : (!pd.vtensor<?x?x4xf32>) -> !pd.vtensor<?x?x?xf32>
  %4 = pd.tril_ %t {diagonal = 0 : i32} : (!pd.tensor<5x5xf64>) -> !pd.tensor<?x?xf64>
  %5 = pd.triu_ %t {diagonal = 2 : i32} : (!pd.tensor<5x5xf64>) -> !pd.tensor<?x?xf64>
  return
}

// -----

// fill_diagonal keeps x's shape and dtype (rank 2 or more).
// CHECK-LABEL: func.func @fill_diagonal
// CHECK: pd.fill_diagonal {{.*}} -> !pd.vtensor<7x5xf32>
// CHECK: pd.fill_diagonal {{.*}} -> !pd.vtensor<?x3x3xi32>
// CHECK: pd.fill_diagonal_ {{.*}} -> !pd.tensor<4x4xf64>
func.func @fill_diagonal(%x: !pd.vtensor<7x5xf32>, %d: !pd.vtensor<?x3x3xi32>, %t: !pd.tensor<4x4xf64>) {
  %0 = pd.fill_diagonal %x {value = 2.0 : f32, offset = 1 : i32, wrap = true} : (!pd.vtensor<7x5xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.fill_diagonal %d : (!pd.vtensor<?x3x3xi32>) -> !pd.vtensor<?x?x?xi32>
  %2 = pd.fill_diagonal_ %t {value = -1.0 : f32} : (!pd.tensor<4x4xf64>) -> !pd.tensor<?x?xf64>
  return
}

// -----

// CHECK-LABEL: func.func @repeat_interleave
// CHECK: pd.repeat_interleave {{.*}} -> !pd.vtensor<2x6xf32>
// CHECK: pd.repeat_interleave {{.*}} -> !pd.vtensor<6x3xf32>
// CHECK: pd.repeat_interleave {{.*}} -> !pd.vtensor<?x3xf32>
// CHECK: pd.repeat_interleave {{.*}} -> !pd.vtensor<?x6xf32>
func.func @repeat_interleave(%x: !pd.vtensor<2x3xf32>, %d: !pd.vtensor<?x3xf32>) {
  %0 = pd.repeat_interleave %x {repeats = 2 : i32, axis = 1 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.repeat_interleave %x {repeats = 3 : i32, axis = -2 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  %2 = pd.repeat_interleave %d {repeats = 2 : i32, axis = 0 : i32} : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x?xf32>
  %3 = pd.repeat_interleave %d {repeats = 2 : i32, axis = 1 : i32} : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// Slice assignment keeps x's shape and dtype.
// CHECK-LABEL: func.func @set_value
// CHECK: pd.set_value {{.*}} -> !pd.vtensor<4x6xf32>
// CHECK: pd.set_value_with_tensor {{.*}} -> !pd.vtensor<4x6xf32>
func.func @set_value(%x: !pd.vtensor<4x6xf32>, %v: !pd.vtensor<6xf32>) {
  %s = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %e = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %st = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %0 = pd.set_value %x, %s, %e, %st {axes = array<i64: 0>, decrease_axes = array<i64>, none_axes = array<i64>, shape = array<i64: 1>, values = [0.0 : f64]} : (!pd.vtensor<4x6xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  %1 = pd.set_value_with_tensor %x, %v, %s, %e, %st {axes = array<i64: 0>, decrease_axes = array<i64: 0>, none_axes = array<i64>} : (!pd.vtensor<4x6xf32>, !pd.vtensor<6xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x6xf32>
  return
}

// -----

// index_add keeps x's shape.
// CHECK-LABEL: func.func @index_add
// CHECK: pd.index_add {{.*}} -> !pd.vtensor<3x4xf32>
func.func @index_add(%x: !pd.vtensor<3x4xf32>, %i: !pd.vtensor<2xi64>, %v: !pd.vtensor<3x2xf32>) {
  %0 = pd.index_add %x, %i, %v {axis = 1 : i32} : (!pd.vtensor<3x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<3x2xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// put_along_axis keeps arr's shape.
// CHECK-LABEL: func.func @put_along_axis
// CHECK: pd.put_along_axis {{.*}} -> !pd.vtensor<3x5xf32>
func.func @put_along_axis(%a: !pd.vtensor<3x5xf32>, %i: !pd.vtensor<3x2xi64>, %v: !pd.vtensor<3x2xf32>) {
  %0 = pd.put_along_axis %a, %i, %v {axis = 1 : i32, reduce = "amax"} : (!pd.vtensor<3x5xf32>, !pd.vtensor<3x2xi64>, !pd.vtensor<3x2xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// multiplex keeps the inputs' shape; sequence_mask appends max_len (a
// dynamic dim for -1, the largest length).
// CHECK-LABEL: func.func @multiplex_sequence_mask
// CHECK: pd.multiplex {{.*}} -> !pd.vtensor<4x3xf32>
// CHECK: pd.sequence_mask {{.*}} -> !pd.vtensor<2x3x5xf32>
// CHECK: pd.sequence_mask {{.*}} -> !pd.vtensor<2x3x?xi64>
func.func @multiplex_sequence_mask(%a: !pd.vtensor<4x3xf32>, %i: !pd.vtensor<4x1xi32>, %x: !pd.vtensor<2x3xi64>) {
  %l = pd.combine(%a, %a) : !pd.vtensor<4x3xf32>, !pd.vtensor<4x3xf32>
  %0 = pd.multiplex %l, %i : (!pd.vec<!pd.vtensor<4x3xf32>, !pd.vtensor<4x3xf32>>, !pd.vtensor<4x1xi32>) -> !pd.vtensor<?x?xf32>
  %five = pd.full(5) : !pd.vtensor<1xi32>
  %1 = pd.sequence_mask %x, %five {out_dtype = #pd.dtype<float32>} : (!pd.vtensor<2x3xi64>, !pd.vtensor<1xi32>) -> !pd.vtensor<?x?x?xf32>
  %all = pd.full(-1) : !pd.vtensor<1xi32>
  %2 = pd.sequence_mask %x, %all {out_dtype = #pd.dtype<int64>} : (!pd.vtensor<2x3xi64>, !pd.vtensor<1xi32>) -> !pd.vtensor<?x?x?xi64>
  return
}

// -----

// index_put keeps x's type (a mask or integer indices).
// CHECK-LABEL: func.func @index_put
// CHECK: pd.index_put {{.*}} -> !pd.vtensor<4x3xf32>
// CHECK: pd.index_put {{.*}} -> !pd.vtensor<4x3xf32>
func.func @index_put(%x: !pd.vtensor<4x3xf32>, %m: !pd.vtensor<4xi1>, %i: !pd.vtensor<2xi64>, %j: !pd.vtensor<2x1xi32>, %v: !pd.vtensor<f32>) {
  %mi = pd.combine(%m) : !pd.vtensor<4xi1>
  %0 = pd.index_put %x, %mi, %v : (!pd.vtensor<4x3xf32>, !pd.vec<!pd.vtensor<4xi1>>, !pd.vtensor<f32>) -> !pd.vtensor<?x?xf32>
  %ij = pd.combine(%i, %j) : !pd.vtensor<2xi64>, !pd.vtensor<2x1xi32>
  %1 = pd.index_put %x, %ij, %v {accumulate = true} : (!pd.vtensor<4x3xf32>, !pd.vec<!pd.vtensor<2xi64>, !pd.vtensor<2x1xi32>>, !pd.vtensor<f32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// unique_consecutive: the runs [?], index per element, counts [?] in dtype
// (int32, else int64); an output not asked for is 0-D.
// CHECK-LABEL: func.func @unique_consecutive
// CHECK: pd.unique_consecutive {{.*}} -> (!pd.vtensor<?xf32>, !pd.vtensor<12xi32>, !pd.vtensor<?xi32>)
// CHECK: pd.unique_consecutive {{.*}} -> (!pd.vtensor<?xf32>, !pd.vtensor<i64>, !pd.vtensor<i64>)
func.func @unique_consecutive(%x: !pd.vtensor<3x4xf32>) {
  %0:3 = pd.unique_consecutive %x {return_inverse = true, return_counts = true, dtype = #pd.dtype<int32>} : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<?xf32>, !pd.vtensor<?xi32>, !pd.vtensor<?xi32>)
  %1:3 = pd.unique_consecutive %x : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<?xf32>, !pd.vtensor<i64>, !pd.vtensor<i64>)
  return
}
