// Elementwise lowerings (lib/Conversion/PdToLinalg/Elementwise.cpp): one
// broadcasting linalg.generic per op with the scalar formula in its body.
// RUN: paddle-opt %s -split-input-file -convert-pd-to-linalg | FileCheck %s

// Numpy broadcasting: a static 1 reads index 0, missing leading dims are dropped.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @add_broadcast(
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK: arith.addf
func.func @add_broadcast() {
  %x = pd.data "x" : !pd.vtensor<4x3xf32>
  %y = pd.data "y" : !pd.vtensor<1x3xf32>
  %r = pd.add %x, %y : (!pd.vtensor<4x3xf32>, !pd.vtensor<1x3xf32>) -> !pd.vtensor<4x3xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<4x3xf32>
  return
}

// -----

// Dynamic dims: the output's size comes from an input (tensor.dim).
// CHECK-LABEL: func.func @relu_dynamic(
// CHECK-SAME: %[[X:.*]]: tensor<?x8xf32>
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x8xf32>
// CHECK: tensor.empty(%[[D]]) : tensor<?x8xf32>
// CHECK: arith.maximumf
func.func @relu_dynamic() {
  %x = pd.data "x" : !pd.vtensor<?x8xf32>
  %r = pd.relu %x : (!pd.vtensor<?x8xf32>) -> !pd.vtensor<?x8xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x8xf32>
  return
}

// -----

// Exact GELU uses erf; the tanh approximation is opt-in.
// CHECK-LABEL: func.func @gelu(
// CHECK: math.erf
// CHECK: math.tanh
func.func @gelu() {
  %x = pd.data "x" : !pd.vtensor<8xf32>
  %a = pd.gelu %x : (!pd.vtensor<8xf32>) -> !pd.vtensor<8xf32>
  %b = pd.gelu %x {approximate = true} : (!pd.vtensor<8xf32>) -> !pd.vtensor<8xf32>
  %f0 = pd.fetch %a "a" col 0 : !pd.vtensor<8xf32>
  %f1 = pd.fetch %b "b" col 1 : !pd.vtensor<8xf32>
  return
}

// -----

// Integers: signed division and Python-style remainder; unsigned compare.
// CHECK-LABEL: func.func @integers(
// CHECK: arith.divsi
// CHECK: arith.remsi
// CHECK: arith.select
// CHECK: arith.cmpi ult
func.func @integers() {
  %x = pd.data "x" : !pd.vtensor<4xi32>
  %y = pd.data "y" : !pd.vtensor<4xi32>
  %u = pd.data "u" : !pd.vtensor<4xui8>
  %v = pd.data "v" : !pd.vtensor<4xui8>
  %d = pd.divide %x, %y : (!pd.vtensor<4xi32>, !pd.vtensor<4xi32>) -> !pd.vtensor<4xi32>
  %m = pd.remainder %x, %y : (!pd.vtensor<4xi32>, !pd.vtensor<4xi32>) -> !pd.vtensor<4xi32>
  %l = pd.less_than %u, %v : (!pd.vtensor<4xui8>, !pd.vtensor<4xui8>) -> !pd.vtensor<4xi1>
  %f0 = pd.fetch %d "d" col 0 : !pd.vtensor<4xi32>
  %f1 = pd.fetch %m "m" col 1 : !pd.vtensor<4xi32>
  %f2 = pd.fetch %l "l" col 2 : !pd.vtensor<4xi1>
  return
}

// -----

// Scalar operands: constants are folded into the body; cast converts.
// CHECK-LABEL: func.func @scale_cast(
// CHECK: %[[S:.*]] = arith.constant 2.500000e+00 : f32
// CHECK: linalg.generic
// CHECK: arith.mulf %{{.*}}, %[[S]]
// CHECK: linalg.generic
// CHECK: arith.fptosi %{{.*}} : f32 to i64
func.func @scale_cast() {
  %x = pd.data "x" : !pd.vtensor<4xf32>
  %s = pd.full(2.5) : !pd.vtensor<1xf32>
  %y = pd.scale %x, %s {bias = 1.0 : f32} : (!pd.vtensor<4xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<4xf32>
  %c = pd.cast %y {dtype = #pd.dtype<int64>} : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xi64>
  %f = pd.fetch %c "c" col 0 : !pd.vtensor<4xi64>
  return
}

// -----

// Integer divisors are checked at run time: a zero is reported to the
// runtime ("integer division by zero") and replaced by 1, and MIN / -1
// divides by 1 (numpy's wrapped result) instead of trapping. A constant
// divisor without a zero needs no check.
// CHECK: module attributes {pd.runtime_checks = ["pd.floor_divide at {{.*}}: integer division by zero"]}
// CHECK-LABEL: func.func @integer_division(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xi64> {{.*}}, %[[Y:[^:]*]]: tensor<4xi64>
// CHECK: %[[CY:.*]] = linalg.generic {{.*}} ins(%[[Y]] : tensor<4xi64>) outs(%{{.*}} : tensor<4xi64>)
// CHECK: %[[Z:.*]] = arith.cmpi eq
// CHECK: scf.if %[[Z]] {
// CHECK: func.call @pdm_runtime_error
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[CY]] : tensor<4xi64>, tensor<4xi64>)
// CHECK: arith.floordivsi
// CHECK: linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<4xi64>, tensor<4xi64>)
// CHECK: arith.remsi
// CHECK-NOT: pdm_runtime_error(
// CHECK: func.func private @pdm_runtime_error
func.func @integer_division() {
  %x = pd.data "x" : !pd.vtensor<4xi64>
  %y = pd.data "y" : !pd.vtensor<4xi64>
  %q = pd.floor_divide %x, %y : (!pd.vtensor<4xi64>, !pd.vtensor<4xi64>) -> !pd.vtensor<4xi64>
  %three = pd.full(3) : !pd.vtensor<4xi64>
  %r = pd.remainder %x, %three : (!pd.vtensor<4xi64>, !pd.vtensor<4xi64>) -> !pd.vtensor<4xi64>
  %f0 = pd.fetch %q "q" col 0 : !pd.vtensor<4xi64>
  %f1 = pd.fetch %r "r" col 1 : !pd.vtensor<4xi64>
  return
}

// -----

// shard_index: values of shard 1 (of 2, each 10 long) become offsets in it,
// the others -1; a value outside [0, 20) is a run-time error.
// CHECK-LABEL: func.func @shard_index(
// CHECK: linalg.generic
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi sge
// CHECK: call @pdm_runtime_error
// CHECK: arith.divsi %{{.*}}, %c10_i64
// CHECK: arith.remsi
// CHECK: arith.select
func.func @shard_index() {
  %x = pd.data "x" : !pd.vtensor<4x1xi64>
  %y = pd.shard_index %x {index_num = 20 : i32, nshards = 2 : i32, shard_id = 1 : i32} : (!pd.vtensor<4x1xi64>) -> !pd.vtensor<4x1xi64>
  %f = pd.fetch %y "y" col 0 : !pd.vtensor<4x1xi64>
  return
}
