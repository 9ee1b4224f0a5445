// Round trip of every pd op, in custom and in generic form.
// RUN: paddle-opt %s | paddle-opt | FileCheck %s
// RUN: paddle-opt %s --mlir-print-op-generic | paddle-opt | FileCheck %s

// CHECK-LABEL: func.func @program
func.func @program() {
  // CHECK: %[[X:.*]] = pd.data "x" : !pd.tensor<?x784xf32>
  %x = pd.data "x" : !pd.tensor<?x784xf32>
  // CHECK: pd.data "ids" {place = #pd.place<GPU, 1>} : !pd.vtensor<4xi64>
  %ids = pd.data "ids" {place = #pd.place<GPU, 1>} : !pd.vtensor<4xi64>
  // CHECK: pd.data "flag" {place = #pd.place<CPU>} : !pd.tensor<i1>
  %flag = pd.data "flag" {place = #pd.place<CPU>} : !pd.tensor<i1>
  // CHECK: %[[W:.*]] = pd.get_parameter "linear_0.w_0" : !pd.tensor<784x10xf32>
  %w = pd.get_parameter "linear_0.w_0" : !pd.tensor<784x10xf32>
  // CHECK: pd.set_parameter %[[W]] "linear_0.w_0" : !pd.tensor<784x10xf32>
  pd.set_parameter %w "linear_0.w_0" : !pd.tensor<784x10xf32>
  // CHECK: %[[Y:.*]] = pd.fetch %[[X]] "out" col 0 : !pd.tensor<?x784xf32>
  %y = pd.fetch %x "out" col 0 : !pd.tensor<?x784xf32>
  return
}

// CHECK-LABEL: func.func @constants
func.func @constants() {
  // CHECK: pd.full(1.500000e+00) : !pd.tensor<2x3xf32>
  %0 = pd.full(1.5) : !pd.tensor<2x3xf32>
  // CHECK: pd.full(-2) {place = #pd.place<CPU>} : !pd.vtensor<1xi64>
  %1 = pd.full(-2) {place = #pd.place<CPU>} : !pd.vtensor<1xi64>
  // CHECK: pd.full(true) : !pd.vtensor<i1>
  %2 = pd.full(true) : !pd.vtensor<i1>
  // An integer Scalar may fill a float tensor (Paddle's Scalar keeps its kind).
  // CHECK: pd.full(3) : !pd.vtensor<2xf16>
  %3 = pd.full(3) : !pd.vtensor<2xf16>
  // Non-finite values keep their bits: -inf.
  // CHECK: pd.full(0xFFF0000000000000 : f64) : !pd.vtensor<2x2xf32>
  %4 = pd.full(0xFFF0000000000000 : f64) : !pd.vtensor<2x2xf32>
  // CHECK: pd.full(2.500000e-01) : !pd.vtensor<0x3xbf16>
  %5 = pd.full(0.25) : !pd.vtensor<0x3xbf16>
  // CHECK: pd.full_int_array [0, -1] : !pd.vtensor<2xi64>
  %6 = pd.full_int_array [0, -1] : !pd.vtensor<2xi64>
  // CHECK: pd.full_int_array [] : !pd.tensor<0xi32>
  %7 = pd.full_int_array [] : !pd.tensor<0xi32>
  // CHECK: pd.full_int_array [7] {place = #pd.place<GPU>} : !pd.tensor<?xi64>
  %8 = pd.full_int_array [7] {place = #pd.place<GPU>} : !pd.tensor<?xi64>
  return
}

// CHECK-LABEL: func.func @tensor_lists
// CHECK-SAME: (%[[A:.*]]: !pd.vtensor<2xf32>, %[[B:.*]]: !pd.tensor<3x?xi32>)
func.func @tensor_lists(%a: !pd.vtensor<2xf32>, %b: !pd.tensor<3x?xi32>) {
  // CHECK: %[[L:.*]] = pd.combine(%[[A]], %[[B]]) : !pd.vtensor<2xf32>, !pd.tensor<3x?xi32>
  %l = pd.combine(%a, %b) : !pd.vtensor<2xf32>, !pd.tensor<3x?xi32>
  // CHECK: pd.combine(){{$}}
  %e = pd.combine()
  // CHECK: %{{.*}}:2 = pd.builtin_split %[[L]] : !pd.vec<!pd.vtensor<2xf32>, !pd.tensor<3x?xi32>>
  %s:2 = pd.builtin_split %l : !pd.vec<!pd.vtensor<2xf32>, !pd.tensor<3x?xi32>>
  // CHECK: pd.builtin_slice %[[L]][1] : !pd.vec<!pd.vtensor<2xf32>, !pd.tensor<3x?xi32>>
  %t = pd.builtin_slice %l[1] : !pd.vec<!pd.vtensor<2xf32>, !pd.tensor<3x?xi32>>
  // CHECK: pd.builtin_split %{{.*}} : !pd.vec<>
  pd.builtin_split %e : !pd.vec<>
  return
}

// CHECK-LABEL: func.func @aliasing
// CHECK-SAME: (%[[T:.*]]: !pd.tensor<2x?xf32>)
func.func @aliasing(%t: !pd.tensor<2x?xf32>) -> !pd.tensor<2x?xf32> {
  // CHECK: %[[V:.*]] = pd.to_vtensor %[[T]] : !pd.tensor<2x?xf32>
  %v = pd.to_vtensor %t : !pd.tensor<2x?xf32>
  // CHECK: %[[T2:.*]] = pd.to_tensor %[[V]] : !pd.vtensor<2x?xf32>
  %t2 = pd.to_tensor %v : !pd.vtensor<2x?xf32>
  // CHECK: pd.copy_to %[[V]], %[[T]] : !pd.vtensor<2x?xf32>, !pd.tensor<2x?xf32>
  pd.copy_to %v, %t : !pd.vtensor<2x?xf32>, !pd.tensor<2x?xf32>
  // A tensor may be copied into another; dynamic dims are compatible.
  // CHECK: pd.copy_to %[[T2]], %[[T]] : !pd.tensor<2x?xf32>, !pd.tensor<2x?xf32>
  pd.copy_to %t2, %t : !pd.tensor<2x?xf32>, !pd.tensor<2x?xf32>
  return %t2 : !pd.tensor<2x?xf32>
}

// CHECK-LABEL: func.func @frozen_weights
func.func @frozen_weights() {
  // CHECK: pd.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32> : !pd.vtensor<2xf32>
  %0 = pd.constant dense<[1.0, 2.0]> : tensor<2xf32> : !pd.vtensor<2xf32>
  // CHECK: pd.constant dense_resource<linear_0.w_0> : tensor<2x2xf32> {name = "linear_0.w_0"} : !pd.vtensor<2x2xf32>
  %1 = pd.constant dense_resource<linear_0.w_0> : tensor<2x2xf32> {name = "linear_0.w_0"} : !pd.vtensor<2x2xf32>
  return
}

{-#
  dialect_resources: {
    builtin: {
      linear_0.w_0: "0x040000000000803F000000400000404000008040"
    }
  }
#-}
