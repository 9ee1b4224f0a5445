// RUN: paddle-opt %s -split-input-file -pd-conv-to-winograd='min-channels=1 min-tiles=1' | FileCheck %s
// With the default options (96 channels, 16 tiles) these small ones stay.
// RUN: paddle-opt %s -split-input-file -pd-conv-to-winograd | FileCheck %s --check-prefix=DEFAULT

// A 3x3 filter of ones: G g G^T is the outer product of [1, 3/2, 1/2, 1]
// with itself. The input is padded to 2 tiles + 2 = 6, transformed by rows
// (strided slices along H) and columns (along W), multiplied position by
// position (16 matmuls), transformed back and interleaved.
// CHECK-LABEL: func.func @winograd
// CHECK: %[[P:.*]] = pd.pad %{{.*}} {paddings = array<i32: 0, 0, 0, 0, 1, 1, 1, 1>} : {{.*}} -> !pd.vtensor<1x1x6x6xf32>
// CHECK-COUNT-4: pd.strided_slice %[[P]], {{.*}} {axes = array<i32: 2>} : {{.*}} -> !pd.vtensor<1x1x2x6xf32>
// CHECK: %[[T:.*]] = pd.stack {{.*}} -> !pd.vtensor<4x1x1x2x6xf32>
// CHECK-COUNT-4: pd.strided_slice %[[T]], {{.*}} {axes = array<i32: 4>} : {{.*}} -> !pd.vtensor<4x1x1x2x2xf32>
// CHECK: pd.stack {{.*}} {axis = 1 : i32} : {{.*}} -> !pd.vtensor<4x4x1x1x2x2xf32>
// CHECK: %[[V:.*]] = pd.reshape {{.*}} -> !pd.vtensor<16x1x4xf32>
// CHECK: %[[U:.*]] = pd.constant dense<{{\[}}[{{\[}}1.000000e+00]], {{\[}}[1.500000e+00]], {{\[}}[5.000000e-01]], {{\[}}[1.000000e+00]], {{\[}}[1.500000e+00]], {{\[}}[2.250000e+00]], {{\[}}[7.500000e-01]], {{\[}}[1.500000e+00]], {{\[}}[5.000000e-01]], {{\[}}[7.500000e-01]], {{\[}}[2.500000e-01]], {{\[}}[5.000000e-01]], {{\[}}[1.000000e+00]], {{\[}}[1.500000e+00]], {{\[}}[5.000000e-01]], {{\[}}[1.000000e+00]]]> : tensor<16x1x1xf32>
// CHECK: %[[M:.*]] = pd.matmul %[[U]], %[[V]] : (!pd.vtensor<16x1x1xf32>, !pd.vtensor<16x1x4xf32>) -> !pd.vtensor<16x1x4xf32>
// CHECK: pd.reshape %[[M]], {{.*}} -> !pd.vtensor<4x4x1x1x2x2xf32>
// CHECK: pd.stack {{.*}} -> !pd.vtensor<4x2x1x1x2x2xf32>
// CHECK: %[[Y:.*]] = pd.stack {{.*}} -> !pd.vtensor<2x2x1x1x2x2xf32>
// CHECK: %[[I:.*]] = pd.transpose %[[Y]] {perm = array<i32: 3, 2, 4, 0, 5, 1>} : {{.*}} -> !pd.vtensor<1x1x2x2x2x2xf32>
// CHECK: %[[R:.*]] = pd.reshape %[[I]], {{.*}} -> !pd.vtensor<1x1x4x4xf32>
// CHECK: return %[[R]]
// CHECK-NOT: pd.conv2d
// DEFAULT-LABEL: func.func @winograd
// DEFAULT: pd.conv2d
func.func @winograd(%x: !pd.vtensor<1x1x4x4xf32>) -> !pd.vtensor<1x1x4x4xf32> {
  %w = pd.constant dense<1.0> : tensor<1x1x3x3xf32> : !pd.vtensor<1x1x3x3xf32>
  %c = pd.conv2d %x, %w {paddings = array<i32: 1, 1>} : (!pd.vtensor<1x1x4x4xf32>, !pd.vtensor<1x1x3x3xf32>) -> !pd.vtensor<1x1x4x4xf32>
  return %c : !pd.vtensor<1x1x4x4xf32>
}

// -----

// An odd output (5x3 from asymmetric paddings top 1, bottom 1, left 0,
// right 0): 3x2 tiles, the input padded past the convolution's padding to
// 8x6, the last row of tiles cropped; batch 2 puts the images next to each
// other in the matmuls' columns.
// CHECK-LABEL: func.func @odd_batch
// CHECK: pd.pad %{{.*}} {paddings = array<i32: 0, 0, 0, 0, 1, 2, 0, 1>} : {{.*}} -> !pd.vtensor<2x3x8x6xf32>
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<16x2x3x6xf32>
// CHECK: pd.transpose {{.*}} {perm = array<i32: 0, 2, 1, 3>} : {{.*}} -> !pd.vtensor<16x3x2x6xf32>
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<16x3x12xf32>
// CHECK: pd.matmul {{.*}} : (!pd.vtensor<16x4x3xf32>, !pd.vtensor<16x3x12xf32>) -> !pd.vtensor<16x4x12xf32>
// CHECK: pd.reshape {{.*}} -> !pd.vtensor<2x4x6x4xf32>
// CHECK: %[[S:.*]] = pd.slice {{.*}} {axes = array<i64: 2, 3>, decrease_axis = array<i64>, infer_flags = array<i64: 1, 1>} : {{.*}} -> !pd.vtensor<2x4x5x3xf32>
// CHECK: return %[[S]]
func.func @odd_batch(%x: !pd.vtensor<2x3x5x5xf32>) -> !pd.vtensor<2x4x5x3xf32> {
  %w = pd.constant dense<0.5> : tensor<4x3x3x3xf32> : !pd.vtensor<4x3x3x3xf32>
  %c = pd.conv2d %x, %w {paddings = array<i32: 1, 1, 0, 0>} : (!pd.vtensor<2x3x5x5xf32>, !pd.vtensor<4x3x3x3xf32>) -> !pd.vtensor<2x4x5x3xf32>
  return %c : !pd.vtensor<2x4x5x3xf32>
}

// -----

// Left alone: a weight a training program may write (an argument here, a
// pd.get_parameter in a program), stride 2, dilation 2, groups, a 5x5
// filter, SAME padding.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-6: pd.conv2d
// CHECK-NOT: pd.matmul
func.func @left_alone(%x: !pd.vtensor<1x4x8x8xf32>, %p: !pd.vtensor<4x4x3x3xf32>) -> (!pd.vtensor<1x4x8x8xf32>, !pd.vtensor<1x4x4x4xf32>, !pd.vtensor<1x4x8x8xf32>, !pd.vtensor<1x4x8x8xf32>, !pd.vtensor<1x4x8x8xf32>, !pd.vtensor<1x4x8x8xf32>) {
  %w = pd.constant dense<1.0> : tensor<4x4x3x3xf32> : !pd.vtensor<4x4x3x3xf32>
  %g = pd.constant dense<1.0> : tensor<4x2x3x3xf32> : !pd.vtensor<4x2x3x3xf32>
  %w5 = pd.constant dense<1.0> : tensor<4x4x5x5xf32> : !pd.vtensor<4x4x5x5xf32>
  %a = pd.conv2d %x, %p {paddings = array<i32: 1, 1>} : (!pd.vtensor<1x4x8x8xf32>, !pd.vtensor<4x4x3x3xf32>) -> !pd.vtensor<1x4x8x8xf32>
  %b = pd.conv2d %x, %w {paddings = array<i32: 1, 1>, strides = array<i32: 2, 2>} : (!pd.vtensor<1x4x8x8xf32>, !pd.vtensor<4x4x3x3xf32>) -> !pd.vtensor<1x4x4x4xf32>
  %c = pd.conv2d %x, %w {paddings = array<i32: 2, 2>, dilations = array<i32: 2, 2>} : (!pd.vtensor<1x4x8x8xf32>, !pd.vtensor<4x4x3x3xf32>) -> !pd.vtensor<1x4x8x8xf32>
  %d = pd.conv2d %x, %g {paddings = array<i32: 1, 1>, groups = 2 : i32} : (!pd.vtensor<1x4x8x8xf32>, !pd.vtensor<4x2x3x3xf32>) -> !pd.vtensor<1x4x8x8xf32>
  %e = pd.conv2d %x, %w5 {paddings = array<i32: 2, 2>} : (!pd.vtensor<1x4x8x8xf32>, !pd.vtensor<4x4x5x5xf32>) -> !pd.vtensor<1x4x8x8xf32>
  %f = pd.conv2d %x, %w {padding_algorithm = "SAME"} : (!pd.vtensor<1x4x8x8xf32>, !pd.vtensor<4x4x3x3xf32>) -> !pd.vtensor<1x4x8x8xf32>
  return %a, %b, %c, %d, %e, %f : !pd.vtensor<1x4x8x8xf32>, !pd.vtensor<1x4x4x4xf32>, !pd.vtensor<1x4x8x8xf32>, !pd.vtensor<1x4x8x8xf32>, !pd.vtensor<1x4x8x8xf32>, !pd.vtensor<1x4x8x8xf32>
}

// -----

// The options: 2x2 tiles are 4 (below min-tiles = 5), 2 channels are
// enough for min-channels = 2.
// RUN: paddle-opt %s -split-input-file -pd-conv-to-winograd='min-channels=2 min-tiles=5' | FileCheck %s --check-prefix=TILES
// CHECK-LABEL: func.func @few_tiles
// TILES-LABEL: func.func @few_tiles
// TILES: pd.conv2d
// TILES-LABEL: func.func @enough_tiles
// TILES-NOT: pd.conv2d
// TILES: pd.matmul
func.func @few_tiles(%x: !pd.vtensor<1x2x4x4xf32>) -> !pd.vtensor<1x2x4x4xf32> {
  %w = pd.constant dense<1.0> : tensor<2x2x3x3xf32> : !pd.vtensor<2x2x3x3xf32>
  %c = pd.conv2d %x, %w {paddings = array<i32: 1, 1>} : (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2x2x3x3xf32>) -> !pd.vtensor<1x2x4x4xf32>
  return %c : !pd.vtensor<1x2x4x4xf32>
}
func.func @enough_tiles(%x: !pd.vtensor<1x2x6x6xf32>) -> !pd.vtensor<1x2x6x6xf32> {
  %w = pd.constant dense<1.0> : tensor<2x2x3x3xf32> : !pd.vtensor<2x2x3x3xf32>
  %c = pd.conv2d %x, %w {paddings = array<i32: 1, 1>} : (!pd.vtensor<1x2x6x6xf32>, !pd.vtensor<2x2x3x3xf32>) -> !pd.vtensor<1x2x6x6xf32>
  return %c : !pd.vtensor<1x2x6x6xf32>
}
