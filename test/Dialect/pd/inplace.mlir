// In-place variants: the updated output is the input, so it keeps the
// input's shape and dtype (cast_ excepted), and must fit into it.
// RUN: paddle-opt %s -split-input-file -pd-infer-shapes -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @keeps_input_meta
func.func @keeps_input_meta(%x: !pd.tensor<2x?xf32>, %y: !pd.vtensor<3xf32>,
                            %b: !pd.tensor<4xi1>, %c: !pd.vtensor<4xi1>) {
  // Paddle's equal_ of a float tensor stays float.
  // CHECK: pd.equal_ {{.*}} -> !pd.tensor<2x3xf32>
  %0 = pd.equal_ %x, %y : (!pd.tensor<2x?xf32>, !pd.vtensor<3xf32>) -> !pd.tensor<?x?xf32>
  // CHECK: pd.logical_and_ {{.*}} -> !pd.tensor<4xi1>
  %1 = pd.logical_and_ %b, %c : (!pd.tensor<4xi1>, !pd.vtensor<4xi1>) -> !pd.tensor<?xi1>
  // cast_ changes the dtype in place.
  // CHECK: pd.cast_ {{.*}} -> !pd.tensor<2x?xf16>
  %2 = pd.cast_ %x {dtype = #pd.dtype<float16>} : (!pd.tensor<2x?xf32>) -> !pd.tensor<?x?xf16>
  return
}

// -----

// batch_norm_ updates mean and variance in place; its other results are fresh.
// CHECK-LABEL: func.func @batch_norm_inplace
// CHECK: pd.batch_norm_ {{.*}} -> (!pd.tensor<2x3x4x4xf32>, !pd.tensor<3xf32>, !pd.tensor<3xf32>, !pd.tensor<3xf32>, !pd.tensor<3xf32>, !pd.tensor<?xui8>)
func.func @batch_norm_inplace(%x: !pd.vtensor<2x3x4x4xf32>, %m: !pd.tensor<3xf32>, %v: !pd.tensor<3xf32>) {
  %r:6 = pd.batch_norm_ %x, %m, %v {is_test = true, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, data_format = "NCHW", use_global_stats = false, trainable_statistics = false}
      : (!pd.vtensor<2x3x4x4xf32>, !pd.tensor<3xf32>, !pd.tensor<3xf32>)
      -> (!pd.tensor<?x?x?x?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xui8>)
  return
}

// -----

func.func @does_not_fit(%x: !pd.tensor<3xf32>, %y: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.add_' op cannot update x of shape [3] in place with a result of shape [2, 3]}}
  // expected-error @+1 {{'pd.add_' op failed to infer returned types}}
  %0 = pd.add_ %x, %y : (!pd.tensor<3xf32>, !pd.vtensor<2x3xf32>) -> !pd.tensor<3xf32>
  return
}

// -----

func.func @value_cannot_be_updated(%x: !pd.vtensor<3xf32>) {
  // expected-error @+1 {{'pd.relu_' op operand #0 must be a Paddle tensor that may alias other tensors and be mutated, but got '!pd.vtensor<3xf32>'}}
  %0 = pd.relu_ %x : (!pd.vtensor<3xf32>) -> !pd.tensor<3xf32>
  return
}

// -----

func.func @increment_needs_one_element(%x: !pd.tensor<2xi64>) {
  // expected-error @+2 {{'pd.increment_' op increment needs a tensor of one element, got shape [2]}}
  // expected-error @+1 {{'pd.increment_' op failed to infer returned types}}
  %0 = pd.increment_ %x : (!pd.tensor<2xi64>) -> !pd.tensor<2xi64>
  return
}

// -----

func.func @randint_bounds() {
  %s = pd.full_int_array [3] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.randint' op low (5) must be less than high (5)}}
  // expected-error @+1 {{'pd.randint' op failed to infer returned types}}
  %0 = pd.randint %s {low = 5 : i32, high = 5 : i32} : (!pd.vtensor<1xi64>) -> !pd.tensor<3xi64>
  return
}
