// Folding of tensor lists and what side effects keep: value tensors are
// merged and dropped freely, aliasing tensors and their writes are not.
// RUN: paddle-opt %s -split-input-file -canonicalize -cse | FileCheck %s
// Running the cleanup twice changes nothing more.
// RUN: paddle-opt %s -split-input-file -canonicalize -cse | paddle-opt -split-input-file -canonicalize -cse | FileCheck %s

// CHECK-LABEL: func.func @split_of_combine
// CHECK-SAME: (%[[A:.*]]: !pd.vtensor<2xf32>, %[[B:.*]]: !pd.tensor<3xi64>)
// CHECK-NOT: pd.combine
// CHECK-NOT: pd.builtin_split
// CHECK: return %[[B]], %[[A]], %[[B]]
func.func @split_of_combine(%a: !pd.vtensor<2xf32>, %b: !pd.tensor<3xi64>)
    -> (!pd.tensor<3xi64>, !pd.vtensor<2xf32>, !pd.tensor<3xi64>) {
  %l = pd.combine(%a, %b) : !pd.vtensor<2xf32>, !pd.tensor<3xi64>
  %s:2 = pd.builtin_split %l : !pd.vec<!pd.vtensor<2xf32>, !pd.tensor<3xi64>>
  %t = pd.builtin_slice %l[1] : !pd.vec<!pd.vtensor<2xf32>, !pd.tensor<3xi64>>
  return %s#1, %s#0, %t : !pd.tensor<3xi64>, !pd.vtensor<2xf32>, !pd.tensor<3xi64>
}

// -----

// A list that does not come from pd.combine stays.
// CHECK-LABEL: func.func @split_of_argument
// CHECK: pd.builtin_split
// CHECK: pd.builtin_slice
func.func @split_of_argument(%l: !pd.vec<!pd.vtensor<2xf32>>) -> (!pd.vtensor<2xf32>, !pd.vtensor<2xf32>) {
  %s = pd.builtin_split %l : !pd.vec<!pd.vtensor<2xf32>>
  %t = pd.builtin_slice %l[0] : !pd.vec<!pd.vtensor<2xf32>>
  return %s, %t : !pd.vtensor<2xf32>, !pd.vtensor<2xf32>
}

// -----

// Identical value-tensor constants are one value; unused ones disappear.
// Each !pd.tensor constant is a fresh buffer and stays separate.
// CHECK-LABEL: func.func @constants
// CHECK-NEXT: %[[V:.*]] = pd.full(1.000000e+00) : !pd.vtensor<2xf32>
// CHECK-NEXT: %[[T1:.*]] = pd.full(1.000000e+00) : !pd.tensor<2xf32>
// CHECK-NEXT: %[[T2:.*]] = pd.full(1.000000e+00) : !pd.tensor<2xf32>
// CHECK-NEXT: return %[[V]], %[[V]], %[[T1]], %[[T2]]
func.func @constants() -> (!pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.tensor<2xf32>, !pd.tensor<2xf32>) {
  %v1 = pd.full(1.0) : !pd.vtensor<2xf32>
  %v2 = pd.full(1.0) : !pd.vtensor<2xf32>
  %dead = pd.full(3.0) : !pd.vtensor<2xf32>
  %t1 = pd.full(1.0) : !pd.tensor<2xf32>
  %t2 = pd.full(1.0) : !pd.tensor<2xf32>
  return %v1, %v2, %t1, %t2 : !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.tensor<2xf32>, !pd.tensor<2xf32>
}

// -----

// Snapshots of a tensor around a write to it are different values; fetches,
// parameter writes and in-place copies are never dropped.
// CHECK-LABEL: func.func @effects
// CHECK: %[[S1:.*]] = pd.to_vtensor %[[T:.*]] :
// CHECK: pd.copy_to
// CHECK: %[[S2:.*]] = pd.to_vtensor %[[T]] :
// CHECK: pd.set_parameter
// CHECK: pd.fetch %[[S1]] "before"
// CHECK: pd.fetch %[[S2]] "after"
func.func @effects(%t: !pd.tensor<2xf32>, %v: !pd.vtensor<2xf32>) {
  %s1 = pd.to_vtensor %t : !pd.tensor<2xf32>
  pd.copy_to %v, %t : !pd.vtensor<2xf32>, !pd.tensor<2xf32>
  %s2 = pd.to_vtensor %t : !pd.tensor<2xf32>
  pd.set_parameter %t "w" : !pd.tensor<2xf32>
  %f1 = pd.fetch %s1 "before" col 0 : !pd.vtensor<2xf32>
  %f2 = pd.fetch %s2 "after" col 1 : !pd.vtensor<2xf32>
  return
}

// -----

// Feeds are the program's signature: an unused pd.data stays, and two feeds
// are never merged.
// CHECK-LABEL: func.func @unused_feeds
// CHECK-NEXT: pd.data "x" : !pd.vtensor<4xf32>
// CHECK-NEXT: pd.data "y" : !pd.vtensor<4xf32>
// CHECK-NEXT: return
func.func @unused_feeds() {
  %x = pd.data "x" : !pd.vtensor<4xf32>
  %y = pd.data "y" : !pd.vtensor<4xf32>
  return
}

// -----

// Shapes and axes that Paddle passes as operands fold back to constants.
// CHECK-LABEL: func.func @constant_int_arrays
// CHECK-SAME: (%[[X:.*]]: !pd.vtensor<2x3x4xf32>, %[[D:.*]]: !pd.vtensor<?x3xf32>)
// CHECK-DAG: %[[SHAPE:.*]] = pd.full_int_array [2, 3, 4] : !pd.vtensor<3xi32>
// CHECK-DAG: %[[N:.*]] = pd.full(24) : !pd.vtensor<i64>
// CHECK-DAG: %[[ARRAY:.*]] = pd.full_int_array [6, -1] : !pd.vtensor<2xi64>
// CHECK: pd.reshape %[[X]], %[[ARRAY]]
// A dynamic input keeps its run-time shape op.
// CHECK: %[[DSHAPE:.*]] = pd.shape %[[D]]
// CHECK: return %[[SHAPE]], %[[N]], %{{.*}}, %[[DSHAPE]]
func.func @constant_int_arrays(%x: !pd.vtensor<2x3x4xf32>, %d: !pd.vtensor<?x3xf32>)
    -> (!pd.vtensor<3xi32>, !pd.vtensor<i64>, !pd.vtensor<6x4xf32>, !pd.vtensor<2xi32>) {
  %s = pd.shape %x : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<3xi32>
  %n = pd.numel %x : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<i64>
  %a = pd.full(6) : !pd.vtensor<1xi64>
  %b = pd.full(-1) : !pd.vtensor<1xi64>
  %l = pd.combine(%a, %b) : !pd.vtensor<1xi64>, !pd.vtensor<1xi64>
  %r = pd.reshape %x, %l : (!pd.vtensor<2x3x4xf32>, !pd.vec<!pd.vtensor<1xi64>, !pd.vtensor<1xi64>>) -> !pd.vtensor<6x4xf32>
  %ds = pd.shape %d : (!pd.vtensor<?x3xf32>) -> !pd.vtensor<2xi32>
  return %s, %n, %r, %ds : !pd.vtensor<3xi32>, !pd.vtensor<i64>, !pd.vtensor<6x4xf32>, !pd.vtensor<2xi32>
}

// -----

// Shape computations on a static input fold to constants: pd.shape64,
// one dim of it sliced out (x.shape[1], a 0-D pd.full), a [lo:hi] of it
// (negative bounds from the end), and stack([4, x.shape[1], 5]): what
// nn.LSTM's zero initial states are made of, so that full_with_tensor
// gets a constant shape (pd-infer-shapes then gives it a static type).
// CHECK-LABEL: func.func @shape_computations
// CHECK-DAG: %[[DIM:.*]] = pd.full(3) : !pd.vtensor<i64>
// CHECK-DAG: %[[TAIL:.*]] = pd.full_int_array [3, 4] : !pd.vtensor<2xi64>
// CHECK-DAG: %[[SHAPE:.*]] = pd.full_int_array [4, 3, 5] : !pd.vtensor<3xi64>
// CHECK: %[[Z:.*]] = pd.full_with_tensor %{{.*}}, %[[SHAPE]]
// CHECK: return %[[DIM]], %[[TAIL]], %[[Z]]
func.func @shape_computations(%x: !pd.vtensor<2x3x4xf32>)
    -> (!pd.vtensor<i64>, !pd.vtensor<2xi64>, !pd.vtensor<?x?x?xf32>) {
  %s = pd.shape64 %x : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<3xi64>
  %one = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %two = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %dim = pd.slice %s, %one, %two {axes = array<i64: 0>, decrease_axis = array<i64: 0>, infer_flags = array<i64: 1>} : (!pd.vtensor<3xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<i64>
  %neg = pd.full_int_array [-2] : !pd.vtensor<1xi64>
  %end = pd.full_int_array [100] : !pd.vtensor<1xi64>
  %tail = pd.slice %s, %neg, %end {axes = array<i64: 0>, decrease_axis = array<i64>, infer_flags = array<i64: 1>} : (!pd.vtensor<3xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<2xi64>
  %four = pd.full(4) : !pd.vtensor<i64>
  %five = pd.full(5) : !pd.vtensor<i64>
  %l = pd.combine(%four, %dim, %five) : !pd.vtensor<i64>, !pd.vtensor<i64>, !pd.vtensor<i64>
  %shape = pd.stack %l : (!pd.vec<!pd.vtensor<i64>, !pd.vtensor<i64>, !pd.vtensor<i64>>) -> !pd.vtensor<3xi64>
  %v = pd.full(0.0) : !pd.vtensor<1xf32>
  %z = pd.full_with_tensor %v, %shape : (!pd.vtensor<1xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?xf32>
  return %dim, %tail, %z : !pd.vtensor<i64>, !pd.vtensor<2xi64>, !pd.vtensor<?x?x?xf32>
}

// -----

// A tensor list that is an op's Tensor[] input (not an IntArray) stays.
// CHECK-LABEL: func.func @tensor_list_input_stays
// CHECK: pd.combine
// CHECK: pd.concat
func.func @tensor_list_input_stays() -> !pd.vtensor<2xi64> {
  %a = pd.full(6) : !pd.vtensor<1xi64>
  %l = pd.combine(%a, %a) : !pd.vtensor<1xi64>, !pd.vtensor<1xi64>
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  %c = pd.concat %l, %axis : (!pd.vec<!pd.vtensor<1xi64>, !pd.vtensor<1xi64>>, !pd.vtensor<1xi64>) -> !pd.vtensor<2xi64>
  return %c : !pd.vtensor<2xi64>
}

// -----

// Identities vanish on values.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: !pd.vtensor<2x3xf32>)
// CHECK-NOT: pd.scale
// CHECK-NOT: pd.add
// CHECK-NOT: pd.multiply
// CHECK-NOT: pd.cast
// CHECK-NOT: pd.assign
// CHECK-NOT: pd.transpose
// CHECK: return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]]
func.func @identities(%x: !pd.vtensor<2x3xf32>) -> (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>) {
  %one = pd.full(1.0) : !pd.vtensor<1xf32>
  %zero = pd.full(0.0) : !pd.vtensor<3xf32>
  %0 = pd.scale %x, %one : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x3xf32>
  %1 = pd.add %zero, %x : (!pd.vtensor<3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %2 = pd.multiply %x, %one : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<2x3xf32>
  %3 = pd.cast %x {dtype = #pd.dtype<float32>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %4 = pd.assign %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %t = pd.transpose %x {perm = array<i32: 1, 0>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<3x2xf32>
  %5 = pd.transpose %t {perm = array<i32: 1, 0>} : (!pd.vtensor<3x2xf32>) -> !pd.vtensor<2x3xf32>
  %s = pd.full_int_array [2, 3] : !pd.vtensor<2xi64>
  %6 = pd.reshape %x, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6 : !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>
}

// -----

// Not identities: a bias, a broadcast that grows x, a dtype change, and any
// op on !pd.tensor (its result is a fresh buffer, not an alias of x).
// CHECK-LABEL: func.func @not_identities
// CHECK: pd.scale
// CHECK: pd.add
// CHECK: pd.cast
// CHECK: pd.assign
func.func @not_identities(%x: !pd.vtensor<3xf32>, %t: !pd.tensor<3xf32>) -> (!pd.vtensor<3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<3xf16>, !pd.tensor<3xf32>) {
  %one = pd.full(1.0) : !pd.vtensor<1xf32>
  %zero = pd.full(0.0) : !pd.vtensor<2x3xf32>
  %0 = pd.scale %x, %one {bias = 2.0 : f32} : (!pd.vtensor<3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<3xf32>
  %1 = pd.add %x, %zero : (!pd.vtensor<3xf32>, !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  %2 = pd.cast %x {dtype = #pd.dtype<float16>} : (!pd.vtensor<3xf32>) -> !pd.vtensor<3xf16>
  %3 = pd.assign %t : (!pd.tensor<3xf32>) -> !pd.tensor<3xf32>
  return %0, %1, %2, %3 : !pd.vtensor<3xf32>, !pd.vtensor<2x3xf32>, !pd.vtensor<3xf16>, !pd.tensor<3xf32>
}

// -----

// Chains of transposes and reshapes collapse.
// CHECK-LABEL: func.func @chains
// CHECK-SAME: (%[[X:.*]]: !pd.vtensor<2x3x4xf32>)
// CHECK: %[[T:.*]] = pd.transpose %[[X]] {perm = array<i32: 2, 0, 1>}
// CHECK: %[[S:.*]] = pd.full_int_array [4, 6]
// CHECK: %[[R:.*]] = pd.reshape %[[X]], %[[S]]
// CHECK: return %[[T]], %[[R]]
func.func @chains(%x: !pd.vtensor<2x3x4xf32>) -> (!pd.vtensor<4x2x3xf32>, !pd.vtensor<4x6xf32>) {
  %a = pd.transpose %x {perm = array<i32: 1, 2, 0>} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<3x4x2xf32>
  %b = pd.transpose %a {perm = array<i32: 1, 2, 0>} : (!pd.vtensor<3x4x2xf32>) -> !pd.vtensor<4x2x3xf32>
  %s1 = pd.full_int_array [6, 4] : !pd.vtensor<2xi64>
  %r1 = pd.reshape %x, %s1 : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<6x4xf32>
  %s2 = pd.full_int_array [4, 6] : !pd.vtensor<2xi64>
  %r2 = pd.reshape %r1, %s2 : (!pd.vtensor<6x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<4x6xf32>
  return %b, %r2 : !pd.vtensor<4x2x3xf32>, !pd.vtensor<4x6xf32>
}

// -----

// A pd.if on a constant condition becomes the branch it takes.
// CHECK-LABEL: func.func @constant_if
// CHECK-NOT: pd.if
// CHECK: %[[R:.*]] = pd.relu %{{.*}} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
// CHECK: %[[T:.*]] = pd.to_tensor %[[R]] : !pd.vtensor<2x3xf32>
// CHECK: %[[V:.*]] = pd.to_vtensor %[[T]] : !pd.tensor<2x3xf32>
// CHECK: pd.exp %[[V]]
func.func @constant_if(%x: !pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32> {
  %c = pd.full(false) : !pd.vtensor<i1>
  %ct = pd.to_tensor %c : !pd.vtensor<i1>
  %r = pd.if %ct : !pd.tensor<i1> -> !pd.tensor<2x3xf32> {
    %a = pd.abs %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
    %at = pd.to_tensor %a : !pd.vtensor<2x3xf32>
    pd.yield %at : !pd.tensor<2x3xf32>
  } else {
    %b = pd.relu %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
    %bt = pd.to_tensor %b : !pd.vtensor<2x3xf32>
    pd.yield %bt : !pd.tensor<2x3xf32>
  }
  %v = pd.to_vtensor %r : !pd.tensor<2x3xf32>
  %e = pd.exp %v : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return %e : !pd.vtensor<2x3xf32>
}

// -----

// Left alone: a condition only known at run time, and a constant one whose
// branch yields another type than the result's (pd-infer-shapes refines the
// result first; pd-refine-shapes runs both).
// CHECK-LABEL: func.func @kept_if
// CHECK-COUNT-2: pd.if
func.func @kept_if(%x: !pd.vtensor<2x3xf32>, %c: !pd.tensor<i1>) -> (!pd.tensor<2x3xf32>, !pd.tensor<?x?xf32>) {
  %r = pd.if %c : !pd.tensor<i1> -> !pd.tensor<2x3xf32> {
    %at = pd.to_tensor %x : !pd.vtensor<2x3xf32>
    pd.yield %at : !pd.tensor<2x3xf32>
  } else {
    %b = pd.relu %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
    %bt = pd.to_tensor %b : !pd.vtensor<2x3xf32>
    pd.yield %bt : !pd.tensor<2x3xf32>
  }
  %t = pd.full(true) : !pd.vtensor<i1>
  %tt = pd.to_tensor %t : !pd.vtensor<i1>
  %s = pd.if %tt : !pd.tensor<i1> -> !pd.tensor<?x?xf32> {
    %at = pd.to_tensor %x : !pd.vtensor<2x3xf32>
    pd.yield %at : !pd.tensor<2x3xf32>
  } else {
    %bt = pd.full(0.0) : !pd.tensor<4x4xf32>
    pd.yield %bt : !pd.tensor<4x4xf32>
  }
  return %r, %s : !pd.tensor<2x3xf32>, !pd.tensor<?x?xf32>
}

// -----

// A static dim of a tensor whose batch is dynamic folds out of its shape;
// the dynamic one stays a run-time slice.
// CHECK-LABEL: func.func @partial_shape
// CHECK: %[[S:.*]] = pd.shape64 %{{.*}} : (!pd.vtensor<?x16x64xf32>) -> !pd.vtensor<3xi64>
// CHECK: %[[B:.*]] = pd.slice %[[S]]
// CHECK: %[[SIXTEEN:.*]] = pd.full(16) : !pd.vtensor<i64>
// CHECK: return %[[B]], %[[SIXTEEN]]
func.func @partial_shape(%x: !pd.vtensor<?x16x64xf32>) -> (!pd.vtensor<i64>, !pd.vtensor<i64>) {
  %s = pd.shape64 %x : (!pd.vtensor<?x16x64xf32>) -> !pd.vtensor<3xi64>
  %zero = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %one = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %two = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %b = pd.slice %s, %zero, %one {axes = array<i64: 0>, decrease_axis = array<i64: 0>, infer_flags = array<i64: 1>} : (!pd.vtensor<3xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<i64>
  %t = pd.slice %s, %one, %two {axes = array<i64: 0>, decrease_axis = array<i64: 0>, infer_flags = array<i64: 1>} : (!pd.vtensor<3xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<i64>
  return %b, %t : !pd.vtensor<i64>, !pd.vtensor<i64>
}

// -----

// Left alone: the condition's tensor is a copy of a constant that is
// overwritten before the pd.if reads it.
// CHECK-LABEL: func.func @written_condition
// CHECK: pd.copy_to
// CHECK: pd.if
func.func @written_condition(%x: !pd.vtensor<2x3xf32>, %c: !pd.vtensor<i1>) -> !pd.tensor<2x3xf32> {
  %f = pd.full(false) : !pd.vtensor<i1>
  %ft = pd.to_tensor %f : !pd.vtensor<i1>
  pd.copy_to %c, %ft : !pd.vtensor<i1>, !pd.tensor<i1>
  %r = pd.if %ft : !pd.tensor<i1> -> !pd.tensor<2x3xf32> {
    %at = pd.to_tensor %x : !pd.vtensor<2x3xf32>
    pd.yield %at : !pd.tensor<2x3xf32>
  } else {
    %b = pd.relu %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
    %bt = pd.to_tensor %b : !pd.vtensor<2x3xf32>
    pd.yield %bt : !pd.tensor<2x3xf32>
  }
  return %r : !pd.tensor<2x3xf32>
}
