// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-conv-to-winograd{min-channels=1 min-tiles=1 min-outputs=1},pd-pad-winograd-planes))' | FileCheck %s
// Running it twice changes nothing more.
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-conv-to-winograd{min-channels=1 min-tiles=1 min-outputs=1},pd-pad-winograd-planes,pd-pad-winograd-planes))' | FileCheck %s

// 2 channels of 16 tiles: planes of 32 floats, 2 cache lines. The
// transformed input's and the products' 16 planes each become a view of an
// empty whose planes are 3 lines apart (48 floats).
// CHECK-LABEL: func.func @planes(
// CHECK: %[[VBIG:.*]] = tensor.empty() : tensor<16x48xf32>
// CHECK: %[[VSLICE:.*]] = tensor.extract_slice %[[VBIG]][0, 0] [16, 32] [1, 1] : tensor<16x48xf32> to tensor<16x32xf32>
// CHECK: %[[VINIT:.*]] = tensor.expand_shape %[[VSLICE]] {{\[}}[0, 1], [2, 3, 4, 5]] output_shape [4, 4, 2, 1, 4, 4] : tensor<16x32xf32> into tensor<4x4x2x1x4x4xf32>
// CHECK: linalg.generic {{.*}} outs(%[[VINIT]] : tensor<4x4x2x1x4x4xf32>) attrs =  {pd.winograd = "input"}
// CHECK: %[[MBIG:.*]] = tensor.empty() : tensor<16x48xf32>
// CHECK: %[[MSLICE:.*]] = tensor.extract_slice %[[MBIG]][0, 0] [16, 32] [1, 1] : tensor<16x48xf32> to tensor<16x32xf32>
// CHECK: %[[MINIT:.*]] = tensor.expand_shape %[[MSLICE]] {{\[}}[0], [1, 2]] output_shape [16, 2, 16] : tensor<16x32xf32> into tensor<16x2x16xf32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[MINIT]] : tensor<16x2x16xf32>)
// CHECK: linalg.batch_matmul {{.*}} outs(%[[FILL]] : tensor<16x2x16xf32>)
// CHECK: linalg.generic {{.*}} attrs =  {pd.winograd = "output"}
// CHECK-NOT: tensor.extract_slice
func.func @planes(%x: tensor<1x2x10x10xf32>) -> tensor<1x2x8x8xf32> {
  %w = arith.constant dense<1.0> : tensor<2x2x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x2x10x10xf32>, tensor<2x2x3x3xf32>) outs(%init : tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32>
  return %y : tensor<1x2x8x8xf32>
}

// -----

// One channel of 16 tiles: planes of one cache line (an odd number), left
// alone.
// CHECK-LABEL: func.func @one_line_planes(
// CHECK-NOT: tensor.extract_slice
// CHECK: tensor.empty() : tensor<4x4x1x1x4x4xf32>
// CHECK-NOT: tensor.extract_slice
// CHECK: tensor.empty() : tensor<16x1x16xf32>
// CHECK-NOT: tensor.extract_slice
func.func @one_line_planes(%x: tensor<1x1x10x10xf32>) -> tensor<1x1x8x8xf32> {
  %w = arith.constant dense<1.0> : tensor<1x1x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x8x8xf32>) -> tensor<1x1x8x8xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x1x10x10xf32>, tensor<1x1x3x3xf32>) outs(%init : tensor<1x1x8x8xf32>) -> tensor<1x1x8x8xf32>
  return %y : tensor<1x1x8x8xf32>
}

// -----

// An empty that something else uses too (here the function's result) is
// left alone: its view would change what the other use sees.
#id = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func.func @shared_empty(
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x4x2x1x4x4xf32>
// CHECK-NOT: tensor.extract_slice
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<4x4x2x1x4x4xf32>)
// CHECK: return {{.*}}, %[[E]]
func.func @shared_empty(%x: tensor<4x4x2x1x4x4xf32>) -> (tensor<4x4x2x1x4x4xf32>, tensor<4x4x2x1x4x4xf32>) {
  %e = tensor.empty() : tensor<4x4x2x1x4x4xf32>
  %v = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<4x4x2x1x4x4xf32>) outs(%e : tensor<4x4x2x1x4x4xf32>) attrs = {pd.winograd = "input"} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x4x2x1x4x4xf32>
  return %v, %e : tensor<4x4x2x1x4x4xf32>, tensor<4x4x2x1x4x4xf32>
}

// -----

// Planes of no elements (a dim of 0) and planes whose size overflows are
// left alone.
#id = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func.func @empty_and_huge_planes(
// CHECK-NOT: tensor.extract_slice
// CHECK: return
func.func @empty_and_huge_planes(%x: tensor<4x4x0x1x4x4xf32>, %y: tensor<4x4x4611686018427387904x1x4x4xf32>)
    -> (tensor<4x4x0x1x4x4xf32>, tensor<4x4x4611686018427387904x1x4x4xf32>) {
  %e = tensor.empty() : tensor<4x4x0x1x4x4xf32>
  %v = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<4x4x0x1x4x4xf32>) outs(%e : tensor<4x4x0x1x4x4xf32>) attrs = {pd.winograd = "input"} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x4x0x1x4x4xf32>
  %f = tensor.empty() : tensor<4x4x4611686018427387904x1x4x4xf32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%y : tensor<4x4x4611686018427387904x1x4x4xf32>) outs(%f : tensor<4x4x4611686018427387904x1x4x4xf32>) attrs = {pd.winograd = "input"} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x4x4611686018427387904x1x4x4xf32>
  return %v, %w : tensor<4x4x0x1x4x4xf32>, tensor<4x4x4611686018427387904x1x4x4xf32>
}
