// RUN: paddle-opt %s -split-input-file -allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(pd-write-transposed))' | FileCheck %s

// Attention's head split of the q projection: the bias add writes the
// [b, h, s, d] buffer through a view in its own [b, s, h, d] shape; the
// copy and the [b, s, h, d] buffer go.
// CHECK-LABEL: func.func @head_split(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<1x128x4x64xf32>, %[[B:[a-z0-9]+]]: memref<4x64xf32>
// CHECK-NEXT: %[[OUT:.*]] = memref.alloc() {{.*}} : memref<1x4x128x64xf32>
// CHECK-NEXT: %[[VIEW:.*]] = memref.reinterpret_cast %[[OUT]] to offset: [0], sizes: [1, 128, 4, 64], strides: [32768, 64, 8192, 1]
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[X]], %[[B]] : {{.*}}) outs(%[[VIEW]] : memref<1x128x4x64xf32, strided<[32768, 64, 8192, 1]>>)
// CHECK-NOT: linalg.transpose
// CHECK: "test.use"(%[[OUT]])
// CHECK-NEXT: memref.dealloc %[[OUT]]
// CHECK-NEXT: return
func.func @head_split(%x: memref<1x128x4x64xf32>, %b: memref<4x64xf32>) {
  %t = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                   affine_map<(d0, d1, d2, d3) -> (d2, d3)>,
                                   affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %b : memref<1x128x4x64xf32>, memref<4x64xf32>) outs(%t : memref<1x128x4x64xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  }
  %o = memref.alloc() {alignment = 64 : i64} : memref<1x4x128x64xf32>
  linalg.transpose ins(%t : memref<1x128x4x64xf32>) outs(%o : memref<1x4x128x64xf32>) permutation = [0, 2, 1, 3]
  "test.use"(%o) : (memref<1x4x128x64xf32>) -> ()
  memref.dealloc %t : memref<1x128x4x64xf32>
  memref.dealloc %o : memref<1x4x128x64xf32>
  return
}

// -----

// The merge of the heads after attention times v: the batch matmul (and
// the fill it accumulates into) writes the [b, s, h, d] buffer through a
// view in its [b * h, s, d] shape (the unit batch dim of the expand_shape
// the transpose read drops out of the strides).
// CHECK-LABEL: func.func @head_merge(
// CHECK: %[[OUT:.*]] = memref.alloc() {{.*}} : memref<1x128x4x64xf32>
// CHECK-NEXT: %[[VIEW:.*]] = memref.reinterpret_cast %[[OUT]] to offset: [0], sizes: [4, 128, 64], strides: [64, 256, 1]
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[VIEW]] :
// CHECK-NEXT: linalg.batch_matmul ins(%arg0, %arg1 : {{.*}}) outs(%[[VIEW]] : memref<4x128x64xf32, strided<[64, 256, 1]>>)
// CHECK-NEXT: %[[FLAT:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0, 1], [2, 3]]
// CHECK-NEXT: linalg.matmul ins(%[[FLAT]], %arg2
// CHECK-NOT: memref.dealloc %alloc_
// CHECK: memref.dealloc %[[OUT]]
func.func @head_merge(%p: memref<4x128x128xf32>, %v: memref<4x128x64xf32>, %w: memref<256x256xf32>, %r: memref<128x256xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %o = memref.alloc() {alignment = 64 : i64} : memref<1x128x4x64xf32>
  %acc = memref.alloc() {alignment = 64 : i64} : memref<4x128x64xf32>
  linalg.fill ins(%cst : f32) outs(%acc : memref<4x128x64xf32>)
  linalg.batch_matmul ins(%p, %v : memref<4x128x128xf32>, memref<4x128x64xf32>) outs(%acc : memref<4x128x64xf32>)
  %e = memref.expand_shape %acc [[0, 1], [2], [3]] output_shape [1, 4, 128, 64] : memref<4x128x64xf32> into memref<1x4x128x64xf32>
  linalg.transpose ins(%e : memref<1x4x128x64xf32>) outs(%o : memref<1x128x4x64xf32>) permutation = [0, 2, 1, 3]
  %c = memref.collapse_shape %o [[0, 1], [2, 3]] : memref<1x128x4x64xf32> into memref<128x256xf32>
  linalg.matmul ins(%c, %w : memref<128x256xf32>, memref<256x256xf32>) outs(%r : memref<128x256xf32>)
  memref.dealloc %acc : memref<4x128x64xf32>
  memref.dealloc %o : memref<1x128x4x64xf32>
  return
}

// -----

// The buffer the transposed one was copied from is written again by a
// second bias add once the copy is done (one-shot bufferization reused it):
// both copies go, each producer writing its own transposed buffer.
// CHECK-LABEL: func.func @reused_input(
// CHECK-COUNT-2: memref.reinterpret_cast
// CHECK-NOT: linalg.transpose
// CHECK: return
func.func @reused_input(%x: memref<1x8x2x16xf32>, %y: memref<1x8x2x16xf32>) {
  %t = memref.alloc() : memref<1x8x2x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                   affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x8x2x16xf32>) outs(%t : memref<1x8x2x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.negf %in : f32
    linalg.yield %s : f32
  }
  %q = memref.alloc() : memref<1x2x8x16xf32>
  linalg.transpose ins(%t : memref<1x8x2x16xf32>) outs(%q : memref<1x2x8x16xf32>) permutation = [0, 2, 1, 3]
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                   affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%y : memref<1x8x2x16xf32>) outs(%t : memref<1x8x2x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = math.exp %in : f32
    linalg.yield %s : f32
  }
  %v = memref.alloc() : memref<1x2x8x16xf32>
  linalg.transpose ins(%t : memref<1x8x2x16xf32>) outs(%v : memref<1x2x8x16xf32>) permutation = [0, 2, 1, 3]
  "test.use"(%q, %v) : (memref<1x2x8x16xf32>, memref<1x2x8x16xf32>) -> ()
  return
}

// -----

// Left alone: the transpose moves the innermost dim (a 16x16 tile
// transpose in pd-tile-and-vectorize); the input is read again after the
// copy; the producer reads what its output held (an accumulation); an op
// between the producer and the copy reads the transposed buffer.
// CHECK-LABEL: func.func @left_alone(
// CHECK-COUNT-4: linalg.transpose
// CHECK-NOT: memref.reinterpret_cast
func.func @left_alone(%x: memref<8x16xf32>, %o1: memref<16x8xf32>, %o2: memref<1x2x8x16xf32>,
                      %y: memref<1x8x2x16xf32>, %o3: memref<1x2x8x16xf32>, %o4: memref<1x2x8x16xf32>) {
  %t1 = memref.alloc() : memref<8x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<8x16xf32>) outs(%t1 : memref<8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.negf %in : f32
    linalg.yield %s : f32
  }
  linalg.transpose ins(%t1 : memref<8x16xf32>) outs(%o1 : memref<16x8xf32>) permutation = [1, 0]
  %t2 = memref.alloc() : memref<1x8x2x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                   affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%y : memref<1x8x2x16xf32>) outs(%t2 : memref<1x8x2x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  }
  linalg.transpose ins(%t2 : memref<1x8x2x16xf32>) outs(%o3 : memref<1x2x8x16xf32>) permutation = [0, 2, 1, 3]
  %t3 = memref.alloc() : memref<1x8x2x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                   affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%y : memref<1x8x2x16xf32>) outs(%t3 : memref<1x8x2x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.negf %in : f32
    linalg.yield %s : f32
  }
  "test.use"(%o4) : (memref<1x2x8x16xf32>) -> ()
  linalg.transpose ins(%t3 : memref<1x8x2x16xf32>) outs(%o4 : memref<1x2x8x16xf32>) permutation = [0, 2, 1, 3]
  %t4 = memref.alloc() : memref<1x8x2x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                   affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%y : memref<1x8x2x16xf32>) outs(%t4 : memref<1x8x2x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.negf %in : f32
    linalg.yield %s : f32
  }
  linalg.transpose ins(%t4 : memref<1x8x2x16xf32>) outs(%o2 : memref<1x2x8x16xf32>) permutation = [0, 2, 1, 3]
  "test.use"(%t4) : (memref<1x8x2x16xf32>) -> ()
  return
}
