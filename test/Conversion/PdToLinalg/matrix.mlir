// Lowering of dot, mv, diagonal, trace (Matrix.cpp) and the linear algebra of LinearAlgebra.cpp.
// RUN: paddle-opt %s -convert-pd-to-linalg | FileCheck %s

// dot: the product reduced over the last axis; mv: linalg.matvec into
// zeros; diagonal: x read at (i, i + offset) (offset 2), or (i - offset, i)
// for a negative one; trace: that diagonal (length 2 for offset -1 of a
// 3x5) summed.
// CHECK-LABEL: func.func @matrix(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x5xf32> {{.*}}, %[[V:[^:]*]]: tensor<5xf32>
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%[[V]], %[[V]] : tensor<5xf32>, tensor<5xf32>)
// CHECK: arith.mulf
// CHECK: %[[D:.*]] = linalg.generic {{.*}}iterator_types = ["reduction"]} ins(%[[P]] : tensor<5xf32>) outs(%{{.*}} : tensor<f32>)
// CHECK: arith.addf
// CHECK: %[[M:.*]] = linalg.matvec ins(%[[X]], %[[V]] : tensor<3x5xf32>, tensor<5xf32>) outs(%{{.*}} : tensor<3xf32>)
// CHECK: %[[G:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3xf32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[J:.*]] = arith.addi %[[I]], %c2 : index
// CHECK: tensor.extract %[[X]][%[[I]], %[[J]]] : tensor<3x5xf32>
// CHECK: %[[TD:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2xf32>)
// CHECK: %[[I2:.*]] = linalg.index 0 : index
// CHECK: %[[J2:.*]] = arith.addi %[[I2]], %c1 : index
// CHECK: tensor.extract %[[X]][%[[J2]], %[[I2]]] : tensor<3x5xf32>
// CHECK: %[[T:.*]] = linalg.generic {{.*}}iterator_types = ["reduction"]} ins(%[[TD]] : tensor<2xf32>) outs(%{{.*}} : tensor<f32>)
// CHECK: return %[[D]], %[[M]], %[[G]], %[[T]]
func.func @matrix() {
  %x = pd.data "x" : !pd.vtensor<3x5xf32>
  %v = pd.data "v" : !pd.vtensor<5xf32>
  %d = pd.dot %v, %v : (!pd.vtensor<5xf32>, !pd.vtensor<5xf32>) -> !pd.vtensor<f32>
  %m = pd.mv %x, %v : (!pd.vtensor<3x5xf32>, !pd.vtensor<5xf32>) -> !pd.vtensor<3xf32>
  %g = pd.diagonal %x {offset = 2 : i32} : (!pd.vtensor<3x5xf32>) -> !pd.vtensor<3xf32>
  %t = pd.trace %x {offset = -1 : i32} : (!pd.vtensor<3x5xf32>) -> !pd.vtensor<f32>
  %f0 = pd.fetch %d "d" col 0 : !pd.vtensor<f32>
  %f1 = pd.fetch %m "m" col 1 : !pd.vtensor<3xf32>
  %f2 = pd.fetch %g "g" col 2 : !pd.vtensor<3xf32>
  %f3 = pd.fetch %t "t" col 3 : !pd.vtensor<f32>
  return
}

// -----

// det: LU with partial pivoting in loops over the batch, the pivot columns
// and the rows below (the pivot search keeps the larger |a|), then the
// diagonal's product times the permutation's sign.
// CHECK-LABEL: func.func @det(
// CHECK: scf.for
// CHECK: scf.for
// CHECK: math.absf
// CHECK: arith.cmpf ogt
// CHECK: tensor.insert
// CHECK: arith.divf
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: arith.mulf
func.func @det() {
  %x = pd.data "x" : !pd.vtensor<2x3x3xf32>
  %r = pd.det %x : (!pd.vtensor<2x3x3xf32>) -> !pd.vtensor<2xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<2xf32>
  return
}

// -----

// matrix_power with n = 3: x * x^2 by squaring, batched matmuls.
// CHECK-LABEL: func.func @matrix_power(
// CHECK-COUNT-2: linalg.batch_matmul
// CHECK-NOT: linalg.batch_matmul
func.func @matrix_power() {
  %x = pd.data "x" : !pd.vtensor<2x3x3xf32>
  %r = pd.matrix_power %x {n = 3 : i32} : (!pd.vtensor<2x3x3xf32>) -> !pd.vtensor<2x3x3xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<2x3x3xf32>
  return
}

// -----

// lu: the same factorization over the min(m, n) = 3 columns of a 4x3
// matrix, the pivot rows kept (1-based, int32), infos from the diagonal.
// CHECK-LABEL: func.func @lu(
// CHECK: scf.for
// CHECK: math.absf
// CHECK: arith.cmpf ogt
// CHECK: arith.divf
// CHECK: arith.addi %{{.*}}, %c1
// CHECK: arith.index_cast %{{.*}} : index to i32
// CHECK: arith.cmpf oeq
func.func @lu() {
  %x = pd.data "x" : !pd.vtensor<4x3xf32>
  %lu, %p, %i = pd.lu %x : (!pd.vtensor<4x3xf32>) -> (!pd.vtensor<4x3xf32>, !pd.vtensor<3xi32>, !pd.vtensor<i32>)
  %f0 = pd.fetch %lu "lu" col 0 : !pd.vtensor<4x3xf32>
  %f1 = pd.fetch %p "p" col 1 : !pd.vtensor<3xi32>
  %f2 = pd.fetch %i "i" col 2 : !pd.vtensor<i32>
  return
}

// -----

// lu_unpack: the pivots checked against the rows (a run-time check), the
// permutation built by their swaps, P one-hot from it; L and U are masks
// of x's lower and upper parts.
// CHECK-LABEL: func.func @lu_unpack(
// CHECK: arith.extsi
// CHECK: arith.subi
// CHECK: call @pdm_runtime_error
// CHECK: arith.cmpi ugt
// CHECK: arith.cmpi ule
// CHECK: scf.for
// CHECK: arith.cmpi eq
func.func @lu_unpack() {
  %x = pd.data "x" : !pd.vtensor<4x3xf32>
  %p = pd.data "p" : !pd.vtensor<3xi32>
  %pm, %l, %u = pd.lu_unpack %x, %p : (!pd.vtensor<4x3xf32>, !pd.vtensor<3xi32>) -> (!pd.vtensor<4x4xf32>, !pd.vtensor<4x3xf32>, !pd.vtensor<3x3xf32>)
  %f0 = pd.fetch %pm "pm" col 0 : !pd.vtensor<4x4xf32>
  %f1 = pd.fetch %l "l" col 1 : !pd.vtensor<4x3xf32>
  %f2 = pd.fetch %u "u" col 2 : !pd.vtensor<3x3xf32>
  return
}

// -----

// cholesky_solve: a forward then a backward substitution (divided by the
// factor's diagonal) per batch.
// CHECK-LABEL: func.func @cholesky_solve(
// CHECK: scf.for
// CHECK: arith.mulf
// CHECK: arith.subf
// CHECK: arith.divf
// CHECK: arith.divf
func.func @cholesky_solve() {
  %b = pd.data "b" : !pd.vtensor<3x2xf32>
  %l = pd.data "l" : !pd.vtensor<3x3xf32>
  %r = pd.cholesky_solve %b, %l : (!pd.vtensor<3x2xf32>, !pd.vtensor<3x3xf32>) -> !pd.vtensor<3x2xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<3x2xf32>
  return
}
