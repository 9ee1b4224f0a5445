// pd-bound-dynamic-results: a fetched result whose size depends on the
// values becomes the value inserted into a zero-filled tensor of its bound
// (the value-bounds analysis), plus a result with its shape;
// pd.dynamic_results tells the runtime which.
// RUN: paddle-opt %s -split-input-file -pd-bound-dynamic-results -verify-diagnostics | FileCheck %s

#bound = affine_map<()[s0] -> (6, s0)>

// CHECK-LABEL: func.func @main(
// CHECK-SAME: -> (tensor<4xf32>, tensor<6x2xi64>, tensor<2xi64>)
// CHECK-SAME: pd.dynamic_results = [{bound = array<i64: 6, 2>, result = 1 : i64, shape_result = 2 : i64}]
// CHECK: %[[N:.*]] = affine.min
// CHECK: %[[ROWS:.*]] = tensor.extract_slice
// CHECK: %[[ZEROS:.*]] = linalg.fill ins(%{{.*}} : i64) outs(%{{.*}} : tensor<6x2xi64>)
// CHECK: %[[FULL:.*]] = tensor.insert_slice %[[ROWS]] into %[[ZEROS]][0, 0] [%[[N]], 2] [1, 1]
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %[[N64]], %{{.*}} : tensor<2xi64>
// CHECK: return %{{.*}}, %[[FULL]], %[[SHAPE]] : tensor<4xf32>, tensor<6x2xi64>, tensor<2xi64>
func.func @main(%a: tensor<4xf32>, %buf: tensor<6x2xi64>, %count: index)
    -> (tensor<4xf32>, tensor<?x2xi64>)
    attributes {pd.fetch_results = [0, 1], pd.fetches = ["a", "idx"]} {
  %n = affine.min #bound()[%count]
  %rows = tensor.extract_slice %buf[0, 0] [%n, 2] [1, 1] : tensor<6x2xi64> to tensor<?x2xi64>
  return %a, %rows : tensor<4xf32>, tensor<?x2xi64>
}

// -----

// Static results (and functions that are not lowered programs) stay.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT: pd.dynamic_results
// CHECK-LABEL: func.func @helper(%{{.*}}: tensor<?xf32>) -> tensor<?xf32>
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32>
    attributes {pd.fetch_results = [0], pd.fetches = ["a"]} {
  return %a : tensor<4xf32>
}
func.func @helper(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}

// -----

// A size nothing bounds (here: a dynamic feed dim) cannot be allocated.
// expected-error @+1 {{fetch 'y' has dim 0 of type 'tensor<?xf32>' known only at run time and without an upper bound}}
func.func @main(%a: tensor<?xf32>) -> tensor<?xf32>
    attributes {pd.fetch_results = [0], pd.fetches = ["y"]} {
  return %a : tensor<?xf32>
}
