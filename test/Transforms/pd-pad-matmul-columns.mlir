// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-pad-matmul-columns))' | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-pad-matmul-columns{vector-width=8 min-columns=16}))' | FileCheck %s --check-prefix=OPTS

// Attention's scores: q times k^T (a transpose of an empty init, through a
// collapse_shape) with 197 columns: k^T padded with 11 zero columns, the
// scores computed 208 wide from a fill of their own, the 197 a slice.
// CHECK-LABEL: func.func @scores(
// CHECK: %[[KT:.*]] = linalg.transpose
// CHECK: %[[PAD:.*]] = tensor.pad %[[KT]] low[0, 0, 0, 0] high[0, 0, 0, 11]
// CHECK: tensor.yield %{{.*}} : f32
// CHECK: %[[KT3:.*]] = tensor.collapse_shape %[[PAD]] {{\[}}[0, 1], [2], [3]] : tensor<1x3x64x208xf32> into tensor<3x64x208xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<3x197x208xf32>
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<3x197x208xf32>)
// CHECK: %[[S:.*]] = linalg.batch_matmul ins(%{{.*}}, %[[KT3]] : tensor<3x197x64xf32>, tensor<3x64x208xf32>) outs(%[[Z]] : tensor<3x197x208xf32>)
// CHECK: %[[R:.*]] = tensor.extract_slice %[[S]][0, 0, 0] [3, 197, 197] [1, 1, 1] : tensor<3x197x208xf32> to tensor<3x197x197xf32>
// CHECK: return %[[R]]
// OPTS-LABEL: func.func @scores(
// OPTS: tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, 0, 0, 3]
// OPTS: linalg.batch_matmul {{.*}} -> tensor<3x197x200xf32>
func.func @scores(%q: tensor<3x197x64xf32>, %k: tensor<1x3x197x64xf32>) -> tensor<3x197x197xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x64x197xf32>
  %kt = linalg.transpose ins(%k : tensor<1x3x197x64xf32>) outs(%e : tensor<1x3x64x197xf32>) permutation = [0, 1, 3, 2]
  %kt3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<1x3x64x197xf32> into tensor<3x64x197xf32>
  %e2 = tensor.empty() : tensor<3x197x197xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e2 : tensor<3x197x197xf32>) -> tensor<3x197x197xf32>
  %s = linalg.batch_matmul ins(%q, %kt3 : tensor<3x197x64xf32>, tensor<3x64x197xf32>) outs(%z : tensor<3x197x197xf32>) -> tensor<3x197x197xf32>
  return %s : tensor<3x197x197xf32>
}

// -----

// A plain matmul with a transposed right operand of 100 columns: 112.
// CHECK-LABEL: func.func @matmul(
// CHECK: tensor.pad %{{.*}} low[0, 0] high[0, 12]
// CHECK: linalg.matmul {{.*}} -> tensor<50x112xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [50, 100] [1, 1] : tensor<50x112xf32> to tensor<50x100xf32>
func.func @matmul(%a: tensor<50x32xf32>, %b: tensor<100x32xf32>) -> tensor<50x100xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x100xf32>
  %bt = linalg.transpose ins(%b : tensor<100x32xf32>) outs(%e : tensor<32x100xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<50x100xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e2 : tensor<50x100xf32>) -> tensor<50x100xf32>
  %c = linalg.matmul ins(%a, %bt : tensor<50x32xf32>, tensor<32x100xf32>) outs(%z : tensor<50x100xf32>) -> tensor<50x100xf32>
  return %c : tensor<50x100xf32>
}

// -----

// Left alone: columns already whole vectors (128), fewer than min-columns
// (36; OPTS pads them to 40), a right operand that is not a transpose (a
// weight), a transpose with another use, and a transpose's collapse that
// another matmul reads too.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.extract_slice
// CHECK: return
// OPTS-LABEL: func.func @left_alone(
// OPTS: tensor.pad %{{.*}} low[0, 0] high[0, 4]
// OPTS-NOT: tensor.pad
// OPTS: return
func.func @left_alone(%a: tensor<50x32xf32>, %b: tensor<128x32xf32>, %c: tensor<36x32xf32>,
                      %w: tensor<32x100xf32>, %d: tensor<100x32xf32>)
    -> (tensor<50x128xf32>, tensor<50x36xf32>, tensor<50x100xf32>, tensor<50x100xf32>, tensor<32x100xf32>) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<32x128xf32>
  %bt = linalg.transpose ins(%b : tensor<128x32xf32>) outs(%e1 : tensor<32x128xf32>) permutation = [1, 0]
  %o1 = tensor.empty() : tensor<50x128xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%o1 : tensor<50x128xf32>) -> tensor<50x128xf32>
  %r1 = linalg.matmul ins(%a, %bt : tensor<50x32xf32>, tensor<32x128xf32>) outs(%z1 : tensor<50x128xf32>) -> tensor<50x128xf32>
  %e2 = tensor.empty() : tensor<32x36xf32>
  %ct = linalg.transpose ins(%c : tensor<36x32xf32>) outs(%e2 : tensor<32x36xf32>) permutation = [1, 0]
  %o2 = tensor.empty() : tensor<50x36xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%o2 : tensor<50x36xf32>) -> tensor<50x36xf32>
  %r2 = linalg.matmul ins(%a, %ct : tensor<50x32xf32>, tensor<32x36xf32>) outs(%z2 : tensor<50x36xf32>) -> tensor<50x36xf32>
  %o3 = tensor.empty() : tensor<50x100xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%o3 : tensor<50x100xf32>) -> tensor<50x100xf32>
  %r3 = linalg.matmul ins(%a, %w : tensor<50x32xf32>, tensor<32x100xf32>) outs(%z3 : tensor<50x100xf32>) -> tensor<50x100xf32>
  %e4 = tensor.empty() : tensor<32x100xf32>
  %dt = linalg.transpose ins(%d : tensor<100x32xf32>) outs(%e4 : tensor<32x100xf32>) permutation = [1, 0]
  %o4 = tensor.empty() : tensor<50x100xf32>
  %z4 = linalg.fill ins(%zero : f32) outs(%o4 : tensor<50x100xf32>) -> tensor<50x100xf32>
  %r4 = linalg.matmul ins(%a, %dt : tensor<50x32xf32>, tensor<32x100xf32>) outs(%z4 : tensor<50x100xf32>) -> tensor<50x100xf32>
  return %r1, %r2, %r3, %r4, %dt : tensor<50x128xf32>, tensor<50x36xf32>, tensor<50x100xf32>, tensor<50x100xf32>, tensor<32x100xf32>
}

// -----

// CHECK-LABEL: func.func @collapse_read_twice(
// CHECK-NOT: tensor.pad
// CHECK: return
func.func @collapse_read_twice(%q: tensor<3x197x64xf32>, %k: tensor<1x3x197x64xf32>) -> (tensor<3x197x197xf32>, tensor<3x197x197xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x64x197xf32>
  %kt = linalg.transpose ins(%k : tensor<1x3x197x64xf32>) outs(%e : tensor<1x3x64x197xf32>) permutation = [0, 1, 3, 2]
  %kt3 = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<1x3x64x197xf32> into tensor<3x64x197xf32>
  %e2 = tensor.empty() : tensor<3x197x197xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e2 : tensor<3x197x197xf32>) -> tensor<3x197x197xf32>
  %s = linalg.batch_matmul ins(%q, %kt3 : tensor<3x197x64xf32>, tensor<3x64x197xf32>) outs(%z : tensor<3x197x197xf32>) -> tensor<3x197x197xf32>
  %e3 = tensor.empty() : tensor<3x197x197xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<3x197x197xf32>) -> tensor<3x197x197xf32>
  %t = linalg.batch_matmul ins(%q, %kt3 : tensor<3x197x64xf32>, tensor<3x64x197xf32>) outs(%z2 : tensor<3x197x197xf32>) -> tensor<3x197x197xf32>
  return %s, %t : tensor<3x197x197xf32>, tensor<3x197x197xf32>
}
