// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-fuse-linalg-elementwise))' | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-fuse-linalg-elementwise,pd-fuse-linalg-elementwise))' | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-fuse-linalg-elementwise{max-fused-ops=3}))' | FileCheck %s --check-prefix=SMALL

#id = affine_map<(d0, d1) -> (d0, d1)>

// A chain of elementwise ops becomes one generic.
// CHECK-LABEL: func.func @chain(
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: arith.maximumf
// CHECK-NOT: linalg.generic
// Bodies of 2 ops each: 4 > max-fused-ops=3, so the chain stays two ops.
// SMALL-LABEL: func.func @chain(
// SMALL: linalg.generic
// SMALL: math.exp
// SMALL: linalg.generic
// SMALL: arith.maximumf
func.func @chain(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %zero = arith.constant 0.0 : f32
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.maximumf %in, %zero : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// exp into the sum that reads each element once (a softmax's denominator): fused.
// CHECK-LABEL: func.func @into_reduction(
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: math.exp
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @into_reduction(%x: tensor<4x8xf32>, %acc: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x8xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.addf %in, %out : f32
    linalg.yield %v : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>

// erf into a matmul would run once per multiply-add: left alone.
// CHECK-LABEL: func.func @not_into_contraction(
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK: math.erf
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-NOT: math.erf
// CHECK: return
func.func @not_into_contraction(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %acc: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.erf %in : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%acc : tensor<4x16xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %m = arith.mulf %l, %r : f32
    %s = arith.addf %m, %o : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// -----

#vec = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// A producer broadcast along a consumer loop (read 4 times): left alone.
// CHECK-LABEL: func.func @not_into_broadcast(
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK: math.exp
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK-NOT: math.exp
// CHECK: return
func.func @not_into_broadcast(%b: tensor<8xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e1 = tensor.empty() : tensor<8xf32>
  %eb = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%b : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#vec, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%eb, %x : tensor<8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %s = arith.addf %l, %r : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>

// A reshape stays outside a contraction (expanding it would give the matmul
// two reduction loops).
// CHECK-LABEL: func.func @reshape_not_into_contraction(
// CHECK: tensor.collapse_shape
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
func.func @reshape_not_into_contraction(%x: tensor<4x2x4xf32>, %w: tensor<8x16xf32>, %acc: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %m = tensor.collapse_shape %x [[0], [1, 2]] : tensor<4x2x4xf32> into tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%m, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%acc : tensor<4x16xf32>) {
  ^bb0(%l: f32, %r: f32, %o: f32):
    %p = arith.mulf %l, %r : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}
