// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-concat-in-place))' | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-concat-in-place),eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},cse,canonicalize,func.func(pd-memref-copy-to-linalg))' | FileCheck %s --check-prefix=BUF

// Two layers of a dense block: the first concatenation (the input %x and
// layer 1's output) grows into the second (and layer 2's output). The
// largest concatenation gets an empty of its own at the start of the block
// and the smaller one's is its prefix; the rest stays.
// CHECK-LABEL: func.func @dense_block(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x64x8x8xf32>
// CHECK-NEXT: %[[BIG:.*]] = tensor.empty() : tensor<1x128x8x8xf32>
// CHECK-NEXT: %[[SMALL:.*]] = tensor.extract_slice %[[BIG]][0, 0, 0, 0] [1, 96, 8, 8] [1, 1, 1, 1]
// CHECK: %[[Y1:.*]] = tensor.expand_shape
// CHECK-NEXT: %[[A:.*]] = tensor.insert_slice %[[X]] into %[[SMALL]][0, 0, 0, 0] [1, 64, 8, 8]
// CHECK-NEXT: %[[C1:.*]] = tensor.insert_slice %[[Y1]] into %[[A]][0, 64, 0, 0] [1, 32, 8, 8]
// CHECK: linalg.generic {{.*}} ins(%[[C1]] :
// CHECK: %[[Y2:.*]] = tensor.expand_shape
// CHECK-NEXT: %[[B:.*]] = tensor.insert_slice %[[C1]] into %[[BIG]][0, 0, 0, 0] [1, 96, 8, 8]
// CHECK-NEXT: %[[C2:.*]] = tensor.insert_slice %[[Y2]] into %[[B]][0, 96, 0, 0] [1, 32, 8, 8]
// CHECK-NEXT: return %[[C2]]

// Bufferized: one buffer of 128 channels for both concatenations, which
// the smaller one is built in; each layer's output (computed into a buffer
// of its own, so that the kernels of a block's layers stay one) and the
// input (an argument) are copied into it, and nothing else is.
// BUF-LABEL: func.func @dense_block(
// BUF: %[[BUF:.*]] = memref.alloc() {{.*}} : memref<1x128x8x8xf32>
// BUF-NEXT: %[[SMALL:.*]] = memref.subview %[[BUF]][0, 0, 0, 0] [1, 96, 8, 8]
// BUF: linalg.copy ins(%arg0
// BUF: linalg.copy ins(%{{.*}} : memref<1x32x8x8xf32>)
// BUF: linalg.generic {{.*}} ins(%[[SMALL]] :
// BUF: linalg.copy ins(%{{.*}} : memref<1x32x8x8xf32>)
// BUF-NOT: linalg.copy
// BUF: return %[[BUF]]
#id = affine_map<(a, b, c, d) -> (a, b, c, d)>
func.func @dense_block(%x: tensor<1x64x8x8xf32>, %w1: tensor<32x64xf32>, %w2: tensor<32x96xf32>)
    -> tensor<1x128x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1x96x8x8xf32>
  %ey1 = tensor.empty() : tensor<1x32x8x8xf32>
  %ey2 = tensor.empty() : tensor<1x32x8x8xf32>
  %er = tensor.empty() : tensor<1x96x8x8xf32>
  %e2 = tensor.empty() : tensor<1x128x8x8xf32>
  %xm = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<1x64x8x8xf32> into tensor<64x64xf32>
  %c1e = tensor.collapse_shape %ey1 [[0, 1], [2, 3]] : tensor<1x32x8x8xf32> into tensor<32x64xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%c1e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %m1 = linalg.matmul ins(%w1, %xm : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f1 : tensor<32x64xf32>) -> tensor<32x64xf32>
  %y1 = tensor.expand_shape %m1 [[0, 1], [2, 3]] output_shape [1, 32, 8, 8] : tensor<32x64xf32> into tensor<1x32x8x8xf32>
  %a = tensor.insert_slice %x into %e1[0, 0, 0, 0] [1, 64, 8, 8] [1, 1, 1, 1] : tensor<1x64x8x8xf32> into tensor<1x96x8x8xf32>
  %c1 = tensor.insert_slice %y1 into %a[0, 64, 0, 0] [1, 32, 8, 8] [1, 1, 1, 1] : tensor<1x32x8x8xf32> into tensor<1x96x8x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c1 : tensor<1x96x8x8xf32>) outs(%er : tensor<1x96x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x96x8x8xf32>
  %rm = tensor.collapse_shape %r [[0, 1], [2, 3]] : tensor<1x96x8x8xf32> into tensor<96x64xf32>
  %c2e = tensor.collapse_shape %ey2 [[0, 1], [2, 3]] : tensor<1x32x8x8xf32> into tensor<32x64xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%c2e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %m2 = linalg.matmul ins(%w2, %rm : tensor<32x96xf32>, tensor<96x64xf32>) outs(%f2 : tensor<32x64xf32>) -> tensor<32x64xf32>
  %y2 = tensor.expand_shape %m2 [[0, 1], [2, 3]] output_shape [1, 32, 8, 8] : tensor<32x64xf32> into tensor<1x32x8x8xf32>
  %b = tensor.insert_slice %c1 into %e2[0, 0, 0, 0] [1, 96, 8, 8] [1, 1, 1, 1] : tensor<1x96x8x8xf32> into tensor<1x128x8x8xf32>
  %c2 = tensor.insert_slice %y2 into %b[0, 96, 0, 0] [1, 32, 8, 8] [1, 1, 1, 1] : tensor<1x32x8x8xf32> into tensor<1x128x8x8xf32>
  return %c2 : tensor<1x128x8x8xf32>
}

// -----

// One concatenation that grows into nothing: left alone.
// CHECK-LABEL: func.func @single(
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<1x96x8x8xf32>
// CHECK-NEXT: tensor.insert_slice %{{.*}} into %[[E]]
func.func @single(%x: tensor<1x64x8x8xf32>, %y: tensor<1x32x8x8xf32>) -> tensor<1x96x8x8xf32> {
  %e = tensor.empty() : tensor<1x96x8x8xf32>
  %a = tensor.insert_slice %x into %e[0, 0, 0, 0] [1, 64, 8, 8] [1, 1, 1, 1] : tensor<1x64x8x8xf32> into tensor<1x96x8x8xf32>
  %c = tensor.insert_slice %y into %a[0, 64, 0, 0] [1, 32, 8, 8] [1, 1, 1, 1] : tensor<1x32x8x8xf32> into tensor<1x96x8x8xf32>
  return %c : tensor<1x96x8x8xf32>
}

// -----

// A concatenation that goes into the next one as its second part (not a
// prefix), or along another dim: left alone.
// CHECK-LABEL: func.func @not_a_prefix(
// CHECK-NOT: tensor.extract_slice
// CHECK: return
func.func @not_a_prefix(%x: tensor<1x64x8x8xf32>, %y: tensor<1x32x8x8xf32>)
    -> (tensor<1x128x8x8xf32>, tensor<1x96x16x8xf32>) {
  %e = tensor.empty() : tensor<1x96x8x8xf32>
  %a = tensor.insert_slice %x into %e[0, 0, 0, 0] [1, 64, 8, 8] [1, 1, 1, 1] : tensor<1x64x8x8xf32> into tensor<1x96x8x8xf32>
  %c = tensor.insert_slice %y into %a[0, 64, 0, 0] [1, 32, 8, 8] [1, 1, 1, 1] : tensor<1x32x8x8xf32> into tensor<1x96x8x8xf32>
  %e2 = tensor.empty() : tensor<1x128x8x8xf32>
  %b = tensor.insert_slice %y into %e2[0, 0, 0, 0] [1, 32, 8, 8] [1, 1, 1, 1] : tensor<1x32x8x8xf32> into tensor<1x128x8x8xf32>
  %d = tensor.insert_slice %c into %b[0, 32, 0, 0] [1, 96, 8, 8] [1, 1, 1, 1] : tensor<1x96x8x8xf32> into tensor<1x128x8x8xf32>
  %e3 = tensor.empty() : tensor<1x96x16x8xf32>
  %f = tensor.insert_slice %c into %e3[0, 0, 0, 0] [1, 96, 8, 8] [1, 1, 1, 1] : tensor<1x96x8x8xf32> into tensor<1x96x16x8xf32>
  %g = tensor.insert_slice %c into %f[0, 0, 8, 0] [1, 96, 8, 8] [1, 1, 1, 1] : tensor<1x96x8x8xf32> into tensor<1x96x16x8xf32>
  return %d, %g : tensor<1x128x8x8xf32>, tensor<1x96x16x8xf32>
}

// -----

// Rank-reducing inserts (a stack, not a concatenation): left alone.
// CHECK-LABEL: func.func @stack(
// CHECK-NOT: tensor.extract_slice
// CHECK: return
func.func @stack(%x: tensor<8x8xf32>, %y: tensor<8x8xf32>) -> tensor<3x8x8xf32> {
  %e = tensor.empty() : tensor<2x8x8xf32>
  %a = tensor.insert_slice %x into %e[0, 0, 0] [1, 8, 8] [1, 1, 1] : tensor<8x8xf32> into tensor<2x8x8xf32>
  %b = tensor.insert_slice %y into %a[1, 0, 0] [1, 8, 8] [1, 1, 1] : tensor<8x8xf32> into tensor<2x8x8xf32>
  %e2 = tensor.empty() : tensor<3x8x8xf32>
  %c = tensor.insert_slice %b into %e2[0, 0, 0] [2, 8, 8] [1, 1, 1] : tensor<2x8x8xf32> into tensor<3x8x8xf32>
  %d = tensor.insert_slice %x into %c[2, 0, 0] [1, 8, 8] [1, 1, 1] : tensor<8x8xf32> into tensor<3x8x8xf32>
  return %d : tensor<3x8x8xf32>
}
