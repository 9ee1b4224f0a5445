// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-conv-to-im2col))' | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-conv-to-im2col,pd-conv-to-im2col))' | FileCheck %s

// CHECK-LABEL: func.func @conv(
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2, 3]] : tensor<4x3x3x3xf32> into tensor<4x27xf32>
// CHECK: linalg.generic {{.*}}outs(%{{.*}} : tensor<1x27x36xf32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: tensor.expand_shape {{.*}} into tensor<1x4x6x6xf32>
// CHECK-NOT: linalg.conv_2d
func.func @conv(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %o: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> {
  %r = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}

// -----

// Dynamic shapes and buffers are left alone.
// CHECK-LABEL: func.func @dynamic(
// CHECK: linalg.conv_2d_nchw_fchw
func.func @dynamic(%x: tensor<?x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %o: tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32> {
  %r = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32>
  return %r : tensor<?x4x6x6xf32>
}
