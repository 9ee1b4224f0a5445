// RUN: paddle-opt %s -split-input-file -pd-reduce-inplace-variants -verify-diagnostics | FileCheck %s
// Running it twice changes nothing more.
// RUN: paddle-opt %s -split-input-file -pd-reduce-inplace-variants 2>/dev/null | paddle-opt -split-input-file -pd-reduce-inplace-variants 2>/dev/null | FileCheck %s

// Nothing observes the old tensor: no copy.
// CHECK-LABEL: func.func @unobserved
// CHECK: %[[E:.*]] = pd.exp
// CHECK-NEXT: %[[R:.*]] = pd.relu %[[E]] : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
// CHECK-NEXT: pd.fetch %[[R]]
// CHECK-NOT: pd.copy_to
func.func @unobserved(%a: !pd.vtensor<4xf32>) {
  %t = pd.to_tensor %a : !pd.vtensor<4xf32>
  %e = pd.exp %t : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %r = pd.relu_ %e : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.tensor<4xf32>
  return
}

// -----

// The old tensor is read afterwards: pd.copy_to keeps it up to date.
// CHECK-LABEL: func.func @observed
// CHECK: %[[E:.*]] = pd.exp
// CHECK-NEXT: %[[R:.*]] = pd.relu %[[E]]
// CHECK-NEXT: pd.copy_to %[[R]], %[[E]] : !pd.tensor<4xf32>, !pd.tensor<4xf32>
// CHECK-NEXT: pd.log %[[E]]
// CHECK-NEXT: pd.fetch %[[R]]
func.func @observed(%a: !pd.vtensor<4xf32>) {
  %t = pd.to_tensor %a : !pd.vtensor<4xf32>
  %e = pd.exp %t : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %r = pd.relu_ %e : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %l = pd.log %e : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.tensor<4xf32>
  return
}

// -----

// Parameters outlive the program: batch_norm_'s statistics are written back.
// CHECK-LABEL: func.func @batch_norm
// CHECK: %[[M:.*]] = pd.get_parameter "mean"
// CHECK: %[[V:.*]] = pd.get_parameter "var"
// CHECK: %{{.*}}, %[[MO:.*]], %[[VO:.*]], %{{.*}}, %{{.*}}, %{{.*}} = pd.batch_norm %{{.*}}, %[[M]], %[[V]]
// CHECK-NEXT: pd.copy_to %[[MO]], %[[M]]
// CHECK-NEXT: pd.copy_to %[[VO]], %[[V]]
func.func @batch_norm(%x: !pd.tensor<1x4x6x6xf32>) {
  %m = pd.get_parameter "mean" : !pd.tensor<4xf32>
  %v = pd.get_parameter "var" : !pd.tensor<4xf32>
  %b:6 = pd.batch_norm_ %x, %m, %v {is_test = true, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, data_format = "NCHW", use_global_stats = true, trainable_statistics = false} : (!pd.tensor<1x4x6x6xf32>, !pd.tensor<4xf32>, !pd.tensor<4xf32>) -> (!pd.tensor<1x4x6x6xf32>, !pd.tensor<4xf32>, !pd.tensor<4xf32>, !pd.tensor<4xf32>, !pd.tensor<4xf32>, !pd.tensor<?xui8>)
  %f = pd.fetch %b#0 "y" col 0 : !pd.tensor<1x4x6x6xf32>
  return
}

// -----

// equal_ keeps x's dtype: the bool result is cast back before the copy.
// CHECK-LABEL: func.func @dtype_kept
// CHECK: %[[Q:.*]] = pd.equal %[[X:.*]], %{{.*}} : (!pd.tensor<3xf32>, !pd.tensor<3xf32>) -> !pd.tensor<3xi1>
// CHECK-NEXT: %[[C:.*]] = pd.cast %[[Q]] {dtype = #pd.dtype<float32>} : (!pd.tensor<3xi1>) -> !pd.tensor<3xf32>
// CHECK-NEXT: pd.copy_to %[[C]], %[[X]]
func.func @dtype_kept() {
  %x = pd.data "x" : !pd.tensor<3xf32>
  %y = pd.data "y" : !pd.tensor<3xf32>
  %q = pd.equal_ %x, %y : (!pd.tensor<3xf32>, !pd.tensor<3xf32>) -> !pd.tensor<3xf32>
  %f = pd.fetch %q "q" col 0 : !pd.tensor<3xf32>
  return
}

// -----

// A shape-changing in-place op whose input is seen afterwards stays.
// CHECK-LABEL: func.func @reshape_observed
// CHECK: pd.reshape_
func.func @reshape_observed() {
  %x = pd.data "x" : !pd.tensor<2x3xf32>
  %s = pd.full_int_array [6] : !pd.tensor<1xi64>
  // expected-remark @+1 {{kept in place: operand #0 is observed after the op and changes shape}}
  %r = pd.reshape_ %x, %s : (!pd.tensor<2x3xf32>, !pd.tensor<1xi64>) -> !pd.tensor<6xf32>
  %f = pd.fetch %r "r" col 0 : !pd.tensor<6xf32>
  return
}

// -----

// assign_value_ (Paddle's saved paddle.to_tensor: full + assign_value_)
// becomes assign_value, which has no operand; a copy where the overwritten
// tensor is read afterwards.
// CHECK-LABEL: func.func @assign_value
// CHECK: %[[Z:.*]] = pd.full
// CHECK-NEXT: %[[V:.*]] = pd.assign_value {dtype = #pd.dtype<float32>, shape = array<i32: 3>, values = [1.500000e+00, 2.000000e+00, -3.000000e+00]} : () -> !pd.tensor<3xf32>
// CHECK-NEXT: pd.fetch %[[V]]
// CHECK-NOT: assign_value_
// CHECK: %[[W:.*]] = pd.assign_value {{.*}} : () -> !pd.tensor<2xi64>
// CHECK-NEXT: pd.copy_to %[[W]], %{{.*}} : !pd.tensor<2xi64>, !pd.tensor<2xi64>
func.func @assign_value() {
  %z = pd.full(0.0) : !pd.tensor<3xf32>
  %v = pd.assign_value_ %z {dtype = #pd.dtype<float32>, shape = array<i32: 3>, values = [1.5, 2.0, -3.0]} : (!pd.tensor<3xf32>) -> !pd.tensor<3xf32>
  %f = pd.fetch %v "v" col 0 : !pd.tensor<3xf32>
  %i = pd.full(0) : !pd.tensor<2xi64>
  %w = pd.assign_value_ %i {dtype = #pd.dtype<int64>, shape = array<i32: 2>, values = [4.0, 5.0]} : (!pd.tensor<2xi64>) -> !pd.tensor<2xi64>
  %g = pd.fetch %w "w" col 1 : !pd.tensor<2xi64>
  %h = pd.fetch %i "i" col 2 : !pd.tensor<2xi64>
  return
}
