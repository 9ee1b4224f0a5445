// RUN: paddle-opt %s -split-input-file -pd-maximize-value-semantics | FileCheck %s
// Running it twice changes nothing more.
// RUN: paddle-opt %s -split-input-file -pd-maximize-value-semantics | paddle-opt -split-input-file -pd-maximize-value-semantics | FileCheck %s

// A program without in-place ops: every tensor becomes a value, no copies.
// CHECK-LABEL: func.func @mlp
// CHECK-NEXT: %[[X:.*]] = pd.data "x" : !pd.vtensor<?x4xf32>
// CHECK-NEXT: %[[W:.*]] = pd.get_parameter "w" : !pd.vtensor<4x3xf32>
// CHECK-NEXT: %[[S:.*]] = pd.full_int_array [0, -1] : !pd.vtensor<2xi64>
// CHECK-NEXT: %[[M:.*]] = pd.matmul %[[X]], %[[W]] : (!pd.vtensor<?x4xf32>, !pd.vtensor<4x3xf32>) -> !pd.vtensor<?x3xf32>
// CHECK-NEXT: %[[R:.*]] = pd.relu %[[M]] : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<?x3xf32>
// CHECK-NEXT: %[[Y:.*]] = pd.reshape %[[R]], %[[S]] : (!pd.vtensor<?x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x3xf32>
// CHECK-NEXT: pd.fetch %[[Y]] "y" col 0 : !pd.vtensor<?x3xf32>
// CHECK-NOT: pd.to_tensor
// CHECK-NOT: pd.to_vtensor
func.func @mlp() {
  %x = pd.data "x" : !pd.tensor<?x4xf32>
  %w = pd.get_parameter "w" : !pd.tensor<4x3xf32>
  %s = pd.full_int_array [0, -1] : !pd.tensor<2xi64>
  %m = pd.matmul %x, %w : (!pd.tensor<?x4xf32>, !pd.tensor<4x3xf32>) -> !pd.tensor<?x3xf32>
  %r = pd.relu %m : (!pd.tensor<?x3xf32>) -> !pd.tensor<?x3xf32>
  %y = pd.reshape %r, %s : (!pd.tensor<?x3xf32>, !pd.tensor<2xi64>) -> !pd.tensor<?x3xf32>
  %f = pd.fetch %y "y" col 0 : !pd.tensor<?x3xf32>
  return
}

// -----

// Tensor lists convert as a whole.
// CHECK-LABEL: func.func @lists
// CHECK: pd.combine(%{{.*}}, %{{.*}}) : !pd.vtensor<2xf32>, !pd.vtensor<3xf32>
// CHECK: pd.concat {{.*}} -> !pd.vtensor<5xf32>
// CHECK: pd.builtin_split {{.*}} : !pd.vec<!pd.vtensor<2xf32>, !pd.vtensor<3xf32>>
// CHECK-NOT: pd.to_
func.func @lists() {
  %a = pd.data "a" : !pd.tensor<2xf32>
  %b = pd.data "b" : !pd.tensor<3xf32>
  %l = pd.combine(%a, %b) : !pd.tensor<2xf32>, !pd.tensor<3xf32>
  %axis = pd.full(0) : !pd.tensor<1xi64>
  %c = pd.concat %l, %axis : (!pd.vec<!pd.tensor<2xf32>, !pd.tensor<3xf32>>, !pd.tensor<1xi64>) -> !pd.tensor<5xf32>
  %p:2 = pd.builtin_split %l : !pd.vec<!pd.tensor<2xf32>, !pd.tensor<3xf32>>
  %f0 = pd.fetch %c "c" col 0 : !pd.tensor<5xf32>
  %f1 = pd.fetch %p#1 "p" col 1 : !pd.tensor<3xf32>
  return
}

// -----

// A tensor written in place stays a tensor; reads before the write are
// snapshots, and the in-place op is not moved.
// CHECK-LABEL: func.func @inplace_keeps_tensor
// CHECK-NEXT: %[[X:.*]] = pd.data "x" : !pd.tensor<4xf32>
// CHECK-NEXT: %[[S:.*]] = pd.to_vtensor %[[X]] : !pd.tensor<4xf32>
// CHECK-NEXT: %[[E:.*]] = pd.exp %[[S]] : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = pd.relu_ %[[X]] : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
// CHECK-NEXT: %[[S2:.*]] = pd.to_vtensor %[[X]] : !pd.tensor<4xf32>
// CHECK-NEXT: %[[L:.*]] = pd.log %[[S2]] : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
// CHECK-NEXT: pd.fetch %[[E]] "e" col 0 : !pd.vtensor<4xf32>
// CHECK-NEXT: pd.fetch %[[L]] "l" col 1 : !pd.vtensor<4xf32>
func.func @inplace_keeps_tensor() {
  %x = pd.data "x" : !pd.tensor<4xf32>
  %e = pd.exp %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %r = pd.relu_ %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %l = pd.log %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %f0 = pd.fetch %e "e" col 0 : !pd.tensor<4xf32>
  %f1 = pd.fetch %l "l" col 1 : !pd.tensor<4xf32>
  return
}

// -----

// A parameter that a program writes is not read as a value (its read is a
// snapshot); the new value is written directly.
// CHECK-LABEL: func.func @written_parameter
// CHECK-NEXT: %[[W:.*]] = pd.get_parameter "w" : !pd.tensor<3xf32>
// CHECK: %[[S:.*]] = pd.to_vtensor %[[W]]
// CHECK-NEXT: %[[N:.*]] = pd.scale %[[S]], %{{.*}} : (!pd.vtensor<3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<3xf32>
// CHECK-NEXT: pd.set_parameter %[[N]] "w" : !pd.vtensor<3xf32>
func.func @written_parameter() {
  %w = pd.get_parameter "w" : !pd.tensor<3xf32>
  %k = pd.full(0.5) : !pd.tensor<1xf32>
  %n = pd.scale %w, %k : (!pd.tensor<3xf32>, !pd.tensor<1xf32>) -> !pd.tensor<3xf32>
  pd.set_parameter %n "w" : !pd.tensor<3xf32>
  return
}

// -----

// Values leaving the function keep their declared type.
// CHECK-LABEL: func.func @boundary
// CHECK: %[[E:.*]] = pd.exp %{{.*}} : (!pd.vtensor<2xf32>) -> !pd.vtensor<2xf32>
// CHECK-NEXT: %[[T:.*]] = pd.to_tensor %[[E]] : !pd.vtensor<2xf32>
// CHECK-NEXT: return %[[T]] : !pd.tensor<2xf32>
func.func @boundary(%a: !pd.vtensor<2xf32>) -> !pd.tensor<2xf32> {
  %t = pd.to_tensor %a : !pd.vtensor<2xf32>
  %e = pd.exp %t : (!pd.tensor<2xf32>) -> !pd.tensor<2xf32>
  return %e : !pd.tensor<2xf32>
}

// -----

// A view of a tensor that something writes stays a view on !pd.tensor.
// CHECK-LABEL: func.func @written_view
// CHECK: pd.reshape %{{.*}}, %{{.*}} : (!pd.tensor<2x3xf32>, !pd.tensor<1xi64>) -> !pd.tensor<6xf32>
// CHECK: pd.relu_ %{{.*}} : (!pd.tensor<6xf32>) -> !pd.tensor<6xf32>
func.func @written_view() {
  %x = pd.data "x" : !pd.tensor<2x3xf32>
  %s = pd.full_int_array [6] : !pd.tensor<1xi64>
  %v = pd.reshape %x, %s : (!pd.tensor<2x3xf32>, !pd.tensor<1xi64>) -> !pd.tensor<6xf32>
  %r = pd.relu_ %v : (!pd.tensor<6xf32>) -> !pd.tensor<6xf32>
  %f = pd.fetch %x "x" col 0 : !pd.tensor<2x3xf32>
  return
}

// -----

// Store forwarding: a tensor overwritten in place (pd.copy_to of a value:
// what pd-reduce-inplace-variants makes of relu_ or set_value_) holds at
// each point the value written last; its readers get that value and the
// copies go away.
// CHECK-LABEL: func.func @overwritten
// CHECK-NEXT: %[[X:.*]] = pd.data "x" : !pd.vtensor<4xf32>
// CHECK-NEXT: %[[Y:.*]] = pd.relu %[[X]]
// CHECK-NEXT: %[[A:.*]] = pd.relu %[[Y]]
// CHECK-NEXT: pd.fetch %[[A]] "after_first"
// CHECK-NEXT: %[[B:.*]] = pd.exp %[[A]]
// CHECK-NEXT: pd.fetch %[[B]] "after_second"
// CHECK-NOT: pd.copy_to
func.func @overwritten() {
  %x = pd.data "x" : !pd.tensor<4xf32>
  %y = pd.relu %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %v0 = pd.to_vtensor %y : !pd.tensor<4xf32>
  %a = pd.relu %v0 : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
  pd.copy_to %a, %y : !pd.vtensor<4xf32>, !pd.tensor<4xf32>
  %f0 = pd.fetch %y "after_first" col 0 : !pd.tensor<4xf32>
  %v1 = pd.to_vtensor %y : !pd.tensor<4xf32>
  %b = pd.exp %v1 : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
  pd.copy_to %b, %y : !pd.vtensor<4xf32>, !pd.tensor<4xf32>
  %f1 = pd.fetch %y "after_second" col 1 : !pd.tensor<4xf32>
  return
}

// -----

// A feed overwritten in place: the feed's value, then the values written.
// CHECK-LABEL: func.func @feed_overwritten
// CHECK-NEXT: %[[X:.*]] = pd.data "x" : !pd.vtensor<4xf32>
// CHECK-NEXT: %[[A:.*]] = pd.exp %[[X]]
// CHECK-NEXT: pd.fetch %[[A]] "x"
// CHECK-NOT: pd.copy_to
func.func @feed_overwritten() {
  %x = pd.data "x" : !pd.tensor<4xf32>
  %v = pd.to_vtensor %x : !pd.tensor<4xf32>
  %a = pd.exp %v : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
  pd.copy_to %a, %x : !pd.vtensor<4xf32>, !pd.tensor<4xf32>
  %f = pd.fetch %x "x" col 0 : !pd.tensor<4xf32>
  return
}

// -----

// Left alone: a write inside a region (no single program order).
// CHECK-LABEL: func.func @written_in_a_region
// CHECK: pd.copy_to
func.func @written_in_a_region(%c: i1) {
  %x = pd.data "x" : !pd.tensor<4xf32>
  %y = pd.relu %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  scf.if %c {
    %v = pd.to_vtensor %y : !pd.tensor<4xf32>
    %a = pd.exp %v : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
    pd.copy_to %a, %y : !pd.vtensor<4xf32>, !pd.tensor<4xf32>
  }
  %f = pd.fetch %y "y" col 0 : !pd.tensor<4xf32>
  return
}
