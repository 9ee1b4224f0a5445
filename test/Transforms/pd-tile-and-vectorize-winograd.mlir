// pd-tile-and-vectorize's kernels for the data transforms of
// pd-conv-to-winograd (generics marked pd.winograd), once bufferized.
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-conv-to-winograd{min-channels=1 min-tiles=1 min-outputs=1}),canonicalize,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},canonicalize,func.func(pd-tile-and-vectorize{min-parallel-elements=0}))' | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-conv-to-winograd{min-channels=1 min-tiles=1 min-outputs=1 min-large-tiles=1}),canonicalize,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},canonicalize,func.func(pd-tile-and-vectorize{min-parallel-elements=0}))' | FileCheck %s --check-prefix=LARGE

// The input transform: channels and images on threads, tile rows, 4 tiles
// at a time (2 here, masked); per input row two loads of twice the lanes
// (from the tiles' first column and two columns on), each window every
// other lane of one of them, then the rows' and columns' transforms as
// vector subtractions and additions, 16 masked stores.
// CHECK-LABEL: func.func @winograd(
// CHECK-NOT: pd.winograd
// CHECK: scf.parallel
// CHECK: %[[LO:.*]] = vector.maskedload %arg0{{.*}} : memref<1x2x6x6xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT: %[[HI:.*]] = vector.maskedload %arg0{{.*}} : memref<1x2x6x6xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT: vector.shuffle %[[LO]], %[[LO]] [0, 2, 4, 6] : vector<8xf32>, vector<8xf32>
// CHECK-NEXT: vector.shuffle %[[LO]], %[[LO]] [1, 3, 5, 7] : vector<8xf32>, vector<8xf32>
// CHECK-NEXT: vector.shuffle %[[HI]], %[[HI]] [0, 2, 4, 6] : vector<8xf32>, vector<8xf32>
// CHECK-NEXT: vector.shuffle %[[HI]], %[[HI]] [1, 3, 5, 7] : vector<8xf32>, vector<8xf32>
// CHECK: arith.subf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-COUNT-16: vector.maskedstore %{{.*}} : memref<4x4x2x1x2x2xf32>, vector<4xi1>, vector<4xf32>
// The 16 matmuls, then the output transform: 16 contiguous loads of the
// products, the two columns of each output row's tiles interleaved into
// one store of the output map.
// CHECK: %[[MAP:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3], [4, 5]] : memref<1x2x2x2x2x2xf32> into memref<1x2x4x4xf32>
// CHECK: scf.parallel
// CHECK-COUNT-16: vector.maskedload %{{.*}} : memref<4x4x2x1x2x2xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 4, 1, 5, 2, 6, 3, 7] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: vector.maskedstore %[[MAP]]{{.*}} : memref<1x2x4x4xf32>, vector<8xi1>, vector<8xf32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 4, 1, 5, 2, 6, 3, 7] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: vector.maskedstore %[[MAP]]{{.*}} : memref<1x2x4x4xf32>, vector<8xi1>, vector<8xf32>
// F(4x4, 3x3) (min-large-tiles=1): one 4x4 tile from the 6x6 input. Per
// input row two loads of four times the lanes (from the tile's first
// column and four columns on), the six windows every fourth lane of them,
// the transforms' multiply-adds with splat constants, 36 masked stores;
// the 36 matmuls; the output transform's four columns of each output row
// interleaved in two rounds of shuffles into one store.
// LARGE-LABEL: func.func @winograd(
// LARGE-NOT: pd.winograd
// LARGE: %[[LO:.*]] = vector.maskedload %arg0{{.*}} : memref<1x2x6x6xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// LARGE-NEXT: %[[HI:.*]] = vector.maskedload %arg0{{.*}} : memref<1x2x6x6xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// LARGE-NEXT: vector.shuffle %[[LO]], %[[LO]] [0, 4, 8, 12] : vector<16xf32>, vector<16xf32>
// LARGE-NEXT: vector.shuffle %[[LO]], %[[LO]] [1, 5, 9, 13] : vector<16xf32>, vector<16xf32>
// LARGE-NEXT: vector.shuffle %[[LO]], %[[LO]] [2, 6, 10, 14] : vector<16xf32>, vector<16xf32>
// LARGE-NEXT: vector.shuffle %[[LO]], %[[LO]] [3, 7, 11, 15] : vector<16xf32>, vector<16xf32>
// LARGE-NEXT: vector.shuffle %[[HI]], %[[HI]] [0, 4, 8, 12] : vector<16xf32>, vector<16xf32>
// LARGE-NEXT: vector.shuffle %[[HI]], %[[HI]] [1, 5, 9, 13] : vector<16xf32>, vector<16xf32>
// LARGE: vector.fma
// LARGE-COUNT-36: vector.maskedstore %{{.*}} : memref<6x6x2x1x1x1xf32>, vector<4xi1>, vector<4xf32>
// LARGE: %[[MAP:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3], [4, 5]] : memref<1x2x1x4x1x4xf32> into memref<1x2x4x4xf32>
// LARGE-COUNT-36: vector.maskedload %{{.*}} : memref<6x6x2x1x1x1xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// LARGE: %[[P:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 4, 1, 5, 2, 6, 3, 7] : vector<4xf32>, vector<4xf32>
// LARGE-NEXT: %[[Q:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 4, 1, 5, 2, 6, 3, 7] : vector<4xf32>, vector<4xf32>
// LARGE-NEXT: %[[R:.*]] = vector.shuffle %[[P]], %[[Q]] [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15] : vector<8xf32>, vector<8xf32>
// LARGE-NEXT: vector.maskedstore %[[MAP]]{{.*}}, %[[R]] : memref<1x2x4x4xf32>, vector<16xi1>, vector<16xf32>
func.func @winograd(%x: tensor<1x2x6x6xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<2x2x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x2x6x6xf32>, tensor<2x2x3x3xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %c : tensor<1x2x4x4xf32>
}

// -----

// Left alone: a generic marked pd.winograd that is not the transform the
// kernel computes (one window, no coefficients) keeps its generic lowering.
// CHECK-LABEL: func.func @not_a_transform(
// CHECK: linalg.generic {{.*}} attrs =  {pd.winograd = "input"}
func.func @not_a_transform(%x: memref<1x2x6x6xf32>, %v: memref<4x4x2x1x2x2xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b, c, n, i, j) -> (n, c, i * 2, j * 2)>, affine_map<(a, b, c, n, i, j) -> (a, b, c, n, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%x : memref<1x2x6x6xf32>) outs(%v : memref<4x4x2x1x2x2xf32>) attrs = {pd.winograd = "input"} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}

// -----

// A result stored into a slice of a larger buffer (a growing
// concatenation's, DenseNet) is copied there after the output transform:
// the copy becomes the transform's epilogue, each output row stored once,
// straight into the slice, and neither the copy nor a store into the
// transform's own buffer is left.
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-conv-to-winograd{min-channels=1 min-tiles=1 min-outputs=1}),canonicalize,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},canonicalize,func.func(pd-memref-copy-to-linalg,pd-tile-and-vectorize{min-parallel-elements=0}))' | FileCheck %s --check-prefix=SLICE
// SLICE-LABEL: func.func @into_slice(
// SLICE-SAME: %[[X:.*]]: memref<1x2x6x6xf32>, %[[D:.*]]: memref<1x4x4x4xf32>
// SLICE: %[[S:.*]] = memref.subview %[[D]][0, 2, 0, 0] [1, 2, 4, 4] [1, 1, 1, 1]
// SLICE: scf.parallel
// SLICE-COUNT-16: vector.maskedload %{{.*}} : memref<4x4x2x1x2x2xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// SLICE: vector.shuffle %{{.*}}, %{{.*}} [0, 4, 1, 5, 2, 6, 3, 7] : vector<4xf32>, vector<4xf32>
// SLICE-NOT: memref<1x2x4x4xf32>,
// SLICE: vector.maskedstore %[[S]]{{.*}} : memref<1x2x4x4xf32, strided<[64, 16, 4, 1], offset: 32>>, vector<8xi1>, vector<8xf32>
// SLICE-NOT: linalg.copy
// SLICE-NOT: linalg.generic
// SLICE: return
func.func @into_slice(%x: tensor<1x2x6x6xf32>, %d: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<2x2x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x2x6x6xf32>, tensor<2x2x3x3xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %r = tensor.insert_slice %c into %d[0, 2, 0, 0] [1, 2, 4, 4] [1, 1, 1, 1] : tensor<1x2x4x4xf32> into tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}

// -----

// The padded input's border (pd-decompose-pad: fills of its sides after
// the op that writes its interior) is zeroed per channel and image inside
// the input transform's parallel loop, right before the transform reads
// that channel, instead of by fills of their own (serial kernels between
// two parallel ones); the side columns as the pairs they form in memory.
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-conv-to-winograd{min-channels=1 min-tiles=1 min-outputs=1},pd-decompose-pad),canonicalize,eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},cse,canonicalize,func.func(pd-tile-and-vectorize{min-parallel-elements=0}))' | FileCheck %s --check-prefix=BORDER
// BORDER-LABEL: func.func @padded_input(
// BORDER-NOT: linalg.fill
// BORDER: %[[P:.*]] = memref.alloc() {{.*}} : memref<1x2x6x6xf32>
// BORDER: scf.parallel
// BORDER: scf.reduce
// BORDER: scf.parallel (%[[C:.*]], %[[N:.*]]) =
// BORDER: memref.reinterpret_cast %[[P]]
// BORDER: memref.store %{{.*}}, %[[P]][%[[N]], %[[C]], %c0, %c0]
// BORDER: memref.store %{{.*}}, %[[P]][%[[N]], %[[C]], %c5, %c5]
// BORDER: vector.maskedload %[[P]]
// BORDER: scf.reduce
// BORDER-NOT: linalg.fill
// BORDER: return
func.func @padded_input(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<2x2x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x2x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x2x4x4xf32>) outs(%e0 : tensor<1x2x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x2x4x4xf32>
  %p = tensor.pad %r low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x2x6x6xf32>, tensor<2x2x3x3xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %c : tensor<1x2x4x4xf32>
}

// -----

// With 16 channels the parallel loop takes 8 blocks of 2: the first
// channel's border is zeroed before the block's loop, the second's while
// the first is transformed (a border store right before the loads it
// overlaps in part holds them up).
// BORDER-LABEL: func.func @padded_input_channel_blocks(
// BORDER: %[[P:.*]] = memref.alloc() {{.*}} : memref<1x16x6x6xf32>
// BORDER: scf.parallel (%[[CB:.*]], %[[N:.*]]) = (%c0, %c0) to (%c8, %c1)
// BORDER: %[[C0:.*]] = arith.muli %[[CB]], %c2
// BORDER: memref.store %{{.*}}, %[[P]][%[[N]], %[[C0]], %c0, %c0]
// BORDER: memref.store %{{.*}}, %[[P]][%[[N]], %[[C0]], %c5, %c5]
// BORDER: scf.for %[[K:.*]] = %c0 to %c2 step %c1
// BORDER: %[[C:.*]] = arith.addi %[[C0]], %[[K]]
// BORDER: %[[NOTLAST:.*]] = arith.cmpi ult, %[[K]], %c1
// BORDER: scf.if %[[NOTLAST]] {
// BORDER: %[[NEXT:.*]] = arith.addi %[[C]], %c1
// BORDER: memref.store %{{.*}}, %[[P]][%[[N]], %[[NEXT]], %c0, %c0]
// BORDER: memref.store %{{.*}}, %[[P]][%[[N]], %[[NEXT]], %c5, %c5]
// BORDER: }
// BORDER: vector.maskedload %[[P]][%[[N]], %[[C]],
// BORDER-NOT: linalg.fill
// BORDER: return
func.func @padded_input_channel_blocks(%x: tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32> {
  %w = arith.constant dense<1.0> : tensor<16x16x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x16x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x16x4x4xf32>) outs(%e0 : tensor<1x16x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x16x4x4xf32>
  %p = tensor.pad %r low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x16x4x4xf32> to tensor<1x16x6x6xf32>
  %e = tensor.empty() : tensor<1x16x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x16x6x6xf32>, tensor<16x16x3x3xf32>) outs(%init : tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
  return %c : tensor<1x16x4x4xf32>
}
