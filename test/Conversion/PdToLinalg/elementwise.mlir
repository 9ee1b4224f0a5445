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
