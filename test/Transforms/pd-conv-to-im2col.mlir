// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-conv-to-im2col))' | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-conv-to-im2col,pd-conv-to-im2col))' | FileCheck %s

// NCHW: the patches as a 6-D window copy marked pd.im2col (strides,
// dilations) that pd-tile-and-vectorize copies row by row. One image: a
// linalg.matmul of the weights [f, c*kh*kw] and the patches
// [c*kh*kw, oh*ow]; a batch: a contraction over [n, c*kh*kw, oh*ow].
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
// CHECK-LABEL: func.func @conv(
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2, 3]] : tensor<4x3x3x3xf32> into tensor<4x27xf32>
// CHECK: linalg.generic {indexing_maps = [#[[WIN]], #{{.*}}]{{.*}}outs(%{{.*}} : tensor<1x3x3x3x6x6xf32>) attrs =  {pd.im2col = array<i64: 1, 1, 1, 1>}
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2, 3], [4, 5]] : tensor<1x3x3x3x6x6xf32> into tensor<27x36xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2, 3]] : tensor<1x4x6x6xf32> into tensor<4x36xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x27xf32>, tensor<27x36xf32>) outs(%{{.*}} : tensor<4x36xf32>)
// CHECK: tensor.expand_shape {{.*}} into tensor<1x4x6x6xf32>
// CHECK-NOT: linalg.conv_2d
// CHECK-LABEL: func.func @conv_batch2(
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2, 3], [4, 5]] : tensor<2x3x3x3x6x6xf32> into tensor<2x27x36xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: tensor.expand_shape {{.*}} into tensor<2x4x6x6xf32>
// CHECK-NOT: linalg.conv_2d
func.func @conv(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %o: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> {
  %r = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}
func.func @conv_batch2(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %o: tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32> {
  %r = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
  return %r : tensor<2x4x6x6xf32>
}

// -----

// Strides and dilations go into the window map and the marker.
// CHECK-DAG: #[[SWIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4 * 2 + d2 * 2, d5 * 2 + d3 * 2)>
// CHECK-LABEL: func.func @strided_dilated(
// CHECK: linalg.generic {indexing_maps = [#[[SWIN]], #{{.*}}]{{.*}}pd.im2col = array<i64: 2, 2, 2, 2>
func.func @strided_dilated(%x: tensor<1x2x9x9xf32>, %w: tensor<4x2x3x3xf32>, %o: tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32> {
  %r = linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>}
       ins(%x, %w : tensor<1x2x9x9xf32>, tensor<4x2x3x3xf32>) outs(%o : tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  return %r : tensor<1x4x3x3xf32>
}

// -----

// Dynamic shapes and buffers are left alone.
// CHECK-LABEL: func.func @dynamic(
// CHECK: linalg.conv_2d_nchw_fchw
func.func @dynamic(%x: tensor<?x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %o: tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32> {
  %r = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32>
  return %r : tensor<?x4x6x6xf32>
}

// -----

// A 1x1 window with stride 1: the input is the patch matrix (no copy);
// with stride 2 the patches are still copied.
// CHECK-LABEL: func.func @pointwise(
// CHECK-NOT: pd.im2col
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2, 3]] : tensor<1x8x5x5xf32> into tensor<8x25xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x25xf32>) outs(%{{.*}} : tensor<4x25xf32>)
// CHECK-LABEL: func.func @pointwise_batch2(
// CHECK-NOT: pd.im2col
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : tensor<2x8x5x5xf32> into tensor<2x8x25xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-LABEL: func.func @pointwise_strided(
// CHECK: pd.im2col = array<i64: 2, 2, 1, 1>
// CHECK: linalg.matmul
func.func @pointwise(%x: tensor<1x8x5x5xf32>, %w: tensor<4x8x1x1xf32>, %o: tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32> {
  %r = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<1x8x5x5xf32>, tensor<4x8x1x1xf32>) outs(%o : tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
  return %r : tensor<1x4x5x5xf32>
}
func.func @pointwise_batch2(%x: tensor<2x8x5x5xf32>, %w: tensor<4x8x1x1xf32>, %o: tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32> {
  %r = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<2x8x5x5xf32>, tensor<4x8x1x1xf32>) outs(%o : tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
  return %r : tensor<2x4x5x5xf32>
}
func.func @pointwise_strided(%x: tensor<1x8x5x5xf32>, %w: tensor<4x8x1x1xf32>, %o: tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32> {
  %r = linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x8x5x5xf32>, tensor<4x8x1x1xf32>) outs(%o : tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  return %r : tensor<1x4x3x3xf32>
}
