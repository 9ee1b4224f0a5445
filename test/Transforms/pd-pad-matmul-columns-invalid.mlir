// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-pad-matmul-columns))' | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-pad-matmul-columns{vector-width=-16}))' | FileCheck %s --check-prefix=NOPAD
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-pad-matmul-columns{vector-width=4611686018427387904}))' | FileCheck %s --check-prefix=NOPAD

// Unusual input the pass must leave alone without crashing: a column count
// near 2^62 (whose padded count would overflow), dynamic columns, and (the
// other runs) a negative or huge vector width.
// CHECK-LABEL: func.func @huge_columns(
// CHECK-NOT: tensor.pad
// CHECK: return
// NOPAD-LABEL: func.func @huge_columns(
// NOPAD-NOT: tensor.pad
func.func @huge_columns(%a: tensor<2x4xf32>, %b: tensor<4611686018427387903x4xf32>) -> tensor<2x4611686018427387903xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4611686018427387903xf32>
  %bt = linalg.transpose ins(%b : tensor<4611686018427387903x4xf32>) outs(%e : tensor<4x4611686018427387903xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<2x4611686018427387903xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x4611686018427387903xf32>) -> tensor<2x4611686018427387903xf32>
  %c = linalg.matmul ins(%a, %bt : tensor<2x4xf32>, tensor<4x4611686018427387903xf32>) outs(%z : tensor<2x4611686018427387903xf32>) -> tensor<2x4611686018427387903xf32>
  return %c : tensor<2x4611686018427387903xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_columns(
// CHECK-NOT: tensor.pad
// CHECK: return
// NOPAD-LABEL: func.func @dynamic_columns(
// NOPAD-NOT: tensor.pad
func.func @dynamic_columns(%a: tensor<50x32xf32>, %b: tensor<?x32xf32>, %n: index) -> tensor<50x?xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<32x?xf32>
  %bt = linalg.transpose ins(%b : tensor<?x32xf32>) outs(%e : tensor<32x?xf32>) permutation = [1, 0]
  %e2 = tensor.empty(%n) : tensor<50x?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e2 : tensor<50x?xf32>) -> tensor<50x?xf32>
  %c = linalg.matmul ins(%a, %bt : tensor<50x32xf32>, tensor<32x?xf32>) outs(%z : tensor<50x?xf32>) -> tensor<50x?xf32>
  return %c : tensor<50x?xf32>
}

// -----

// An integer matmul is padded with integer zeros like a float one.
// CHECK-LABEL: func.func @integers(
// CHECK: tensor.pad %{{.*}} low[0, 0] high[0, 12]
// CHECK: tensor.yield %{{.*}} : i32
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [5, 100] [1, 1] : tensor<5x112xi32> to tensor<5x100xi32>
func.func @integers(%a: tensor<5x8xi32>, %b: tensor<100x8xi32>) -> tensor<5x100xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<8x100xi32>
  %bt = linalg.transpose ins(%b : tensor<100x8xi32>) outs(%e : tensor<8x100xi32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<5x100xi32>
  %z = linalg.fill ins(%zero : i32) outs(%e2 : tensor<5x100xi32>) -> tensor<5x100xi32>
  %c = linalg.matmul ins(%a, %bt : tensor<5x8xi32>, tensor<8x100xi32>) outs(%z : tensor<5x100xi32>) -> tensor<5x100xi32>
  return %c : tensor<5x100xi32>
}
