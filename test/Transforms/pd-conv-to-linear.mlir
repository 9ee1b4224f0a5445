// RUN: paddle-opt %s -split-input-file -pd-conv-to-linear | FileCheck %s
// Running it twice changes nothing more.
// RUN: paddle-opt %s -split-input-file -pd-conv-to-linear -pd-conv-to-linear | FileCheck %s

// A squeeze-and-excitation convolution: the filter [3, 2, 1, 1] becomes its
// transpose [2, 3]; the bias add after it is unchanged.
// CHECK-LABEL: func.func @excitation
// CHECK-DAG: %[[F:.*]] = pd.flatten %{{.*}} {stop_axis = 3 : i32} : (!pd.vtensor<1x2x1x1xf32>) -> !pd.vtensor<1x2xf32>
// CHECK-DAG: %[[W:.*]] = pd.constant dense<{{\[}}[1.000000e+00, 3.000000e+00, 5.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00]]> : tensor<2x3xf32> : !pd.vtensor<2x3xf32>
// CHECK: %[[M:.*]] = pd.matmul %[[F]], %[[W]] : (!pd.vtensor<1x2xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<1x3xf32>
// CHECK: %[[S:.*]] = pd.full_int_array [0, 3, 1, 1] : !pd.vtensor<4xi64>
// CHECK: %[[R:.*]] = pd.reshape %[[M]], %[[S]] : (!pd.vtensor<1x3xf32>, !pd.vtensor<4xi64>) -> !pd.vtensor<1x3x1x1xf32>
// CHECK: pd.add %[[R]], %{{.*}}
// CHECK-NOT: pd.conv2d
func.func @excitation(%x: !pd.vtensor<1x2x1x1xf32>) -> !pd.vtensor<1x3x1x1xf32> {
  %w = pd.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]], [[[5.0]], [[6.0]]]]> : tensor<3x2x1x1xf32> : !pd.vtensor<3x2x1x1xf32>
  %b = pd.constant dense<0.5> : tensor<1x3x1x1xf32> : !pd.vtensor<1x3x1x1xf32>
  %c = pd.conv2d %x, %w : (!pd.vtensor<1x2x1x1xf32>, !pd.vtensor<3x2x1x1xf32>) -> !pd.vtensor<1x3x1x1xf32>
  %y = pd.add %c, %b : (!pd.vtensor<1x3x1x1xf32>, !pd.vtensor<1x3x1x1xf32>) -> !pd.vtensor<1x3x1x1xf32>
  return %y : !pd.vtensor<1x3x1x1xf32>
}

// -----

// Any batch, also one known only at run time; strides do not matter on a
// 1x1 map; a splat filter stays a splat.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-DAG: %[[W:.*]] = pd.constant dense<2.500000e-01> : tensor<64x16xf32>
// CHECK-DAG: pd.flatten %{{.*}} : (!pd.vtensor<?x64x1x1xf32>) -> !pd.vtensor<?x64xf32>
// CHECK: pd.matmul %{{.*}}, %[[W]] : (!pd.vtensor<?x64xf32>, !pd.vtensor<64x16xf32>) -> !pd.vtensor<?x16xf32>
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<?x16x1x1xf32>
// A large filter becomes a dense_resource blob, transposed.
// CHECK-LABEL: func.func @resource_filter
// CHECK: pd.constant dense_resource<conv_as_linear_w{{.*}}> : tensor<8x16xf32>
// CHECK: pd.matmul
func.func @dynamic_batch(%x: !pd.vtensor<?x64x1x1xf32>) -> !pd.vtensor<?x16x1x1xf32> {
  %w = pd.constant dense<0.25> : tensor<16x64x1x1xf32> : !pd.vtensor<16x64x1x1xf32>
  %c = pd.conv2d %x, %w {strides = array<i32: 2, 2>} : (!pd.vtensor<?x64x1x1xf32>, !pd.vtensor<16x64x1x1xf32>) -> !pd.vtensor<?x16x1x1xf32>
  return %c : !pd.vtensor<?x16x1x1xf32>
}
func.func @resource_filter(%x: !pd.vtensor<2x8x1x1xf32>, %w: !pd.vtensor<16x8x1x1xf32>) -> !pd.vtensor<2x16x1x1xf32> {
  %f = pd.constant dense<[[[[0.0]], [[1.0]], [[2.0]], [[3.0]], [[4.0]], [[5.0]], [[6.0]], [[7.0]]], [[[8.0]], [[9.0]], [[10.0]], [[11.0]], [[12.0]], [[13.0]], [[14.0]], [[15.0]]], [[[16.0]], [[17.0]], [[18.0]], [[19.0]], [[20.0]], [[21.0]], [[22.0]], [[23.0]]], [[[24.0]], [[25.0]], [[26.0]], [[27.0]], [[28.0]], [[29.0]], [[30.0]], [[31.0]]], [[[32.0]], [[33.0]], [[34.0]], [[35.0]], [[36.0]], [[37.0]], [[38.0]], [[39.0]]], [[[40.0]], [[41.0]], [[42.0]], [[43.0]], [[44.0]], [[45.0]], [[46.0]], [[47.0]]], [[[48.0]], [[49.0]], [[50.0]], [[51.0]], [[52.0]], [[53.0]], [[54.0]], [[55.0]]], [[[56.0]], [[57.0]], [[58.0]], [[59.0]], [[60.0]], [[61.0]], [[62.0]], [[63.0]]], [[[64.0]], [[65.0]], [[66.0]], [[67.0]], [[68.0]], [[69.0]], [[70.0]], [[71.0]]], [[[72.0]], [[73.0]], [[74.0]], [[75.0]], [[76.0]], [[77.0]], [[78.0]], [[79.0]]], [[[80.0]], [[81.0]], [[82.0]], [[83.0]], [[84.0]], [[85.0]], [[86.0]], [[87.0]]], [[[88.0]], [[89.0]], [[90.0]], [[91.0]], [[92.0]], [[93.0]], [[94.0]], [[95.0]]], [[[96.0]], [[97.0]], [[98.0]], [[99.0]], [[100.0]], [[101.0]], [[102.0]], [[103.0]]], [[[104.0]], [[105.0]], [[106.0]], [[107.0]], [[108.0]], [[109.0]], [[110.0]], [[111.0]]], [[[112.0]], [[113.0]], [[114.0]], [[115.0]], [[116.0]], [[117.0]], [[118.0]], [[119.0]]], [[[120.0]], [[121.0]], [[122.0]], [[123.0]], [[124.0]], [[125.0]], [[126.0]], [[127.0]]]]> : tensor<16x8x1x1xf32> : !pd.vtensor<16x8x1x1xf32>
  %c = pd.conv2d %x, %f : (!pd.vtensor<2x8x1x1xf32>, !pd.vtensor<16x8x1x1xf32>) -> !pd.vtensor<2x16x1x1xf32>
  return %c : !pd.vtensor<2x16x1x1xf32>
}

// -----

// Left alone: weights a training program may write (pd.get_parameter),
// maps larger than 1x1, padding (the output would read zeros), groups, a
// 3x3 filter, NHWC.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-6: pd.conv2d
// CHECK-NOT: pd.matmul
func.func @left_alone(%x: !pd.vtensor<1x4x1x1xf32>, %big: !pd.vtensor<1x4x2x2xf32>, %nhwc: !pd.vtensor<1x1x1x4xf32>) {
  %p = pd.get_parameter "w" : !pd.vtensor<4x4x1x1xf32>
  %w = pd.constant dense<1.0> : tensor<4x4x1x1xf32> : !pd.vtensor<4x4x1x1xf32>
  %g = pd.constant dense<1.0> : tensor<4x2x1x1xf32> : !pd.vtensor<4x2x1x1xf32>
  %w3 = pd.constant dense<1.0> : tensor<4x4x3x3xf32> : !pd.vtensor<4x4x3x3xf32>
  %0 = pd.conv2d %x, %p : (!pd.vtensor<1x4x1x1xf32>, !pd.vtensor<4x4x1x1xf32>) -> !pd.vtensor<1x4x1x1xf32>
  %1 = pd.conv2d %big, %w : (!pd.vtensor<1x4x2x2xf32>, !pd.vtensor<4x4x1x1xf32>) -> !pd.vtensor<1x4x2x2xf32>
  %2 = pd.conv2d %x, %w {paddings = array<i32: 1, 1>, strides = array<i32: 3, 3>} : (!pd.vtensor<1x4x1x1xf32>, !pd.vtensor<4x4x1x1xf32>) -> !pd.vtensor<1x4x1x1xf32>
  %3 = pd.conv2d %x, %g {groups = 2 : i32} : (!pd.vtensor<1x4x1x1xf32>, !pd.vtensor<4x2x1x1xf32>) -> !pd.vtensor<1x4x1x1xf32>
  %4 = pd.conv2d %x, %w3 {paddings = array<i32: 1, 1>} : (!pd.vtensor<1x4x1x1xf32>, !pd.vtensor<4x4x3x3xf32>) -> !pd.vtensor<1x4x1x1xf32>
  %5 = pd.conv2d %nhwc, %w {data_format = "NHWC"} : (!pd.vtensor<1x1x1x4xf32>, !pd.vtensor<4x4x1x1xf32>) -> !pd.vtensor<1x1x1x4xf32>
  return
}
