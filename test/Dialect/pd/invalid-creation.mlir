// Diagnostics of the ops whose InferMeta is in lib/Dialect/Pd/InferMeta/Creation.cpp:
// dtypes that are not concrete, invalid constant shapes and Scalar operands,
// and declared results that do not match the inferred type.
// RUN: paddle-opt %s -split-input-file -verify-diagnostics

func.func @full_like_pstring(%x: !pd.vtensor<2x3xf32>) {
  %v = pd.full(1.0) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.full_like' op failed to infer returned types}}
  // expected-error @+1 {{'pd.full_like' op needs a concrete dtype, got pstring}}
  %0 = pd.full_like %x, %v {dtype = #pd.dtype<pstring>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @full_like_result(%x: !pd.vtensor<2x?xf32>) {
  %v = pd.full(1.0) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.full_like' op failed to infer returned types}}
  // expected-error @+1 {{'pd.full_like' op inferred type(s) '!pd.vtensor<2x?xi64>' are incompatible with return type(s) of operation '!pd.vtensor<3x?xi64>'}}
  %0 = pd.full_like %x, %v {dtype = #pd.dtype<int64>} : (!pd.vtensor<2x?xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<3x?xi64>
  return
}

// -----

func.func @empty_like_pstring(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.empty_like' op failed to infer returned types}}
  // expected-error @+1 {{'pd.empty_like' op needs a concrete dtype, got pstring}}
  %0 = pd.empty_like %x {dtype = #pd.dtype<pstring>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @empty_like_result(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.empty_like' op failed to infer returned types}}
  // expected-error @+1 {{'pd.empty_like' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf16>'}}
  %0 = pd.empty_like %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf16>
  return
}

// -----

func.func @empty_bad_dim() {
  %s = pd.full_int_array [2, -2] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.empty' op failed to infer returned types}}
  // expected-error @+1 {{'pd.empty' op shape [2, -2] has invalid dimension -2}}
  %0 = pd.empty %s : (!pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @empty_all_dtype() {
  %s = pd.full_int_array [2] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.empty' op failed to infer returned types}}
  // expected-error @+1 {{'pd.empty' op needs a concrete dtype, got all_dtype}}
  %0 = pd.empty %s {dtype = #pd.dtype<all_dtype>} : (!pd.vtensor<1xi64>) -> !pd.vtensor<2xf32>
  return
}

// -----

func.func @empty_unknown_rank(%s: !pd.vtensor<?xi64>) {
  // expected-error @+2 {{'pd.empty' op failed to infer returned types}}
  // expected-error @+1 {{'pd.empty' op the shape's length must be known at compile time}}
  %0 = pd.empty %s : (!pd.vtensor<?xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @empty_result_rank() {
  %s = pd.full_int_array [2, 3] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.empty' op failed to infer returned types}}
  // expected-error @+1 {{'pd.empty' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<6xf32>'}}
  %0 = pd.empty %s : (!pd.vtensor<2xi64>) -> !pd.vtensor<6xf32>
  return
}

// -----

func.func @empty_result_dtype() {
  %s = pd.full_int_array [2, 3] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.empty' op failed to infer returned types}}
  // expected-error @+1 {{'pd.empty' op inferred type(s) '!pd.vtensor<2x3xi8>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xui8>'}}
  %0 = pd.empty %s {dtype = #pd.dtype<int8>} : (!pd.vtensor<2xi64>) -> !pd.vtensor<2x3xui8>
  return
}

// -----

func.func @full_with_tensor_bad_dim(%v: !pd.vtensor<1xf32>) {
  %s = pd.full_int_array [-3] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.full_with_tensor' op failed to infer returned types}}
  // expected-error @+1 {{'pd.full_with_tensor' op shape [-3] has invalid dimension -3}}
  %0 = pd.full_with_tensor %v, %s : (!pd.vtensor<1xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @full_with_tensor_pstring(%v: !pd.vtensor<1xf32>) {
  %s = pd.full_int_array [3] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.full_with_tensor' op failed to infer returned types}}
  // expected-error @+1 {{'pd.full_with_tensor' op needs a concrete dtype, got pstring}}
  %0 = pd.full_with_tensor %v, %s {dtype = #pd.dtype<pstring>} : (!pd.vtensor<1xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<3xf32>
  return
}

// -----

func.func @full_with_tensor_result(%v: !pd.vtensor<1xf32>) {
  %s = pd.full_int_array [3, 4] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.full_with_tensor' op failed to infer returned types}}
  // expected-error @+1 {{'pd.full_with_tensor' op inferred type(s) '!pd.vtensor<3x4xf32>' are incompatible with return type(s) of operation '!pd.vtensor<4x3xf32>'}}
  %0 = pd.full_with_tensor %v, %s : (!pd.vtensor<1xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<4x3xf32>
  return
}

// -----

func.func @arange_step_zero() {
  %start = pd.full(0) : !pd.vtensor<1xi64>
  %end = pd.full(10) : !pd.vtensor<1xi64>
  %step = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.arange' op failed to infer returned types}}
  // expected-error @+1 {{'pd.arange' op step must not be 0}}
  %0 = pd.arange %start, %end, %step : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  return
}

// -----

func.func @arange_step_zero_unknown_bounds(%start: !pd.vtensor<1xi64>, %end: !pd.vtensor<1xi64>) {
  %step = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.arange' op failed to infer returned types}}
  // expected-error @+1 {{'pd.arange' op step must not be 0}}
  %0 = pd.arange %start, %end, %step : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  return
}

// -----

func.func @arange_step_negative() {
  %start = pd.full(0) : !pd.vtensor<1xi64>
  %end = pd.full(5) : !pd.vtensor<1xi64>
  %step = pd.full(-1) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.arange' op failed to infer returned types}}
  // expected-error @+1 {{'pd.arange' op step -1.000000e+00 must be positive when start 0.000000e+00 < end 5.000000e+00}}
  %0 = pd.arange %start, %end, %step : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  return
}

// -----

func.func @arange_step_positive() {
  %start = pd.full(5) : !pd.vtensor<1xi64>
  %end = pd.full(0) : !pd.vtensor<1xi64>
  %step = pd.full(2) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.arange' op failed to infer returned types}}
  // expected-error @+1 {{'pd.arange' op step 2.000000e+00 must be negative when start 5.000000e+00 > end 0.000000e+00}}
  %0 = pd.arange %start, %end, %step : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  return
}

// -----

func.func @arange_all_dtype() {
  %start = pd.full(0) : !pd.vtensor<1xi64>
  %end = pd.full(5) : !pd.vtensor<1xi64>
  %step = pd.full(1) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.arange' op failed to infer returned types}}
  // expected-error @+1 {{'pd.arange' op needs a concrete dtype, got all_dtype}}
  %0 = pd.arange %start, %end, %step {dtype = #pd.dtype<all_dtype>} : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  return
}

// -----

func.func @arange_result() {
  %start = pd.full(0) : !pd.vtensor<1xi64>
  %end = pd.full(10) : !pd.vtensor<1xi64>
  %step = pd.full(3) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.arange' op failed to infer returned types}}
  // expected-error @+1 {{'pd.arange' op inferred type(s) '!pd.vtensor<4xi64>' are incompatible with return type(s) of operation '!pd.vtensor<3xi64>'}}
  %0 = pd.arange %start, %end, %step : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<3xi64>
  return
}

// -----

func.func @arange_result_dtype() {
  %start = pd.full(0) : !pd.vtensor<1xi64>
  %end = pd.full(10) : !pd.vtensor<1xi64>
  %step = pd.full(3) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.arange' op failed to infer returned types}}
  // expected-error @+1 {{'pd.arange' op inferred type(s) '!pd.vtensor<4xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?xi64>'}}
  %0 = pd.arange %start, %end, %step {dtype = #pd.dtype<float32>} : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xi64>
  return
}

// -----

func.func @linspace_zero() {
  %start = pd.full(0.0) : !pd.vtensor<1xf32>
  %stop = pd.full(1.0) : !pd.vtensor<1xf32>
  %num = pd.full(0) : !pd.vtensor<1xi32>
  // expected-error @+2 {{'pd.linspace' op failed to infer returned types}}
  // expected-error @+1 {{'pd.linspace' op number must be positive, got 0}}
  %0 = pd.linspace %start, %stop, %num : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @linspace_negative() {
  %start = pd.full(0.0) : !pd.vtensor<1xf32>
  %stop = pd.full(1.0) : !pd.vtensor<1xf32>
  %num = pd.full(-3) : !pd.vtensor<1xi32>
  // expected-error @+2 {{'pd.linspace' op failed to infer returned types}}
  // expected-error @+1 {{'pd.linspace' op number must be positive, got -3}}
  %0 = pd.linspace %start, %stop, %num : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @logspace_zero() {
  %start = pd.full(0.0) : !pd.vtensor<1xf32>
  %stop = pd.full(1.0) : !pd.vtensor<1xf32>
  %base = pd.full(10.0) : !pd.vtensor<1xf32>
  %num = pd.full(0) : !pd.vtensor<1xi32>
  // expected-error @+2 {{'pd.logspace' op failed to infer returned types}}
  // expected-error @+1 {{'pd.logspace' op num must be positive, got 0}}
  %0 = pd.logspace %start, %stop, %num, %base : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @linspace_all_dtype() {
  %start = pd.full(0.0) : !pd.vtensor<1xf32>
  %stop = pd.full(1.0) : !pd.vtensor<1xf32>
  %num = pd.full(5) : !pd.vtensor<1xi32>
  // expected-error @+2 {{'pd.linspace' op failed to infer returned types}}
  // expected-error @+1 {{'pd.linspace' op needs a concrete dtype, got all_dtype}}
  %0 = pd.linspace %start, %stop, %num {dtype = #pd.dtype<all_dtype>} : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @linspace_result() {
  %start = pd.full(0.0) : !pd.vtensor<1xf32>
  %stop = pd.full(1.0) : !pd.vtensor<1xf32>
  %num = pd.full(5) : !pd.vtensor<1xi32>
  // expected-error @+2 {{'pd.linspace' op failed to infer returned types}}
  // expected-error @+1 {{'pd.linspace' op inferred type(s) '!pd.vtensor<5xf32>' are incompatible with return type(s) of operation '!pd.vtensor<4xf32>'}}
  %0 = pd.linspace %start, %stop, %num : (!pd.vtensor<1xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi32>) -> !pd.vtensor<4xf32>
  return
}

// -----

func.func @eye_negative_rows() {
  %rows = pd.full(-1) : !pd.vtensor<1xi64>
  %cols = pd.full(3) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.eye' op failed to infer returned types}}
  // expected-error @+1 {{'pd.eye' op num_rows must be non-negative, got -1}}
  %0 = pd.eye %rows, %cols : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @eye_negative_columns() {
  %rows = pd.full(3) : !pd.vtensor<1xi64>
  %cols = pd.full(-2) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.eye' op failed to infer returned types}}
  // expected-error @+1 {{'pd.eye' op num_columns must be non-negative, got -2}}
  %0 = pd.eye %rows, %cols : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @eye_all_dtype() {
  %rows = pd.full(3) : !pd.vtensor<1xi64>
  %cols = pd.full(3) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.eye' op failed to infer returned types}}
  // expected-error @+1 {{'pd.eye' op needs a concrete dtype, got all_dtype}}
  %0 = pd.eye %rows, %cols {dtype = #pd.dtype<all_dtype>} : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @eye_result() {
  %rows = pd.full(3) : !pd.vtensor<1xi64>
  %cols = pd.full(-1) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.eye' op failed to infer returned types}}
  // expected-error @+1 {{'pd.eye' op inferred type(s) '!pd.vtensor<3x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<3x4xf32>'}}
  %0 = pd.eye %rows, %cols : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<3x4xf32>
  return
}

// -----

func.func @uniform_bad_dim() {
  %s = pd.full_int_array [2, -5] : !pd.vtensor<2xi64>
  %min = pd.full(0.0) : !pd.vtensor<1xf32>
  %max = pd.full(1.0) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.uniform' op failed to infer returned types}}
  // expected-error @+1 {{'pd.uniform' op shape [2, -5] has invalid dimension -5}}
  %0 = pd.uniform %s, %min, %max {dtype = #pd.dtype<float32>, seed = 0 : i32} : (!pd.vtensor<2xi64>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @uniform_all_dtype() {
  %s = pd.full_int_array [2, 3] : !pd.vtensor<2xi64>
  %min = pd.full(0.0) : !pd.vtensor<1xf32>
  %max = pd.full(1.0) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.uniform' op failed to infer returned types}}
  // expected-error @+1 {{'pd.uniform' op needs a concrete dtype, got all_dtype}}
  %0 = pd.uniform %s, %min, %max {dtype = #pd.dtype<all_dtype>, seed = 0 : i32} : (!pd.vtensor<2xi64>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @uniform_result() {
  %s = pd.full_int_array [2, 3] : !pd.vtensor<2xi64>
  %min = pd.full(0.0) : !pd.vtensor<1xf32>
  %max = pd.full(1.0) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.uniform' op failed to infer returned types}}
  // expected-error @+1 {{'pd.uniform' op inferred type(s) '!pd.vtensor<2x3xf64>' are incompatible with return type(s) of operation '!pd.vtensor<2x3xf32>'}}
  %0 = pd.uniform %s, %min, %max {dtype = #pd.dtype<float64>, seed = 0 : i32} : (!pd.vtensor<2xi64>, !pd.vtensor<1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @gaussian_bad_dim() {
  %s = pd.full_int_array [-4, 4] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.gaussian' op failed to infer returned types}}
  // expected-error @+1 {{'pd.gaussian' op shape [-4, 4] has invalid dimension -4}}
  %0 = pd.gaussian %s {dtype = #pd.dtype<float32>, mean = 0.0 : f32, seed = 0 : i32, std = 1.0 : f32} : (!pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @gaussian_result() {
  %s = pd.full_int_array [4, 4] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.gaussian' op failed to infer returned types}}
  // expected-error @+1 {{'pd.gaussian' op inferred type(s) '!pd.vtensor<4x4xf32>' are incompatible with return type(s) of operation '!pd.vtensor<4x4x1xf32>'}}
  %0 = pd.gaussian %s {dtype = #pd.dtype<float32>, mean = 0.0 : f32, seed = 0 : i32, std = 1.0 : f32} : (!pd.vtensor<2xi64>) -> !pd.vtensor<4x4x1xf32>
  return
}

// -----

func.func @randint_bad_dim() {
  %s = pd.full_int_array [3, -2] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.randint' op failed to infer returned types}}
  // expected-error @+1 {{'pd.randint' op shape [3, -2] has invalid dimension -2}}
  %0 = pd.randint %s {high = 10 : i32, low = 0 : i32} : (!pd.vtensor<2xi64>) -> !pd.vtensor<?x?xi64>
  return
}

// -----

func.func @randint_result() {
  %s = pd.full_int_array [3, 2] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.randint' op failed to infer returned types}}
  // expected-error @+1 {{'pd.randint' op inferred type(s) '!pd.vtensor<3x2xi64>' are incompatible with return type(s) of operation '!pd.vtensor<3x2xi32>'}}
  %0 = pd.randint %s {high = 10 : i32, low = 0 : i32} : (!pd.vtensor<2xi64>) -> !pd.vtensor<3x2xi32>
  return
}

// -----

func.func @assign_value_count() {
  // expected-error @+2 {{'pd.assign_value' op shape [2, 2] holds 4 elements but 3 values are given}}
  // expected-error @+1 {{'pd.assign_value' op failed to infer returned types}}
  %0 = pd.assign_value {shape = array<i32: 2, 2>, dtype = #pd.dtype<float32>, values = [1.0, 2.0, 3.0]} : () -> !pd.tensor<2x2xf32>
  return
}

// -----

func.func @assign_value_not_scalars() {
  // expected-error @+1 {{'pd.assign_value' op attribute 'values' failed to satisfy constraint: array of Paddle Scalars}}
  %0 = pd.assign_value {shape = array<i32: 1>, dtype = #pd.dtype<float32>, values = ["one"]} : () -> !pd.tensor<1xf32>
  return
}

// -----

func.func @assign_value_into_value(%v: !pd.vtensor<2xf32>) {
  // expected-error @+1 {{'pd.assign_value_' op operand #0 must be a Paddle tensor that may alias other tensors and be mutated, but got '!pd.vtensor<2xf32>'}}
  %0 = pd.assign_value_ %v {shape = array<i32: 2>, dtype = #pd.dtype<float32>, values = [1.0, 2.0]} : (!pd.vtensor<2xf32>) -> !pd.tensor<2xf32>
  return
}

// -----

func.func @assign_value_inplace_count(%t: !pd.tensor<2xf32>) {
  // expected-error @+2 {{'pd.assign_value_' op shape [3] holds 3 elements but 2 values are given}}
  // expected-error @+1 {{'pd.assign_value_' op failed to infer returned types}}
  %0 = pd.assign_value_ %t {shape = array<i32: 3>, dtype = #pd.dtype<float32>, values = [1.0, 2.0]} : (!pd.tensor<2xf32>) -> !pd.tensor<3xf32>
  return
}

// -----

func.func @tril_indices_dtype() {
  // expected-error @+2 {{'pd.tril_indices' op failed to infer returned types}}
  // expected-error @+1 {{'pd.tril_indices' op dtype must be int32 or int64}}
  %0 = pd.tril_indices {rows = 4 : i32, cols = 4 : i32, offset = 0 : i32, dtype = #pd.dtype<float32>} : () -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @triu_indices_too_large() {
  // expected-error @+2 {{'pd.triu_indices' op failed to infer returned types}}
  // expected-error @+1 {{'pd.triu_indices' op a 100000 x 100000 matrix is too large for its indices (at most 2^26 elements)}}
  %0 = pd.triu_indices {row = 100000 : i32, col = 100000 : i32, offset = 0 : i32, dtype = #pd.dtype<int64>} : () -> !pd.vtensor<?x?xi64>
  return
}

// -----

func.func @tril_indices_negative() {
  // expected-error @+2 {{'pd.tril_indices' op failed to infer returned types}}
  // expected-error @+1 {{'pd.tril_indices' op rows and cols must be non-negative, got -1 and 3}}
  %0 = pd.tril_indices {rows = -1 : i32, cols = 3 : i32, offset = 0 : i32, dtype = #pd.dtype<int64>} : () -> !pd.vtensor<?x?xi64>
  return
}
