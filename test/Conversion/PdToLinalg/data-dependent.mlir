// nonzero and masked_select (DataDependent.cpp): one loop over the elements
// fills a buffer of the most rows there can be, counting; the result is the
// leading `count` rows, their number bounded by affine.min for
// pd-bound-dynamic-results.
// RUN: paddle-opt %s -split-input-file -convert-pd-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK-SAME: -> tensor<?x2xi64>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: %[[ZEROS:.*]] = linalg.fill ins(%{{.*}} : i64) outs(%{{.*}} : tensor<6x2xi64>)
// CHECK: %[[LOOP:.*]]:2 = scf.for %[[I:[a-z0-9]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[BUF:.*]] = %[[ZEROS]], %[[N:.*]] = %{{.*}}) -> (tensor<6x2xi64>, index)
// CHECK: %[[E:.*]] = tensor.extract %[[FLAT]][%[[I]]]
// CHECK: %[[NZ:.*]] = arith.cmpf une, %[[E]]
// CHECK: scf.if %[[NZ]] -> (tensor<6x2xi64>, index)
// CHECK: tensor.insert %{{.*}} into %[[BUF]][%[[N]], %{{.*}}]
// CHECK: arith.addi %[[N]]
// CHECK: %[[ROWS:.*]] = affine.min #{{.*}}(%[[LOOP]]#1)
// CHECK: %[[R:.*]] = tensor.extract_slice %[[LOOP]]#0[0, 0] [%[[ROWS]], 2] [1, 1] : tensor<6x2xi64> to tensor<?x2xi64>
// CHECK: return %[[R]]
func.func @main() {
  %x = pd.data "x" : !pd.vtensor<2x3xf32>
  %r = pd.nonzero %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x2xi64>
  %f = pd.fetch %r "idx" col 0 : !pd.vtensor<?x2xi64>
  return
}

// -----

// masked_select: x and the mask broadcast to [2, 3] first (the mask, a row,
// is copied to every row); a bool mask is i8 storage, nonzero is true.
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> tensor<?xi32>
// CHECK: %[[ROW:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<1x3xi8>) outs(%{{.*}} : tensor<2x3xi8>)
// CHECK: %[[MASK:.*]] = tensor.collapse_shape %[[ROW]] {{\[\[}}0, 1]] : tensor<2x3xi8> into tensor<6xi8>
// CHECK: scf.for %[[I:[a-z0-9]+]] = {{.*}} -> (tensor<6xi32>, index)
// CHECK: %[[M:.*]] = tensor.extract %[[MASK]][%[[I]]] : tensor<6xi8>
// CHECK: arith.cmpi ne, %[[M]]
// CHECK: affine.min
// CHECK: tensor.extract_slice %{{.*}}[0] [%{{.*}}] [1] : tensor<6xi32> to tensor<?xi32>
func.func @main() {
  %x = pd.data "x" : !pd.vtensor<2x3xi32>
  %m = pd.data "m" : !pd.vtensor<1x3xi1>
  %r = pd.masked_select %x, %m : (!pd.vtensor<2x3xi32>, !pd.vtensor<1x3xi1>) -> !pd.vtensor<?xi32>
  %f = pd.fetch %r "sel" col 0 : !pd.vtensor<?xi32>
  return
}

// -----

// unique: a stable sort of the flattened input, then one loop over the
// sorted values; values, first indices and counts are the leading rows.
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> (tensor<?xi64>, tensor<?xi64>, tensor<6xi64>, tensor<?xi64>)
// CHECK: %[[LOOP:.*]]:5 = scf.for {{.*}} -> (tensor<6xi64>, tensor<6xi64>, tensor<6xi64>, tensor<6xi64>, index)
// CHECK: arith.cmpi ne
// CHECK: scf.if
// CHECK-COUNT-3: tensor.extract_slice %[[LOOP]]#{{[013]}}[0] [%{{.*}}] [1] : tensor<6xi64> to tensor<?xi64>
func.func @main() {
  %x = pd.data "x" : !pd.vtensor<2x3xi64>
  %r:4 = pd.unique %x {return_index = true, return_inverse = true, return_counts = true, is_sorted = true} : (!pd.vtensor<2x3xi64>) -> (!pd.vtensor<?xi64>, !pd.vtensor<?xi64>, !pd.vtensor<6xi64>, !pd.vtensor<?xi64>)
  %f0 = pd.fetch %r#0 "out" col 0 : !pd.vtensor<?xi64>
  %f1 = pd.fetch %r#1 "indices" col 1 : !pd.vtensor<?xi64>
  %f2 = pd.fetch %r#2 "inverse" col 2 : !pd.vtensor<6xi64>
  %f3 = pd.fetch %r#3 "counts" col 3 : !pd.vtensor<?xi64>
  return
}

// -----

// unique_consecutive: one loop over the flattened values (no sort); the
// runs' values and lengths are leading rows of the run count.
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> (tensor<?xf32>, tensor<6xi64>, tensor<?xi64>)
// CHECK-NOT: linalg.generic
// CHECK: %[[LOOP:.*]]:4 = scf.for {{.*}} -> (tensor<6xf32>, tensor<6xi64>, tensor<6xi64>, index)
// CHECK: arith.cmpf une
// CHECK: tensor.extract_slice %[[LOOP]]#0[0] [%{{.*}}] [1] : tensor<6xf32> to tensor<?xf32>
func.func @main() {
  %x = pd.data "x" : !pd.vtensor<2x3xf32>
  %r:3 = pd.unique_consecutive %x {return_inverse = true, return_counts = true, dtype = #pd.dtype<int64>} : (!pd.vtensor<2x3xf32>) -> (!pd.vtensor<?xf32>, !pd.vtensor<6xi64>, !pd.vtensor<?xi64>)
  %f0 = pd.fetch %r#0 "out" col 0 : !pd.vtensor<?xf32>
  %f1 = pd.fetch %r#1 "index" col 1 : !pd.vtensor<6xi64>
  %f2 = pd.fetch %r#2 "counts" col 2 : !pd.vtensor<?xi64>
  return
}
