// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-decompose-pad))' | FileCheck %s
// With empty-tensor elimination and bufferization, the producer of the
// padded value writes into the interior of the padded buffer (no copy).
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-decompose-pad),canonicalize,eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries},cse,canonicalize)' | FileCheck %s --check-prefix=BUF

// The source goes into the interior of an empty tensor, then each padded
// side is filled: the border only. Rows 0 and 9 one fill each; columns 0
// and 9 (one element on each side) one fill of both, a slice with stride 9
// (the end of a row and the start of the next are written together).
// CHECK-LABEL: func.func @relu_then_pad(
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x8x10x10xf32>
// CHECK: %[[IN:.*]] = tensor.insert_slice %{{.*}} into %[[E]][0, 0, 1, 1] [1, 8, 8, 8] [1, 1, 1, 1]
// CHECK: %[[TOP:.*]] = tensor.extract_slice %[[IN]][0, 0, 0, 0] [1, 8, 1, 10] [1, 1, 1, 1]
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[TOP]] : tensor<1x8x1x10xf32>)
// CHECK: %[[R1:.*]] = tensor.insert_slice %[[F]] into %[[IN]][0, 0, 0, 0] [1, 8, 1, 10] [1, 1, 1, 1]
// CHECK: tensor.extract_slice %[[R1]][0, 0, 9, 0] [1, 8, 1, 10] [1, 1, 1, 1]
// CHECK: %[[COLS:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0, 0] [1, 8, 10, 2] [1, 1, 1, 9]
// CHECK: %[[FC:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[COLS]] : tensor<1x8x10x2xf32>)
// CHECK: tensor.insert_slice %[[FC]] into %{{.*}}[0, 0, 0, 0] [1, 8, 10, 2] [1, 1, 1, 9]
// CHECK-NOT: [1, 8, 10, 1]
// CHECK-NOT: tensor.pad
// CHECK-NOT: outs(%{{.*}} : tensor<1x8x10x10xf32>)
// BUF-LABEL: func.func @relu_then_pad(
// BUF: %[[PADDED:.*]] = memref.alloc() {{.*}} : memref<1x8x10x10xf32>
// BUF: %[[INTERIOR:.*]] = memref.subview %[[PADDED]][0, 0, 1, 1] [1, 8, 8, 8] [1, 1, 1, 1]
// BUF: linalg.generic {{.*}} outs(%[[INTERIOR]] :
// BUF: %[[ROW:.*]] = memref.subview %[[PADDED]][0, 0, 0, 0] [1, 8, 1, 10] [1, 1, 1, 1]
// BUF: linalg.fill {{.*}} outs(%[[ROW]] :
// BUF: %[[COLS:.*]] = memref.subview %[[PADDED]][0, 0, 0, 0] [1, 8, 10, 2] [1, 1, 1, 9]
// BUF: linalg.fill {{.*}} outs(%[[COLS]] :
// BUF-NOT: memref.copy
// BUF-NOT: outs(%[[PADDED]] : memref<1x8x10x10xf32>)
// BUF: return %[[PADDED]]
func.func @relu_then_pad(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x10x10xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                        affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x8x8x8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x8xf32>
  %p = tensor.pad %r low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x8x10x10xf32>
  return %p : tensor<1x8x10x10xf32>
}

// -----

// Two columns on each side (a 5x5 convolution's padding) and one on the left
// only: a fill per side.
// CHECK-LABEL: func.func @wide_and_one_sided_columns(
// CHECK: tensor.extract_slice %{{.*}}[0, 0, 0] [1, 6, 2] [1, 1, 1]
// CHECK: tensor.extract_slice %{{.*}}[0, 0, 6] [1, 6, 2] [1, 1, 1]
// CHECK: tensor.extract_slice %{{.*}}[0, 0, 0] [1, 6, 1] [1, 1, 1]
// CHECK-NOT: tensor.extract_slice
func.func @wide_and_one_sided_columns(%x: tensor<1x6x4xf32>) -> (tensor<1x6x8xf32>, tensor<1x6x5xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 2] high[0, 0, 2] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<1x6x4xf32> to tensor<1x6x8xf32>
  %q = tensor.pad %x low[0, 0, 1] high[0, 0, 0] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<1x6x4xf32> to tensor<1x6x5xf32>
  return %p, %q : tensor<1x6x8xf32>, tensor<1x6x5xf32>
}

// -----

// A block's input that is padded for a convolution and read again later (a
// residual add): the later reader reads the padded value's interior, so the
// producer writes straight into the padded buffer and nothing copies it.
// CHECK-LABEL: func.func @padded_and_read_again(
// CHECK: %[[R:.*]] = linalg.generic
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x8x10x10xf32>
// CHECK: tensor.insert_slice %[[R]] into %[[E]][0, 0, 1, 1] [1, 8, 8, 8] [1, 1, 1, 1]
// CHECK: %[[P:.*]] = tensor.insert_slice %{{.*}}[0, 0, 0, 0] [1, 8, 10, 2] [1, 1, 1, 9]
// CHECK: %[[INTERIOR:.*]] = tensor.extract_slice %[[P]][0, 0, 1, 1] [1, 8, 8, 8] [1, 1, 1, 1]
// CHECK: linalg.depthwise_conv_2d_nchw_chw {{.*}} ins(%[[P]],
// CHECK: linalg.generic {{.*}} ins(%[[INTERIOR]], %{{.*}} :
// BUF-LABEL: func.func @padded_and_read_again(
// BUF: %[[PADDED:.*]] = memref.alloc() {{.*}} : memref<1x8x10x10xf32>
// BUF: %[[IN:.*]] = memref.subview %[[PADDED]][0, 0, 1, 1] [1, 8, 8, 8] [1, 1, 1, 1]
// BUF: linalg.generic {{.*}} outs(%[[IN]] :
// BUF-NOT: memref.copy
// BUF: linalg.depthwise_conv_2d_nchw_chw {{.*}} ins(%[[PADDED]],
// BUF-NOT: memref.copy
// BUF: linalg.generic {{.*}} ins(%[[IN]], %{{.*}} :
func.func @padded_and_read_again(%x: tensor<1x8x8x8xf32>, %w: tensor<8x3x3xf32>) -> tensor<1x8x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                        affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x8x8x8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x8xf32>
  %p = tensor.pad %r low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x8x10x10xf32>
  %ce = tensor.empty() : tensor<1x8x8x8xf32>
  %cz = linalg.fill ins(%zero : f32) outs(%ce : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x8x10x10xf32>, tensor<8x3x3xf32>) outs(%cz : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %se = tensor.empty() : tensor<1x8x8x8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                        affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                        affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r, %c : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) outs(%se : tensor<1x8x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %t = arith.addf %a, %b : f32
    linalg.yield %t : f32
  } -> tensor<1x8x8x8xf32>
  return %s : tensor<1x8x8x8xf32>
}

// -----

// Leave-alone: a later reader that is not a linalg input (here a reshape)
// keeps the source; the pad is still decomposed.
// CHECK-LABEL: func.func @read_again_by_a_reshape(
// CHECK: %[[R:.*]] = linalg.generic
// CHECK: tensor.insert_slice %[[R]] into
// CHECK-NOT: tensor.extract_slice %{{.*}}[0, 0, 1, 1] [1, 8, 8, 8]
// CHECK: tensor.collapse_shape %[[R]]
func.func @read_again_by_a_reshape(%x: tensor<1x8x8x8xf32>) -> (tensor<1x8x10x10xf32>, tensor<8x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                        affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x8x8x8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x8xf32>
  %p = tensor.pad %r low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x8x10x10xf32>
  %c = tensor.collapse_shape %r [[0, 1], [2, 3]] : tensor<1x8x8x8xf32> into tensor<8x64xf32>
  return %p, %c : tensor<1x8x10x10xf32>, tensor<8x64xf32>
}

// -----

// Without a pad, nothing changes.
// CHECK-LABEL: func.func @no_pad(
// CHECK-NEXT: return %arg0
func.func @no_pad(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
