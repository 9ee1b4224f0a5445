// RUN: paddle-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pd-gpu-map-linalg))' | FileCheck %s
// RUN: paddle-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pd-gpu-map-linalg{tile-contractions=false}))' | FileCheck %s --check-prefix=NAIVE
// RUN: paddle-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pd-gpu-map-linalg{tf32=true}))' | FileCheck %s --check-prefix=TF32
// RUN: paddle-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pd-gpu-map-linalg{multiprocessors=1000000}))' | FileCheck %s --check-prefix=HUGE

// A large matmul: 128x128 tiles (32 x 32 = 1024 blocks, more than two per
// multiprocessor of 132), two shared-memory tiles of 8 steps (rows padded to
// 132), the k loop carrying a thread's 8 x 8 accumulators, 16-byte reads of
// shared memory between barriers, and C read once and written once.
// CHECK-LABEL: func.func @large_matmul
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1024{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c256
// CHECK-SAME: workgroup(%[[SA:.*]] : memref<8x132xf32, #gpu.address_space<workgroup>>, %[[SB:.*]] : memref<8x132xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32,
// CHECK: memref.store %{{.*}}, %[[SA]]
// CHECK: memref.store %{{.*}}, %[[SB]]
// CHECK: gpu.barrier
// CHECK: vector.load %[[SA]][{{.*}}] {alignment = 16 : i64} : memref<8x132xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: arith.mulf {{.*}} fastmath<contract> : f32
// CHECK: arith.addf {{.*}} fastmath<contract> : f32
// CHECK: gpu.barrier
// CHECK: scf.yield
// CHECK-NOT: memref.atomic_rmw
// CHECK: memref.load %arg2
// CHECK: memref.store {{.*}}, %arg2
// CHECK-NOT: linalg.matmul
// NAIVE-LABEL: func.func @large_matmul
// NAIVE-NOT: workgroup
// NAIVE: scf.for {{.*}} iter_args({{.*}}) -> (f32) {
func.func @large_matmul(%a: memref<4096x512xf32>, %b: memref<512x4096xf32>, %c: memref<4096x4096xf32>) {
  linalg.matmul ins(%a, %b : memref<4096x512xf32>, memref<512x4096xf32>) outs(%c : memref<4096x4096xf32>)
  return
}

// -----

// Few tiles and a long reduction: 32x32 tiles (4 x 3 blocks), the 1200
// steps split over grid.z in 13 parts of 96 (multiples of the 32-step
// tile), partial sums added to C atomically.
// CHECK-LABEL: func.func @split_reduction
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c12{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c13)
// CHECK-SAME: workgroup(%{{.*}} : memref<32x36xf32, #gpu.address_space<workgroup>>
// CHECK: vector.load {{.*}} {alignment = 8 : i64} : memref<32x36xf32, #gpu.address_space<workgroup>>, vector<2xf32>
// CHECK: memref.atomic_rmw addf %{{.*}}, %arg2
func.func @split_reduction(%a: memref<100x1200xf32>, %b: memref<1200x70xf32>, %c: memref<100x70xf32>) {
  linalg.matmul ins(%a, %b : memref<100x1200xf32>, memref<1200x70xf32>) outs(%c : memref<100x70xf32>)
  return
}

// -----

// A convolution is an implicit GEMM: p = (n, oh, ow) from the input, q = f
// from the filter, k = (c, kh, kw); threads side by side take consecutive
// output pixels (ow is contiguous in NCHW).
// CHECK-LABEL: func.func @conv
// CHECK: gpu.launch
// CHECK-SAME: workgroup(
// CHECK: gpu.barrier
// CHECK-NOT: linalg.conv_2d_nchw_fchw
func.func @conv(%x: memref<1x64x58x58xf32>, %w: memref<64x64x3x3xf32>, %y: memref<1x64x56x56xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<1x64x58x58xf32>, memref<64x64x3x3xf32>) outs(%y : memref<1x64x56x56xf32>)
  return
}

// -----

// A matrix-vector product (a fully connected layer at batch 1) is too thin
// for tiles: a thread per output, the 2048 steps split over grid.y in 64
// parts of 32, each added atomically.
// CHECK-LABEL: func.func @vector
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c4{{.*}}, {{.*}} = %c64{{.*}}, {{.*}} = %c1
// CHECK-NOT: workgroup
// CHECK: %[[LO:.*]] = arith.muli %{{.*}}, %c32{{.*}} : index
// CHECK: %[[HI:.*]] = arith.minui
// CHECK: scf.for %{{.*}} = %[[LO]] to %[[HI]]
// CHECK: memref.atomic_rmw addf %{{.*}}, %arg2
// NAIVE-LABEL: func.func @vector
// NAIVE: gpu.launch blocks({{.*}}) in ({{.*}} = %c4{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1
// NAIVE-NOT: memref.atomic_rmw
func.func @vector(%a: memref<1x2048xf32>, %b: memref<2048x1000xf32>, %c: memref<1x1000xf32>) {
  linalg.matmul ins(%a, %b : memref<1x2048xf32>, memref<2048x1000xf32>) outs(%c : memref<1x1000xf32>)
  return
}

// -----

// Not a sum (a max reduction) or not f32: one thread per output, no split.
// CHECK-LABEL: func.func @max_reduction
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1
// CHECK-NOT: memref.atomic_rmw
// CHECK: arith.maximumf
func.func @max_reduction(%x: memref<4x4096xf32>, %y: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x4096xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// TF32 on tensor cores: steps of 32 along k, and per 8 of them one
// nvgpu.mma.sync m16n8k8 per (16 x 8) tile of a warp's 64 x 32 share; the
// fragments are read from shared memory element by element.
// TF32-LABEL: func.func @tf32_matmul
// TF32: gpu.launch
// TF32-SAME: workgroup(%[[SA:.*]] : memref<32x132xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<32x132xf32, #gpu.address_space<workgroup>>)
// TF32: gpu.barrier
// TF32: %[[A:.*]] = vector.from_elements {{.*}} : vector<4x1xf32>
// TF32: %[[B:.*]] = vector.from_elements {{.*}} : vector<2x1xf32>
// TF32: nvgpu.mma.sync(%[[A]], %[[B]], %{{.*}}) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
// TF32: gpu.barrier
// TF32-NOT: arith.mulf
func.func @tf32_matmul(%a: memref<4096x512xf32>, %b: memref<512x4096xf32>, %c: memref<4096x4096xf32>) {
  linalg.matmul ins(%a, %b : memref<4096x512xf32>, memref<512x4096xf32>) outs(%c : memref<4096x4096xf32>)
  return
}

// -----

// C = 0 then C += A B: the tiled kernel writes 0 + the sum without reading
// C, and the fill's kernel is gone. With a split reduction the fill stays,
// a kernel of its own before the one adding partial sums atomically.
// CHECK-LABEL: func.func @folded_fill
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: gpu.launch
// CHECK-SAME: workgroup(
// CHECK-NOT: memref.load %arg2
// CHECK: %[[V:.*]] = arith.addf %[[ZERO]], %{{.*}} : f32
// CHECK-NEXT: memref.store %[[V]], %arg2
// CHECK-NOT: gpu.launch
// CHECK: return
// CHECK-LABEL: func.func @kept_fill
// CHECK: gpu.launch
// CHECK-NOT: workgroup(
// CHECK: memref.store %{{.*}}, %arg2
// CHECK: gpu.launch
// CHECK-SAME: workgroup(
// CHECK: memref.atomic_rmw addf
func.func @folded_fill(%a: memref<2048x512xf32>, %b: memref<512x2048xf32>, %c: memref<2048x2048xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<2048x2048xf32>)
  linalg.matmul ins(%a, %b : memref<2048x512xf32>, memref<512x2048xf32>) outs(%c : memref<2048x2048xf32>)
  return
}
func.func @kept_fill(%a: memref<100x1200xf32>, %b: memref<1200x70xf32>, %c: memref<100x70xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<100x70xf32>)
  linalg.matmul ins(%a, %b : memref<100x1200xf32>, memref<1200x70xf32>) outs(%c : memref<100x70xf32>)
  return
}

// -----

// A sum of 2^22 elements per output: the split takes at most 65535 parts
// (CUDA's grid.y limit), here 64528 of 65, however many multiprocessors.
// HUGE-LABEL: func.func @long_sum
// HUGE: gpu.launch blocks({{.*}}) in ({{.*}} = %c1{{.*}}, {{.*}} = %c64528{{.*}}, {{.*}} = %c1
// HUGE: memref.atomic_rmw addf
func.func @long_sum(%x: memref<4x4194304xf32>, %y: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x4194304xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %s, %a : f32
    linalg.yield %r : f32
  }
  return
}

