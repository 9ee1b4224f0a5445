// Shape and dtype inference of the ops whose InferMeta is in
// lib/Dialect/Pd/InferMeta/Binary.cpp (ElementwiseInferMeta, CompareInferMeta,
// LogicalBinaryInferMeta, WhereInferMeta): results are declared with unknown
// dims and -pd-infer-shapes refines them. Shapes broadcast as in numpy.
// RUN: paddle-opt %s -split-input-file -pd-infer-shapes | FileCheck %s
// RUN: paddle-opt %s -split-input-file | paddle-opt -split-input-file | FileCheck %s --check-prefix=ROUNDTRIP

// ElementwiseInferMeta: same shapes; the result has x's dtype.
// CHECK-LABEL: func.func @elementwise_same_shape
// ROUNDTRIP-LABEL: func.func @elementwise_same_shape
func.func @elementwise_same_shape(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>, %i: !pd.vtensor<2x3xi32>, %j: !pd.vtensor<2x3xi32>, %b: !pd.vtensor<4xi1>, %c: !pd.vtensor<4xi1>, %h: !pd.vtensor<?x5xf16>, %g: !pd.vtensor<?x5xf16>) {
  // ROUNDTRIP: pd.add %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.add %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %0 = pd.add %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.subtract %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %1 = pd.subtract %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.multiply %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %2 = pd.multiply %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.divide %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %3 = pd.divide %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.maximum %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %4 = pd.maximum %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.minimum %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %5 = pd.minimum %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.elementwise_pow %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %6 = pd.elementwise_pow %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.floor_divide %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %7 = pd.floor_divide %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.remainder %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %8 = pd.remainder %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.fmax %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %9 = pd.fmax %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.fmin %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %10 = pd.fmin %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.heaviside %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %11 = pd.heaviside %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.atan2 %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %12 = pd.atan2 %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.copysign %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %c12 = pd.copysign %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.trunc_divide %{{.*}} : (!pd.vtensor<2x3xi32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<2x3xi32>
  %t12 = pd.trunc_divide %i, %j : (!pd.vtensor<2x3xi32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.bitwise_and %{{.*}} : (!pd.vtensor<2x3xi32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<2x3xi32>
  %13 = pd.bitwise_and %i, %j : (!pd.vtensor<2x3xi32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.bitwise_or %{{.*}} : (!pd.vtensor<2x3xi32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<2x3xi32>
  %14 = pd.bitwise_or %i, %j : (!pd.vtensor<2x3xi32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.bitwise_xor %{{.*}} : (!pd.vtensor<2x3xi32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<2x3xi32>
  %15 = pd.bitwise_xor %i, %j : (!pd.vtensor<2x3xi32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.bitwise_and %{{.*}} : (!pd.vtensor<4xi1>, !pd.vtensor<4xi1>) -> !pd.vtensor<4xi1>
  %16 = pd.bitwise_and %b, %c : (!pd.vtensor<4xi1>, !pd.vtensor<4xi1>) -> !pd.vtensor<?xi1>
  // CHECK: pd.bitwise_or %{{.*}} : (!pd.vtensor<4xi1>, !pd.vtensor<4xi1>) -> !pd.vtensor<4xi1>
  %17 = pd.bitwise_or %b, %c : (!pd.vtensor<4xi1>, !pd.vtensor<4xi1>) -> !pd.vtensor<?xi1>
  // CHECK: pd.bitwise_xor %{{.*}} : (!pd.vtensor<4xi1>, !pd.vtensor<4xi1>) -> !pd.vtensor<4xi1>
  %18 = pd.bitwise_xor %b, %c : (!pd.vtensor<4xi1>, !pd.vtensor<4xi1>) -> !pd.vtensor<?xi1>
  // CHECK: pd.add %{{.*}} : (!pd.vtensor<?x5xf16>, !pd.vtensor<?x5xf16>) -> !pd.vtensor<?x5xf16>
  %19 = pd.add %h, %g : (!pd.vtensor<?x5xf16>, !pd.vtensor<?x5xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.multiply %{{.*}} : (!pd.vtensor<?x5xf16>, !pd.vtensor<?x5xf16>) -> !pd.vtensor<?x5xf16>
  %20 = pd.multiply %h, %g : (!pd.vtensor<?x5xf16>, !pd.vtensor<?x5xf16>) -> !pd.vtensor<?x?xf16>
  // CHECK: pd.maximum %{{.*}} : (!pd.vtensor<?x5xf16>, !pd.vtensor<?x5xf16>) -> !pd.vtensor<?x5xf16>
  %21 = pd.maximum %h, %g : (!pd.vtensor<?x5xf16>, !pd.vtensor<?x5xf16>) -> !pd.vtensor<?x?xf16>
  return
}

// -----

// ElementwiseInferMeta: [2, 1, 3] with [4, 1] is [2, 4, 3].
// CHECK-LABEL: func.func @elementwise_broadcast
// ROUNDTRIP-LABEL: func.func @elementwise_broadcast
func.func @elementwise_broadcast(%x: !pd.vtensor<2x1x3xf32>, %y: !pd.vtensor<4x1xf32>, %i: !pd.vtensor<2x1x3xi32>, %j: !pd.vtensor<4x1xi32>) {
  // ROUNDTRIP: pd.add %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.add %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xf32>
  %0 = pd.add %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.subtract %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xf32>
  %1 = pd.subtract %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.multiply %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xf32>
  %2 = pd.multiply %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.divide %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xf32>
  %3 = pd.divide %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.maximum %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xf32>
  %4 = pd.maximum %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.minimum %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xf32>
  %5 = pd.minimum %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.elementwise_pow %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xf32>
  %6 = pd.elementwise_pow %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.floor_divide %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xf32>
  %7 = pd.floor_divide %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.remainder %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xf32>
  %8 = pd.remainder %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.fmax %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xf32>
  %9 = pd.fmax %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.fmin %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xf32>
  %10 = pd.fmin %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.heaviside %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xf32>
  %11 = pd.heaviside %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.atan2 %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xf32>
  %12 = pd.atan2 %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.bitwise_and %{{.*}} : (!pd.vtensor<2x1x3xi32>, !pd.vtensor<4x1xi32>) -> !pd.vtensor<2x4x3xi32>
  %13 = pd.bitwise_and %i, %j : (!pd.vtensor<2x1x3xi32>, !pd.vtensor<4x1xi32>) -> !pd.vtensor<?x?x?xi32>
  // CHECK: pd.bitwise_or %{{.*}} : (!pd.vtensor<2x1x3xi32>, !pd.vtensor<4x1xi32>) -> !pd.vtensor<2x4x3xi32>
  %14 = pd.bitwise_or %i, %j : (!pd.vtensor<2x1x3xi32>, !pd.vtensor<4x1xi32>) -> !pd.vtensor<?x?x?xi32>
  // CHECK: pd.bitwise_xor %{{.*}} : (!pd.vtensor<2x1x3xi32>, !pd.vtensor<4x1xi32>) -> !pd.vtensor<2x4x3xi32>
  %15 = pd.bitwise_xor %i, %j : (!pd.vtensor<2x1x3xi32>, !pd.vtensor<4x1xi32>) -> !pd.vtensor<?x?x?xi32>
  return
}

// -----

// ElementwiseInferMeta: a 0-D operand broadcasts to the other's shape.
// CHECK-LABEL: func.func @elementwise_rank0
// ROUNDTRIP-LABEL: func.func @elementwise_rank0
func.func @elementwise_rank0(%s: !pd.vtensor<f32>, %m: !pd.vtensor<2x3xf32>, %t: !pd.vtensor<f32>, %si: !pd.vtensor<i32>, %mi: !pd.vtensor<2x3xi32>) {
  // ROUNDTRIP: pd.add %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.add %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %0 = pd.add %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.subtract %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %1 = pd.subtract %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.multiply %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %2 = pd.multiply %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.divide %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %3 = pd.divide %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.maximum %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %4 = pd.maximum %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.minimum %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %5 = pd.minimum %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.elementwise_pow %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %6 = pd.elementwise_pow %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.floor_divide %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %7 = pd.floor_divide %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.remainder %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %8 = pd.remainder %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.fmax %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %9 = pd.fmax %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.fmin %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %10 = pd.fmin %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.heaviside %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %11 = pd.heaviside %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.atan2 %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %12 = pd.atan2 %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.add %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<2x3xf32>
  %13 = pd.add %m, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.subtract %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<2x3xf32>
  %14 = pd.subtract %m, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.multiply %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<2x3xf32>
  %15 = pd.multiply %m, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.add %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<f32>
  %16 = pd.add %s, %t : (!pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<f32>
  // CHECK: pd.subtract %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<f32>
  %17 = pd.subtract %s, %t : (!pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<f32>
  // CHECK: pd.multiply %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<f32>
  %18 = pd.multiply %s, %t : (!pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<f32>
  // CHECK: pd.bitwise_and %{{.*}} : (!pd.vtensor<i32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<2x3xi32>
  %19 = pd.bitwise_and %si, %mi : (!pd.vtensor<i32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.bitwise_or %{{.*}} : (!pd.vtensor<i32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<2x3xi32>
  %20 = pd.bitwise_or %si, %mi : (!pd.vtensor<i32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.bitwise_xor %{{.*}} : (!pd.vtensor<i32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<2x3xi32>
  %21 = pd.bitwise_xor %si, %mi : (!pd.vtensor<i32>, !pd.vtensor<2x3xi32>) -> !pd.vtensor<?x?xi32>
  return
}

// -----

// ElementwiseInferMeta: an unknown dim against a known one (not 1)
// is the known one; against 1 or an unknown dim it stays unknown; a 0 dim
// against an unknown dim is 0.
// CHECK-LABEL: func.func @elementwise_dynamic
// ROUNDTRIP-LABEL: func.func @elementwise_dynamic
func.func @elementwise_dynamic(%x: !pd.vtensor<?x3xf32>, %y: !pd.vtensor<4x1xf32>, %z: !pd.vtensor<3xf32>, %u: !pd.vtensor<?x1xf32>, %w: !pd.vtensor<1x?xf32>, %p: !pd.vtensor<0x?xf32>, %q: !pd.vtensor<?x1xf32>, %i: !pd.vtensor<?x3xi32>, %j: !pd.vtensor<4x1xi32>) {
  // ROUNDTRIP: pd.add %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.add %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xf32>
  %0 = pd.add %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.subtract %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xf32>
  %1 = pd.subtract %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.multiply %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xf32>
  %2 = pd.multiply %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.divide %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xf32>
  %3 = pd.divide %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.maximum %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xf32>
  %4 = pd.maximum %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.minimum %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xf32>
  %5 = pd.minimum %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.elementwise_pow %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xf32>
  %6 = pd.elementwise_pow %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.floor_divide %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xf32>
  %7 = pd.floor_divide %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.remainder %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xf32>
  %8 = pd.remainder %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.fmax %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xf32>
  %9 = pd.fmax %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.fmin %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xf32>
  %10 = pd.fmin %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.heaviside %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xf32>
  %11 = pd.heaviside %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.atan2 %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xf32>
  %12 = pd.atan2 %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.add %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x3xf32>
  %13 = pd.add %x, %z : (!pd.vtensor<?x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.subtract %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x3xf32>
  %14 = pd.subtract %x, %z : (!pd.vtensor<?x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.multiply %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x3xf32>
  %15 = pd.multiply %x, %z : (!pd.vtensor<?x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.add %{{.*}} : (!pd.vtensor<?x1xf32>, !pd.vtensor<1x?xf32>) -> !pd.vtensor<?x?xf32>
  %16 = pd.add %u, %w : (!pd.vtensor<?x1xf32>, !pd.vtensor<1x?xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.subtract %{{.*}} : (!pd.vtensor<?x1xf32>, !pd.vtensor<1x?xf32>) -> !pd.vtensor<?x?xf32>
  %17 = pd.subtract %u, %w : (!pd.vtensor<?x1xf32>, !pd.vtensor<1x?xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.multiply %{{.*}} : (!pd.vtensor<?x1xf32>, !pd.vtensor<1x?xf32>) -> !pd.vtensor<?x?xf32>
  %18 = pd.multiply %u, %w : (!pd.vtensor<?x1xf32>, !pd.vtensor<1x?xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.add %{{.*}} : (!pd.vtensor<0x?xf32>, !pd.vtensor<?x1xf32>) -> !pd.vtensor<0x?xf32>
  %19 = pd.add %p, %q : (!pd.vtensor<0x?xf32>, !pd.vtensor<?x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.subtract %{{.*}} : (!pd.vtensor<0x?xf32>, !pd.vtensor<?x1xf32>) -> !pd.vtensor<0x?xf32>
  %20 = pd.subtract %p, %q : (!pd.vtensor<0x?xf32>, !pd.vtensor<?x1xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.bitwise_and %{{.*}} : (!pd.vtensor<?x3xi32>, !pd.vtensor<4x1xi32>) -> !pd.vtensor<4x3xi32>
  %21 = pd.bitwise_and %i, %j : (!pd.vtensor<?x3xi32>, !pd.vtensor<4x1xi32>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.bitwise_or %{{.*}} : (!pd.vtensor<?x3xi32>, !pd.vtensor<4x1xi32>) -> !pd.vtensor<4x3xi32>
  %22 = pd.bitwise_or %i, %j : (!pd.vtensor<?x3xi32>, !pd.vtensor<4x1xi32>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.bitwise_xor %{{.*}} : (!pd.vtensor<?x3xi32>, !pd.vtensor<4x1xi32>) -> !pd.vtensor<4x3xi32>
  %23 = pd.bitwise_xor %i, %j : (!pd.vtensor<?x3xi32>, !pd.vtensor<4x1xi32>) -> !pd.vtensor<?x?xi32>
  return
}

// -----

// CompareInferMeta: the result is bool; [2, 1, 3] with [4, 1] is [2, 4, 3].
// CHECK-LABEL: func.func @compare_broadcast
// ROUNDTRIP-LABEL: func.func @compare_broadcast
func.func @compare_broadcast(%x: !pd.vtensor<2x1x3xf32>, %y: !pd.vtensor<4x1xf32>) {
  // ROUNDTRIP: pd.equal %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xi1>
  // CHECK: pd.equal %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xi1>
  %0 = pd.equal %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xi1>
  // CHECK: pd.not_equal %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xi1>
  %1 = pd.not_equal %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xi1>
  // CHECK: pd.less_than %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xi1>
  %2 = pd.less_than %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xi1>
  // CHECK: pd.less_equal %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xi1>
  %3 = pd.less_equal %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xi1>
  // CHECK: pd.greater_than %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xi1>
  %4 = pd.greater_than %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xi1>
  // CHECK: pd.greater_equal %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<2x4x3xi1>
  %5 = pd.greater_equal %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?x?xi1>
  return
}

// -----

// CompareInferMeta: the result is bool; a 0-D operand broadcasts to the other's shape.
// CHECK-LABEL: func.func @compare_rank0
// ROUNDTRIP-LABEL: func.func @compare_rank0
func.func @compare_rank0(%s: !pd.vtensor<f32>, %m: !pd.vtensor<2x3xf32>, %t: !pd.vtensor<f32>) {
  // ROUNDTRIP: pd.equal %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.equal %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xi1>
  %0 = pd.equal %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.not_equal %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xi1>
  %1 = pd.not_equal %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.less_than %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xi1>
  %2 = pd.less_than %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.less_equal %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xi1>
  %3 = pd.less_equal %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.greater_than %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xi1>
  %4 = pd.greater_than %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.greater_equal %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xi1>
  %5 = pd.greater_equal %s, %m : (!pd.vtensor<f32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.equal %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<2x3xi1>
  %6 = pd.equal %m, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.not_equal %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<2x3xi1>
  %7 = pd.not_equal %m, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.less_than %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<2x3xi1>
  %8 = pd.less_than %m, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.equal %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<i1>
  %9 = pd.equal %s, %t : (!pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<i1>
  // CHECK: pd.not_equal %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<i1>
  %10 = pd.not_equal %s, %t : (!pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<i1>
  // CHECK: pd.less_than %{{.*}} : (!pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<i1>
  %11 = pd.less_than %s, %t : (!pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<i1>
  return
}

// -----

// CompareInferMeta: the result is bool; an unknown dim against a known one (not 1)
// is the known one; against 1 or an unknown dim it stays unknown; a 0 dim
// against an unknown dim is 0.
// CHECK-LABEL: func.func @compare_dynamic
// ROUNDTRIP-LABEL: func.func @compare_dynamic
func.func @compare_dynamic(%x: !pd.vtensor<?x3xf32>, %y: !pd.vtensor<4x1xf32>, %z: !pd.vtensor<3xf32>, %u: !pd.vtensor<?x1xf32>, %w: !pd.vtensor<1x?xf32>, %p: !pd.vtensor<0x?xf32>, %q: !pd.vtensor<?x1xf32>) {
  // ROUNDTRIP: pd.equal %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.equal %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xi1>
  %0 = pd.equal %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.not_equal %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xi1>
  %1 = pd.not_equal %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.less_than %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xi1>
  %2 = pd.less_than %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.less_equal %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xi1>
  %3 = pd.less_equal %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.greater_than %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xi1>
  %4 = pd.greater_than %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.greater_equal %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<4x3xi1>
  %5 = pd.greater_equal %x, %y : (!pd.vtensor<?x3xf32>, !pd.vtensor<4x1xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.equal %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x3xi1>
  %6 = pd.equal %x, %z : (!pd.vtensor<?x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.not_equal %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x3xi1>
  %7 = pd.not_equal %x, %z : (!pd.vtensor<?x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.less_than %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x3xi1>
  %8 = pd.less_than %x, %z : (!pd.vtensor<?x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.equal %{{.*}} : (!pd.vtensor<?x1xf32>, !pd.vtensor<1x?xf32>) -> !pd.vtensor<?x?xi1>
  %9 = pd.equal %u, %w : (!pd.vtensor<?x1xf32>, !pd.vtensor<1x?xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.not_equal %{{.*}} : (!pd.vtensor<?x1xf32>, !pd.vtensor<1x?xf32>) -> !pd.vtensor<?x?xi1>
  %10 = pd.not_equal %u, %w : (!pd.vtensor<?x1xf32>, !pd.vtensor<1x?xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.less_than %{{.*}} : (!pd.vtensor<?x1xf32>, !pd.vtensor<1x?xf32>) -> !pd.vtensor<?x?xi1>
  %11 = pd.less_than %u, %w : (!pd.vtensor<?x1xf32>, !pd.vtensor<1x?xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.equal %{{.*}} : (!pd.vtensor<0x?xf32>, !pd.vtensor<?x1xf32>) -> !pd.vtensor<0x?xi1>
  %12 = pd.equal %p, %q : (!pd.vtensor<0x?xf32>, !pd.vtensor<?x1xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.not_equal %{{.*}} : (!pd.vtensor<0x?xf32>, !pd.vtensor<?x1xf32>) -> !pd.vtensor<0x?xi1>
  %13 = pd.not_equal %p, %q : (!pd.vtensor<0x?xf32>, !pd.vtensor<?x1xf32>) -> !pd.vtensor<?x?xi1>
  return
}

// -----

// LogicalBinaryInferMeta: the result is bool; [2, 1, 3] with [4, 1] is [2, 4, 3].
// CHECK-LABEL: func.func @logical_broadcast
// ROUNDTRIP-LABEL: func.func @logical_broadcast
func.func @logical_broadcast(%x: !pd.vtensor<2x1x3xi1>, %y: !pd.vtensor<4x1xi1>) {
  // ROUNDTRIP: pd.logical_and %{{.*}} : (!pd.vtensor<2x1x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<?x?x?xi1>
  // CHECK: pd.logical_and %{{.*}} : (!pd.vtensor<2x1x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<2x4x3xi1>
  %0 = pd.logical_and %x, %y : (!pd.vtensor<2x1x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<?x?x?xi1>
  // CHECK: pd.logical_or %{{.*}} : (!pd.vtensor<2x1x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<2x4x3xi1>
  %1 = pd.logical_or %x, %y : (!pd.vtensor<2x1x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<?x?x?xi1>
  // CHECK: pd.logical_xor %{{.*}} : (!pd.vtensor<2x1x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<2x4x3xi1>
  %2 = pd.logical_xor %x, %y : (!pd.vtensor<2x1x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<?x?x?xi1>
  return
}

// -----

// LogicalBinaryInferMeta: the result is bool; a 0-D operand broadcasts to the other's shape.
// CHECK-LABEL: func.func @logical_rank0
// ROUNDTRIP-LABEL: func.func @logical_rank0
func.func @logical_rank0(%s: !pd.vtensor<i1>, %m: !pd.vtensor<2x3xi1>, %t: !pd.vtensor<i1>) {
  // ROUNDTRIP: pd.logical_and %{{.*}} : (!pd.vtensor<i1>, !pd.vtensor<2x3xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_and %{{.*}} : (!pd.vtensor<i1>, !pd.vtensor<2x3xi1>) -> !pd.vtensor<2x3xi1>
  %0 = pd.logical_and %s, %m : (!pd.vtensor<i1>, !pd.vtensor<2x3xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_or %{{.*}} : (!pd.vtensor<i1>, !pd.vtensor<2x3xi1>) -> !pd.vtensor<2x3xi1>
  %1 = pd.logical_or %s, %m : (!pd.vtensor<i1>, !pd.vtensor<2x3xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_xor %{{.*}} : (!pd.vtensor<i1>, !pd.vtensor<2x3xi1>) -> !pd.vtensor<2x3xi1>
  %2 = pd.logical_xor %s, %m : (!pd.vtensor<i1>, !pd.vtensor<2x3xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_and %{{.*}} : (!pd.vtensor<2x3xi1>, !pd.vtensor<i1>) -> !pd.vtensor<2x3xi1>
  %3 = pd.logical_and %m, %s : (!pd.vtensor<2x3xi1>, !pd.vtensor<i1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_or %{{.*}} : (!pd.vtensor<2x3xi1>, !pd.vtensor<i1>) -> !pd.vtensor<2x3xi1>
  %4 = pd.logical_or %m, %s : (!pd.vtensor<2x3xi1>, !pd.vtensor<i1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_xor %{{.*}} : (!pd.vtensor<2x3xi1>, !pd.vtensor<i1>) -> !pd.vtensor<2x3xi1>
  %5 = pd.logical_xor %m, %s : (!pd.vtensor<2x3xi1>, !pd.vtensor<i1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_and %{{.*}} : (!pd.vtensor<i1>, !pd.vtensor<i1>) -> !pd.vtensor<i1>
  %6 = pd.logical_and %s, %t : (!pd.vtensor<i1>, !pd.vtensor<i1>) -> !pd.vtensor<i1>
  // CHECK: pd.logical_or %{{.*}} : (!pd.vtensor<i1>, !pd.vtensor<i1>) -> !pd.vtensor<i1>
  %7 = pd.logical_or %s, %t : (!pd.vtensor<i1>, !pd.vtensor<i1>) -> !pd.vtensor<i1>
  // CHECK: pd.logical_xor %{{.*}} : (!pd.vtensor<i1>, !pd.vtensor<i1>) -> !pd.vtensor<i1>
  %8 = pd.logical_xor %s, %t : (!pd.vtensor<i1>, !pd.vtensor<i1>) -> !pd.vtensor<i1>
  return
}

// -----

// LogicalBinaryInferMeta: the result is bool; an unknown dim against a known one (not 1)
// is the known one; against 1 or an unknown dim it stays unknown; a 0 dim
// against an unknown dim is 0.
// CHECK-LABEL: func.func @logical_dynamic
// ROUNDTRIP-LABEL: func.func @logical_dynamic
func.func @logical_dynamic(%x: !pd.vtensor<?x3xi1>, %y: !pd.vtensor<4x1xi1>, %z: !pd.vtensor<3xi1>, %u: !pd.vtensor<?x1xi1>, %w: !pd.vtensor<1x?xi1>, %p: !pd.vtensor<0x?xi1>, %q: !pd.vtensor<?x1xi1>) {
  // ROUNDTRIP: pd.logical_and %{{.*}} : (!pd.vtensor<?x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_and %{{.*}} : (!pd.vtensor<?x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<4x3xi1>
  %0 = pd.logical_and %x, %y : (!pd.vtensor<?x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_or %{{.*}} : (!pd.vtensor<?x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<4x3xi1>
  %1 = pd.logical_or %x, %y : (!pd.vtensor<?x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_xor %{{.*}} : (!pd.vtensor<?x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<4x3xi1>
  %2 = pd.logical_xor %x, %y : (!pd.vtensor<?x3xi1>, !pd.vtensor<4x1xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_and %{{.*}} : (!pd.vtensor<?x3xi1>, !pd.vtensor<3xi1>) -> !pd.vtensor<?x3xi1>
  %3 = pd.logical_and %x, %z : (!pd.vtensor<?x3xi1>, !pd.vtensor<3xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_or %{{.*}} : (!pd.vtensor<?x3xi1>, !pd.vtensor<3xi1>) -> !pd.vtensor<?x3xi1>
  %4 = pd.logical_or %x, %z : (!pd.vtensor<?x3xi1>, !pd.vtensor<3xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_xor %{{.*}} : (!pd.vtensor<?x3xi1>, !pd.vtensor<3xi1>) -> !pd.vtensor<?x3xi1>
  %5 = pd.logical_xor %x, %z : (!pd.vtensor<?x3xi1>, !pd.vtensor<3xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_and %{{.*}} : (!pd.vtensor<?x1xi1>, !pd.vtensor<1x?xi1>) -> !pd.vtensor<?x?xi1>
  %6 = pd.logical_and %u, %w : (!pd.vtensor<?x1xi1>, !pd.vtensor<1x?xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_or %{{.*}} : (!pd.vtensor<?x1xi1>, !pd.vtensor<1x?xi1>) -> !pd.vtensor<?x?xi1>
  %7 = pd.logical_or %u, %w : (!pd.vtensor<?x1xi1>, !pd.vtensor<1x?xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_xor %{{.*}} : (!pd.vtensor<?x1xi1>, !pd.vtensor<1x?xi1>) -> !pd.vtensor<?x?xi1>
  %8 = pd.logical_xor %u, %w : (!pd.vtensor<?x1xi1>, !pd.vtensor<1x?xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_and %{{.*}} : (!pd.vtensor<0x?xi1>, !pd.vtensor<?x1xi1>) -> !pd.vtensor<0x?xi1>
  %9 = pd.logical_and %p, %q : (!pd.vtensor<0x?xi1>, !pd.vtensor<?x1xi1>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_or %{{.*}} : (!pd.vtensor<0x?xi1>, !pd.vtensor<?x1xi1>) -> !pd.vtensor<0x?xi1>
  %10 = pd.logical_or %p, %q : (!pd.vtensor<0x?xi1>, !pd.vtensor<?x1xi1>) -> !pd.vtensor<?x?xi1>
  return
}

// -----

// Compare ops on any (equal) dtypes give bool; logical ops of non-bool
// operands too.
// CHECK-LABEL: func.func @compare_dtypes
// ROUNDTRIP-LABEL: func.func @compare_dtypes
func.func @compare_dtypes(%a: !pd.vtensor<2x3xi64>, %b: !pd.vtensor<2x3xi64>, %c: !pd.vtensor<?xf16>, %d: !pd.vtensor<?xf16>, %e: !pd.vtensor<3xi32>, %f: !pd.vtensor<3xi32>, %g: !pd.vtensor<2x1xf32>, %h: !pd.vtensor<3xf32>) {
  // ROUNDTRIP: pd.equal %{{.*}} : (!pd.vtensor<2x3xi64>, !pd.vtensor<2x3xi64>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.equal %{{.*}} : (!pd.vtensor<2x3xi64>, !pd.vtensor<2x3xi64>) -> !pd.vtensor<2x3xi1>
  %0 = pd.equal %a, %b : (!pd.vtensor<2x3xi64>, !pd.vtensor<2x3xi64>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.not_equal %{{.*}} : (!pd.vtensor<2x3xi64>, !pd.vtensor<2x3xi64>) -> !pd.vtensor<2x3xi1>
  %1 = pd.not_equal %a, %b : (!pd.vtensor<2x3xi64>, !pd.vtensor<2x3xi64>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.less_than %{{.*}} : (!pd.vtensor<2x3xi64>, !pd.vtensor<2x3xi64>) -> !pd.vtensor<2x3xi1>
  %2 = pd.less_than %a, %b : (!pd.vtensor<2x3xi64>, !pd.vtensor<2x3xi64>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.less_equal %{{.*}} : (!pd.vtensor<2x3xi64>, !pd.vtensor<2x3xi64>) -> !pd.vtensor<2x3xi1>
  %3 = pd.less_equal %a, %b : (!pd.vtensor<2x3xi64>, !pd.vtensor<2x3xi64>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.greater_than %{{.*}} : (!pd.vtensor<2x3xi64>, !pd.vtensor<2x3xi64>) -> !pd.vtensor<2x3xi1>
  %4 = pd.greater_than %a, %b : (!pd.vtensor<2x3xi64>, !pd.vtensor<2x3xi64>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.greater_equal %{{.*}} : (!pd.vtensor<2x3xi64>, !pd.vtensor<2x3xi64>) -> !pd.vtensor<2x3xi1>
  %5 = pd.greater_equal %a, %b : (!pd.vtensor<2x3xi64>, !pd.vtensor<2x3xi64>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.equal %{{.*}} : (!pd.vtensor<?xf16>, !pd.vtensor<?xf16>) -> !pd.vtensor<?xi1>
  %6 = pd.equal %c, %d : (!pd.vtensor<?xf16>, !pd.vtensor<?xf16>) -> !pd.vtensor<?xi1>
  // CHECK: pd.not_equal %{{.*}} : (!pd.vtensor<?xf16>, !pd.vtensor<?xf16>) -> !pd.vtensor<?xi1>
  %7 = pd.not_equal %c, %d : (!pd.vtensor<?xf16>, !pd.vtensor<?xf16>) -> !pd.vtensor<?xi1>
  // CHECK: pd.less_than %{{.*}} : (!pd.vtensor<?xf16>, !pd.vtensor<?xf16>) -> !pd.vtensor<?xi1>
  %8 = pd.less_than %c, %d : (!pd.vtensor<?xf16>, !pd.vtensor<?xf16>) -> !pd.vtensor<?xi1>
  // CHECK: pd.less_equal %{{.*}} : (!pd.vtensor<?xf16>, !pd.vtensor<?xf16>) -> !pd.vtensor<?xi1>
  %9 = pd.less_equal %c, %d : (!pd.vtensor<?xf16>, !pd.vtensor<?xf16>) -> !pd.vtensor<?xi1>
  // CHECK: pd.greater_than %{{.*}} : (!pd.vtensor<?xf16>, !pd.vtensor<?xf16>) -> !pd.vtensor<?xi1>
  %10 = pd.greater_than %c, %d : (!pd.vtensor<?xf16>, !pd.vtensor<?xf16>) -> !pd.vtensor<?xi1>
  // CHECK: pd.greater_equal %{{.*}} : (!pd.vtensor<?xf16>, !pd.vtensor<?xf16>) -> !pd.vtensor<?xi1>
  %11 = pd.greater_equal %c, %d : (!pd.vtensor<?xf16>, !pd.vtensor<?xf16>) -> !pd.vtensor<?xi1>
  // CHECK: pd.logical_and %{{.*}} : (!pd.vtensor<3xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<3xi1>
  %12 = pd.logical_and %e, %f : (!pd.vtensor<3xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<?xi1>
  // CHECK: pd.logical_or %{{.*}} : (!pd.vtensor<3xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<3xi1>
  %13 = pd.logical_or %e, %f : (!pd.vtensor<3xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<?xi1>
  // CHECK: pd.logical_xor %{{.*}} : (!pd.vtensor<3xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<3xi1>
  %14 = pd.logical_xor %e, %f : (!pd.vtensor<3xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<?xi1>
  // CHECK: pd.logical_and %{{.*}} : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x3xi1>
  %15 = pd.logical_and %g, %h : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_or %{{.*}} : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x3xi1>
  %16 = pd.logical_or %g, %h : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?xi1>
  // CHECK: pd.logical_xor %{{.*}} : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x3xi1>
  %17 = pd.logical_xor %g, %h : (!pd.vtensor<2x1xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?xi1>
  return
}

// -----

// WhereInferMeta: condition, x and y broadcast together; the result has x's
// dtype.
// CHECK-LABEL: func.func @where
// ROUNDTRIP-LABEL: func.func @where
func.func @where(%c: !pd.vtensor<2x3xi1>, %x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x3xf32>, %s: !pd.vtensor<f32>, %c1: !pd.vtensor<2x1xi1>, %r: !pd.vtensor<1x3xf32>, %t: !pd.vtensor<3xf32>, %c0: !pd.vtensor<i1>, %cd: !pd.vtensor<?x3xi1>, %xd: !pd.vtensor<4x?xi64>, %yd: !pd.vtensor<4x?xi64>, %r1: !pd.vtensor<?x1xi64>, %r2: !pd.vtensor<?x1xi64>) {
  // ROUNDTRIP: pd.where {{.*}} -> !pd.vtensor<?x?xf32>
  // CHECK: pd.where {{.*}} : (!pd.vtensor<2x3xi1>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %0 = pd.where %c, %x, %y : (!pd.vtensor<2x3xi1>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.where {{.*}} : (!pd.vtensor<2x3xi1>, !pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<2x3xf32>
  %1 = pd.where %c, %x, %s : (!pd.vtensor<2x3xi1>, !pd.vtensor<2x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.where {{.*}} : (!pd.vtensor<2x1xi1>, !pd.vtensor<1x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<2x3xf32>
  %2 = pd.where %c1, %r, %t : (!pd.vtensor<2x1xi1>, !pd.vtensor<1x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.where {{.*}} : (!pd.vtensor<i1>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %3 = pd.where %c0, %x, %y : (!pd.vtensor<i1>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.where {{.*}} : (!pd.vtensor<i1>, !pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<f32>
  %4 = pd.where %c0, %s, %s : (!pd.vtensor<i1>, !pd.vtensor<f32>, !pd.vtensor<f32>) -> !pd.vtensor<f32>
  // CHECK: pd.where {{.*}} : (!pd.vtensor<?x3xi1>, !pd.vtensor<4x?xi64>, !pd.vtensor<4x?xi64>) -> !pd.vtensor<4x3xi64>
  %5 = pd.where %cd, %xd, %yd : (!pd.vtensor<?x3xi1>, !pd.vtensor<4x?xi64>, !pd.vtensor<4x?xi64>) -> !pd.vtensor<?x?xi64>
  // CHECK: pd.where {{.*}} : (!pd.vtensor<?x3xi1>, !pd.vtensor<?x1xi64>, !pd.vtensor<?x1xi64>) -> !pd.vtensor<?x3xi64>
  %6 = pd.where %cd, %r1, %r2 : (!pd.vtensor<?x3xi1>, !pd.vtensor<?x1xi64>, !pd.vtensor<?x1xi64>) -> !pd.vtensor<?x?xi64>
  return
}

// -----

// Shifts and nextafter broadcast like the other elementwise binaries; lerp
// broadcasts x, y and weight together; masked_fill broadcasts x with the
// mask (value has one element).
// CHECK-LABEL: func.func @shift_nextafter_lerp_masked_fill
func.func @shift_nextafter_lerp_masked_fill(%i: !pd.vtensor<2x3xi32>, %j: !pd.vtensor<3xi32>, %x: !pd.vtensor<2x1x3xf32>, %y: !pd.vtensor<4x3xf32>, %w: !pd.vtensor<f32>, %m: !pd.vtensor<?x1xi1>, %v: !pd.vtensor<f32>, %d: !pd.vtensor<?x3xf32>) {
  // CHECK: pd.bitwise_left_shift %{{.*}} : (!pd.vtensor<2x3xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<2x3xi32>
  %0 = pd.bitwise_left_shift %i, %j : (!pd.vtensor<2x3xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.bitwise_right_shift %{{.*}} {is_arithmetic = false} : (!pd.vtensor<2x3xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<2x3xi32>
  %1 = pd.bitwise_right_shift %i, %j {is_arithmetic = false} : (!pd.vtensor<2x3xi32>, !pd.vtensor<3xi32>) -> !pd.vtensor<?x?xi32>
  // CHECK: pd.nextafter %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x3xf32>) -> !pd.vtensor<2x4x3xf32>
  %2 = pd.nextafter %x, %y : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x3xf32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.isclose %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x3xf32>, !pd.vtensor<f64>, !pd.vtensor<f64>) -> !pd.vtensor<2x4x3xi1>
  %r = pd.full(1.0e-05) : !pd.vtensor<f64>
  %a = pd.full(1.0e-08) : !pd.vtensor<f64>
  %c = pd.isclose %x, %y, %r, %a : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x3xf32>, !pd.vtensor<f64>, !pd.vtensor<f64>) -> !pd.vtensor<?x?x?xi1>
  // CHECK: pd.lerp %{{.*}} : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<2x4x3xf32>
  %3 = pd.lerp %x, %y, %w : (!pd.vtensor<2x1x3xf32>, !pd.vtensor<4x3xf32>, !pd.vtensor<f32>) -> !pd.vtensor<?x?x?xf32>
  // CHECK: pd.masked_fill %{{.*}} : (!pd.vtensor<?x3xf32>, !pd.vtensor<?x1xi1>, !pd.vtensor<f32>) -> !pd.vtensor<?x3xf32>
  %4 = pd.masked_fill %d, %m, %v : (!pd.vtensor<?x3xf32>, !pd.vtensor<?x1xi1>, !pd.vtensor<f32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// In-place variants update x (a !pd.tensor) and infer like their value
// variant; the result is a !pd.tensor.
// CHECK-LABEL: func.func @inplace
// ROUNDTRIP-LABEL: func.func @inplace
func.func @inplace(%x: !pd.tensor<2x?xf32>, %y: !pd.vtensor<3xf32>, %s: !pd.vtensor<f32>, %i: !pd.tensor<2x3xi32>, %j: !pd.vtensor<1x3xi32>, %k: !pd.tensor<2x1xi32>, %c: !pd.vtensor<2x3xi1>) {
  // ROUNDTRIP: pd.add_ {{.*}} -> !pd.tensor<?x?xf32>
  // CHECK: pd.add_ %{{.*}} : (!pd.tensor<2x?xf32>, !pd.vtensor<3xf32>) -> !pd.tensor<2x3xf32>
  %0 = pd.add_ %x, %y : (!pd.tensor<2x?xf32>, !pd.vtensor<3xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.subtract_ %{{.*}} : (!pd.tensor<2x?xf32>, !pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf32>
  %1 = pd.subtract_ %x, %x : (!pd.tensor<2x?xf32>, !pd.tensor<2x?xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.multiply_ %{{.*}} : (!pd.tensor<2x?xf32>, !pd.vtensor<f32>) -> !pd.tensor<2x?xf32>
  %2 = pd.multiply_ %x, %s : (!pd.tensor<2x?xf32>, !pd.vtensor<f32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.divide_ %{{.*}} : (!pd.tensor<2x?xf32>, !pd.vtensor<3xf32>) -> !pd.tensor<2x3xf32>
  %3 = pd.divide_ %x, %y : (!pd.tensor<2x?xf32>, !pd.vtensor<3xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.floor_divide_ %{{.*}} : (!pd.tensor<2x3xi32>, !pd.vtensor<1x3xi32>) -> !pd.tensor<2x3xi32>
  %4 = pd.floor_divide_ %i, %j : (!pd.tensor<2x3xi32>, !pd.vtensor<1x3xi32>) -> !pd.tensor<?x?xi32>
  // CHECK: pd.remainder_ %{{.*}} : (!pd.tensor<2x3xi32>, !pd.vtensor<1x3xi32>) -> !pd.tensor<2x3xi32>
  %5 = pd.remainder_ %i, %j : (!pd.tensor<2x3xi32>, !pd.vtensor<1x3xi32>) -> !pd.tensor<?x?xi32>
  // CHECK: pd.bitwise_and_ %{{.*}} : (!pd.tensor<2x3xi32>, !pd.tensor<2x1xi32>) -> !pd.tensor<2x3xi32>
  %6 = pd.bitwise_and_ %i, %k : (!pd.tensor<2x3xi32>, !pd.tensor<2x1xi32>) -> !pd.tensor<?x?xi32>
  // CHECK: pd.bitwise_or_ %{{.*}} : (!pd.tensor<2x3xi32>, !pd.tensor<2x3xi32>) -> !pd.tensor<2x3xi32>
  %7 = pd.bitwise_or_ %i, %i : (!pd.tensor<2x3xi32>, !pd.tensor<2x3xi32>) -> !pd.tensor<?x?xi32>
  // CHECK: pd.bitwise_xor_ %{{.*}} : (!pd.tensor<2x3xi32>, !pd.tensor<2x3xi32>) -> !pd.tensor<2x3xi32>
  %8 = pd.bitwise_xor_ %i, %i : (!pd.tensor<2x3xi32>, !pd.tensor<2x3xi32>) -> !pd.tensor<?x?xi32>
  // CHECK: pd.where_ {{.*}} : (!pd.vtensor<2x3xi1>, !pd.tensor<2x?xf32>, !pd.vtensor<3xf32>) -> !pd.tensor<2x3xf32>
  %9 = pd.where_ %c, %x, %y : (!pd.vtensor<2x3xi1>, !pd.tensor<2x?xf32>, !pd.vtensor<3xf32>) -> !pd.tensor<?x?xf32>
  return
}

// -----

// CompareAllInferMeta (equal_all: shapes may differ, the answer is then
// false), AllValueCompareInferMeta (allclose, broadcast) and AddNInferMeta
// (a dynamic dim of one input is known from another): 0-D bools and the
// inputs' shape.
// CHECK-LABEL: func.func @all_compare_add_n
func.func @all_compare_add_n(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3xf32>, %d: !pd.vtensor<?x3xf32>) {
  // CHECK: pd.equal_all %{{.*}} : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<i1>
  %0 = pd.equal_all %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<i1>
  %r = pd.full(1.0e-05) : !pd.vtensor<f64>
  %a = pd.full(1.0e-08) : !pd.vtensor<f64>
  // CHECK: pd.allclose %{{.*}} {equal_nan = true} : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<f64>, !pd.vtensor<f64>) -> !pd.vtensor<i1>
  %1 = pd.allclose %x, %y, %r, %a {equal_nan = true} : (!pd.vtensor<2x3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<f64>, !pd.vtensor<f64>) -> !pd.vtensor<i1>
  %l = pd.combine(%d, %x, %d) : !pd.vtensor<?x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<?x3xf32>
  // CHECK: pd.add_n %{{.*}} : (!pd.vec<!pd.vtensor<?x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<?x3xf32>>) -> !pd.vtensor<2x3xf32>
  %2 = pd.add_n %l : (!pd.vec<!pd.vtensor<?x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<?x3xf32>>) -> !pd.vtensor<?x?xf32>
  return
}
