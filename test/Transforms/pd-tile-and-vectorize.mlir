// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-tile-and-vectorize))' | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-tile-and-vectorize{matmul-register-tile=8,32 matmul-cache-tile=64,64,64 min-parallel-work=0 min-parallel-elements=0}))' | FileCheck %s --check-prefix=OPTS
// Running it twice changes nothing more.
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-tile-and-vectorize))' | paddle-opt -split-input-file -pass-pipeline='builtin.module(func.func(pd-tile-and-vectorize))' | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-tile-and-vectorize{fuse-epilogues=false}))' | FileCheck %s --check-prefix=NOFUSE
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-tile-and-vectorize{min-parallel-work=1000000000}))' | FileCheck %s --check-prefix=SERIAL
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-tile-and-vectorize{prefetch-rows=false prefetch-outputs=false prefetch-epilogue=false window-prefetch-rows=0}))' | FileCheck %s --check-prefix=NOPF
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-tile-and-vectorize{prefetch-rows=false prefetch-outputs=false}))' | FileCheck %s --check-prefix=PFE
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-tile-and-vectorize{fused-tile-depth=2304 fused-tile-bytes=36864}))' | FileCheck %s --check-prefix=FUSEDTILE
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-tile-and-vectorize{fuse-rows=false}))' | FileCheck %s --check-prefix=NOROWS
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-tile-and-vectorize{narrow-columns-in-tile=false}))' | FileCheck %s --check-prefix=NONARROW

// A large matmul: parallel cache tiles, a depth block, a 4x64 register tile
// whose accumulator stays in registers across the k loop (FMAs).
// CHECK-LABEL: func.func @matmul(
// CHECK: scf.parallel
// A cache tile of all of B's (contiguous) columns: read in place, no panel.
// CHECK-NOT: memref.alloca
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: vector.transfer_read {{.*}} : memref<4x64xf32, {{.*}}>, vector<4x64xf32>
// CHECK: scf.for {{.*}} iter_args
// CHECK: vector.fma
// CHECK: vector.transfer_write {{.*}} : vector<4x64xf32>
// CHECK-NOT: linalg.matmul
// OPTS-LABEL: func.func @matmul(
// OPTS: scf.parallel {{.*}} step (%{{.*}}, %{{.*}})
// OPTS: vector.transfer_read {{.*}} vector<8x32xf32>
// OPTS: vector.fma
func.func @matmul(%a: memref<256x512xf32>, %b: memref<512x256xf32>, %c: memref<256x256xf32>) {
  linalg.matmul ins(%a, %b : memref<256x512xf32>, memref<512x256xf32>) outs(%c : memref<256x256xf32>)
  return
}

// -----

// B's rows 4 KB apart (a [1024, 1024] weight) would fall into the same few
// cache sets: each cache tile of B is copied into a contiguous panel on the
// stack (one per thread) before the register tiles read it. 128 rows are 2
// cache tiles of 64 (10 register tiles of 6 rows and one of 4) by 4 of 256
// columns. The panel's rows of 256 floats (1 KB) are padded by a cache line
// (rows 1 KB apart share a quarter of the L1's sets).
// CHECK-LABEL: func.func @matmul_right_panel(
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%c128, %c1024) step (%c64, %c256)
// CHECK: %[[ALLOC:.*]] = memref.alloca() {alignment = 64 : i64} : memref<256x272xf32>
// CHECK-NEXT: %[[PANEL:.*]] = memref.subview %[[ALLOC]][0, 0] [256, 256] [1, 1] : memref<256x272xf32> to memref<256x256xf32, strided<[272, 1]>>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[ROW:.*]] = vector.maskedload {{.*}} : memref<256x256xf32, strided<[1024, 1], offset: ?>>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK: vector.maskedstore %[[PANEL]][{{.*}}], %{{.*}}, %[[ROW]]
// CHECK: memref.subview %[[PANEL]]
// CHECK: vector.fma
// CHECK: memref.subview %[[PANEL]]
// CHECK: vector.fma
// CHECK: scf.reduce
func.func @matmul_right_panel(%a: memref<128x1024xf32>, %b: memref<1024x1024xf32>, %c: memref<128x1024xf32>) {
  linalg.matmul ins(%a, %b : memref<128x1024xf32>, memref<1024x1024xf32>) outs(%c : memref<128x1024xf32>)
  return
}

// -----

// Rows 3 KB apart (768 floats: a ViT's MLP weight) start at four 1 KB
// offsets in 4 KB in turn, which the caches' ways absorb: read in place,
// no panel.
// CHECK-LABEL: func.func @matmul_rows_3k_in_place(
// CHECK-NOT: memref.alloca
// CHECK: scf.parallel
// CHECK-NOT: memref.alloca
// CHECK: vector.fma
func.func @matmul_rows_3k_in_place(%a: memref<192x192xf32>, %b: memref<192x768xf32>, %c: memref<192x768xf32>) {
  linalg.matmul ins(%a, %b : memref<192x192xf32>, memref<192x768xf32>) outs(%c : memref<192x768xf32>)
  return
}

// -----

// 402 = 2 x 3 x 67 rows: the only cache tile of 6-row register tiles that
// divides them and fits 64 rows is 6 rows, and each such tile would stream
// all of B. Rows 0-359 go in tiles of 60, the last 42 in an op of their own.
// CHECK-LABEL: func.func @matmul_402_rows(
// CHECK: memref.subview %{{.*}}[0, 0] [360, 256] [1, 1]
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%c360) step (%c60)
// CHECK: vector.fma
// CHECK: memref.subview %{{.*}}[360, 0] [42, 256] [1, 1]
// CHECK: vector.fma
func.func @matmul_402_rows(%a: memref<402x256xf32>, %b: memref<256x256xf32>, %c: memref<402x256xf32>) {
  linalg.matmul ins(%a, %b : memref<402x256xf32>, memref<256x256xf32>) outs(%c : memref<402x256xf32>)
  return
}

// -----

// 128 rows (BERT's tokens) are 21 register tiles of 6 rows and 2 rows: the
// cache tiles (2 x 64 rows, one per thread) hold a remainder tile of 4
// rows each, instead of 3 tiles of 42 rows for 2 threads and an op of 2
// rows that streams all of B again on one thread.
// CHECK-LABEL: func.func @matmul_128_rows(
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%c128) step (%c64)
// CHECK: memref.subview %{{.*}}[0, 0] [60, 256] [1, 1]
// CHECK: vector.fma
// CHECK: memref.subview %{{.*}}[60, 0] [4, 256] [1, 1]
// CHECK: vector.fma
// CHECK: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @matmul_128_rows(%a: memref<128x256xf32>, %b: memref<256x256xf32>, %c: memref<128x256xf32>) {
  linalg.matmul ins(%a, %b : memref<128x256xf32>, memref<256x256xf32>) outs(%c : memref<128x256xf32>)
  return
}

// -----

// 49 columns (a 7x7 map): 48 in register tiles of 8 rows by 3 vectors of
// 16 (24 accumulators, one per row and vector, each broadcast of the left
// operand feeding its row's 3 FMAs; no vector of 48 lanes), the 49th as dot
// products along the depth: its column copied contiguous into a stack
// buffer once per cache tile, each register tile's depth loop adding its
// rows' next 16 products to accumulators on the stack every 16 steps (the
// rows its broadcasts just read), reduced after the loop. No 64-lane tile
// masked down to 49.
// CHECK-LABEL: func.func @matmul_49_columns(
// CHECK: %[[BT:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x128xf32>
// CHECK: memref.store %{{.*}}, %[[BT]]
// CHECK: %[[ACC:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8x16xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK-COUNT-8: vector.store %{{.*}}, %[[ACC]]
// CHECK: scf.for %[[K:.*]] = %c0 to %c128 step %c1 iter_args({{.*}}) -> ({{(vector<1x16xf32>, ){23}vector<1x16xf32>}})
// CHECK-NEXT: %[[PHASE:.*]] = arith.andi %[[K]], %c15
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %[[PHASE]], %c0
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: vector.load %[[BT]][%c0, %[[K]]]
// CHECK-COUNT-8: vector.fma {{.*}} : vector<16xf32>
// CHECK: }
// CHECK-COUNT-3: vector.transfer_read {{.*}} : memref<1x48xf32, {{.*}}>, vector<16xf32>
// CHECK: vector.extract %{{.*}}[0, 0] : f32 from vector<8x1xf32>
// CHECK-NEXT: vector.broadcast
// CHECK-NEXT: vector.fma
// CHECK-NOT: vector<48xf32>
// CHECK-COUNT-8: vector.reduction <add>
// CHECK-NOT: vector<4x64xf32>
// CHECK-NOT: vector.mask
// Without narrow-columns-in-tile: a pass of dot products of its own after
// the register tiles (8 rows x the column).
// NONARROW-LABEL: func.func @matmul_49_columns(
// NONARROW-NOT: arith.andi
// NONARROW: %[[BT:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x128xf32>
// NONARROW: memref.store %{{.*}}, %[[BT]]
// NONARROW: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// NONARROW: vector.load %[[BT]]
// NONARROW-COUNT-8: vector.fma {{.*}} : vector<16xf32>
// NONARROW-COUNT-8: vector.reduction <add>
// Likewise a 1x1 convolution's contraction on a 7x7 map (weights broadcast
// along the unit batch, which the cache tile drops: a plain matmul).
// CHECK-LABEL: func.func @conv1x1_49_columns(
// CHECK: memref.subview {{.*}} to memref<160x49xf32
// CHECK: memref.alloca() {alignment = 64 : i64} : memref<1x160xf32>
// CHECK: scf.for {{.*}} -> ({{(vector<1x16xf32>, ){23}vector<1x16xf32>}})
// CHECK-NEXT: arith.andi %{{.*}}, %c15
// CHECK-NOT: vector.mask
// CHECK-NOT: arith.select
// CHECK: vector.reduction <add>
// 16 columns: 16 rows per register tile (16 accumulators, not 4).
// CHECK-LABEL: func.func @matmul_16_columns(
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<16x16xf32>)
// CHECK-COUNT-16: vector.fma {{.*}} : vector<16xf32>
// ... but 8 where the weights' rows are 4 KB apart (k = 1024): 16 such rows
// share one set of the L1 cache.
// CHECK-LABEL: func.func @matmul_16_columns_4k_rows(
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<8x16xf32>)
// CHECK-NOT: vector<16x16xf32>
// ... and, where 16 does not divide the rows (60: MobileNetV2's cache tiles
// of its 960-channel layers), the most rows that do (15), not the 6 of the
// register tile (6 chains of FMAs: fewer than the FMA latency covers).
// CHECK-LABEL: func.func @matmul_60_rows_16_columns(
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<15x16xf32>)
// CHECK-NOT: vector<6x16xf32>
// CHECK: return
// 196 columns of a 512 x 2304 weight: the weights' cache tiles (rows on
// threads, depth blocks of 256) outside, the 192 + 4 columns inside them:
// the 192 in register tiles of 8 rows by 48 columns (the 64-row cache tile
// in 6-row tiles would leave 4 rows over), the 4 as dot products: 4
// columns x 4 rows of accumulators, 4 rows dividing the 64-row cache tile
// (no remainder block).
// CHECK-LABEL: func.func @conv_14x14_columns(
// CHECK: scf.parallel
// CHECK-NEXT: memref.subview
// CHECK: scf.for {{.*}} step %c256
// CHECK: scf.for {{.*}} = %c0 to %c64 step %c8
// CHECK: scf.for {{.*}} = %c0 to %c192 step %c48
// CHECK: -> ({{(vector<1x16xf32>, ){23}vector<1x16xf32>}})
// CHECK: memref<4x256xf32>
// CHECK-COUNT-16: vector.fma {{.*}} : vector<16xf32>
// CHECK-NEXT: scf.yield
// CHECK-NOT: vector<4x4xf32>
// 320 rows (MobileNetV2's 960 -> 320 layer on 7x7): 8 cache tiles of 40
// rows on the threads, not 5 of 64 (3 on one thread, 2 on the other).
// CHECK-LABEL: func.func @matmul_320_rows_even_tiles(
// CHECK: scf.parallel ({{.*}}) = (%c0) to (%c320) step (%c40)
func.func @matmul_49_columns(%w: memref<64x128xf32>, %x: memref<128x49xf32>, %c: memref<64x49xf32>) {
  linalg.matmul ins(%w, %x : memref<64x128xf32>, memref<128x49xf32>) outs(%c : memref<64x49xf32>)
  return
}
func.func @conv1x1_49_columns(%w: memref<64x160xf32>, %col: memref<1x160x49xf32>, %out: memref<1x64x49xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, k)>,
                                   affine_map<(b, m, n, k) -> (b, k, n)>,
                                   affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%w, %col : memref<64x160xf32>, memref<1x160x49xf32>) outs(%out : memref<1x64x49xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
func.func @matmul_16_columns(%w: memref<64x128xf32>, %x: memref<128x16xf32>, %c: memref<64x16xf32>) {
  linalg.matmul ins(%w, %x : memref<64x128xf32>, memref<128x16xf32>) outs(%c : memref<64x16xf32>)
  return
}
func.func @matmul_16_columns_4k_rows(%w: memref<64x1024xf32>, %x: memref<1024x16xf32>, %c: memref<64x16xf32>) {
  linalg.matmul ins(%w, %x : memref<64x1024xf32>, memref<1024x16xf32>) outs(%c : memref<64x16xf32>)
  return
}
func.func @matmul_60_rows_16_columns(%w: memref<60x160xf32>, %x: memref<160x16xf32>, %c: memref<60x16xf32>) {
  linalg.matmul ins(%w, %x : memref<60x160xf32>, memref<160x16xf32>) outs(%c : memref<60x16xf32>)
  return
}
func.func @conv_14x14_columns(%w: memref<512x2304xf32>, %x: memref<2304x196xf32>, %c: memref<512x196xf32>) {
  linalg.matmul ins(%w, %x : memref<512x2304xf32>, memref<2304x196xf32>) outs(%c : memref<512x196xf32>)
  return
}
func.func @matmul_320_rows_even_tiles(%w: memref<320x960xf32>, %x: memref<960x49xf32>, %c: memref<320x49xf32>) {
  linalg.matmul ins(%w, %x : memref<320x960xf32>, memref<960x49xf32>) outs(%c : memref<320x49xf32>)
  return
}

// -----

// A register tile's depth loop prefetches the rows of the left operand
// (the weights) that the next register tile reads, a cache line per step:
// step k prefetches line k mod 10 of row 6 + k / 10 (a row of 160 floats
// is 10 lines), so the 160 steps cover the next 6 rows. Not where the rows
// are longer than the steps can cover (k = 4: 6 rows of one line each, 4
// steps), nor with prefetch-rows=false.
// CHECK-LABEL: func.func @matmul_prefetch_next_rows(
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c6 {
// CHECK-NEXT: %[[ROWS:.*]] = memref.subview %{{.*}}[%{{.*}}, 0] [6, 160] [1, 1]
// CHECK: scf.for %[[K:.*]] = %c0 to %c160 step %c1 iter_args
// CHECK-NEXT: %[[Q:.*]] = arith.divui %[[K]], %c10 : index
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %[[Q]], %c6 : index
// CHECK-NEXT: %[[R:.*]] = arith.remui %[[K]], %c10 : index
// CHECK-NEXT: %[[COL:.*]] = arith.muli %[[R]], %c16 : index
// CHECK-NEXT: memref.prefetch %[[ROWS]][%[[ROW]], %[[COL]]], read, locality<3>, data
// CHECK: vector.fma
// CHECK-LABEL: func.func @matmul_shallow_no_prefetch(
// CHECK-NOT: memref.prefetch
// CHECK: return
// NOPF-LABEL: func.func @matmul_prefetch_next_rows(
// NOPF-NOT: memref.prefetch
// NOPF: vector.fma
// NOPF-NOT: memref.prefetch
// NOPF: return
func.func @matmul_prefetch_next_rows(%w: memref<96x160xf32>, %x: memref<160x64xf32>, %c: memref<96x64xf32>) {
  linalg.matmul ins(%w, %x : memref<96x160xf32>, memref<160x64xf32>) outs(%c : memref<96x64xf32>)
  return
}
func.func @matmul_shallow_no_prefetch(%w: memref<96x4xf32>, %x: memref<4x64xf32>, %c: memref<96x64xf32>) {
  linalg.matmul ins(%w, %x : memref<96x4xf32>, memref<4x64xf32>) outs(%c : memref<96x64xf32>)
  return
}

// -----

// A convolution's im2col contraction: a unit batch and weights broadcast
// along it. Each cache tile is one image: a plain matmul on views without
// the batch dim, register tiles of FMA outer products whose accumulator
// stays in registers across the depth loop.
// CHECK-LABEL: func.func @im2col_contraction(
// CHECK: memref.subview {{.*}} to memref<576x64xf32, strided<[3136, 1], offset: ?>>
// CHECK: %[[ACC:.*]] = vector.transfer_read {{.*}} vector<6x64xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ACC]])
// CHECK-COUNT-6: vector.fma {{.*}} : vector<64xf32>
// CHECK: scf.yield
// CHECK: vector.transfer_write {{.*}} vector<6x64xf32>
func.func @im2col_contraction(%w: memref<64x576xf32>, %col: memref<1x576x3136xf32>, %out: memref<1x64x3136xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, k)>,
                                   affine_map<(b, m, n, k) -> (b, k, n)>,
                                   affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%w, %col : memref<64x576xf32>, memref<1x576x3136xf32>) outs(%out : memref<1x64x3136xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A depthwise convolution (NCHW): images and channels (in parallel when
// there is enough work or input: here 27 K inputs), 16 output columns at a
// time (the last 8 of each 56-wide row masked), the 3x3 window as FMAs on
// register accumulators; stride 2 loads 32 contiguous inputs and keeps the
// even ones, stride 5 gathers; 7-wide rows use 8 lanes.
// CHECK-LABEL: func.func @depthwise(
// CHECK: scf.parallel ({{.*}}, {{.*}}) = (%c0, %c0) to (%c1, %c8)
// CHECK-COUNT-9: memref.load
// CHECK: scf.for
// CHECK: scf.for
// CHECK: vector.create_mask {{.*}} : vector<16xi1>
// One partial sum per window row (three chains of three), then two adds.
// CHECK-COUNT-3: vector.fma
// CHECK: arith.mulf {{.*}} : vector<16xf32>
// CHECK-COUNT-2: vector.fma
// CHECK: arith.mulf {{.*}} : vector<16xf32>
// CHECK-COUNT-2: vector.fma
// CHECK-COUNT-2: arith.addf {{.*}} : vector<16xf32>
// CHECK: vector.maskedstore
// CHECK-NOT: linalg.depthwise
// A kernel row's stride-2 taps in pairs: taps 0 and 1 share one load of
// 32 lanes, tap 2 another from two columns on; each tap a shuffle of two
// vectors.
// CHECK-LABEL: func.func @depthwise_strided(
// CHECK-NOT: vector.gather
// CHECK: vector.maskedload {{.*}} vector<32xi1>, vector<32xf32> into vector<32xf32>
// CHECK-NEXT: vector.shuffle {{.*}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30] : vector<32xf32>, vector<32xf32>
// CHECK-NEXT: vector.shuffle {{.*}} [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31] : vector<32xf32>, vector<32xf32>
// CHECK-NEXT: arith.addi {{.*}}, %c2
// CHECK: vector.maskedload {{.*}} vector<32xi1>, vector<32xf32> into vector<32xf32>
// CHECK-NEXT: vector.shuffle {{.*}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30] : vector<32xf32>, vector<32xf32>
// CHECK-NOT: vector<48xf32>
// CHECK: vector.fma
// CHECK-LABEL: func.func @depthwise_stride5_row7(
// CHECK: vector.create_mask {{.*}} : vector<8xi1>
// CHECK: vector.gather {{.*}} into vector<8xf32>
// CHECK: vector.fma {{.*}} : vector<8xf32>
// OPTS-LABEL: func.func @depthwise(
// OPTS: scf.parallel
func.func @depthwise(%x: memref<1x8x58x58xf32>, %w: memref<8x3x3xf32>, %o: memref<1x8x56x56xf32>) {
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<1x8x58x58xf32>, memref<8x3x3xf32>) outs(%o : memref<1x8x56x56xf32>)
  return
}
func.func @depthwise_strided(%x: memref<1x8x57x57xf32>, %w: memref<8x3x3xf32>, %o: memref<1x8x28x28xf32>) {
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : memref<1x8x57x57xf32>, memref<8x3x3xf32>) outs(%o : memref<1x8x28x28xf32>)
  return
}
func.func @depthwise_stride5_row7(%x: memref<1x8x35x35xf32>, %w: memref<8x3x3xf32>, %o: memref<1x8x7x7xf32>) {
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<5> : tensor<2xi64>}
      ins(%x, %w : memref<1x8x35x35xf32>, memref<8x3x3xf32>) outs(%o : memref<1x8x7x7xf32>)
  return
}

// -----

// The border fills of a padded input (pd-decompose-pad's top row, bottom
// row and both columns) move into the depthwise kernel's channel loop (the
// two columns as the pairs they form in memory: a row's last element and
// the next row's first, contiguous, plus the two corners), inside the
// parallel loop, not in serial loops of their own. The loop takes blocks
// of channels (16 channels: 8 blocks of 2): the block's first channel's
// border is zeroed before its compute, each next channel's while the one
// before it is computed (a store right before a load it overlaps in part
// holds the load up). The interior's copy before them stays where it is;
// a fill of a buffer the kernel does not read (@border_of_another_buffer)
// and a fill behind a read of the padded buffer (@border_read_before) are
// left alone.
// CHECK-LABEL: func.func @depthwise_padded(
// CHECK: scf.parallel
// CHECK: vector.transfer_read
// CHECK: vector.transfer_write
// CHECK: scf.reduce
// CHECK-NOT: linalg.fill
// CHECK-NOT: vector.transfer_write
// CHECK: scf.parallel (%[[B:.*]], %[[CB:.*]]) = (%c0, %c0) to (%c1, %c8)
// CHECK: %[[C0:.*]] = arith.muli %[[CB]], %c2
// CHECK: memref.subview %{{.*}}[%[[B]], %[[C0]], 0, 0] [1, 1, 1, 58] [1, 1, 1, 1] {{.*}} to memref<1x58xf32
// CHECK: vector.transfer_write %{{.*}} : vector<16xf32>, memref<1x?xf32
// CHECK: memref.subview %{{.*}}[%[[B]], %[[C0]], 0, 0] [1, 1, 1, 58] [1, 1, 1, 1] {{.*}} to memref<1x58xf32
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [57, 2], strides: [58, 1]
// CHECK: vector.transfer_write %{{.*}} : vector<2xf32>, memref<1x2xf32, strided<[58, 1], offset: ?>>
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[B]], %[[C0]], %{{.*}}, %{{.*}}]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[B]], %[[C0]], %{{.*}}, %{{.*}}]
// CHECK: scf.for %[[K:.*]] = %c0 to %c2 step %c1
// CHECK: %[[C:.*]] = arith.addi %[[C0]], %[[K]]
// CHECK: %[[NOTLAST:.*]] = arith.cmpi ult, %[[K]], %c1
// CHECK: scf.if %[[NOTLAST]] {
// CHECK: %[[NEXT:.*]] = arith.addi %[[C]], %c1
// CHECK: memref.subview %{{.*}}[%[[B]], %[[NEXT]], 0, 0] [1, 1, 1, 58] [1, 1, 1, 1] {{.*}} to memref<1x58xf32
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[B]], %[[NEXT]], %{{.*}}, %{{.*}}]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[B]], %[[NEXT]], %{{.*}}, %{{.*}}]
// CHECK: }
// CHECK: memref.load %{{.*}}[%[[C]],
// CHECK: vector.fma
// CHECK-LABEL: func.func @border_of_another_buffer(
// CHECK: scf.for
// CHECK: vector.transfer_write
// CHECK: scf.parallel
// CHECK-LABEL: func.func @border_read_before(
// CHECK: scf.for
// CHECK: vector.transfer_write
// CHECK: math.exp
// CHECK: scf.parallel
func.func @depthwise_padded(%src: memref<1x16x56x56xf32>, %w: memref<16x3x3xf32>, %o: memref<1x16x56x56xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() {alignment = 64 : i64} : memref<1x16x58x58xf32>
  %in = memref.subview %p[0, 0, 1, 1] [1, 16, 56, 56] [1, 1, 1, 1] : memref<1x16x58x58xf32> to memref<1x16x56x56xf32, strided<[53824, 3364, 58, 1], offset: 59>>
  linalg.copy ins(%src : memref<1x16x56x56xf32>) outs(%in : memref<1x16x56x56xf32, strided<[53824, 3364, 58, 1], offset: 59>>)
  %top = memref.subview %p[0, 0, 0, 0] [1, 16, 1, 58] [1, 1, 1, 1] : memref<1x16x58x58xf32> to memref<1x16x1x58xf32, strided<[53824, 3364, 58, 1]>>
  linalg.fill ins(%zero : f32) outs(%top : memref<1x16x1x58xf32, strided<[53824, 3364, 58, 1]>>)
  %bottom = memref.subview %p[0, 0, 57, 0] [1, 16, 1, 58] [1, 1, 1, 1] : memref<1x16x58x58xf32> to memref<1x16x1x58xf32, strided<[53824, 3364, 58, 1], offset: 3306>>
  linalg.fill ins(%zero : f32) outs(%bottom : memref<1x16x1x58xf32, strided<[53824, 3364, 58, 1], offset: 3306>>)
  %sides = memref.subview %p[0, 0, 0, 0] [1, 16, 58, 2] [1, 1, 1, 57] : memref<1x16x58x58xf32> to memref<1x16x58x2xf32, strided<[53824, 3364, 58, 57]>>
  linalg.fill ins(%zero : f32) outs(%sides : memref<1x16x58x2xf32, strided<[53824, 3364, 58, 57]>>)
  linalg.fill ins(%zero : f32) outs(%o : memref<1x16x56x56xf32>)
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : memref<1x16x58x58xf32>, memref<16x3x3xf32>) outs(%o : memref<1x16x56x56xf32>)
  memref.dealloc %p : memref<1x16x58x58xf32>
  return
}
func.func @border_of_another_buffer(%x: memref<1x16x58x58xf32>, %w: memref<16x3x3xf32>, %o: memref<1x16x56x56xf32>, %out: memref<1x16x58x58xf32>) {
  %zero = arith.constant 0.0 : f32
  %q = memref.alloc() {alignment = 64 : i64} : memref<1x16x58x58xf32>
  %top = memref.subview %q[0, 0, 0, 0] [1, 16, 1, 58] [1, 1, 1, 1] : memref<1x16x58x58xf32> to memref<1x16x1x58xf32, strided<[53824, 3364, 58, 1]>>
  linalg.fill ins(%zero : f32) outs(%top : memref<1x16x1x58xf32, strided<[53824, 3364, 58, 1]>>)
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<1x16x58x58xf32>, memref<16x3x3xf32>) outs(%o : memref<1x16x56x56xf32>)
  memref.copy %q, %out : memref<1x16x58x58xf32> to memref<1x16x58x58xf32>
  memref.dealloc %q : memref<1x16x58x58xf32>
  return
}
func.func @border_read_before(%w: memref<16x3x3xf32>, %o: memref<1x16x56x56xf32>, %sum: memref<1x16x58x58xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() {alignment = 64 : i64} : memref<1x16x58x58xf32>
  %top = memref.subview %p[0, 0, 0, 0] [1, 16, 1, 58] [1, 1, 1, 1] : memref<1x16x58x58xf32> to memref<1x16x1x58xf32, strided<[53824, 3364, 58, 1]>>
  linalg.fill ins(%zero : f32) outs(%top : memref<1x16x1x58xf32, strided<[53824, 3364, 58, 1]>>)
  linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p : memref<1x16x58x58xf32>) outs(%sum : memref<1x16x58x58xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : memref<1x16x58x58xf32>, memref<16x3x3xf32>) outs(%o : memref<1x16x56x56xf32>)
  memref.dealloc %p : memref<1x16x58x58xf32>
  return
}

// -----

// Pooling is a window kernel without weights: channels on threads, rows of
// 16 output columns, the 3x3 window's stride-2 inputs deinterleaved from
// one 48-lane load per window row and combined with maximumf (the fill of the lowest value
// is the accumulators' start, folded away), or with adds from the zero fill
// (sum pooling, 2x2/2: an average pool's sums; 16 channels of 28x28 are
// too little work and input for threads).
// Each step prefetches the two input rows that the output row 4 rows
// below adds to its window (2r + 10 and 2r + 9), at the 32 input columns
// the step reads (two cache lines).
// CHECK-LABEL: func.func @max_pool(
// CHECK-NOT: linalg.
// CHECK: scf.parallel
// CHECK: scf.for %[[R:.*]] = %c0 to %c56 step %c1
// CHECK-NEXT: %[[IN:.*]] = arith.muli %[[R]], %c2
// CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[IN]], %c10
// CHECK-NEXT: %[[AHEAD1:.*]] = arith.addi %[[IN]], %c9
// CHECK: scf.for %[[C:.*]] = %c0 to %c56 step %c16
// CHECK: %[[COL:.*]] = arith.muli %[[C]], %c2
// CHECK-NEXT: memref.prefetch %arg0[%{{.*}}, %{{.*}}, %[[AHEAD]], %[[COL]]], read, locality<3>, data
// CHECK-NEXT: %[[COL16:.*]] = arith.addi %[[COL]], %c16
// CHECK-NEXT: memref.prefetch %arg0[%{{.*}}, %{{.*}}, %[[AHEAD]], %[[COL16]]], read, locality<3>, data
// CHECK-NEXT: memref.prefetch %arg0[%{{.*}}, %{{.*}}, %[[AHEAD1]], %[[COL]]], read, locality<3>, data
// CHECK: memref.prefetch %arg0[%{{.*}}, %{{.*}}, %[[AHEAD1]], %{{.*}}], read, locality<3>, data
// CHECK-NOT: memref.prefetch
// CHECK: vector.maskedload {{.*}} vector<32xf32>
// CHECK: vector.shuffle
// CHECK-COUNT-8: arith.maximumf {{.*}} : vector<16xf32>
// CHECK: vector.maskedstore
// CHECK-LABEL: func.func @sum_pool(
// CHECK-NOT: linalg.
// CHECK-NOT: scf.parallel
// CHECK-COUNT-4: arith.addf {{.*}} : vector<16xf32>
// CHECK: vector.maskedstore
// CHECK-LABEL: func.func @max_pool_dynamic(
// CHECK: linalg.pooling_nchw_max
// CHECK-NOT: arith.maximumf {{.*}} : vector
// NOPF-LABEL: func.func @max_pool(
// NOPF-NOT: memref.prefetch
// NOPF: return
func.func @max_pool(%x: memref<1x64x114x114xf32>, %w: memref<3x3xf32>, %o: memref<1x64x56x56xf32>) {
  %lowest = arith.constant 0xFF800000 : f32
  linalg.fill ins(%lowest : f32) outs(%o : memref<1x64x56x56xf32>)
  linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<1x64x114x114xf32>, memref<3x3xf32>) outs(%o : memref<1x64x56x56xf32>)
  return
}
func.func @sum_pool(%x: memref<1x16x28x28xf32>, %w: memref<2x2xf32>, %o: memref<1x16x14x14xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%o : memref<1x16x14x14xf32>)
  linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<1x16x28x28xf32>, memref<2x2xf32>) outs(%o : memref<1x16x14x14xf32>)
  return
}
func.func @max_pool_dynamic(%x: memref<?x64x114x114xf32>, %w: memref<3x3xf32>, %o: memref<?x64x56x56xf32>) {
  linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x64x114x114xf32>, memref<3x3xf32>) outs(%o : memref<?x64x56x56xf32>)
  return
}

// -----

// Dynamic shapes are left to convert-linalg-to-loops (no depthwise kernel),
// and so is an unmarked window copy (no im2col kernel).
// CHECK-LABEL: func.func @depthwise_dynamic(
// CHECK: linalg.depthwise_conv_2d_nchw_chw
// CHECK-NOT: vector.fma
// CHECK-LABEL: func.func @window_copy_unmarked(
// CHECK: linalg.generic
// CHECK-NOT: vector.maskedstore
func.func @depthwise_dynamic(%x: memref<?x8x58x58xf32>, %w: memref<8x3x3xf32>, %o: memref<?x8x56x56xf32>) {
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<?x8x58x58xf32>, memref<8x3x3xf32>) outs(%o : memref<?x8x56x56xf32>)
  return
}
func.func @window_copy_unmarked(%x: memref<1x2x26x26xf32>, %col: memref<1x2x3x3x24x24xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>,
                                   affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x2x26x26xf32>) outs(%col : memref<1x2x3x3x24x24xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}

// -----

// The patch copy of pd-conv-to-im2col (marked pd.im2col): rows copied with
// masked vector loads and stores (16 + 8 of each 24-wide row); stride 2
// deinterleaves 32 contiguous elements (12-wide rows in 16 lanes).
// CHECK-LABEL: func.func @im2col(
// CHECK: scf.for
// CHECK: vector.create_mask {{.*}} : vector<16xi1>
// CHECK: vector.maskedload {{.*}} : memref<1x2x26x26xf32>
// CHECK: vector.maskedstore {{.*}} : memref<1x2x3x3x24x24xf32>
// CHECK-NOT: linalg.generic
// CHECK-LABEL: func.func @im2col_strided(
// CHECK: vector.create_mask {{.*}} : vector<16xi1>
// CHECK: vector.maskedload {{.*}} vector<32xf32>
// CHECK: vector.shuffle
// CHECK: vector.maskedstore
// Large copies (min-parallel-elements) run their (n, c) loops on threads.
// CHECK-NOT: scf.parallel
// OPTS-LABEL: func.func @im2col(
// OPTS: scf.parallel ({{.*}}, {{.*}}) =
// OPTS: scf.for
// OPTS: vector.maskedstore
func.func @im2col(%x: memref<1x2x26x26xf32>, %col: memref<1x2x3x3x24x24xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>,
                                   affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x2x26x26xf32>) outs(%col : memref<1x2x3x3x24x24xf32>) attrs = {pd.im2col = array<i64: 1, 1, 1, 1>} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}
func.func @im2col_strided(%x: memref<1x2x25x25xf32>, %col: memref<1x2x3x3x12x12xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4 * 2 + d2, d5 * 2 + d3)>,
                                   affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x2x25x25xf32>) outs(%col : memref<1x2x3x3x12x12xf32>) attrs = {pd.im2col = array<i64: 2, 2, 1, 1>} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}

// -----

// Integer patches (pd.unfold of int64) copy rows like float ones, with a
// zero of their own type (an f32 zero used to abort here). A pd.im2col
// attribute that disagrees with the copy's maps (stride 2 claimed, stride 1
// read), or a body that is not a plain copy, is not trusted: the copy stays
// a linalg.generic for the generic lowering, which reads only where its
// maps do.
// CHECK-LABEL: func.func @im2col_i64(
// CHECK: vector.maskedload {{.*}} : memref<1x2x26x26xi64>, vector<16xi1>, vector<16xi64> into vector<16xi64>
// CHECK: vector.maskedstore {{.*}} : memref<1x2x3x3x24x24xi64>
// CHECK-NOT: linalg.generic
// CHECK-LABEL: func.func @im2col_attribute_disagrees(
// CHECK-NOT: vector.maskedload
// CHECK: linalg.generic
// CHECK-SAME: pd.im2col = array<i64: 2, 2, 1, 1>
// CHECK-LABEL: func.func @im2col_not_a_copy(
// CHECK-NOT: vector.maskedload
// CHECK: linalg.generic
// CHECK: arith.negf
func.func @im2col_i64(%x: memref<1x2x26x26xi64>, %col: memref<1x2x3x3x24x24xi64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4 + d2, d5 + d3)>,
                                   affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x2x26x26xi64>) outs(%col : memref<1x2x3x3x24x24xi64>) attrs = {pd.im2col = array<i64: 1, 1, 1, 1>} {
  ^bb0(%in: i64, %out: i64):
    linalg.yield %in : i64
  }
  return
}
func.func @im2col_attribute_disagrees(%x: memref<1x2x26x26xf32>, %col: memref<1x2x3x3x12x12xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>,
                                   affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x2x26x26xf32>) outs(%col : memref<1x2x3x3x12x12xf32>) attrs = {pd.im2col = array<i64: 2, 2, 1, 1>} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}
func.func @im2col_not_a_copy(%x: memref<1x2x26x26xf32>, %col: memref<1x2x3x3x24x24xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>,
                                   affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x2x26x26xf32>) outs(%col : memref<1x2x3x3x24x24xf32>) attrs = {pd.im2col = array<i64: 1, 1, 1, 1>} {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  return
}

// -----

// Elementwise ops: one row of 16 elements at a time (unit dims cast away);
// large ones (min-parallel-elements) put their outer parallel loops on
// threads, reductions stay sequential.
// CHECK-LABEL: func.func @elementwise(
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK: vector.transfer_read {{.*}} vector<16xf32>
// CHECK: arith.maximumf {{.*}} : vector<16xf32>
// CHECK: vector.transfer_write
// CHECK-LABEL: func.func @row_sum(
// CHECK-NOT: scf.parallel
// A row reduction reads its 64-element row as one vector, combines four
// 16-lane slices and reduces the last horizontally, once per row.
// CHECK: vector.transfer_read {{.*}} vector<64xf32>
// CHECK-COUNT-3: arith.addf {{.*}} : vector<16xf32>
// CHECK: vector.reduction <add>, {{.*}} : vector<16xf32> into f32
// CHECK-LABEL: func.func @row_max_197(
// CHECK: vector.create_mask {{.*}} : vector<1x208xi1>
// CHECK: arith.select {{.*}} : vector<208xi1>, vector<208xf32>
// CHECK-COUNT-12: arith.maximumf {{.*}} : vector<16xf32>
// CHECK: vector.reduction <maximumf>, {{.*}} : vector<16xf32> into f32
// CHECK-LABEL: func.func @row_sum_long(
// CHECK: scf.for {{.*}} step %c1024
// CHECK: vector.reduction <add>, {{.*}} : vector<16xf32> into f32
// OPTS-LABEL: func.func @elementwise(
// OPTS: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// OPTS: scf.for
// OPTS: arith.maximumf {{.*}} : vector<16xf32>
// OPTS-LABEL: func.func @row_sum(
// OPTS: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// OPTS: vector.reduction <add>
func.func @elementwise(%x: memref<8x64xf32>, %y: memref<8x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<8x64xf32>) outs(%y : memref<8x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  }
  return
}
func.func @row_sum(%x: memref<8x64xf32>, %y: memref<8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<8x64xf32>) outs(%y : memref<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  }
  return
}
func.func @row_max_197(%x: memref<3x197xf32>, %y: memref<3xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<3x197xf32>) outs(%y : memref<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %out : f32
    linalg.yield %r : f32
  }
  return
}
func.func @row_sum_long(%x: memref<2x3136xf32>, %y: memref<2xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<2x3136xf32>) outs(%y : memref<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Data-dependent reads (gathers) are left for convert-linalg-to-loops.
// CHECK-LABEL: func.func @gather_left_alone(
// CHECK: linalg.generic
// CHECK: memref.load
// CHECK-NOT: vector.
func.func @gather_left_alone(%t: memref<16xf32>, %i: memref<4xindex>, %o: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%i : memref<4xindex>) outs(%o : memref<4xf32>) {
  ^bb0(%idx: index, %out: f32):
    %v = memref.load %t[%idx] : memref<16xf32>
    linalg.yield %v : f32
  }
  return
}

// -----

// An op with an empty loop (x[:, 8:] of 8 columns) writes nothing: it is
// erased, not tiled into subviews of an empty dim.
// CHECK-LABEL: func.func @empty_loop(
// CHECK-NOT: linalg.
// CHECK-NOT: memref.subview
// CHECK: return
func.func @empty_loop(%x: memref<2x0xf32>, %y: memref<2x0xf32>) {
  linalg.copy ins(%x : memref<2x0xf32>) outs(%y : memref<2x0xf32>)
  return
}

// -----

// A convolution's epilogue (bias + relu into the interior of the next
// layer's padded input) runs on each cache tile of the matmul, after its
// depth loop: tiles of 4 image rows (112 columns), the rows' offset from
// the column offset. The zero fill becomes the accumulators' initial value.
// Only the epilogue reads the result, all of whose depth is one block: each
// tile's result goes to a buffer of one tile on the stack (allocated at the
// start of the parallel body), which the epilogue reads.
// CHECK-LABEL: func.func @conv_epilogue(
// CHECK-NOT: linalg.
// CHECK: scf.parallel (%[[J:.*]]) = (%{{.*}}) to (%{{.*}}) step (%c112)
// CHECK-NEXT: %[[TILE:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64x112xf32>
// The epilogue's views come first (the register tiles prefetch through them).
// CHECK: %[[ROW:.*]] = arith.divui %[[J]], %c28
// CHECK: memref.subview %{{.*}}[0, 0, %[[ROW]], 0] [1, 64, 4, 28]
// CHECK: %[[RESULT:.*]] = memref.expand_shape %[[TILE]] {{\[}}[0, 1], [2, 3]] output_shape [1, 64, 4, 28]
// CHECK: memref.subview %[[TILE]][0, 0] [64, 96]
// CHECK: iter_args(%{{.*}} = %[[ZERO:[^,]*]], {{.*}}) -> ({{(vector<1x16xf32>, ){23}vector<1x16xf32>}})
// The epilogue writes 4 rows of a channel, then those of the next: each
// step prefetches, for writing, the same place 2 channels ahead.
// CHECK: scf.for %[[C:.*]] = %c0 to %c64 step %c1 {
// CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[C]], %c2 : index
// CHECK: memref.prefetch %{{.*}}[%{{.*}}, %[[AHEAD]], %{{.*}}, %{{.*}}], write, locality<3>, data
// CHECK: memref.subview %[[RESULT]]
// CHECK: arith.maximumf %{{.*}} : vector<16xf32>
// CHECK: scf.reduce
// CHECK-NOT: scf.parallel
// CHECK: return
// NOPF-LABEL: func.func @conv_epilogue(
// NOPF-NOT: memref.prefetch
// NOPF: return
// The register tiles prefetch, for writing, the output rows the epilogue
// writes for them, in the padded buffer; not the bias (a broadcast).
// PFE-LABEL: func.func @conv_epilogue(
// PFE: %[[OUT:.*]] = memref.subview %{{.*}}[0, 0, %{{.*}}, 0] [1, 64, 4, 28] [1, 1, 1, 1] : memref<1x64x28x28xf32, strided<[57600, 900, 30, 1], offset: 31>>
// PFE: iter_args
// PFE-NOT: read, locality
// PFE: memref.prefetch %[[OUT]][%c0, %{{.*}}, %{{.*}}, %{{.*}}], write, locality<3>, data
// PFE-NOT: memref.prefetch
// PFE: vector.fma
// NOFUSE-LABEL: func.func @conv_epilogue(
// NOFUSE: scf.parallel
// NOFUSE: scf.reduce
// NOFUSE: scf.parallel
// NOFUSE: arith.maximumf
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bc4 = affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>
func.func @conv_epilogue(%w: memref<64x128xf32>, %col: memref<128x784xf32>, %bias: memref<1x64x1x1xf32>, %out: memref<1x64x30x30xf32>) {
  %zero = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<1x64x28x28xf32>
  %c = memref.collapse_shape %x [[0, 1], [2, 3]] : memref<1x64x28x28xf32> into memref<64x784xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<64x784xf32>)
  linalg.matmul ins(%w, %col : memref<64x128xf32>, memref<128x784xf32>) outs(%c : memref<64x784xf32>)
  %padded = memref.alloc() : memref<1x64x30x30xf32>
  %inner = memref.subview %padded[0, 0, 1, 1] [1, 64, 28, 28] [1, 1, 1, 1] : memref<1x64x30x30xf32> to memref<1x64x28x28xf32, strided<[57600, 900, 30, 1], offset: 31>>
  linalg.generic {indexing_maps = [#id4, #bc4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %bias : memref<1x64x28x28xf32>, memref<1x64x1x1xf32>) outs(%inner : memref<1x64x28x28xf32, strided<[57600, 900, 30, 1], offset: 31>>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  memref.copy %padded, %out : memref<1x64x30x30xf32> to memref<1x64x30x30xf32>
  memref.dealloc %x : memref<1x64x28x28xf32>
  memref.dealloc %padded : memref<1x64x30x30xf32>
  return
}

// -----

// A residual added in the epilogue is read like the output is written, a
// few rows per channel: each step also prefetches it, for reading, 2
// channels ahead (the tile buffer, the matmul's own result, is not).
// CHECK-LABEL: func.func @conv_epilogue_residual(
// CHECK: scf.for %[[C:.*]] = %c0 to %c64 step %c1 {
// CHECK-NEXT: %[[AHEAD_R:.*]] = arith.addi %[[C]], %c2 : index
// CHECK-NEXT: %[[AHEAD_W:.*]] = arith.addi %[[C]], %c2 : index
// CHECK: memref.prefetch %{{.*}}[%{{.*}}, %[[AHEAD_R]], %{{.*}}, %{{.*}}], read, locality<3>, data : memref<1x64x4x28xf32, strided<[50176, 784, 28, 1], offset: ?>>
// CHECK-NEXT: memref.prefetch %{{.*}}[%{{.*}}, %[[AHEAD_W]], %{{.*}}, %{{.*}}], write, locality<3>, data
// CHECK-NOT: memref.prefetch
// CHECK: arith.addf %{{.*}} : vector<16xf32>
// CHECK: scf.reduce
// NOPF-LABEL: func.func @conv_epilogue_residual(
// NOPF-NOT: memref.prefetch
// NOPF: return
// The register tiles prefetch what the epilogue reads and writes for
// them: the 24 lines of an 8x48 tile (its 8 rows of 3 lines), one every 4th
// step of its 128-step depth loop (line k / 4 at step k, for k < 96), at
// (row, column) of the 64x112 tile = 4 image rows of 28.
// PFE-LABEL: func.func @conv_epilogue_residual(
// PFE: scf.parallel (%[[N:.*]]) = (%c0) to (%c784) step (%c112) {
// PFE: %[[RES:.*]] = memref.subview %arg2[0, 0, %{{.*}}, 0] [1, 64, 4, 28]
// PFE: %[[OUT:.*]] = memref.subview %arg3[0, 0, %{{.*}}, 0] [1, 64, 4, 28]
// PFE: scf.for %[[R:.*]] = %c0 to %c64 step %c8 {
// PFE: scf.for %[[C:.*]] = %c0 to %c96 step %c48 {
// PFE: scf.for %[[K:.*]] = %c0 to %c128 step %c1 iter_args
// PFE-NEXT: %[[PHASE:.*]] = arith.andi %[[K]], %c3 : index
// PFE-NEXT: %[[DUE:.*]] = arith.cmpi eq, %[[PHASE]], %c0 : index
// PFE-NEXT: %[[IN:.*]] = arith.cmpi ult, %[[K]], %c96 : index
// PFE-NEXT: %[[BOTH:.*]] = arith.andi %[[IN]], %[[DUE]] : i1
// PFE-NEXT: scf.if %[[BOTH]] {
// PFE-NEXT: %[[LINE:.*]] = arith.shrui %[[K]], %c2 : index
// PFE-NEXT: %[[DR:.*]] = arith.divui %[[LINE]], %c3 : index
// PFE-NEXT: %[[ROW:.*]] = arith.addi %[[DR]], %[[R]] : index
// PFE-NEXT: %[[LC:.*]] = arith.remui %[[LINE]], %c3 : index
// PFE-NEXT: %[[DC:.*]] = arith.muli %[[LC]], %c16 : index
// PFE-NEXT: %[[COL:.*]] = arith.addi %[[DC]], %[[C]] : index
// PFE-NEXT: %[[H:.*]] = arith.divui %[[COL]], %c28 : index
// PFE-NEXT: %[[W:.*]] = arith.remui %[[COL]], %c28 : index
// PFE-NEXT: memref.prefetch %[[RES]][%c0, %[[ROW]], %[[H]], %[[W]]], read, locality<3>, data
// PFE: memref.prefetch %[[OUT]][%c0, %[[ROW]], %{{.*}}, %{{.*}}], write, locality<3>, data
// PFE-NOT: memref.prefetch
// PFE: vector.fma
// The 16x16 tiles of columns 96..111: 16 lines, one every 8th step (16 x 8
// steps: no bound to check), from column 96.
// PFE: scf.for %[[R16:.*]] = %c0 to %c64 step %c16 {
// PFE: scf.for %[[C16:.*]] = %c0 to %c16 step %c16 {
// PFE: %[[C96:.*]] = arith.addi %[[C16]], %c96 : index
// PFE: scf.for %[[K16:.*]] = %c0 to %c128 step %c1 iter_args
// PFE-NEXT: %[[PHASE16:.*]] = arith.andi %[[K16]], %c7 : index
// PFE-NEXT: %[[DUE16:.*]] = arith.cmpi eq, %[[PHASE16]], %c0 : index
// PFE-NEXT: scf.if %[[DUE16]] {
// PFE-NEXT: arith.shrui %[[K16]], %c3 : index
// PFE: arith.divui %[[C96]], %c28 : index
// PFE: memref.prefetch %[[RES]]
// PFE: memref.prefetch %[[OUT]]
// Then the epilogue, which the register tiles' prefetches left alone.
// PFE: scf.for %{{.*}} = %c0 to %c64 step %c1 {
// PFE-NOT: memref.prefetch
// PFE: scf.reduce
#id4r = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @conv_epilogue_residual(%w: memref<64x128xf32>, %col: memref<128x784xf32>, %res: memref<1x64x28x28xf32>, %out: memref<1x64x28x28xf32>) {
  %zero = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<1x64x28x28xf32>
  %c = memref.collapse_shape %x [[0, 1], [2, 3]] : memref<1x64x28x28xf32> into memref<64x784xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<64x784xf32>)
  linalg.matmul ins(%w, %col : memref<64x128xf32>, memref<128x784xf32>) outs(%c : memref<64x784xf32>)
  linalg.generic {indexing_maps = [#id4r, #id4r, #id4r], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %res : memref<1x64x28x28xf32>, memref<1x64x28x28xf32>) outs(%out : memref<1x64x28x28xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  memref.dealloc %x : memref<1x64x28x28xf32>
  return
}

// -----

// The same with a result that is read again after the epilogue: the tiles
// write the result buffer itself.
// CHECK-LABEL: func.func @conv_epilogue_result_kept(
// CHECK-NOT: memref.alloca
// CHECK: scf.parallel
// CHECK-NOT: memref.alloca
// CHECK: vector.transfer_write {{.*}} : vector<16xf32>, memref<8x48xf32, strided<[784, 1], offset: ?>>
// CHECK: arith.maximumf %{{.*}} : vector<16xf32>
// CHECK: scf.reduce
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<1x64x28x28xf32> to memref<1x64x28x28xf32>
// No tile buffer, no prefetches of the epilogue's lines in the register tiles.
// PFE-LABEL: func.func @conv_epilogue_result_kept(
// PFE-NOT: memref.prefetch
// PFE: return
#id4k = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bc4k = affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>
func.func @conv_epilogue_result_kept(%w: memref<64x128xf32>, %col: memref<128x784xf32>, %bias: memref<1x64x1x1xf32>, %out: memref<1x64x30x30xf32>, %raw: memref<1x64x28x28xf32>) {
  %zero = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<1x64x28x28xf32>
  %c = memref.collapse_shape %x [[0, 1], [2, 3]] : memref<1x64x28x28xf32> into memref<64x784xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<64x784xf32>)
  linalg.matmul ins(%w, %col : memref<64x128xf32>, memref<128x784xf32>) outs(%c : memref<64x784xf32>)
  %padded = memref.alloc() : memref<1x64x30x30xf32>
  %inner = memref.subview %padded[0, 0, 1, 1] [1, 64, 28, 28] [1, 1, 1, 1] : memref<1x64x30x30xf32> to memref<1x64x28x28xf32, strided<[57600, 900, 30, 1], offset: 31>>
  linalg.generic {indexing_maps = [#id4k, #bc4k, #id4k], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %bias : memref<1x64x28x28xf32>, memref<1x64x1x1xf32>) outs(%inner : memref<1x64x28x28xf32, strided<[57600, 900, 30, 1], offset: 31>>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  memref.copy %padded, %out : memref<1x64x30x30xf32> to memref<1x64x30x30xf32>
  memref.copy %x, %raw : memref<1x64x28x28xf32> to memref<1x64x28x28xf32>
  memref.dealloc %x : memref<1x64x28x28xf32>
  memref.dealloc %padded : memref<1x64x30x30xf32>
  return
}

// -----

// A linear layer's epilogue, in place on the matrix: tiles of 256 columns.
// CHECK-LABEL: func.func @linear_epilogue(
// CHECK-NOT: linalg.
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c512) step (%c256)
// CHECK: arith.maximumf %{{.*}} : vector<16xf32>
// CHECK: scf.reduce
// CHECK-NOT: scf.parallel
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row2 = affine_map<(d0, d1) -> (d1)>
func.func @linear_epilogue(%x: memref<64x256xf32>, %w: memref<256x512xf32>, %b: memref<512xf32>, %y: memref<64x512xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<64x512xf32>)
  linalg.matmul ins(%x, %w : memref<64x256xf32>, memref<256x512xf32>) outs(%y : memref<64x512xf32>)
  linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%y, %b : memref<64x512xf32>, memref<512xf32>) outs(%y : memref<64x512xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Left alone: an epilogue that writes the matmul's input (later tiles
// still read it), and one after another memory operation. The fills
// still fold: each matmul's depth loop covers all of k.
// CHECK-LABEL: func.func @not_epilogues(
// CHECK-NOT: linalg.fill
// CHECK: scf.parallel
// CHECK-NOT: arith.maximumf
// CHECK: scf.reduce
// CHECK: scf.parallel
// CHECK: arith.maximumf
// CHECK: scf.reduce
// CHECK: scf.parallel
// CHECK-NOT: arith.maximumf
// CHECK: scf.reduce
// CHECK: memref.copy
// CHECK: scf.parallel
// CHECK: arith.maximumf
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row2 = affine_map<(d0, d1) -> (d1)>
func.func @not_epilogues(%x: memref<64x256xf32>, %w: memref<256x512xf32>, %b: memref<512xf32>, %y: memref<64x512xf32>, %z: memref<64x512xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<64x512xf32>)
  linalg.matmul ins(%x, %w : memref<64x256xf32>, memref<256x512xf32>) outs(%y : memref<64x512xf32>)
  %top = memref.subview %w[0, 0] [64, 512] [1, 1] : memref<256x512xf32> to memref<64x512xf32, strided<[512, 1]>>
  linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%y, %b : memref<64x512xf32>, memref<512xf32>) outs(%top : memref<64x512xf32, strided<[512, 1]>>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  linalg.fill ins(%zero : f32) outs(%z : memref<64x512xf32>)
  linalg.matmul ins(%x, %w : memref<64x256xf32>, memref<256x512xf32>) outs(%z : memref<64x512xf32>)
  memref.copy %y, %z : memref<64x512xf32> to memref<64x512xf32>
  linalg.generic {indexing_maps = [#id2, #row2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%z, %b : memref<64x512xf32>, memref<512xf32>) outs(%z : memref<64x512xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A depthwise convolution's fill is its accumulators' initial value, and
// its epilogue (bias + relu) runs on each row before the store: the
// convolution's own output, read by nothing else, is never written.
// CHECK-LABEL: func.func @depthwise_epilogue(
// CHECK-SAME: %[[BIAS:[a-z0-9]+]]: memref<1x8x1x1xf32>, %[[Y:[a-z0-9]+]]: memref<1x8x56x56xf32>)
// CHECK-NOT: linalg.
// CHECK: scf.for
// CHECK: vector.fma
// CHECK: memref.load %[[BIAS]]
// CHECK: arith.maximumf %{{.*}} : vector<16xf32>
// CHECK-NEXT: vector.maskedstore %[[Y]]
// CHECK-NOT: vector.maskedstore
// CHECK: return
// Its output is an argument (read by the caller): stored as well.
// CHECK-LABEL: func.func @depthwise_output_kept(
// CHECK-SAME: %[[O:[a-z0-9]+]]: memref<1x8x56x56xf32>, %[[Y2:[a-z0-9]+]]: memref<1x8x56x56xf32>)
// CHECK: vector.maskedstore %[[O]]
// CHECK: arith.maximumf
// CHECK: vector.maskedstore %[[Y2]]
// NOFUSE-LABEL: func.func @depthwise_epilogue(
// NOFUSE: vector.maskedstore
// NOFUSE: scf.parallel
// NOFUSE: arith.maximumf
#idw = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bcw = affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>
func.func @depthwise_epilogue(%x: memref<1x8x58x58xf32>, %w: memref<8x3x3xf32>, %bias: memref<1x8x1x1xf32>, %y: memref<1x8x56x56xf32>) {
  %zero = arith.constant 0.0 : f32
  %o = memref.alloc() : memref<1x8x56x56xf32>
  linalg.fill ins(%zero : f32) outs(%o : memref<1x8x56x56xf32>)
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x8x58x58xf32>, memref<8x3x3xf32>) outs(%o : memref<1x8x56x56xf32>)
  linalg.generic {indexing_maps = [#idw, #bcw, #idw], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%o, %bias : memref<1x8x56x56xf32>, memref<1x8x1x1xf32>) outs(%y : memref<1x8x56x56xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  memref.dealloc %o : memref<1x8x56x56xf32>
  return
}
func.func @depthwise_output_kept(%x: memref<1x8x58x58xf32>, %w: memref<8x3x3xf32>, %o: memref<1x8x56x56xf32>, %y: memref<1x8x56x56xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x8x58x58xf32>, memref<8x3x3xf32>) outs(%o : memref<1x8x56x56xf32>)
  linalg.generic {indexing_maps = [#idw, #idw], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%o : memref<1x8x56x56xf32>) outs(%y : memref<1x8x56x56xf32>) {
  ^bb0(%a: f32, %out: f32):
    %r = arith.maximumf %a, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A batch of images (pd-conv-to-im2col's contraction of the shared weights
// with each image's patches): the epilogue is tiled per image as well.
// CHECK-LABEL: func.func @batched_conv_epilogue(
// CHECK-NOT: linalg.
// CHECK: scf.parallel (%[[B:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%c2, %c784) step (%c1, %c112)
// CHECK-NEXT: memref.alloca() {alignment = 64 : i64} : memref<64x112xf32>
// CHECK: %[[ROW:.*]] = arith.divui %[[J]], %c28
// CHECK: memref.subview %{{.*}}[%[[B]], 0, %[[ROW]], 0] [1, 64, 4, 28]
// CHECK: arith.maximumf %{{.*}} : vector<16xf32>
// CHECK: scf.reduce
// CHECK-NOT: scf.parallel
// The image's output rows are prefetched, for writing, by its register tiles.
// PFE-LABEL: func.func @batched_conv_epilogue(
// PFE: %[[OUT:.*]] = memref.subview %{{.*}}[%{{.*}}, 0, %{{.*}}, 0] [1, 64, 4, 28]
// PFE: scf.for %{{.*}} = %c0 to %c128 step %c1 iter_args
// PFE-NEXT: arith.andi %{{.*}}, %c3 : index
// PFE: scf.if
// PFE: memref.prefetch %[[OUT]][%c0, %{{.*}}, %{{.*}}, %{{.*}}], write, locality<3>, data
#bw = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
#bcol = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#bout = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#bid = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bbias = affine_map<(d0, d1, d2, d3) -> (0, d1, 0, 0)>
func.func @batched_conv_epilogue(%w: memref<64x128xf32>, %col: memref<2x128x784xf32>, %bias: memref<1x64x1x1xf32>, %y: memref<2x64x28x28xf32>) {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<2x64x784xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<2x64x784xf32>)
  linalg.generic {indexing_maps = [#bw, #bcol, #bout], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%w, %col : memref<64x128xf32>, memref<2x128x784xf32>) outs(%c : memref<2x64x784xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  %x = memref.expand_shape %c [[0], [1], [2, 3]] output_shape [2, 64, 28, 28] : memref<2x64x784xf32> into memref<2x64x28x28xf32>
  linalg.generic {indexing_maps = [#bid, #bbias, #bid], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %bias : memref<2x64x28x28xf32>, memref<1x64x1x1xf32>) outs(%y : memref<2x64x28x28xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  memref.dealloc %c : memref<2x64x784xf32>
  return
}

// -----

// A convolution's patch copy (pd.im2col) that only its matmul reads: each
// cache tile (an image, whole output rows) copies the patches it needs into
// a panel on the stack, allocated at the start of the parallel body (its
// rows of 256 floats padded by a cache line); the copy of all patches and
// its buffer are gone.
// CHECK-LABEL: func.func @im2col_panels(
// CHECK-NOT: memref.alloc()
// CHECK: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%c2) step (%c1) {
// CHECK-NEXT: %[[ALLOC:.*]] = memref.alloca() {alignment = 64 : i64} : memref<72x272xf32>
// CHECK-NEXT: %[[PANEL:.*]] = memref.subview %[[ALLOC]][0, 0] [72, 256] [1, 1]
// Each step copies one channel's kernel row: its three taps (depth k, k+1,
// k+2), from one input row.
// CHECK: scf.for %[[G:.*]] = %c0 to %c24 step %c1 {
// CHECK-NEXT: %[[K:.*]] = arith.muli %[[G]], %c3
// CHECK: arith.divui %[[K]], %c9
// CHECK: %[[K1:.*]] = arith.addi %[[K]], %c1
// CHECK-NEXT: %[[K2:.*]] = arith.addi %[[K]], %c2
// CHECK: scf.for {{.*}} = %c0 to %c16 step %c1 {
// CHECK-COUNT-3: vector.maskedload %{{.*}}[%[[B]], {{.*}}], {{.*}} : memref<2x8x18x18xf32>
// CHECK-NEXT: vector.maskedstore %[[PANEL]][%[[K]], {{.*}}], {{.*}} : memref<72x256xf32, strided<[272, 1]>>
// CHECK-NEXT: vector.maskedstore %[[PANEL]][%[[K1]], {{.*}}]
// CHECK-NEXT: vector.maskedstore %[[PANEL]][%[[K2]], {{.*}}]
// CHECK-NEXT: }
// CHECK: vector.fma
// CHECK: scf.reduce
// CHECK-NOT: pd.im2col
// NOFUSE-LABEL: func.func @im2col_panels(
// NOFUSE: memref.alloca()
// A panel of at most 36864 bytes: 72 deep, 128 columns (8 image rows).
// FUSEDTILE-LABEL: func.func @im2col_panels(
// FUSEDTILE: scf.parallel ({{.*}}) = ({{.*}}) to (%c2, %c256) step (%c1, %c128) {
// FUSEDTILE-NEXT: memref.alloca() {alignment = 64 : i64} : memref<72x128xf32>
#cin = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
#cid = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
#cw = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
#ccol = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#cout = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @im2col_panels(%x: memref<2x8x18x18xf32>, %w: memref<64x72xf32>, %y: memref<2x64x256xf32>) {
  %col = memref.alloc() : memref<2x8x3x3x16x16xf32>
  linalg.generic {indexing_maps = [#cin, #cid], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<2x8x18x18xf32>) outs(%col : memref<2x8x3x3x16x16xf32>) attrs = {pd.im2col = array<i64: 1, 1, 1, 1>} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  %patches = memref.collapse_shape %col [[0], [1, 2, 3], [4, 5]] : memref<2x8x3x3x16x16xf32> into memref<2x72x256xf32>
  linalg.generic {indexing_maps = [#cw, #ccol, #cout], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%w, %patches : memref<64x72xf32>, memref<2x72x256xf32>) outs(%y : memref<2x64x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  memref.dealloc %col : memref<2x8x3x3x16x16xf32>
  return
}

// -----

// A stride-2 3x3 patch copy of rows of 28 (16 + 12 columns): each row's
// whole vector and its last 12 columns with constant masks, no loop over
// the columns; the taps of a kernel row in pairs (one load of 32 lanes and a
// shuffle per tap).
// CHECK-LABEL: func.func @im2col_panels_strided(
// CHECK: %[[ALL:.*]] = vector.create_mask %c16 : vector<16xi1>
// CHECK: %[[LAST:.*]] = vector.create_mask %c12 : vector<16xi1>
// CHECK: scf.parallel
// CHECK: scf.for %[[G:.*]] = %c0 to %c24 step %c1 {
// CHECK-NOT: step %c16
// CHECK: vector.maskedload %arg0[{{.*}}, %c0], {{.*}} : memref<1x8x58x58xf32>, vector<32xi1>, vector<32xf32>
// CHECK-COUNT-2: vector.shuffle
// CHECK: vector.maskedload %arg0[{{.*}}, %c2], {{.*}} : memref<1x8x58x58xf32>, vector<32xi1>, vector<32xf32>
// CHECK-NEXT: vector.shuffle
// CHECK-COUNT-3: vector.maskedstore {{.*}}, %[[ALL]], {{.*}} vector<16xf32>
// CHECK: vector.maskedload %arg0[{{.*}}, %c32], {{.*}} : memref<1x8x58x58xf32>, vector<32xi1>, vector<32xf32>
// CHECK: vector.maskedload %arg0[{{.*}}, %c34], {{.*}} : memref<1x8x58x58xf32>, vector<32xi1>, vector<32xf32>
// CHECK-COUNT-3: vector.maskedstore {{.*}}, %[[LAST]], {{.*}} vector<16xf32>
// CHECK: vector.fma
// CHECK-NOT: pd.im2col
#sin = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4 * 2 + d2, d5 * 2 + d3)>
#sid = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
func.func @im2col_panels_strided(%x: memref<1x8x58x58xf32>, %w: memref<64x72xf32>, %y: memref<64x784xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<64x784xf32>)
  %col = memref.alloc() : memref<1x8x3x3x28x28xf32>
  linalg.generic {indexing_maps = [#sin, #sid], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x8x58x58xf32>) outs(%col : memref<1x8x3x3x28x28xf32>) attrs = {pd.im2col = array<i64: 2, 2, 1, 1>} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  %patches = memref.collapse_shape %col [[0, 1, 2, 3], [4, 5]] : memref<1x8x3x3x28x28xf32> into memref<72x784xf32>
  linalg.matmul ins(%w, %patches : memref<64x72xf32>, memref<72x784xf32>) outs(%y : memref<64x784xf32>)
  memref.dealloc %col : memref<1x8x3x3x28x28xf32>
  return
}

// -----

// One image and a matmul that is one cache tile (m = 64, n = 64 whole) with
// depth blocks (k = 2304 = 2 x 1152, fused-tile-depth): its rows are split into tiles of 16 for
// the threads, each tile with its panel. On one thread (a large
// min-parallel-work) the panel is allocated in a region of its own around
// the matmul (a kernel of its own later), not in the loop.
// CHECK-LABEL: func.func @im2col_panels_serial(
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c64) step (%c16) {
// CHECK-NEXT: memref.alloca() {alignment = 64 : i64} : memref<1152x64xf32>
// With fused-tile-depth=2304, one block of all of k.
// FUSEDTILE-LABEL: func.func @im2col_panels_serial(
// FUSEDTILE: memref.alloca() {alignment = 64 : i64} : memref<2304x64xf32>
// FUSEDTILE-NOT: step %c1152
// SERIAL-LABEL: func.func @im2col_panels_serial(
// SERIAL-NOT: scf.parallel
// SERIAL: scf.execute_region {
// SERIAL-NEXT: %[[PANEL:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1152x64xf32>
// SERIAL: scf.for %[[K0:.*]] = %c0 to %c2304 step %c1152 {
// SERIAL: vector.maskedstore %[[PANEL]]
// SERIAL: scf.yield
// SERIAL-NOT: pd.im2col
#sin = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
#sid = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
func.func @im2col_panels_serial(%x: memref<1x256x10x10xf32>, %w: memref<64x2304xf32>, %y: memref<64x64xf32>) {
  %col = memref.alloc() : memref<1x256x3x3x8x8xf32>
  linalg.generic {indexing_maps = [#sin, #sid], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x256x10x10xf32>) outs(%col : memref<1x256x3x3x8x8xf32>) attrs = {pd.im2col = array<i64: 1, 1, 1, 1>} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  %patches = memref.collapse_shape %col [[0, 1, 2, 3], [4, 5]] : memref<1x256x3x3x8x8xf32> into memref<2304x64xf32>
  linalg.matmul ins(%w, %patches : memref<64x2304xf32>, memref<2304x64xf32>) outs(%y : memref<64x64xf32>)
  return
}

// -----

// A 14x14 layer of 256 channels (m = 256, n = 196): each cache tile copies
// its panel of patches, so the tiles take as many rows as still leave an
// even count of at least 4 for the threads: 128 rows (16 register tiles of
// 8 rows by 2 x 48 columns, and 2 columns of dot products), not 64, which
// copied each panel 4 times.
// CHECK-LABEL: func.func @im2col_panels_shared(
// CHECK: scf.parallel ({{.*}}) = (%c0, %c0) to (%c256, %c196) step (%c128, %c98) {
// CHECK-NEXT: memref.alloca() {alignment = 64 : i64} : memref<1152x98xf32>
// CHECK: scf.for {{.*}} = %c0 to %c128 step %c8 {
// CHECK: scf.for {{.*}} = %c0 to %c96 step %c48 {
#hin = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
#hid = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
func.func @im2col_panels_shared(%x: memref<1x256x16x16xf32>, %w: memref<256x2304xf32>, %y: memref<256x196xf32>) {
  %col = memref.alloc() : memref<1x256x3x3x14x14xf32>
  linalg.generic {indexing_maps = [#hin, #hid], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x256x16x16xf32>) outs(%col : memref<1x256x3x3x14x14xf32>) attrs = {pd.im2col = array<i64: 1, 1, 1, 1>} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  %patches = memref.collapse_shape %col [[0, 1, 2, 3], [4, 5]] : memref<1x256x3x3x14x14xf32> into memref<2304x196xf32>
  linalg.matmul ins(%w, %patches : memref<256x2304xf32>, memref<2304x196xf32>) outs(%y : memref<256x196xf32>)
  return
}

// -----

// Patches also read by something other than a matmul (here copied out)
// keep their copy: the matmul reads them as they are.
// CHECK-LABEL: func.func @im2col_patches_kept(
// CHECK-NOT: memref.alloca
// CHECK: vector.maskedstore %{{.*}} : memref<1x32x3x3x8x8xf32>
// CHECK-NOT: memref.alloca
#kin = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
#kid = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
func.func @im2col_patches_kept(%x: memref<1x32x10x10xf32>, %w: memref<64x288xf32>, %y: memref<64x64xf32>, %z: memref<1x32x3x3x8x8xf32>) {
  %col = memref.alloc() : memref<1x32x3x3x8x8xf32>
  linalg.generic {indexing_maps = [#kin, #kid], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x32x10x10xf32>) outs(%col : memref<1x32x3x3x8x8xf32>) attrs = {pd.im2col = array<i64: 1, 1, 1, 1>} {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  %patches = memref.collapse_shape %col [[0, 1, 2, 3], [4, 5]] : memref<1x32x3x3x8x8xf32> into memref<288x64xf32>
  linalg.matmul ins(%w, %patches : memref<64x288xf32>, memref<288x64xf32>) outs(%y : memref<64x64xf32>)
  memref.copy %col, %z : memref<1x32x3x3x8x8xf32> to memref<1x32x3x3x8x8xf32>
  return
}

// -----

// m = 80 rows (a 1x1 convolution to 80 channels), which no multiple of the
// 6 register rows divides: cache tiles of 40 rows (a divisor) still carry
// the fused epilogue (bias and residual add), each tile computing into a
// stack buffer, in register tiles of 8 rows by 48 columns (6 x 64 would
// leave 4 rows over); the fill of the matmul's own output, which nothing
// reads any more, is gone.
// CHECK-LABEL: func.func @matmul_rows_not_multiple_of_register_rows(
// CHECK-NOT: vector.transfer_write
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c80) step (%c40) {
// CHECK-NEXT: memref.alloca() {alignment = 64 : i64} : memref<40x196xf32>
// CHECK: scf.for {{.*}} = %c0 to %c40 step %c8 {
// CHECK: scf.for {{.*}} = %c0 to %c192 step %c48 {
// CHECK: -> ({{(vector<1x16xf32>, ){23}vector<1x16xf32>}})
// CHECK-NOT: linalg.generic
func.func @matmul_rows_not_multiple_of_register_rows(%w: memref<80x200xf32>, %x: memref<200x196xf32>, %b: memref<1x80x1x1xf32>, %r: memref<1x80x14x14xf32>) {
  %cst = arith.constant 0.0 : f32
  %acc = memref.alloc() {alignment = 64 : i64} : memref<1x80x14x14xf32>
  %c = memref.collapse_shape %acc [[0, 1], [2, 3]] : memref<1x80x14x14xf32> into memref<80x196xf32>
  linalg.fill ins(%cst : f32) outs(%c : memref<80x196xf32>)
  linalg.matmul ins(%w, %x : memref<80x200xf32>, memref<200x196xf32>) outs(%c : memref<80x196xf32>)
  linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, 0, 0)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r, %acc, %b : memref<1x80x14x14xf32>, memref<1x80x14x14xf32>, memref<1x80x1x1xf32>) outs(%r : memref<1x80x14x14xf32>) {
  ^bb0(%i: f32, %j: f32, %k: f32, %o: f32):
    %s = arith.addf %j, %k : f32
    %t = arith.addf %i, %s : f32
    linalg.yield %t : f32
  }
  memref.dealloc %acc : memref<1x80x14x14xf32>
  return
}
// -----

// A matmul that would be one cache tile (m = 32, n = 196) but has work for
// threads: two tiles of 16 rows, one per thread.
// CHECK-LABEL: func.func @matmul_rows_for_threads(
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c32) step (%c16) {
// SERIAL-LABEL: func.func @matmul_rows_for_threads(
// SERIAL-NOT: scf.parallel
func.func @matmul_rows_for_threads(%a: memref<32x1152xf32>, %b: memref<1152x196xf32>, %c: memref<32x196xf32>) {
  linalg.matmul ins(%a, %b : memref<32x1152xf32>, memref<1152x196xf32>) outs(%c : memref<32x196xf32>)
  return
}

// -----

// A batch of small matmuls (Winograd's 16 products of 4 remainder rows:
// 4 x 64 x 64 each, below a cache tile) still runs its batch on threads,
// one plain matmul per batch element.
// CHECK-LABEL: func.func @small_batched_matmuls(
// CHECK: scf.parallel (%[[P:.*]]) = (%c0) to (%c16) step (%c1) {
// CHECK: vector.fma {{.*}} : vector<64xf32>
// SERIAL-LABEL: func.func @small_batched_matmuls(
// SERIAL-NOT: scf.parallel
func.func @small_batched_matmuls(%a: memref<16x4x64xf32>, %b: memref<16x64x64xf32>, %c: memref<16x4x64xf32>) {
  linalg.batch_matmul ins(%a, %b : memref<16x4x64xf32>, memref<16x64x64xf32>) outs(%c : memref<16x4x64xf32>)
  return
}

// -----

// One column (a squeeze-and-excitation block's 1x1 convolution on a 1x1
// map): vectorized along k, four rows per block sharing each load of the
// column, blocks on threads (m * k elements read), each row's vector
// reduced and stored; the zero fill is the initial value (C not read).
// CHECK-LABEL: func.func @matvec(
// SERIAL-LABEL: func.func @matvec(
// CHECK-NOT: linalg.
// CHECK: %[[COL:.*]] = memref.subview %{{.*}}[0, 0] [240, 1] [1, 1] : memref<240x1xf32> to memref<240xf32, strided<[1]>>
// CHECK: scf.parallel (%[[B:.*]]) = (%c0) to (%c240) step (%c1)
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: %[[X:.*]] = vector.load %[[COL]][%{{.*}}] : memref<240xf32, strided<[1]>>, vector<16xf32>
// CHECK-COUNT-4: vector.fma %{{.*}}, %[[X]], %{{.*}} : vector<16xf32>
// CHECK-COUNT-4: vector.reduction <add>
// CHECK-NOT: memref.load
// CHECK: scf.reduce
// A short matvec: serial; 6 rows are a block of 4 and one of 2, k = 20 is
// one vector and 4 masked lanes; without a fill, C is read.
// CHECK-LABEL: func.func @matvec_tails(
// CHECK-NOT: scf.parallel
// CHECK: vector.constant_mask [4] : vector<16xi1>
// CHECK: scf.for
// CHECK: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: vector.maskedload
// CHECK: memref.load %{{.*}} : memref<6x1xf32>
// CHECK: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>) {
// CHECK-NOT: linalg.matmul
// A column that is not contiguous: copied into one that is, then the same
// dot products (codegenNarrowMatmul)...
// CHECK-LABEL: func.func @matvec_strided_column(
// CHECK: memref.alloca() {alignment = 64 : i64} : memref<1x128xf32>
// CHECK: memref.load %{{.*}} : memref<128x1xf32, strided<[2, 1], offset: 1>>
// CHECK: vector.reduction <add>
// CHECK: return
// ... unless k is too short (under 8 vectors) to pay for the reductions:
// left to the matmul kernels.
// CHECK-LABEL: func.func @matvec_strided_column_shallow(
// CHECK-NOT: vector.reduction
// CHECK: return
func.func @matvec(%w: memref<960x240xf32>, %x: memref<240x1xf32>, %y: memref<960x1xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<960x1xf32>)
  linalg.matmul ins(%w, %x : memref<960x240xf32>, memref<240x1xf32>) outs(%y : memref<960x1xf32>)
  return
}
func.func @matvec_tails(%w: memref<6x20xf32>, %x: memref<20x1xf32>, %y: memref<6x1xf32>) {
  linalg.matmul ins(%w, %x : memref<6x20xf32>, memref<20x1xf32>) outs(%y : memref<6x1xf32>)
  return
}
func.func @matvec_strided_column(%w: memref<8x128xf32>, %x: memref<128x2xf32>, %y: memref<8x1xf32>) {
  %c = memref.subview %x[0, 1] [128, 1] [1, 1] : memref<128x2xf32> to memref<128x1xf32, strided<[2, 1], offset: 1>>
  linalg.matmul ins(%w, %c : memref<8x128xf32>, memref<128x1xf32, strided<[2, 1], offset: 1>>) outs(%y : memref<8x1xf32>)
  return
}
func.func @matvec_strided_column_shallow(%w: memref<8x32xf32>, %x: memref<32x2xf32>, %y: memref<8x1xf32>) {
  %c = memref.subview %x[0, 1] [32, 1] [1, 1] : memref<32x2xf32> to memref<32x1xf32, strided<[2, 1], offset: 1>>
  linalg.matmul ins(%w, %c : memref<8x32xf32>, memref<32x1xf32, strided<[2, 1], offset: 1>>) outs(%y : memref<8x1xf32>)
  return
}

// -----

// One row (a linear layer at batch 1): the weights stream from memory once.
// Depth blocks of 16 rows across column tiles of half of n (one per
// thread), register tiles of 64 columns accumulating over the 16 rows, so
// that each block reads long runs of each weight row.
// CHECK-LABEL: func.func @vector_matrix(
// CHECK: scf.parallel (%[[J:.*]]) = (%c0) to (%c960) step (%c320)
// CHECK: scf.for %[[K:.*]] = %c0 to %c1280 step %c16
// CHECK: scf.for %{{.*}} = %c0 to %c320 step %c64
// CHECK: scf.for %{{.*}} = %c0 to %c16 step %c1 iter_args(%{{.*}}) -> (vector<1x64xf32>)
// CHECK: vector.fma %{{.*}} : vector<64xf32>
// Without threads: one tile of all columns.
// SERIAL-LABEL: func.func @vector_matrix(
// SERIAL-NOT: scf.parallel
// SERIAL: scf.for %{{.*}} = %c0 to %c1280 step %c16
// SERIAL: scf.for %{{.*}} = %c0 to %c960 step %c64
// With its epilogue (bias, relu), run on each column tile after its last
// depth block.
// CHECK-LABEL: func.func @vector_matrix_epilogue(
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c2048) step (%c1024)
// CHECK: scf.for %{{.*}} = %c0 to %c512 step %c16
// CHECK: arith.maximumf %{{.*}} : vector<16xf32>
// CHECK: scf.reduce
// Two rows too (fewer than a register tile's 6); a short k (16) is left
// to the usual tiles.
// CHECK-LABEL: func.func @vector_matrix_two_rows(
// CHECK: scf.for %{{.*}} = %c0 to %c512 step %c16
// CHECK-LABEL: func.func @vector_matrix_shallow(
// CHECK-NOT: step %c16
// CHECK: return
func.func @vector_matrix(%x: memref<1x1280xf32>, %w: memref<1280x960xf32>, %y: memref<1x960xf32>) {
  linalg.matmul ins(%x, %w : memref<1x1280xf32>, memref<1280x960xf32>) outs(%y : memref<1x960xf32>)
  return
}
#id_vm = affine_map<(d0, d1) -> (d0, d1)>
#row_vm = affine_map<(d0, d1) -> (d1)>
func.func @vector_matrix_epilogue(%x: memref<1x512xf32>, %w: memref<512x2048xf32>, %b: memref<2048xf32>, %y: memref<1x2048xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<1x2048xf32>)
  linalg.matmul ins(%x, %w : memref<1x512xf32>, memref<512x2048xf32>) outs(%y : memref<1x2048xf32>)
  linalg.generic {indexing_maps = [#id_vm, #row_vm, #id_vm], iterator_types = ["parallel", "parallel"]}
      ins(%y, %b : memref<1x2048xf32>, memref<2048xf32>) outs(%y : memref<1x2048xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return
}
func.func @vector_matrix_two_rows(%x: memref<2x512xf32>, %w: memref<512x1024xf32>, %y: memref<2x1024xf32>) {
  linalg.matmul ins(%x, %w : memref<2x512xf32>, memref<512x1024xf32>) outs(%y : memref<2x1024xf32>)
  return
}
func.func @vector_matrix_shallow(%x: memref<1x16xf32>, %w: memref<16x4096xf32>, %y: memref<1x4096xf32>) {
  linalg.matmul ins(%x, %w : memref<1x16xf32>, memref<16x4096xf32>) outs(%y : memref<1x4096xf32>)
  return
}

// -----

// Softmax over rows of 200 (max, exponentials, sum, division): one
// parallel loop over the 2 x 64 rows, each op's row in turn (with
// fuse-rows=false, a parallel loop per op). The elementwise ops of the run
// take the row in one vector (13 of 16 lanes, the last masked), not a loop
// of masked vectors of 16.
// CHECK-LABEL: func.func @softmax_rows(
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%c2, %c64) step
// CHECK-NOT: scf.parallel
// CHECK: vector.reduction <maximumf>
// CHECK-NOT: scf.parallel
// CHECK: math.exp %{{.*}} : vector<208xf32>
// CHECK-NOT: scf.parallel
// CHECK: vector.reduction <add>
// CHECK-NOT: scf.parallel
// CHECK: arith.divf %{{.*}} : vector<208xf32>
// CHECK: scf.reduce
// CHECK-NOT: scf.parallel
// CHECK: return
// NOROWS-LABEL: func.func @softmax_rows(
// NOROWS-COUNT-2: scf.parallel
// NOROWS: math.exp %{{.*}} : vector<16xf32>
// NOROWS-COUNT-4: scf.parallel
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
#bcast = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @softmax_rows(%x: memref<2x64x200xf32>, %out: memref<2x64x200xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m = memref.alloc() : memref<2x64xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<2x64xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<2x64x200xf32>) outs(%m : memref<2x64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.maximumf %acc, %in : f32
    linalg.yield %r : f32
  }
  %m1 = memref.expand_shape %m [[0], [1, 2]] output_shape [2, 64, 1] : memref<2x64xf32> into memref<2x64x1xf32>
  linalg.generic {indexing_maps = [#id, #bcast, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %m1 : memref<2x64x200xf32>, memref<2x64x1xf32>) outs(%out : memref<2x64x200xf32>) {
  ^bb0(%in: f32, %mx: f32, %o: f32):
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  }
  %s = memref.alloc() : memref<2x64xf32>
  linalg.fill ins(%zero : f32) outs(%s : memref<2x64xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%out : memref<2x64x200xf32>) outs(%s : memref<2x64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %acc, %in : f32
    linalg.yield %r : f32
  }
  %s1 = memref.expand_shape %s [[0], [1, 2]] output_shape [2, 64, 1] : memref<2x64xf32> into memref<2x64x1xf32>
  linalg.generic {indexing_maps = [#id, #bcast, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%out, %s1 : memref<2x64x200xf32>, memref<2x64x1xf32>) outs(%out : memref<2x64x200xf32>) {
  ^bb0(%in: f32, %sum: f32, %o: f32):
    %q = arith.divf %in, %sum : f32
    linalg.yield %q : f32
  }
  return
}

// -----

// The reduction reads the first op's result across rows (a transpose): not
// in one run with it (a parallel loop for each).
// CHECK-LABEL: func.func @across_rows(
// CHECK: scf.parallel
// CHECK: math.exp
// CHECK: scf.reduce
// CHECK: scf.parallel
// CHECK: vector.reduction <add>
// CHECK: return
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#tr3 = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @across_rows(%x: memref<2x128x128xf32>, %out: memref<2x128x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<2x128x128xf32>
  linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : memref<2x128x128xf32>) outs(%t : memref<2x128x128xf32>) {
  ^bb0(%in: f32, %o: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  }
  %s = memref.alloc() : memref<2x128xf32>
  linalg.fill ins(%zero : f32) outs(%s : memref<2x128xf32>)
  linalg.generic {indexing_maps = [#tr3, #row3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%t : memref<2x128x128xf32>) outs(%s : memref<2x128xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %acc, %in : f32
    linalg.yield %r : f32
  }
  return
}


// -----

// m = 197 (a ViT's tokens) is prime: no cache tile of rows divides it.
// Each cache tile takes all 197 rows and 96 of the 576 columns (6 tiles for
// the threads): register tiles of 6 rows (64 columns; 12 rows of the other
// 32) and a 5-row remainder, inside the tile while its part of B is in
// cache, all starting from the fill value in registers: the fill goes, and
// no op of 5 rows streams all of B again on one thread.
// CHECK-LABEL: func.func @split_rows_fill(
// CHECK-NOT: linalg.fill
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c576) step (%c96)
// CHECK: scf.for %{{.*}} = %c0 to %c192 step %c6
// CHECK: scf.for {{.*}} -> (vector<6x64xf32>)
// CHECK: memref.subview %{{.*}}[192, 0] [5, 64]
// CHECK: scf.for {{.*}} -> (vector<5x64xf32>)
// CHECK: scf.for %{{.*}} = %c0 to %c192 step %c12
// CHECK: scf.for {{.*}} -> (vector<12x32xf32>)
// CHECK: memref.subview %{{.*}}[192, 0] [5, 32]
// CHECK: scf.for {{.*}} -> (vector<5x32xf32>)
// CHECK: scf.reduce
// CHECK-NOT: scf.parallel
// CHECK-NOT: linalg.fill
// CHECK: return
func.func @split_rows_fill(%x: memref<197x192xf32>, %w: memref<192x576xf32>, %y: memref<197x576xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<197x576xf32>)
  linalg.matmul ins(%x, %w : memref<197x192xf32>, memref<192x576xf32>) outs(%y : memref<197x576xf32>)
  return
}

// -----

// 192 columns (a ViT's MLP back to 192 features): 2 cache tiles of all
// 197 rows and 96 columns, one per thread (3 of 64 would leave one thread
// with two); depth blocks of 256, each with the 5-row remainder's part.
// CHECK-LABEL: func.func @whole_rows_192_columns(
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c192) step (%c96)
// CHECK: scf.for %{{.*}} = %c0 to %c768 step %c256
// CHECK: scf.for {{.*}} -> (vector<6x64xf32>)
// CHECK: memref.subview %{{.*}}[192, 0] [5, 256]
// CHECK: scf.for {{.*}} -> (vector<5x64xf32>)
// CHECK: scf.reduce
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @whole_rows_192_columns(%x: memref<197x768xf32>, %w: memref<768x192xf32>, %y: memref<197x192xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<197x192xf32>)
  linalg.matmul ins(%x, %w : memref<197x768xf32>, memref<768x192xf32>) outs(%y : memref<197x192xf32>)
  return
}

// -----

// m = 263 (prime, and more rows than a cache tile of all of them holds):
// 258 rows of register tiles that start from the fill value in registers,
// and a 5-row remainder that accumulates in memory. Only the remainder's
// rows are filled, right before it.
// CHECK-LABEL: func.func @split_rows_fill_263(
// CHECK-SAME: %[[Y:[a-z0-9]+]]: memref<263x576xf32>
// CHECK-NOT: linalg.fill
// CHECK: scf.parallel
// CHECK: scf.reduce
// CHECK: %[[REST:.*]] = memref.subview %[[Y]][258, 0] [5, 576]
// CHECK-NOT: scf.parallel
// CHECK: vector.transfer_write %{{.*}}, %{{.*}} : vector<16xf32>, memref<1x16xf32, strided<[576, 1], offset: ?>>
// CHECK: scf.parallel
// CHECK: vector.transfer_read %{{.*}} : memref<5x64xf32, strided<[576, 1], offset: ?>>, vector<5x64xf32>
func.func @split_rows_fill_263(%x: memref<263x192xf32>, %w: memref<192x576xf32>, %y: memref<263x576xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<263x576xf32>)
  linalg.matmul ins(%x, %w : memref<263x192xf32>, memref<192x576xf32>) outs(%y : memref<263x576xf32>)
  return
}

// -----

// n = 196 (a 14x14 map, Winograd's batched product or a convolution): 192
// columns of register tiles that start from the fill value in registers,
// and 4 columns of dot products along all of the depth that start from it
// too: nothing reads C, and the fill goes.
// CHECK-LABEL: func.func @narrow_columns_fill(
// CHECK-NOT: linalg.fill
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NOT: linalg.fill
// CHECK-NOT: memref.load %{{.*}} : memref<32x4xf32
// CHECK: %[[DOT:.*]] = vector.reduction <add>
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[DOT]], %[[ZERO]] : f32
// CHECK-NEXT: memref.store %[[SUM]], %{{.*}} : memref<32x4xf32
// CHECK-NOT: memref.load %{{.*}} : memref<32x4xf32
// CHECK-NOT: linalg.fill
// CHECK: return
func.func @narrow_columns_fill(%a: memref<16x32x128xf32>, %b: memref<16x128x196xf32>, %c: memref<16x32x196xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<16x32x196xf32>)
  linalg.batch_matmul ins(%a, %b : memref<16x32x128xf32>, memref<16x128x196xf32>) outs(%c : memref<16x32x196xf32>)
  return
}

// -----

// Attention's k^T ([heads, tokens, d] -> [heads, d, tokens]): the output's
// rows run along the input's columns. 16 x 16 tiles over (d, tokens), the
// last tile of 197 tokens masked: 16 row loads, a register transpose, 16
// row stores.
// CHECK-LABEL: func.func @transpose_innermost(
// CHECK-NOT: linalg.transpose
// CHECK: scf.parallel (%{{.*}}, %{{.*}}, %{{.*}}) = (%c0, %c0, %c0) to (%c3, %c64, %c197) step (%c1, %c16, %c16)
// CHECK-COUNT-16: vector.maskedload %arg0
// CHECK: vector.transpose %{{.*}}, [1, 0] : vector<16x16xf32> to vector<16x16xf32>
// CHECK-COUNT-16: vector.maskedstore %arg1
// CHECK: scf.reduce
func.func @transpose_innermost(%k: memref<3x197x64xf32>, %o: memref<3x64x197xf32>) {
  linalg.transpose ins(%k : memref<3x197x64xf32>) outs(%o : memref<3x64x197xf32>) permutation = [0, 2, 1]
  return
}

// -----

// Left to the row-by-row path: a transpose that keeps the innermost dim
// (contiguous rows already), and one of f16 (the tiles are of 32 bits).
// CHECK-LABEL: func.func @transpose_keeps_rows(
// CHECK-NOT: vector.transpose
// CHECK: return
#perm = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#id3t = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @transpose_keeps_rows(%x: memref<197x3x64xf32>, %o: memref<3x197x64xf32>,
                                %h: memref<64x32xf16>, %ho: memref<32x64xf16>) {
  linalg.generic {indexing_maps = [#perm, #id3t], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : memref<197x3x64xf32>) outs(%o : memref<3x197x64xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  linalg.transpose ins(%h : memref<64x32xf16>) outs(%ho : memref<32x64xf16>) permutation = [1, 0]
  return
}

// -----

// 48 columns: one register tile of 3 vectors of 16 per row (24
// accumulators), where the register tile is 64 wide; 32 + 16 where it is
// 32 wide. Never a vector of 48 lanes (LLVM scalarizes its loads).
// CHECK-LABEL: func.func @matmul_48_columns(
// CHECK: scf.for {{.*}} -> ({{(vector<1x16xf32>, ){23}vector<1x16xf32>}})
// CHECK-NOT: vector<{{[0-9x]*}}48xf32>
// OPTS-LABEL: func.func @matmul_48_columns(
// OPTS: scf.for {{.*}} -> (vector<8x32xf32>)
// OPTS: scf.for {{.*}} -> (vector<16x16xf32>)
// OPTS-NOT: vector<{{[0-9x]*}}48xf32>
func.func @matmul_48_columns(%a: memref<64x128xf32>, %b: memref<128x48xf32>, %c: memref<64x48xf32>) {
  linalg.matmul ins(%a, %b : memref<64x128xf32>, memref<128x48xf32>) outs(%c : memref<64x48xf32>)
  return
}
